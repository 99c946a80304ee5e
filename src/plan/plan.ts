// Splits a count into subproblems. The split depends only on n and the placed queens, so every
// process (worker, shard, machine, a resumed run) that plans the same count gets the same list.

import { SYMMETRIES } from '../symmetry.js';
import type { Queen, Shard } from '../types.js';
import { frames } from './frames.js';
import { placedSubproblems } from './placed.js';
import { everyNth, type Subproblems, SubproblemsBuilder } from './subproblem.js';

export interface Plan {
  readonly n: number;
  readonly placed: readonly Queen[] | null;
  readonly shard: Shard | null;
  /** The subproblems to count, in a fixed order. */
  readonly subproblems: Subproblems;
  /** Whether the results add up to a unique count (not with placed queens, not for a shard). */
  readonly countsUnique: boolean;
}

const frameCache = new Map<number, Subproblems>();

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

export function plan(n: number, placed: readonly Queen[] | null, shard: Shard | null): Plan {
  let all: Subproblems;
  if (placed === null) {
    all = frameCache.get(n) ?? (n <= WHOLE_BOARD_UP_TO ? wholeBoard() : frames(n));
    frameCache.set(n, all);
  } else {
    all = placedSubproblems(n, placed);
  }
  // Shards take every count-th subproblem: neighbouring subproblems are alike in size, so the
  // shards come out even.
  const subproblems = shard === null ? all : everyNth(all, shard.index, shard.count);
  return { n, placed, shard, subproblems, countsUnique: placed === null && shard === null };
}
