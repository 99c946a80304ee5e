// The wasm kernel behind the Kernel interface: subproblems and results are views of its memory.

import {
  BATCH,
  ENUM_WORDS,
  REC_SIZE,
  RECORD_WORDS,
  RESULT_WORDS,
  SOLUTION_BYTES,
  SUBPROBLEM_BYTES,
} from '../../../assembly/layout.js';
import type { Kernel } from '../kernel.js';
import type { KernelExports } from './kernel-exports.generated.js';

const TWO_TO_21 = 2 ** 21;
const TWO_TO_32 = 2 ** 32;

export function wasmKernel(exports: KernelExports): Kernel {
  // The kernel's memory never grows, so these views stay valid.
  const buffer = exports.memory.buffer;
  const subproblems = new Int8Array(buffer, exports.subproblemsOffset(), BATCH * SUBPROBLEM_BYTES);
  const fixed = new Uint8Array(buffer, exports.fixedOffset(), BATCH);
  const results = new BigUint64Array(buffer, exports.resultsOffset(), BATCH * RESULT_WORDS);
  // The same u64 results as 32-bit halves (little-endian), read as numbers without a BigInt.
  const halves = new Uint32Array(buffer, exports.resultsOffset(), 2 * BATCH * RESULT_WORDS);
  const enumRecord = new Int32Array(buffer, exports.enumRecordOffset(), RECORD_WORDS);
  const enumState = new Int32Array(buffer, exports.enumStateOffset(), ENUM_WORDS);
  const solutions = new Uint8Array(buffer, exports.solutionsOffset(), SOLUTION_BYTES);
  return {
    engine: 'wasm',
    subproblems,
    fixed,
    startBatch: (count, n, width) => exports.startBatch(count, n, width),
    countSteps: (budget) => exports.countSteps(budget),
    result: (i, word) => {
      const at = 2 * (i * RESULT_WORDS + word);
      const high = halves[at + 1];
      return high < TWO_TO_21 ? high * TWO_TO_32 + halves[at] : Infinity;
    },
    bigResult: (i, word) => results[i * RESULT_WORDS + word],
    // A listing keeps its own record and state; they are copied in and out around each call, so
    // listings can take turns on one instance.
    startSolutions(n, width, record, state) {
      exports.startSolutions(n, width);
      record.set(enumRecord);
      state.set(enumState);
    },
    nextSolutions(record, state, out, max, budget) {
      enumRecord.set(record);
      enumState.set(state);
      const written = exports.nextSolutions(max, budget);
      state.set(enumState);
      out.set(solutions.subarray(0, written * record[REC_SIZE]));
      return written;
    },
  };
}
