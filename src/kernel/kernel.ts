import type { Engine } from '../types.js';

/** An engine that runs on the CPU, in the calling thread or a worker thread. */
export type CpuEngine = Exclude<Engine, 'webgpu'>;

/**
 * What the runner needs of a kernel instance: a batch of subproblems to fill in (format in
 * assembly/layout.ts), a resumable count over them, and the listing search. An instance has its
 * own memory, so that searches suspended on different instances never meet.
 */
export interface Kernel {
  readonly engine: CpuEngine;
  /** BATCH subproblems' queens, (row, col) bytes, written by the runner. */
  readonly subproblems: Int8Array;
  /** Each subproblem's FIXED_* bits, written by the runner. */
  readonly fixed: Uint8Array;
  /** Each FIXED_JOIN subproblem's row choice: the rows whose queen stands in the east half. */
  readonly eastRows: Uint32Array;
  /**
   * Starts counting subproblems 0..count-1, on an n×n board, `width` queens each; joins use lists
   * of at most about `joinRoom` bytes.
   */
  startBatch(count: number, n: number, width: number, joinRoom: number): void;
  /**
   * Counts on for at most `budget` steps of search; returns how many subproblems are finished
   * (their results are final). The batch is done when that equals the count given to startBatch.
   * Returns -1 where a join could not have the memory its lists need: the batch is then over.
   */
  countSteps(budget: number): number;
  /** After countSteps returned -1: the bytes of lists the join needed. */
  shortfall(): number;
  /**
   * Result word `word` (RESULT_* in assembly/layout.ts) of a finished subproblem, when it is below
   * 2^53 (exact); Infinity when it is not, and bigResult tells it.
   */
  result(subproblem: number, word: number): number;
  /** Result word `word` of a finished subproblem, whatever its size. */
  bigResult(subproblem: number, word: number): bigint;
  /** Bytes of memory the instance holds now: what it frees when it is dropped. */
  heldBytes(): number;
  /**
   * Starts a listing of subproblem 0's completions (n×n, `width` queens): its record and state
   * (RECORD_WORDS and ENUM_WORDS words) are written into `record` and `state`, which the listing keeps.
   */
  startSolutions(n: number, width: number, record: Int32Array, state: Int32Array): void;
  /**
   * Writes up to max more solutions, n bytes each, into out, for at most `budget` steps; returns
   * how many. The listing is over when state[ENUM_DONE] is set.
   */
  nextSolutions(record: Int32Array, state: Int32Array, out: Uint8Array, max: number, budget: number): number;
}
