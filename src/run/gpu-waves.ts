// What both of the GPU's methods do around the device's count (gpu-methods/backtrack.ts, join.ts):
// take a wave of the job's ranges, and count on a CPU kernel what a unique count needs besides,
// the completions that rotations leave unchanged.

import { FIXED_ONLY, RESULT_HALF_TURNS, RESULT_QUARTER_TURNS } from '../../assembly/layout.js';
import { RangeCounter } from '../kernel/count-range.js';
import type { Subproblems } from '../kernel/subproblems.js';
import type { Job } from './job.js';

/** The rotations' fixed completions of a list of subproblems, without their completions. */
export class RotationCounter extends RangeCounter {
  readonly halfTurns: bigint[] = [];
  readonly quarterTurns: bigint[] = [];

  protected override fixedCounts(batch: Subproblems, i: number): number {
    return super.fixedCounts(batch, i) | FIXED_ONLY;
  }

  protected override take(_batch: Subproblems, i: number): void {
    this.halfTurns.push(this.kernel.bigResult(i, RESULT_HALF_TURNS));
    this.quarterTurns.push(this.kernel.bigResult(i, RESULT_QUARTER_TURNS));
  }
}

/** Ranges from the job adding up to `want` subproblems (fewer at the end); none when it has none left. */
export function takeWave(job: Job, want: number): [number, number][] {
  const ranges: [number, number][] = [];
  let taken = 0;
  while (taken < want) {
    const range = job.nextRangeUpTo(want - taken);
    if (range === null) break;
    ranges.push(range);
    taken += range[1] - range[0];
  }
  return ranges;
}
