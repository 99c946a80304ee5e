import { BATCH, ENUM_WORDS, RECORD_WORDS, REC_SIZE, RESULT_WORDS, SOLUTION_BYTES } from '../../assembly/layout.js';
import type { KernelExports } from '../wasm/loader.js';
import type { Kernel } from './kernel.js';

/** The wasm kernel behind the Kernel interface: records and results are views of its memory. */
export class WasmKernel implements Kernel {
  readonly engine = 'wasm' as const;
  readonly records: Int32Array;
  private readonly results: BigUint64Array;
  private readonly enumState: Int32Array;
  private readonly solutions: Uint8Array;

  constructor(private readonly exports: KernelExports) {
    // The kernel's memory never grows, so these views stay valid.
    const buffer = exports.memory.buffer;
    this.records = new Int32Array(buffer, exports.recordsOffset(), BATCH * RECORD_WORDS);
    this.results = new BigUint64Array(buffer, exports.resultsOffset(), BATCH * RESULT_WORDS);
    this.enumState = new Int32Array(buffer, exports.enumStateOffset(), ENUM_WORDS);
    this.solutions = new Uint8Array(buffer, exports.solutionsOffset(), SOLUTION_BYTES);
  }

  countBatch(count: number): void {
    this.exports.countBatch(count);
  }

  countSymmetricBatch(count: number): void {
    this.exports.countSymmetricBatch(count);
  }

  result(record: number, word: number): bigint {
    return this.results[record * RESULT_WORDS + word];
  }

  // Each enumeration keeps its own record and state; they are copied in and out around the call,
  // so enumerations can take turns on the one instance.
  startSolutions(record: Int32Array, state: Int32Array): void {
    this.records.set(record);
    this.exports.startSolutions();
    state.set(this.enumState);
  }

  nextSolutions(record: Int32Array, state: Int32Array, out: Uint8Array, max: number): number {
    this.records.set(record);
    this.enumState.set(state);
    const written = this.exports.nextSolutions(max);
    state.set(this.enumState);
    const n = record[REC_SIZE];
    out.set(this.solutions.subarray(0, written * n));
    return written;
  }
}
