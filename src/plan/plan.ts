// Splits a count into subproblems. The split depends only on n, the placed queens and the counting
// method, so every process (worker, shard, machine, a resumed run) that plans the same count gets
// the same list. Each method plans its own subproblems (methods/); this caches whole counts' and
// takes shards of them.

import {
  type CountWork,
  isMade,
  type PlannedSubproblems,
  pickSubproblems,
  type Subproblems,
  strideSubproblems,
} from '../kernel/subproblems.js';
import { IMPLIED_METHOD } from '../method-list.js';
import type { Method, Queen, Shard } from '../types.js';
import { methodOf } from './methods/index.js';

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

/** Whole counts' subproblems (no placed queens), by method, n, and whether they add up to a unique count. */
const wholeCounts = new Map<string, PlannedSubproblems>();

/**
 * The plan of a count by `method` (where none is named, IMPLIED_METHOD, whose subproblems are kept
 * in arrays); `listRoom`: the bytes of lists the method may hold in each thread (for the runner,
 * which passes it to the kernels; count.ts sets it once the threads are known).
 */
export function plan(
  n: number,
  placed: readonly Queen[] | null,
  shard: Shard | null,
  method?: typeof IMPLIED_METHOD,
  listRoom?: number,
): Plan & { readonly subproblems: Subproblems };
export function plan(
  n: number,
  placed: readonly Queen[] | null,
  shard: Shard | null,
  method?: Method,
  listRoom?: number,
): Plan;
export function plan(
  n: number,
  placed: readonly Queen[] | null,
  shard: Shard | null,
  method: Method = IMPLIED_METHOD,
  listRoom = 0,
): Plan {
  const countsUnique = placed === null && shard === null;
  const key = `${method} ${n} ${countsUnique}`;
  let all = placed === null ? wholeCounts.get(key) : undefined;
  if (all === undefined) {
    all = methodOf(method).subproblems(n, placed, countsUnique);
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
    listRoom,
    freeRows: n - (placed?.length ?? 0),
  };
}

/** The subproblems whose index i has i % count === index: one shard of a split. */
function everyNth(list: PlannedSubproblems, index: number, count: number): PlannedSubproblems {
  if (isMade(list)) return strideSubproblems(list, index, count);
  const indices: number[] = [];
  for (let i = index; i < list.count; i += count) indices.push(i);
  return pickSubproblems(list, indices);
}
