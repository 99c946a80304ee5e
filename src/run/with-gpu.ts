// The 'webgpu' engine's entry: the GPU set-up and the count that drives it. Loaded when a call
// first asks for the GPU (gpu-engine.ts): most never do, and the engine is a quarter of the
// package's code, which every import would otherwise parse.

import { acquireKernel, releaseKernel } from '../kernel/instances.js';
import { resolveEngine } from '../kernel/select.js';
import type { Gpu } from '../kernel/webgpu/device.js';
import type { Plan } from '../plan/plan.js';
import type { Job } from './job.js';
import { countOnGpu } from './on-gpu.js';

export { acquireGpu } from '../kernel/webgpu/device.js';

/**
 * Counts the job on the GPU. The calling thread counts what the unique count needs besides, the
 * completions that rotations leave unchanged (run/on-gpu.ts), with the default engine.
 */
export function countWithGpu(job: Job, p: Plan, gpu: Gpu): void {
  void (async () => {
    const kernel = await acquireKernel((await resolveEngine(undefined)).engine);
    try {
      await countOnGpu(job, p, gpu, kernel);
    } finally {
      releaseKernel(kernel);
    }
  })().catch((error) => job.fail(error));
}
