import type { Engine } from '../types.js';

/** An engine that runs on the CPU, in the calling thread or a worker thread. */
export type CpuEngine = Exclude<Engine, 'webgpu'>;

/**
 * What the runner needs of a kernel instance: a batch of records to fill in (format in
 * assembly/layout.ts), a resumable count over them, and the listing search. An instance has its
 * own memory, so that searches suspended on different instances never meet.
 */
export interface Kernel {
  readonly engine: CpuEngine;
  /** BATCH records, written by the runner. */
  readonly records: Int32Array;
  /** Starts counting records 0..count-1. */
  startBatch(count: number): void;
  /**
   * Counts on for at most `budget` steps of search; returns how many records are finished (their
   * results are final). The batch is done when that equals the count given to startBatch.
   */
  countSteps(budget: number): number;
  /** Result word `word` (RESULT_* in assembly/layout.ts) of a finished record. */
  result(record: number, word: number): bigint;
  /** Resets a listing state (ENUM_WORDS words) to the start of the record's search. */
  startSolutions(record: Int32Array, state: Int32Array): void;
  /**
   * Writes up to max more solutions, n bytes each, into out, for at most `budget` steps; returns
   * how many. The listing is over when state[ENUM_DONE] is set.
   */
  nextSolutions(record: Int32Array, state: Int32Array, out: Uint8Array, max: number, budget: number): number;
}
