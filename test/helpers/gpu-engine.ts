// A count on the GPU through the engine's own path below the API (plan, job,
// run/gpu-methods/backtrack.ts), with the job's control (ranges, progress, checkpoints, aborts) in
// the test's hands, and the unique count only where the plan gives one.

import { acquireKernel, releaseKernel } from '../../src/kernel/instances.js';
import { resolveEngine } from '../../src/kernel/select.js';
import { acquireGpu } from '../../src/kernel/webgpu/device.js';
import { plan } from '../../src/plan/plan.js';
import { countOnGpu } from '../../src/run/gpu-methods/backtrack.js';
import { Job, type JobControl } from '../../src/run/job.js';
import type { Queen, Shard } from '../../src/types.js';

export interface GpuCase {
  placed?: readonly Queen[];
  shard?: Shard;
  control?: JobControl;
}

/** Total and unique count (null where the plan gives none) of n on the GPU. */
export async function countOnGpuEngine(
  n: number,
  { placed, shard, control }: GpuCase = {},
): Promise<{ total: bigint; unique: bigint | null }> {
  const p = plan(n, placed ?? null, shard ?? null);
  const gpu = await acquireGpu(control?.signal);
  const job = new Job(p.subproblems.count, control ?? {});
  const kernel = await acquireKernel((await resolveEngine('wasm')).engine);
  const running = countOnGpu(job, p, gpu, kernel).catch((error: unknown) => job.fail(error));
  try {
    const tally = await job.promise;
    return { total: tally.total, unique: p.countsUnique ? tally.unique : null };
  } finally {
    // The kernel goes back once the GPU's side has stopped, as count() does it.
    await running;
    releaseKernel(kernel);
  }
}
