// A way of counting (backtracking, the join) as the runner sees it: what a unit of work asks of
// a kernel, and how the units' results add up. The runner, the pool, checkpoints and shards go
// through this interface and never ask which way it is. Each way is a module of methods/ (this,
// and the unique count from the finished tally, which count.ts takes from it); its units are
// planned in plan/, and its kernel steps are the FIXED_* bits the kernels dispatch on
// (assembly/layout.ts).

import type { Subproblems } from './subproblems.js';
import type { UniqueTerms } from './tally.js';

export interface CountingMethod {
  /** The FIXED_* bits that subproblem i of a list asks of the kernel. */
  fixedCounts(list: Subproblems, i: number, countsUnique: boolean): number;
  /**
   * Subproblem i's share of the tally's `unique`, on an n×n board, in a count that adds up to a
   * unique count (its total share is always its weight times its completions).
   */
  uniqueTerms(n: number, list: Subproblems, i: number): UniqueTerms;
}
