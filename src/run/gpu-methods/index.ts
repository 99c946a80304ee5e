// Each counting method's count on the GPU, by the name a count's work gives it: the 'webgpu'
// engine's counterpart of kernel/methods/. Its keys are the methods' list (method-list.ts).

import type { Kernel } from '../../kernel/kernel.js';
import type { CountWork } from '../../kernel/subproblems.js';
import type { Gpu } from '../../kernel/webgpu/device.js';
import type { Method } from '../../types.js';
import type { Job } from '../job.js';
import { countOnGpu } from './backtrack.js';
import { joinOnGpu } from './join.js';

/** Counts a job's subproblems on the GPU, with a CPU kernel for what the unique count needs besides. */
export type GpuCounter = (job: Job, work: CountWork, gpu: Gpu, kernel: Kernel) => Promise<void>;

const COUNTERS: { readonly [name in Method]: GpuCounter } = { backtrack: countOnGpu, join: joinOnGpu };

export function gpuCounter(name: Method): GpuCounter {
  return COUNTERS[name];
}
