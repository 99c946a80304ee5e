// Drives a kernel over a range of subproblems: handed over a batch at a time (their queens as
// planned, copied in one piece), counted in calls of bounded size, results added to a tally as
// each subproblem finishes. The same code counts in
// the calling thread (a call at a time, between which the event loop runs) and in worker threads
// (calls as big as they come).

import { BATCH, RESULT_COMPLETIONS, RESULT_HALF_TURNS, RESULT_QUARTER_TURNS } from '../../assembly/layout.js';
import { InternalError, JoinMemoryError, messageOf } from '../errors.js';
import type { CountingMethod } from './counting-method.js';
import type { Kernel } from './kernel.js';
import { countingMethod } from './methods/index.js';
import { type CountWork, type PlannedSubproblems, type Subproblems, subproblemsIn } from './subproblems.js';
import { addResults, addTallies, emptyTally, NO_SHARE, type Tally } from './tally.js';

/** A budget no count reaches in one call: for callers that need not stop. */
export const UNBOUNDED = 0x7fffffff;

// Subproblems' counts are added as numbers, without a BigInt each, while every sum stays exact:
// completions below SMALL (times a weight of at most 8) and shares of the unique count whose
// dividend is below SMALL add less than 2^52 to sums kept below FLUSH, which then move into the
// BigInt tally. (A dividend of whole numbers worked out in doubles is exact below 2^53, and at or
// above SMALL wherever the exact one is.)
const SMALL = 2 ** 49;
const FLUSH = 2 ** 52;

export class RangeCounter {
  /** The counts of the subproblems finished since the last takeTally(): those below, and these. */
  private tally: Tally = emptyTally();
  private total = 0;
  private unique = 0;
  /** Subproblems finished so far, from the start of the range (they finish in order). */
  finished = 0;
  private batchStart: number;
  private batchSize = 0;
  private added = 0;
  /** The kernel's batch of subproblems, as planned. */
  protected batch: Subproblems | null = null;

  private readonly n: number;
  private readonly list: PlannedSubproblems;
  private readonly method: CountingMethod;
  protected readonly countsUnique: boolean;
  private readonly listRoom: number;

  constructor(
    protected readonly kernel: Kernel,
    work: CountWork,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.n = work.n;
    this.list = work.subproblems;
    this.method = countingMethod(work.method);
    this.countsUnique = work.countsUnique;
    this.listRoom = work.listRoom;
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
    let ready: number;
    try {
      ready = this.countSteps(budget);
    } catch (error) {
      // A kernel call never throws by design (a join short of memory returns -1): what does is a
      // trap of the wasm kernel or a fault of the TS one, a bug, which the caller gets coded.
      throw new InternalError(`the ${this.kernel.engine} kernel failed counting n = ${this.n}: ${messageOf(error)}`, {
        cause: error,
      });
    }
    if (ready < 0)
      throw new JoinMemoryError({ n: this.n, needBytes: this.kernel.shortfall(), allowedBytes: this.listRoom });
    for (; this.added < ready; this.added++) {
      this.take(this.batch!, this.added);
      this.finished++;
    }
    return ready < this.batchSize;
  }

  /** Starts a batch where the last one is done, and counts for at most `budget` steps: what is ready. */
  private countSteps(budget: number): number {
    const { kernel } = this;
    if (this.added === this.batchSize) {
      this.batchStart = this.from + this.finished;
      this.batchSize = Math.min(BATCH, this.to - this.batchStart);
      const batch = subproblemsIn(this.list, this.batchStart, this.batchStart + this.batchSize);
      this.batch = batch;
      kernel.subproblems.set(batch.queens);
      for (let r = 0; r < this.batchSize; r++) kernel.fixed[r] = this.fixedCounts(batch, r);
      this.method.writeBatch(kernel, batch);
      kernel.startBatch(this.batchSize, this.n, batch.width, this.listRoom);
      this.added = 0;
    }
    return kernel.countSteps(budget);
  }

  /** The FIXED_* bits that the batch's subproblem i asks of the kernel. */
  protected fixedCounts(batch: Subproblems, i: number): number {
    return this.method.fixedCounts(batch, i, this.countsUnique);
  }

  /** Takes the results of the batch's subproblem i. */
  protected take(list: Subproblems, i: number): void {
    const { kernel } = this;
    const weight = list.weight[i];
    const terms = this.countsUnique ? this.method.uniqueTerms(this.n, list, i) : NO_SHARE;
    const completions = kernel.result(i, RESULT_COMPLETIONS);
    const halfTurns = kernel.result(i, RESULT_HALF_TURNS);
    const quarterTurns = kernel.result(i, RESULT_QUARTER_TURNS);
    const dividend = terms.completions * completions + terms.halfTurns * halfTurns + terms.quarterTurns * quarterTurns;
    if (completions < SMALL && dividend < SMALL) {
      this.total += weight * completions;
      this.unique += dividend / terms.divisor;
      if (this.total >= FLUSH || this.unique >= FLUSH) this.flush();
    } else {
      addResults(
        this.tally,
        weight,
        terms,
        kernel.bigResult(i, RESULT_COMPLETIONS),
        kernel.bigResult(i, RESULT_HALF_TURNS),
        kernel.bigResult(i, RESULT_QUARTER_TURNS),
      );
    }
  }

  /** The counts of the subproblems finished since the last call. */
  takeTally(): Tally {
    this.flush();
    const tally = this.tally;
    this.tally = emptyTally();
    return tally;
  }

  private flush(): void {
    addTallies(this.tally, { total: BigInt(this.total), unique: BigInt(this.unique) });
    this.total = 0;
    this.unique = 0;
  }

  /** Counts the whole range without stopping. */
  run(): Tally {
    while (!this.done) this.step(UNBOUNDED);
    return this.takeTally();
  }
}

/** Counts a whole list on `kernel` without stopping. */
export function countWhole(kernel: Kernel, work: CountWork): Tally {
  return new RangeCounter(kernel, work, 0, work.subproblems.count).run();
}
