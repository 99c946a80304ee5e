import { BATCH, RECORD_WORDS, RESULT_WORDS } from '../../assembly/layout.js';
import type { KernelExports } from '../wasm/loader.js';
import type { Kernel } from './kernel.js';

/** The wasm kernel behind the Kernel interface: records and results are views of its memory. */
export class WasmKernel implements Kernel {
  readonly engine = 'wasm' as const;
  readonly records: Int32Array;
  private readonly results: BigUint64Array;

  constructor(private readonly exports: KernelExports) {
    // The kernel's memory never grows, so these views stay valid.
    this.records = new Int32Array(exports.memory.buffer, exports.recordsOffset(), BATCH * RECORD_WORDS);
    this.results = new BigUint64Array(exports.memory.buffer, exports.resultsOffset(), BATCH * RESULT_WORDS);
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
}
