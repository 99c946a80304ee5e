// Counting for a job on the GPU ('webgpu' engine), driven from the calling thread: wave by wave,
// the subproblems are split into tasks on the host and their completions counted on the device,
// while the calling thread counts, with a CPU kernel and in slices, what the unique count needs
// besides: the completions a rotation leaves unchanged, of the subproblems a rotation maps onto
// themselves (about 1/n^2 of the frames, or the whole board when it is one subproblem). That
// search places whole orbits of queens and is far smaller than the count itself.

import { RESULT_HALF_TURNS, RESULT_QUARTER_TURNS, FIXED_ONLY } from '../../assembly/layout.js';
import type { Kernel } from '../kernel/kernel.js';
import { kernelOn, type Gpu } from '../kernel/webgpu/device.js';
import { gpuWork } from '../kernel/webgpu/tasks.js';
import { DEFAULT_VARIANT, VARIANTS, type KernelVariant, type RecordCounts } from '../kernel/webgpu/variants.js';
import type { Plan } from '../plan/plan.js';
import { pickSubproblems } from '../plan/subproblem.js';
import { RangeCounter } from './count-range.js';
import { Budget, yieldToEventLoop } from './in-thread.js';
import type { Job } from './job.js';
import { addSubproblem, emptyTally, fixedCountsFor, type Tally } from './tally.js';

/**
 * A wave: the subproblems split into tasks and counted on the device together. Long enough to
 * keep the device busy and to pay for setting up its buffers, short enough for progress and
 * checkpoints, which advance a wave at a time: WAVE_MS once the device's speed is known, FIRST_WAVE
 * subproblems before. A wave takes several of the job's ranges where it hands out small ones (it
 * takes them from stretches across the plan in turn); each range is reported as it is.
 */
const FIRST_WAVE = 256;
const WAVE_MS = 250;
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

/** Counts the job's subproblems on the GPU with a kernel variant (the engine's default unless asked). */
export async function countOnGpu(job: Job, plan: Plan, gpu: Gpu, kernel: Kernel, variant: KernelVariant = DEFAULT_VARIANT): Promise<void> {
  const { n, subproblems: list, countsUnique } = plan;
  const budget = new Budget();
  const stopped = () => job.isSettled;
  const { run, targetTasks } = VARIANTS[variant];
  const compiled = await kernelOn(gpu, variant);
  let want = FIRST_WAVE;
  let countedMs = 0;
  let counted = 0;
  for (let ranges = takeWave(job, want); ranges.length > 0; ranges = takeWave(job, want)) {
    const started = performance.now();
    const all: number[] = [];
    const rotated: number[] = [];
    for (const [from, to] of ranges) {
      for (let i = from; i < to; i++) {
        all.push(i);
        if (fixedCountsFor(list.stabilizer[i], countsUnique) !== 0) rotated.push(i);
      }
    }

    const work = gpuWork(n, list, all, targetTasks(compiled.budget));
    const counting: Promise<RecordCounts | null> = run(gpu, compiled.pipeline, compiled.budget, work, stopped);
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
    const ms = performance.now() - started;
    let at = 0;
    let k = 0;
    for (const [from, to] of ranges) {
      const tally: Tally = emptyTally();
      for (let i = from; i < to; i++, at++) {
        const completions = BigInt(work.hostCounts[at] + counts.low[at]) + BigInt(counts.high[at]) * BigInt(TWO_TO_32);
        const rotatedHere = rotated[k] === i;
        addSubproblem(tally, n, list, i, countsUnique, completions, rotatedHere ? rotations.halfTurns[k] : 0n, rotatedHere ? rotations.quarterTurns[k] : 0n);
        if (rotatedHere) k++;
      }
      job.report(from, to, tally, (ms * (to - from)) / all.length);
      if (stopped()) return;
    }
    countedMs += ms;
    counted += all.length;
    want = Math.max(1, Math.floor(WAVE_MS / (countedMs / counted)));
  }
}

/** Ranges from the job adding up to about `want` subproblems (fewer at the end); none when it has none left. */
function takeWave(job: Job, want: number): [number, number][] {
  const ranges: [number, number][] = [];
  let taken = 0;
  while (taken < want) {
    // The job sizes a range by the time its subproblems took so far: asked for the time of the
    // subproblems still wanted, it hands out at most about those.
    const left = want - taken;
    const range = job.nextRange(1, { rangeMs: (WAVE_MS * left) / want, first: left, shrinkTowardsEnd: false });
    if (range === null) break;
    ranges.push(range);
    taken += range[1] - range[0];
  }
  return ranges;
}
