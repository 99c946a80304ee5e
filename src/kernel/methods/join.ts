// Counting by the join (assembly/join.ts): each unit is a row choice (plan/join-units.ts), whose
// count counts weight times in the total. The unique count comes from Burnside's lemma over all
// eight symmetries of the board at once: unique = (total + F180 + 2 F90) / 8, where F180 and F90
// are the solutions a half turn and a quarter turn leave unchanged (reflections fix none, and the
// two quarter turns fix the same ones). Those come from the frames that a half turn maps onto
// themselves, listed after the row choices: a solution fixed by a rotation has such a frame, and
// each of the frame's `weight` images holds as many (the half turn commutes with every symmetry,
// and a quarter turn becomes one of the two). The tally's `unique` holds F180 + 2 F90 until the
// count ends.

import { FIXED_JOIN, FIXED_ONLY } from '../../../assembly/layout.js';
import { InternalError } from '../../errors.js';
import type { CountingMethod } from '../counting-method.js';
import type { Tally, UniqueTerms } from '../tally.js';
import { fixedCountsFor } from './backtrack.js';

/** F180 + 2 F90 of a unit of weight w: w half turns' and 2w quarter turns' fixed completions. */
const TERMS_BY_WEIGHT: readonly UniqueTerms[] = Array.from({ length: 9 }, (_, w) => ({
  completions: 0,
  halfTurns: w,
  quarterTurns: 2 * w,
  divisor: 1,
}));

/**
 * The unique count of the n×n board, from a join's finished tally. Burnside's sum counts every
 * class eight times, so a sum that 8 does not divide is a wrong count, never rounded: an
 * InternalError naming the count.
 */
export function joinUnique(tally: Tally, n: number): bigint {
  const sum = tally.total + tally.unique;
  if (sum % 8n !== 0n)
    throw new InternalError(
      `the join's count of n = ${n} does not add up: total ${tally.total} + (F180 + 2 F90 = ${tally.unique}) ` +
        `= ${sum}, which 8 does not divide`,
    );
  return sum / 8n;
}

/**
 * A row choice is joined; the frames after the row choices are searched for the completions
 * their rotations leave unchanged, only.
 */
export const join: CountingMethod = {
  fixedCounts: (list, i) =>
    list.eastRows[i] !== 0 ? FIXED_JOIN : fixedCountsFor(list.stabilizer[i], true) | FIXED_ONLY,
  uniqueTerms: (_n, list, i) => TERMS_BY_WEIGHT[list.weight[i]]!,
};
