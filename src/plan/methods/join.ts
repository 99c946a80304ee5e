// Counting by the join (assembly/join.ts): the subproblems are row choices (join-subproblems.ts), and
// for a unique count the frames a half turn maps onto themselves after them, whose fixed
// completions give Burnside's sum (kernel/methods/join.ts): the finish checks it and divides.

import { JOIN_MIN_N, MAX_N } from '../../../assembly/layout.js';
import { JOIN_DEFAULT_UP_TO_N, JOIN_FROM_N } from '../../defaults.js';
import { ArgumentRangeError, InternalError } from '../../errors.js';
import type { Tally } from '../../kernel/tally.js';
import { joinSubproblems } from '../join-subproblems.js';
import { rotatedFrames } from './backtrack.js';
import type { MethodModule } from './method.js';

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

/** A refusal of the join for a count that names it. */
function refuse(why: string): ArgumentRangeError {
  return new ArgumentRangeError('options.method', null, "'join'", {
    code: 'ERR_NOT_APPLICABLE',
    problem: `'join' ${why}; leave method out or use 'backtrack'`,
  });
}

/**
 * It counts whole boards from JOIN_MIN_N rows, on every engine; a count goes by it by default where
 * it is faster (JOIN_FROM_N), counts at all and fits the default memory (JOIN_DEFAULT_UP_TO_N). On
 * the GPU, on a software adapter only: the one where that was measured.
 */
export const join: MethodModule = {
  name: 'join',
  subproblems: (n, _placed, countsUnique) => joinSubproblems(n, countsUnique ? rotatedFrames(n) : null),
  checkApplies: (n, placed) => {
    if (placed !== null) throw refuse('counts whole boards, not the completions of options.placed');
    if (n < JOIN_MIN_N) throw refuse(`counts boards of ${JOIN_MIN_N} to ${MAX_N} rows, got n = ${n}`);
  },
  isDefault: (n, placed, engine, adapter) =>
    placed === null &&
    (engine !== 'webgpu' || adapter?.software === true) &&
    n >= JOIN_FROM_N[engine] &&
    n <= JOIN_DEFAULT_UP_TO_N,
  unique: joinUnique,
  checkpoint: { choices: true, named: true },
};
