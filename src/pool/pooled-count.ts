// What the pool needs of a count, apart from the pool: run/job.ts's Job implements it, and the
// Job's module type-checks without the threads' host types (tsconfig.core.json) only if it does not
// import pool.ts, which starts threads.

import type { Tally } from '../kernel/tally.js';

/** What the pool needs of a count (run/job.ts's Job): ranges to hand out, and where their tallies go. */
export interface PooledCount {
  /** Whether ranges are left to hand out. */
  readonly hasWork: boolean;
  readonly isSettled: boolean;
  /** The next range for one of `threads` threads sharing the count, or null when none is left. */
  nextRange(threads: number): [number, number] | null;
  /** A thread takes its first range of the count. */
  join(): void;
  /** A thread counted subproblems from..to-1 in `ms`, with this tally. */
  report(from: number, to: number, tally: Tally, ms: number): void;
  /** Ends the count with a fault. */
  fail(reason: unknown): void;
  /** Calls `listener` once the count settles: failed is false on success. */
  onSettled(listener: (failed: boolean) => void): void;
}
