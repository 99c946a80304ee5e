// Counting by backtracking: the subproblems are symmetry frames (frames.ts), the completions of
// placed queens (placed.ts), or on small boards the empty board; it counts anything, and the
// tally holds the unique count (kernel/methods/backtrack.ts says how).

import type { Subproblems } from '../../kernel/subproblems.js';
import { SYMMETRIES } from '../../symmetry.js';
import { frames, halfTurnFrames } from '../frames.js';
import { placedSubproblems } from '../placed.js';
import { SubproblemsBuilder } from '../subproblems-builder.js';
import type { MethodModule } from './method.js';

/**
 * Boards up to this size are one subproblem: the empty board, which all eight symmetries fix (so it
 * stands for itself, and the tally's Burnside sum gives the unique count). Most such counts are a
 * first call, which planning a few hundred frames and adding up their results in code not yet
 * compiled makes slower than searching the whole board; warm, the whole board costs a fraction
 * of a millisecond more.
 */
const WHOLE_BOARD_UP_TO = 10;

function wholeBoard(): Subproblems {
  const out = new SubproblemsBuilder(0, 1);
  out.add([], 1, (1 << SYMMETRIES) - 1);
  return out.finish();
}

/**
 * The frames of n that a half turn maps onto themselves (the empty board, on small boards): the
 * ones whose completions a rotation can leave unchanged.
 */
export function rotatedFrames(n: number): Subproblems {
  return n <= WHOLE_BOARD_UP_TO ? wholeBoard() : halfTurnFrames(n);
}

/**
 * It applies everywhere, and is the default where no other method's range holds a count. Its
 * checkpoints are bound as those made before the join were: to neither choices nor name.
 */
export const backtrack: MethodModule = {
  name: 'backtrack',
  subproblems: (n, placed) =>
    placed !== null ? placedSubproblems(n, placed) : n <= WHOLE_BOARD_UP_TO ? wholeBoard() : frames(n),
  checkApplies: () => {},
  isDefault: () => true,
  unique: (tally) => tally.unique,
  checkpoint: { choices: false, named: false },
};
