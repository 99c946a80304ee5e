// Drives a kernel over a range of subproblems: handed over a batch at a time (their queens as
// planned, copied in one piece), counted in calls of bounded size, results added to a tally as
// each subproblem finishes. The same code counts in
// the calling thread (a call at a time, between which the event loop runs) and in worker threads
// (calls as big as they come).

import { BATCH, RESULT_COMPLETIONS, RESULT_HALF_TURNS, RESULT_QUARTER_TURNS } from '../../assembly/layout.js';
import type { Kernel } from '../kernel/kernel.js';
import type { Subproblems } from '../plan/subproblem.js';
import { addSubproblem, emptyTally, fixedCountsFor, type Tally } from './tally.js';

/** A budget no count reaches in one call: for callers that need not stop. */
export const UNBOUNDED = 0x7fffffff;

export class RangeCounter {
  /** The counts of the subproblems finished since the last takeTally(). */
  private tally: Tally = emptyTally();
  /** Subproblems finished so far, from the start of the range (they finish in order). */
  finished = 0;
  private batchStart: number;
  private batchSize = 0;
  private added = 0;

  constructor(
    private readonly kernel: Kernel,
    private readonly n: number,
    private readonly list: Subproblems,
    private readonly countsUnique: boolean,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.batchStart = from;
  }

  get done(): boolean {
    return this.from + this.finished >= this.to;
  }

  /**
   * One kernel call of at most `budget` steps (a new batch is started when the last one is done).
   * Returns true when the call stopped because the budget was spent.
   */
  step(budget: number): boolean {
    if (this.done) return false;
    const { kernel } = this;
    if (this.added === this.batchSize) {
      const { list } = this;
      this.batchStart = this.from + this.finished;
      this.batchSize = Math.min(BATCH, this.to - this.batchStart);
      const pairs = list.width * 2;
      kernel.subproblems.set(list.queens.subarray(this.batchStart * pairs, (this.batchStart + this.batchSize) * pairs));
      for (let r = 0; r < this.batchSize; r++) kernel.fixed[r] = fixedCountsFor(list.stabilizer[this.batchStart + r], this.countsUnique);
      kernel.startBatch(this.batchSize, this.n, list.width);
      this.added = 0;
    }
    const ready = kernel.countSteps(budget);
    for (; this.added < ready; this.added++) {
      const r = this.added;
      addSubproblem(
        this.tally,
        this.n,
        this.list,
        this.batchStart + r,
        this.countsUnique,
        kernel.result(r, RESULT_COMPLETIONS),
        kernel.result(r, RESULT_HALF_TURNS),
        kernel.result(r, RESULT_QUARTER_TURNS),
      );
      this.finished++;
    }
    return ready < this.batchSize;
  }

  /** The counts of the subproblems finished since the last call. */
  takeTally(): Tally {
    const tally = this.tally;
    this.tally = emptyTally();
    return tally;
  }

  /** Counts the whole range without stopping. */
  run(): Tally {
    while (!this.done) this.step(UNBOUNDED);
    return this.takeTally();
  }
}
