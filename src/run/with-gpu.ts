// The 'webgpu' engine's module, what a call that asks for the GPU loads (load-gpu-engine.ts): the
// GPU set-up, and the count that drives it. Most calls never ask, and the engine is a quarter of
// the package's code, which every import would otherwise parse. The build ships it as a module of
// its own, named after this file (dist/nqueens-wasm-with-gpu.js).

import { acquireKernel, releaseKernel } from '../kernel/instances.js';
import { resolveEngine } from '../kernel/select.js';
import type { CountWork } from '../kernel/subproblems.js';
import type { Gpu } from '../kernel/webgpu/device.js';
import { gpuCounter } from './gpu-methods/index.js';
import type { Job } from './job.js';

export { acquireGpu } from '../kernel/webgpu/device.js';

/**
 * Counts the job on the GPU by its method (gpu-methods/); a fault fails the job. The calling
 * thread counts what the unique count needs besides, the completions that rotations leave
 * unchanged (gpu-waves.ts), with the default CPU engine.
 */
export function countWithGpu(job: Job, work: CountWork, gpu: Gpu): void {
  void (async () => {
    const kernel = await acquireKernel((await resolveEngine(undefined)).engine);
    try {
      await gpuCounter(work.method)(job, work, gpu, kernel);
    } finally {
      releaseKernel(kernel);
    }
  })().catch((error) => job.fail(error));
}
