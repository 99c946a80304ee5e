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
}
