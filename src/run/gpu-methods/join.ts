// The join's part on the GPU ('webgpu' engine): counting a job from the calling thread,
// wave by wave, the host lists the row choices' half-boards in slices and the device tests their
// pairs (kernel/webgpu/join-kernel.ts); while it does, the host lists the next wave and counts,
// with a CPU kernel, the frames after the row choices that a unique count needs (the completions
// their rotations leave unchanged, kernel/methods/join.ts). The subproblems, their weights and the
// tally are the CPU join's, so progress, checkpoints, shards and resume are the same.

import type { Kernel } from '../../kernel/kernel.js';
import { countingMethod } from '../../kernel/methods/index.js';
import { type CountWork, pickSubproblems, type Subproblems, subproblemsIn } from '../../kernel/subproblems.js';
import { addResults, emptyTally, NO_SHARE } from '../../kernel/tally.js';
import type { Gpu } from '../../kernel/webgpu/device.js';
import { JoinWave, joinTile, type RowChoice, runJoin } from '../../kernel/webgpu/join-kernel.js';
import { RotationCounter, takeWave } from '../gpu-waves.js';
import type { Job } from '../job.js';
import { Slices } from '../slices.js';
import { WaveSizes } from '../wave-sizes.js';
import { JoinListers } from './join-listers.js';

const TWO_TO_32 = 2 ** 32;

/** A wave: the job's ranges, their subproblems, the row choices among them listed for the device. */
class Wave {
  readonly list: Subproblems;
  /** Per subproblem of the wave, its row choice's place in `joined`, or -1 for a frame. */
  readonly place: number[] = [];
  readonly frames: number[] = [];
  readonly joined: JoinWave;
  listMs = 0;

  constructor(
    readonly ranges: [number, number][],
    work: CountWork,
    tile: number,
  ) {
    const parts = ranges.map(([from, to]) => subproblemsIn(work.subproblems, from, to));
    this.list = concat(parts);
    const choices: RowChoice[] = [];
    const pairs = this.list.width * 2;
    for (let i = 0; i < this.list.count; i++) {
      const eastRows = this.list.choice[i]!;
      if (eastRows === 0) {
        this.place.push(-1);
        this.frames.push(i);
        continue;
      }
      this.place.push(choices.length);
      choices.push({ eastRows, middleRow: work.n % 2 === 1 ? this.list.queens[i * pairs]! : -1 });
    }
    this.joined = new JoinWave(work.n, choices, work.listRoom, tile);
  }

  get count(): number {
    return this.list.count;
  }

  /** Lists for about `ms`; true once a batch is ready for the device. */
  step(ms: number): boolean {
    const started = performance.now();
    const done = this.joined.list(ms);
    this.listMs += performance.now() - started;
    return done;
  }
}

/** Subproblem lists one after another, as one. */
function concat(parts: Subproblems[]): Subproblems {
  if (parts.length === 1) return parts[0]!;
  const count = parts.reduce((sum, p) => sum + p.count, 0);
  const width = parts[0]!.width;
  const out = {
    count,
    width,
    queens: new Int8Array(count * width * 2),
    weight: new Uint8Array(count),
    stabilizer: new Uint8Array(count),
    choice: new Uint32Array(count),
  };
  let at = 0;
  for (const p of parts) {
    out.queens.set(p.queens, at * width * 2);
    out.weight.set(p.weight, at);
    out.stabilizer.set(p.stabilizer, at);
    out.choice.set(p.choice, at);
    at += p.count;
  }
  return out;
}

/** Row choices from which a count lists on worker threads: below, starting them costs more than they save. */
const LISTERS_FROM = 2000;

/**
 * Counts the job's subproblems by the join on the GPU. On a hardware GPU worker threads list the
 * row choices where the host has them (join-listers.ts), else the calling thread lists in slices;
 * it counts the frames in slices too, between which the event loop runs.
 */
export async function joinOnGpu(job: Job, work: CountWork, gpu: Gpu, kernel: Kernel): Promise<void> {
  const method = countingMethod('join');
  const slices = new Slices();
  const tile = joinTile(gpu);
  const stopped = () => job.isSettled;
  // On a software adapter the device is the CPU's cores already: a thread listing would take one from it.
  const listers =
    !gpu.adapter.software && work.subproblems.count >= LISTERS_FROM ? await JoinListers.start(work.n, tile) : null;
  // An abort wakes a wait for the threads' lists.
  const wake = () => listers?.wake();
  job.promise.then(wake, wake);
  const takeNext = (want: number): Wave | null => {
    const ranges = takeWave(job, want);
    if (ranges.length === 0) return null;
    const wave = new Wave(ranges, work, tile);
    listers?.list(wave.joined);
    return wave;
  };
  /** Until a batch of the wave is listed: by the threads, or here in slices. */
  const batchListed = async (wave: Wave): Promise<void> => {
    if (listers !== null) return listers.until(() => wave.joined.ready(), stopped);
    while (!wave.step(slices.leftMs)) {
      await slices.next();
      if (stopped()) return;
    }
  };
  try {
    if (stopped()) return;
    const sizes = new WaveSizes();
    let wave = takeNext(sizes.next());
    while (wave !== null) {
      const started = performance.now();
      const low = new Float64Array(wave.joined.choices.length);
      const high = new Float64Array(wave.joined.choices.length);
      let next: Wave | null = null;
      let rotations: RotationCounter | null = null;
      // A batch at a time: one, unless maxMemory holds less than the wave's lists.
      for (;;) {
        await batchListed(wave);
        if (stopped()) return;
        const batch = wave.joined.take();
        const counting = runJoin(gpu, batch, stopped);
        // Whatever happens to the CPU's share, the GPU's promise is awaited (or its failure kept).
        counting.catch(() => {});
        const last = wave.joined.done;
        if (last) {
          // While the device counts the wave's last batch: the frames' rotations, and the next
          // wave's lists (here, or on the threads already).
          next = sizes.measured ? takeNext(sizes.next(wave.listMs)) : null;
          const current = new RotationCounter(
            kernel,
            { ...work, subproblems: pickSubproblems(wave.list, wave.frames), listRoom: 0 },
            0,
            wave.frames.length,
          );
          rotations = current;
          let nextReady = next === null || listers !== null;
          while (!current.done || !nextReady) {
            if (!current.done) slices.count(current);
            if (!nextReady) nextReady = next!.step(slices.leftMs);
            await slices.next();
            if (stopped()) return;
          }
        }
        const counts = await counting;
        if (counts === null || stopped()) return;
        low.set(counts.low, batch.first);
        high.set(counts.high, batch.first);
        if (last) break;
      }
      const ms = performance.now() - started;
      let at = 0;
      let frame = 0;
      for (const [from, to] of wave.ranges) {
        const tally = emptyTally();
        for (let i = from; i < to; i++, at++) {
          const c = wave.place[at]!;
          const isFrame = c < 0;
          addResults(
            tally,
            wave.list.weight[at]!,
            work.countsUnique ? method.uniqueTerms(work.n, wave.list, at) : NO_SHARE,
            isFrame ? 0n : BigInt(low[c]!) + BigInt(high[c]!) * BigInt(TWO_TO_32),
            isFrame ? rotations!.halfTurns[frame]! : 0n,
            isFrame ? rotations!.quarterTurns[frame++]! : 0n,
          );
        }
        job.report(from, to, tally, (ms * (to - from)) / wave.count);
        if (stopped()) return;
      }
      sizes.countedWave(wave.count, ms);
      wave = next ?? takeNext(sizes.next(wave.listMs));
    }
  } finally {
    slices.end();
    listers?.end();
  }
}
