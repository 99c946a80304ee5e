// Counting by the join (assembly/join.ts), for the runner: each subproblem is a row choice
// (plan/join-subproblems.ts), whose count counts weight times in the total. The unique count comes from
// Burnside's lemma over all eight symmetries of the board at once: unique = (total + F180 + 2 F90)
// / 8, where F180 and F90 are the solutions a half turn and a quarter turn leave unchanged
// (reflections fix none, and the two quarter turns fix the same ones). Those come from the frames
// that a half turn maps onto themselves, listed after the row choices: a solution fixed by a
// rotation has such a frame, and each of the frame's `weight` images holds as many (the half turn
// commutes with every symmetry, and a quarter turn becomes one of the two). The tally's `unique`
// holds F180 + 2 F90 until the count ends, when the join's finish (plan/methods/join.ts) divides.

import { FIXED_JOIN, FIXED_ONLY } from '../../../assembly/layout.js';
import type { CountingMethod } from '../counting-method.js';
import type { UniqueTerms } from '../tally.js';
import { fixedCountsFor } from './backtrack.js';

/** F180 + 2 F90 of a subproblem of weight w: w half turns' and 2w quarter turns' fixed completions. */
const TERMS_BY_WEIGHT: readonly UniqueTerms[] = Array.from({ length: 9 }, (_, w) => ({
  completions: 0,
  halfTurns: w,
  quarterTurns: 2 * w,
  divisor: 1,
}));

/**
 * A row choice is joined; the frames after the row choices are searched for the completions
 * their rotations leave unchanged, only.
 */
export const join: CountingMethod = {
  fixedCounts: (list, i) => (list.choice[i] !== 0 ? FIXED_JOIN : fixedCountsFor(list.stabilizer[i], true) | FIXED_ONLY),
  writeBatch: (kernel, batch) => kernel.eastRows.set(batch.choice),
  uniqueTerms: (_n, list, i) => TERMS_BY_WEIGHT[list.weight[i]]!,
};
