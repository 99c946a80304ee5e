// Counting for a job on the GPU ('webgpu' engine), driven from the calling thread: range by range,
// the subproblems are split into tasks on the host and counted on the device, while the calling
// thread counts the few whose unique count needs the completions a rotation leaves unchanged
// (frames that a half turn maps onto themselves) with a CPU kernel, in slices. The GPU counts
// completions only; those few frames are a vanishing share of the work (about 1/n^2 of the frames).

import type { Kernel } from '../kernel/kernel.js';
import type { Gpu } from '../kernel/webgpu/device.js';
import { runTasks } from '../kernel/webgpu/dispatch.js';
import { gpuWork } from '../kernel/webgpu/tasks.js';
import type { Plan } from '../plan/plan.js';
import { pickSubproblems } from '../plan/subproblem.js';
import { RangeCounter } from './count-range.js';
import { Budget, yieldToEventLoop } from './in-thread.js';
import type { Job, RangeSizing } from './job.js';
import { addSubproblem, addTallies, emptyTally, fixedCountsFor, type Tally } from './tally.js';

/**
 * The GPU's ranges: long enough to fill the device with tasks and to pay for setting up their
 * buffers, short enough for progress and checkpoints, which advance a range at a time. The GPU
 * counts alone, so nothing is gained by shrinking the last ones.
 */
const GPU_RANGES: RangeSizing = { rangeMs: 250, first: 256, shrinkTowardsEnd: false };
/** Milliseconds of CPU counting between two turns of the event loop. */
const SLICE_MS = 20;
const TWO_TO_32 = 2 ** 32;

export async function countOnGpu(job: Job, plan: Plan, gpu: Gpu, kernel: Kernel): Promise<void> {
  const { n, subproblems: list, countsUnique } = plan;
  const budget = new Budget();
  const stopped = () => job.isSettled;
  for (let range = job.nextRange(1, GPU_RANGES); range !== null; range = job.nextRange(1, GPU_RANGES)) {
    const [from, to] = range;
    const started = performance.now();
    const onGpu: number[] = [];
    const onCpu: number[] = [];
    for (let i = from; i < to; i++) (fixedCountsFor(list.stabilizer[i], countsUnique) === 0 ? onGpu : onCpu).push(i);

    const work = gpuWork(n, list, onGpu);
    const counting = work.taskCount > 0 ? runTasks(gpu, work, stopped) : Promise.resolve(new Uint32Array(0));
    // Whatever happens to the CPU's share, the GPU's promise is awaited (or its failure kept).
    counting.catch(() => {});

    const tally: Tally = emptyTally();
    if (onCpu.length > 0) {
      const counter = new RangeCounter(kernel, n, pickSubproblems(list, onCpu), countsUnique, 0, onCpu.length);
      while (!counter.done) {
        const sliceStarted = performance.now();
        do budget.time((steps) => counter.step(steps));
        while (!counter.done && performance.now() - sliceStarted < SLICE_MS);
        await yieldToEventLoop();
        if (stopped()) return;
      }
      addTallies(tally, counter.takeTally());
    }

    const counts = await counting;
    if (counts === null || stopped()) return;
    const low = work.hostCounts.slice();
    const high = new Array<number>(onGpu.length).fill(0);
    for (let t = 0; t < work.taskCount; t++) {
      low[work.owner[t]] += counts[2 * t];
      high[work.owner[t]] += counts[2 * t + 1];
    }
    onGpu.forEach((i, k) => addSubproblem(tally, n, list, i, countsUnique, BigInt(low[k]) + BigInt(high[k]) * BigInt(TWO_TO_32), 0n, 0n));
    job.report(from, to, tally, performance.now() - started);
  }
}
