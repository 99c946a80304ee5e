// Adds the results of subproblems up to the whole board's counts.
//
// A frame stands for its whole symmetry class: weight = 8 / |stabilizer| frames, so each completion
// counts weight times in the total. For the unique count, Burnside's lemma over the stabilizer H:
// the completions of the frame fall into (sum over h in H of the completions h leaves unchanged) / |H|
// classes, and each class is one unique solution. The rotations' fixed completions come from the
// kernel's symmetric pass; reflections fix no solution of a board larger than 1×1 (a mirrored or
// transposed solution would need two queens on one line).

import { HALF_TURN, QUARTER_TURN, SYMMETRIES, THREE_QUARTER_TURN, isReflection } from '../symmetry.js';
import type { Subproblem } from '../plan/subproblem.js';

export interface Tally {
  total: bigint;
  unique: bigint;
}

export function emptyTally(): Tally {
  return { total: 0n, unique: 0n };
}

/** Adds one tally to another. */
export function addTallies(into: Tally, from: { total: bigint; unique: bigint }): void {
  into.total += from.total;
  into.unique += from.unique;
}

/** Whether the subproblem needs the kernel's symmetric pass to be counted uniquely. */
export function needsSymmetricPass(sub: Subproblem, countsUnique: boolean): boolean {
  return countsUnique && (sub.stabilizer & (1 << HALF_TURN)) !== 0;
}

export function addToTally(
  tally: Tally,
  n: number,
  sub: Subproblem,
  completions: bigint,
  halfTurns: bigint,
  quarterTurns: bigint,
): void {
  tally.total += BigInt(sub.weight) * completions;
  if (sub.stabilizer === 0) return;
  let fixed = 0n;
  let size = 0n;
  for (let g = 0; g < SYMMETRIES; g++) {
    if ((sub.stabilizer & (1 << g)) === 0) continue;
    size++;
    if (g === HALF_TURN) fixed += halfTurns;
    else if (g === QUARTER_TURN || g === THREE_QUARTER_TURN) fixed += quarterTurns;
    else if (!isReflection(g) || n === 1) fixed += completions;
  }
  tally.unique += fixed / size;
}
