// The TypeScript kernel behind the Kernel interface; the algorithms are in src/kernel/js/.

import { BATCH, MAX_N, RECORD_WORDS, RESULT_WORDS } from '../../assembly/layout.js';
import { completions } from './js/count.js';
import { nextSolutions, startSolutions } from './js/solutions.js';
import { SAVE_WORDS, symmetricCompletions } from './js/symmetric.js';
import type { Kernel } from './kernel.js';

export class JsKernel implements Kernel {
  readonly engine = 'js' as const;
  readonly records = new Int32Array(BATCH * RECORD_WORDS);
  private readonly results = new Float64Array(BATCH * RESULT_WORDS);
  private readonly stack = new Int32Array((MAX_N + 2) * SAVE_WORDS);
  private readonly board = new Int32Array(MAX_N);

  countBatch(count: number): void {
    for (let i = 0; i < count; i++) {
      this.results[i * RESULT_WORDS] = completions(this.records, i * RECORD_WORDS);
    }
  }

  countSymmetricBatch(count: number): void {
    for (let i = 0; i < count; i++) {
      symmetricCompletions(this.records, i * RECORD_WORDS, this.stack, this.board, this.results, i * RESULT_WORDS);
    }
  }

  result(record: number, word: number): bigint {
    return BigInt(this.results[record * RESULT_WORDS + word]);
  }

  startSolutions(record: Int32Array, state: Int32Array): void {
    startSolutions(record, state);
  }

  nextSolutions(record: Int32Array, state: Int32Array, out: Uint8Array, max: number): number {
    return nextSolutions(record, state, out, max);
  }
}
