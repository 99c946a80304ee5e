// Counting by backtracking: each subproblem is a symmetry frame (or the completions of placed
// queens) whose completions the kernel searches.
//
// A frame stands for its whole symmetry class: weight = 8 / |stabilizer| frames, so each completion
// counts weight times in the total. For the unique count, Burnside's lemma over the stabilizer H:
// the completions of the frame fall into (sum over h in H of the completions h leaves unchanged) / |H|
// classes, and each class is one unique solution. The rotations' fixed completions come from the
// kernel's symmetric search; reflections fix no solution of a board larger than 1×1 (a mirrored or
// transposed solution would need two queens on one line).

import { FIXED_HALF_TURN, FIXED_QUARTER_TURN } from '../../../assembly/layout.js';
import { HALF_TURN, isReflection, QUARTER_TURN, SYMMETRIES, THREE_QUARTER_TURN } from '../../symmetry.js';
import type { CountingMethod } from '../counting-method.js';
import { NO_SHARE, type UniqueTerms } from '../tally.js';

/** The fixed-completion counts (FIXED_* bits) a frame needs for the unique count: those of the rotations that fix it. */
export function fixedCountsFor(stabilizer: number, countsUnique: boolean): number {
  if (!countsUnique) return 0;
  return (
    ((stabilizer >> HALF_TURN) & 1 ? FIXED_HALF_TURN : 0) | ((stabilizer >> QUARTER_TURN) & 1 ? FIXED_QUARTER_TURN : 0)
  );
}

/** The identity alone: most frames, each completion a class of its own. */
const IDENTITY: UniqueTerms = { completions: 1, halfTurns: 0, quarterTurns: 0, divisor: 1 };

/**
 * Burnside's lemma for a frame's stabilizer: its symmetries that leave every completion unchanged
 * (the identity; on a 1×1 board all eight) weigh the completions, the half turn the half turns'
 * fixed completions, the two quarter turns (which fix the same ones) the quarter turns'; the
 * stabilizer's size divides.
 */
export function frameTerms(n: number, stabilizer: number): UniqueTerms {
  if (stabilizer === 0) return NO_SHARE;
  if (stabilizer === 1) return IDENTITY;
  let completions = 0;
  let halfTurns = 0;
  let quarterTurns = 0;
  let divisor = 0;
  for (let g = 0; g < SYMMETRIES; g++) {
    if ((stabilizer & (1 << g)) === 0) continue;
    divisor++;
    if (g === HALF_TURN) halfTurns++;
    else if (g === QUARTER_TURN || g === THREE_QUARTER_TURN) quarterTurns++;
    else if (!isReflection(g) || n === 1) completions++;
  }
  return { completions, halfTurns, quarterTurns, divisor };
}

/** A frame is its queens alone: nothing more to write into the kernel. */
export const backtrack: CountingMethod = {
  fixedCounts: (list, i, countsUnique) => fixedCountsFor(list.stabilizer[i], countsUnique),
  writeBatch: () => {},
  uniqueTerms: (n, list, i) => frameTerms(n, list.stabilizer[i]),
};
