// A count on the GPU, as the 'webgpu' engine runs it (plan, job,
// run/count-on-gpu.ts), timed as a caller sees it: from the plan to the result. Used in Node, and in the
// page the GPU section builds for Chromium where Node has no adapter.

import { acquireKernel, releaseKernel } from '../src/kernel/instances.js';
import { resolveEngine } from '../src/kernel/select.js';
import { acquireGpu } from '../src/kernel/webgpu/device.js';
import { plan } from '../src/plan/plan.js';
import { countOnGpu } from '../src/run/count-on-gpu.js';
import { Job } from '../src/run/job.js';

export interface GpuCount {
  /** Solutions of the sample, as a decimal string (it crosses from a page as JSON). */
  total: string;
  ms: number;
}

/** Counts shard 0 of `shards` of n (the whole board for 1) on the GPU. */
export async function countOnGpuEngine(n: number, shards: number): Promise<GpuCount> {
  const started = performance.now();
  const p = plan(n, null, shards === 1 ? null : { index: 0, count: shards });
  const gpu = await acquireGpu();
  const job = new Job(p.subproblems.count, {});
  const kernel = await acquireKernel((await resolveEngine('wasm')).engine);
  const running = countOnGpu(job, p, gpu, kernel).catch((error: unknown) => job.fail(error));
  try {
    const tally = await job.promise;
    return { total: String(tally.total), ms: performance.now() - started };
  } finally {
    await running;
    releaseKernel(kernel);
  }
}

/** The adapter the engine counts on, as it names it. */
export async function gpuAdapter(): Promise<{ name: string; software: boolean }> {
  return (await acquireGpu()).adapter;
}
