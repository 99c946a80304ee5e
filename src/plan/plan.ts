// Splits a count into subproblems. The split depends only on n and the placed queens, so every
// process (worker, shard, machine, a resumed run) that plans the same count gets the same list.

import type { CountWork, Subproblems } from '../kernel/subproblems.js';
import { SYMMETRIES } from '../symmetry.js';
import type { Queen, Shard } from '../types.js';
import { frames } from './frames.js';
import { placedSubproblems } from './placed.js';
import { SubproblemsBuilder } from './subproblems-builder.js';

/**
 * A planned count: its subproblems in a fixed order (`subproblems`), and whether their results add
 * up to a unique count (`countsUnique`: not with placed queens, not for a shard).
 */
export interface Plan extends CountWork {
  readonly placed: readonly Queen[] | null;
  readonly shard: Shard | null;
  /** Rows without a placed queen: what the size of the count goes by. */
  readonly freeRows: number;
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
  return {
    n,
    placed,
    shard,
    subproblems,
    countsUnique: placed === null && shard === null,
    freeRows: n - (placed?.length ?? 0),
  };
}

/** The subproblems whose index i has i % count === index: one shard of a split. */
function everyNth(list: Subproblems, index: number, count: number): Subproblems {
  const size = list.count > index ? Math.ceil((list.count - index) / count) : 0;
  const pairs = list.width * 2;
  const out = {
    count: size,
    width: list.width,
    queens: new Int8Array(size * pairs),
    weight: new Uint8Array(size),
    stabilizer: new Uint8Array(size),
  };
  for (let k = 0, i = index; k < size; k++, i += count) {
    out.queens.set(list.queens.subarray(i * pairs, (i + 1) * pairs), k * pairs);
    out.weight[k] = list.weight[i];
    out.stabilizer[k] = list.stabilizer[i];
  }
  return out;
}
