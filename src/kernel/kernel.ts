import type { Engine } from '../types.js';

/**
 * What the runner needs of a kernel: a batch of records to fill in (format in
 * assembly/layout.ts), the two counting entry points, and the results.
 */
export interface Kernel {
  readonly engine: Engine;
  /** BATCH records, written with writeRecord. */
  readonly records: Int32Array;
  /** Completions of records 0..count-1 into result word 0. */
  countBatch(count: number): void;
  /** Completions, and those fixed by a half and a quarter turn, into result words 0..2. */
  countSymmetricBatch(count: number): void;
  result(record: number, word: number): bigint;
  /** Resets an enumeration state (ENUM_WORDS words) to the start of the record's search. */
  startSolutions(record: Int32Array, state: Int32Array): void;
  /** Writes up to max more solutions, n bytes each, into out; returns how many (0 when done). */
  nextSolutions(record: Int32Array, state: Int32Array, out: Uint8Array, max: number): number;
}
