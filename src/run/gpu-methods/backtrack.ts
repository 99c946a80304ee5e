// Backtracking's part on the GPU ('webgpu' engine): counting a job from the calling thread, wave by
// wave: the subproblems are split into tasks on the host and their completions counted on the
// device, while the calling thread counts, with a CPU kernel and in slices, what the unique count
// needs besides: the completions a rotation leaves unchanged, of the subproblems a rotation maps
// onto themselves (about 1/n^2 of the frames, or the whole board when it is one subproblem). That
// search places whole orbits of queens and is far smaller than the count itself.

import type { CountingMethod } from '../../kernel/counting-method.js';
import type { Kernel } from '../../kernel/kernel.js';
import { countingMethod } from '../../kernel/methods/index.js';
import { type CountWork, pickSubproblems, type Subproblems, subproblemsIn } from '../../kernel/subproblems.js';
import { addResults, emptyTally, NO_SHARE, type Tally } from '../../kernel/tally.js';
import { type Gpu, pipelineFor } from '../../kernel/webgpu/device.js';
import {
  type PlacementPacked,
  packPlacement,
  placementTargetTasks,
  runPlacement,
} from '../../kernel/webgpu/placement-kernel.js';
import { type GpuWork, Split } from '../../kernel/webgpu/tasks.js';
import { RotationCounter, takeWave } from '../gpu-waves.js';
import type { Job } from '../job.js';
import { Slices } from '../slices.js';
import { WaveSizes } from '../wave-sizes.js';

/**
 * A wave: the subproblems split into tasks and counted on the device together, as many as
 * WaveSizes says (wave-sizes.ts: one first, then sized by time). A wave takes several of the
 * job's ranges where it hands out small ones (it takes them from stretches across the plan in
 * turn); each range is reported as it is.
 */
const TWO_TO_32 = 2 ** 32;

/** A wave taken from the job, and its split while it is made. */
class Wave {
  readonly all: number[] = [];
  /** Those whose unique count needs the rotations' fixed completions, counted on the CPU. */
  readonly rotated: number[] = [];
  readonly split: Split;
  /** The wave split into tasks, and packed as the kernel reads them. */
  prepared: { work: GpuWork; packed: PlacementPacked } | null = null;
  /** Milliseconds spent splitting and packing it. */
  splitMs = 0;

  constructor(
    readonly ranges: [number, number][],
    work: CountWork & { subproblems: Subproblems },
    method: CountingMethod,
    targetTasks: number,
  ) {
    const { subproblems: list, countsUnique } = work;
    for (const [from, to] of ranges) {
      for (let i = from; i < to; i++) {
        this.all.push(i);
        // The fixed completions it asks of a CPU kernel are the rotations'.
        if (method.fixedCounts(list, i, countsUnique) !== 0) this.rotated.push(i);
      }
    }
    this.split = new Split(work.n, work.subproblems, this.all, targetTasks);
  }

  /** Splits (then packs) for about `ms`; true once it is ready to count. */
  step(ms: number): boolean {
    if (this.prepared !== null) return true;
    const started = performance.now();
    if (this.split.step(ms)) {
      const split = this.split.work();
      this.prepared = { work: split, packed: packPlacement(split) };
    }
    this.splitMs += performance.now() - started;
    return this.prepared !== null;
  }
}

/**
 * Counts the job's subproblems on the GPU. While the device counts a wave, the calling thread
 * counts that wave's fixed completions and splits the next wave, in slices between which the event
 * loop runs.
 */
export async function countOnGpu(job: Job, planned: CountWork, gpu: Gpu, kernel: Kernel): Promise<void> {
  // The subproblems of backtracking, the method this counts by, are a kept list (its frames): read as
  // it is.
  const work = { ...planned, subproblems: subproblemsIn(planned.subproblems, 0, planned.subproblems.count) };
  const { n, subproblems: list, countsUnique } = work;
  const method = countingMethod(work.method);
  const slices = new Slices();
  try {
    const stopped = () => job.isSettled;
    const compiled = await pipelineFor(gpu);
    const takeNext = (want: number): Wave | null => {
      const ranges = takeWave(job, want);
      return ranges.length === 0 ? null : new Wave(ranges, work, method, placementTargetTasks(compiled.budget));
    };
    const sizes = new WaveSizes();
    let wave = takeNext(sizes.next());
    while (wave !== null) {
      while (!wave.step(slices.leftMs)) {
        await slices.next();
        if (stopped()) return;
      }
      const started = performance.now();
      const { work: split, packed } = wave.prepared!;
      const counting = runPlacement(gpu, compiled.pipeline, compiled.budget, split, packed, stopped);
      // Whatever happens to the CPU's share, the GPU's promise is awaited (or its failure kept).
      counting.catch(() => {});

      // The next wave, split meanwhile, sized by the device's speed so far; after the first wave,
      // once there is a speed to size it by.
      const next = sizes.measured ? takeNext(sizes.next(wave.splitMs)) : null;
      const rotations = new RotationCounter(
        kernel,
        { ...work, subproblems: pickSubproblems(list, wave.rotated), listRoom: 0 },
        0,
        wave.rotated.length,
      );
      let nextReady = next === null;
      while (!rotations.done || !nextReady) {
        if (!rotations.done) slices.count(rotations);
        if (!nextReady) nextReady = next!.step(slices.leftMs);
        await slices.next();
        if (stopped()) return;
      }

      const counts = await counting;
      if (counts === null || stopped()) return;
      const ms = performance.now() - started;
      let at = 0;
      let k = 0;
      for (const [from, to] of wave.ranges) {
        const tally: Tally = emptyTally();
        for (let i = from; i < to; i++, at++) {
          const completions =
            BigInt(split.hostCounts[at] + counts.low[at]) + BigInt(counts.high[at]) * BigInt(TWO_TO_32);
          const rotatedHere = wave.rotated[k] === i;
          addResults(
            tally,
            list.weight[i],
            countsUnique ? method.uniqueTerms(n, list, i) : NO_SHARE,
            completions,
            rotatedHere ? rotations.halfTurns[k] : 0n,
            rotatedHere ? rotations.quarterTurns[k] : 0n,
          );
          if (rotatedHere) k++;
        }
        job.report(from, to, tally, (ms * (to - from)) / wave.all.length);
        if (stopped()) return;
      }
      sizes.countedWave(wave.all.length, ms);
      wave = next ?? takeNext(sizes.next(wave.splitMs));
    }
  } finally {
    slices.end();
  }
}
