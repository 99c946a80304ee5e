// Counting for a job on the GPU ('webgpu' engine), driven from the calling thread: range by range,
// the subproblems are split into tasks on the host and their completions counted on the device,
// while the calling thread counts, with a CPU kernel and in slices, what the unique count needs
// besides: the completions a rotation leaves unchanged, of the subproblems a rotation maps onto
// themselves (about 1/n^2 of the frames, or the whole board when it is one subproblem). That
// search places whole orbits of queens and is far smaller than the count itself.

import { RESULT_HALF_TURNS, RESULT_QUARTER_TURNS, FIXED_ONLY } from '../../assembly/layout.js';
import type { Kernel } from '../kernel/kernel.js';
import type { Gpu } from '../kernel/webgpu/device.js';
import { runTasks } from '../kernel/webgpu/dispatch.js';
import { gpuWork } from '../kernel/webgpu/tasks.js';
import type { Plan } from '../plan/plan.js';
import { pickSubproblems } from '../plan/subproblem.js';
import { RangeCounter } from './count-range.js';
import { Budget, yieldToEventLoop } from './in-thread.js';
import type { Job, RangeSizing } from './job.js';
import { addSubproblem, emptyTally, fixedCountsFor, type Tally } from './tally.js';

/**
 * The GPU's ranges: long enough to fill the device with tasks and to pay for setting up their
 * buffers, short enough for progress and checkpoints, which advance a range at a time. The GPU
 * counts alone, so nothing is gained by shrinking the last ones.
 */
const GPU_RANGES: RangeSizing = { rangeMs: 250, first: 256, shrinkTowardsEnd: false };
/** Milliseconds of CPU counting between two turns of the event loop. */
const SLICE_MS = 5;
const TWO_TO_32 = 2 ** 32;

/** The rotations' fixed completions of a list of subproblems, without their completions. */
class RotationCounter extends RangeCounter {
  readonly halfTurns: bigint[] = [];
  readonly quarterTurns: bigint[] = [];

  protected override fixedCounts(i: number): number {
    return fixedCountsFor(this.list.stabilizer[i], this.countsUnique) | FIXED_ONLY;
  }

  protected override take(r: number): void {
    this.halfTurns.push(this.kernel.bigResult(r, RESULT_HALF_TURNS));
    this.quarterTurns.push(this.kernel.bigResult(r, RESULT_QUARTER_TURNS));
  }
}

export async function countOnGpu(job: Job, plan: Plan, gpu: Gpu, kernel: Kernel): Promise<void> {
  const { n, subproblems: list, countsUnique } = plan;
  const budget = new Budget();
  const stopped = () => job.isSettled;
  for (let range = job.nextRange(1, GPU_RANGES); range !== null; range = job.nextRange(1, GPU_RANGES)) {
    const [from, to] = range;
    const started = performance.now();
    const all: number[] = [];
    const rotated: number[] = [];
    for (let i = from; i < to; i++) {
      all.push(i);
      if (fixedCountsFor(list.stabilizer[i], countsUnique) !== 0) rotated.push(i);
    }

    const work = gpuWork(n, list, all);
    const counting = work.taskCount > 0 ? runTasks(gpu, work, stopped) : Promise.resolve(new Uint32Array(0));
    // Whatever happens to the CPU's share, the GPU's promise is awaited (or its failure kept).
    counting.catch(() => {});

    const rotations = new RotationCounter(kernel, n, pickSubproblems(list, rotated), countsUnique, 0, rotated.length);
    while (!rotations.done) {
      const sliceStarted = performance.now();
      do budget.time((steps) => rotations.step(steps));
      while (!rotations.done && performance.now() - sliceStarted < SLICE_MS);
      await yieldToEventLoop();
      if (stopped()) return;
    }

    const counts = await counting;
    if (counts === null || stopped()) return;
    const low = work.hostCounts.slice();
    const high = new Array<number>(all.length).fill(0);
    for (let t = 0; t < work.taskCount; t++) {
      low[work.owner[t]] += counts[2 * t];
      high[work.owner[t]] += counts[2 * t + 1];
    }
    const tally: Tally = emptyTally();
    let k = 0;
    all.forEach((i, at) => {
      const completions = BigInt(low[at]) + BigInt(high[at]) * BigInt(TWO_TO_32);
      const rotatedHere = rotated[k] === i;
      addSubproblem(tally, n, list, i, countsUnique, completions, rotatedHere ? rotations.halfTurns[k] : 0n, rotatedHere ? rotations.quarterTurns[k] : 0n);
      if (rotatedHere) k++;
    });
    job.report(from, to, tally, performance.now() - started);
  }
}
