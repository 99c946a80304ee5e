// A counting method as the runner sees it: what its subproblems ask of a kernel, and how their
// results add up. The runner, the pool, checkpoints and shards go through this interface and never
// ask which method it is. Each method's part here is a module of methods/, which worker threads
// load; the rest of the method (its subproblems, where it applies, its finish) is its module of
// plan/methods/, and its steps in each kernel are the FIXED_* bits the kernels dispatch on
// (assembly/layout.ts).

import type { Kernel } from './kernel.js';
import type { Subproblems } from './subproblems.js';
import type { UniqueTerms } from './tally.js';

export interface CountingMethod {
  /** The FIXED_* bits that subproblem i of a list asks of the kernel. */
  fixedCounts(list: Subproblems, i: number, countsUnique: boolean): number;
  /**
   * Writes into the kernel what a batch's subproblems ask of it besides their queens and FIXED_*
   * bits (the join's row choices), before the batch starts.
   */
  writeBatch(kernel: Kernel, batch: Subproblems): void;
  /**
   * Subproblem i's share of the tally's `unique`, on an n×n board, in a count that adds up to a
   * unique count (its total share is always its weight times its completions).
   */
  uniqueTerms(n: number, list: Subproblems, i: number): UniqueTerms;
}
