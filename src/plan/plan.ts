import type { Queen, Shard } from '../types.js';
import { framePlan } from './frames.js';
import { placedPlan } from './placed.js';
import type { Subproblem } from './subproblem.js';

export interface Plan {
  readonly n: number;
  /** The subproblems to count, in a fixed order. */
  readonly subproblems: readonly Subproblem[];
  /** Whether the results add up to a unique count (not with placed queens, not for a shard). */
  readonly countsUnique: boolean;
}

/**
 * Splits a count into subproblems. The split depends only on n and the placed queens, so every
 * process (worker, shard, machine) that plans the same count gets the same list.
 */
export function plan(n: number, placed: readonly Queen[] | null, shard: Shard | null): Plan {
  const all = placed === null ? framePlan(n) : placedPlan(n, placed);
  // Shards take every count-th subproblem: neighbouring subproblems are alike in size, so the
  // shards come out even.
  const subproblems = shard === null ? all : all.filter((_, i) => i % shard.count === shard.index);
  return { n, subproblems, countsUnique: placed === null && shard === null };
}
