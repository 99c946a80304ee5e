// Splits a count into subproblems. The split depends only on n, the placed queens and the way of
// counting, so every process (worker, shard, machine, a resumed run) that plans the same count
// gets the same list. Backtracking searches symmetry frames (frames.ts) or the completions of the
// placed queens (placed.ts); the join counts row choices (join-units.ts).

import {
  type CountWork,
  isMade,
  type PlannedSubproblems,
  pickSubproblems,
  type Subproblems,
  strideSubproblems,
} from '../kernel/subproblems.js';
import { SYMMETRIES } from '../symmetry.js';
import type { Method, Queen, Shard } from '../types.js';
import { frames, halfTurnFrames } from './frames.js';
import { joinUnits } from './join-units.js';
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

/** Whole counts' units (no placed queens), by way, n, and whether they add up to a unique count. */
const wholeCounts = new Map<string, PlannedSubproblems>();

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
 * Each way of counting's units of a whole count (before it is split into shards): backtracking
 * searches frames, or the completions of placed queens; the join counts row choices, then, for the
 * unique count, searches the frames that a rotation can leave unchanged.
 */
const UNITS: Record<Method, (n: number, placed: readonly Queen[] | null, countsUnique: boolean) => PlannedSubproblems> =
  {
    backtrack: (n, placed) =>
      placed !== null ? placedSubproblems(n, placed) : n <= WHOLE_BOARD_UP_TO ? wholeBoard() : frames(n),
    join: (n, _placed, countsUnique) => joinUnits(n, countsUnique ? rotatedFrames(n) : null),
  };

/**
 * The plan of a count; `joinRoom`: the bytes of lists a join may hold in each thread (for the
 * runner, which passes it to the kernels; count.ts sets it once the threads are known).
 */
export function plan(
  n: number,
  placed: readonly Queen[] | null,
  shard: Shard | null,
  method?: 'backtrack',
  joinRoom?: number,
): Plan & { readonly subproblems: Subproblems };
export function plan(
  n: number,
  placed: readonly Queen[] | null,
  shard: Shard | null,
  method?: Method,
  joinRoom?: number,
): Plan;
export function plan(
  n: number,
  placed: readonly Queen[] | null,
  shard: Shard | null,
  method: Method = 'backtrack',
  joinRoom = 0,
): Plan {
  const countsUnique = placed === null && shard === null;
  const key = `${method} ${n} ${countsUnique}`;
  let all = placed === null ? wholeCounts.get(key) : undefined;
  if (all === undefined) {
    all = UNITS[method](n, placed, countsUnique);
    if (placed === null) wholeCounts.set(key, all);
  }
  // Shards take every count-th subproblem: neighbouring subproblems are alike in size, so the
  // shards come out even.
  const subproblems = shard === null ? all : everyNth(all, shard.index, shard.count);
  return {
    n,
    placed,
    shard,
    method,
    subproblems,
    countsUnique,
    joinRoom,
    freeRows: n - (placed?.length ?? 0),
  };
}

/**
 * The frames of n that a half turn maps onto themselves (the empty board, on small boards): the
 * ones whose completions a rotation can leave unchanged.
 */
function rotatedFrames(n: number): Subproblems {
  return n <= WHOLE_BOARD_UP_TO ? wholeBoard() : halfTurnFrames(n);
}

/** The subproblems whose index i has i % count === index: one shard of a split. */
function everyNth(list: PlannedSubproblems, index: number, count: number): PlannedSubproblems {
  if (isMade(list)) return strideSubproblems(list, index, count);
  const indices: number[] = [];
  for (let i = index; i < list.count; i += count) indices.push(i);
  return pickSubproblems(list, indices);
}
