// Listing the solutions of a board: the kernel writes them in batches into a buffer and keeps its
// search state between batches, in a record and a state each listing owns, so that any number of
// listings can take turns on one kernel instance. The batches grow from one board (the first
// solution comes as soon as it is found) to the buffer's capacity.

import { ENUM_DONE, ENUM_WORDS, RECORD_WORDS, SOLUTION_BYTES } from '../../assembly/layout.js';
import { InternalError, messageOf } from '../errors.js';
import { UNBOUNDED } from '../kernel/count-range.js';
import { acquireKernelSync, releaseKernel } from '../kernel/instances.js';
import type { CpuEngine, Kernel } from '../kernel/kernel.js';
import type { Queen } from '../types.js';

class Enumeration {
  private readonly record = new Int32Array(RECORD_WORDS);
  private readonly state = new Int32Array(ENUM_WORDS);
  private readonly boards: Uint8Array;
  private readonly capacity: number;
  private batch = 1;
  private started = false;

  constructor(
    private readonly engine: CpuEngine,
    private readonly n: number,
    private readonly placed: readonly Queen[],
  ) {
    this.capacity = Math.floor(SOLUTION_BYTES / n);
    this.boards = new Uint8Array(this.capacity * n);
  }

  get done(): boolean {
    return this.started && this.state[ENUM_DONE] !== 0;
  }

  /**
   * The next batch of boards, searching for at most `budget` steps: each board is a fresh array
   * the caller owns. Empty when the budget ran out first (or when the listing is over: see done).
   */
  next(budget = UNBOUNDED): number[][] {
    const kernel = acquireKernelSync(this.engine);
    try {
      if (!this.started) {
        kernel.subproblems.set(this.placed.flat());
        kernel.startSolutions(this.n, this.placed.length, this.record, this.state);
        this.started = true;
      }
      if (this.done) return [];
      const written = this.nextSolutions(kernel, budget);
      const { n, boards } = this;
      const out: number[][] = [];
      for (let i = 0; i < written; i++) out.push(Array.from(boards.subarray(i * n, (i + 1) * n)));
      if (written === this.batch) this.batch = Math.min(this.batch * 8, this.capacity);
      return out;
    } finally {
      releaseKernel(kernel);
    }
  }

  private nextSolutions(kernel: Kernel, budget: number): number {
    try {
      return kernel.nextSolutions(this.record, this.state, this.boards, this.batch, budget);
    } catch (error) {
      // As a count's kernel calls: only a trap or a fault, a bug, throws here.
      throw new InternalError(`the ${kernel.engine} kernel failed listing n = ${this.n}: ${messageOf(error)}`, {
        cause: error,
      });
    }
  }
}

/** Every solution, lazily: nothing is searched before the first next(). */
export function* enumerate(
  engine: CpuEngine,
  n: number,
  placed: readonly Queen[],
): Generator<number[], void, undefined> {
  const listing = new Enumeration(engine, n, placed);
  while (!listing.done) yield* listing.next();
}
