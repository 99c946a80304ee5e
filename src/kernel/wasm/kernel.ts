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

/**
 * The typed views of one state of the kernel's memory; `halves`: the u64 results as 32-bit halves
 * (little-endian), read as numbers without a BigInt.
 */
function viewsOf(exports: KernelExports) {
  const buffer = exports.memory.buffer;
  return {
    buffer,
    subproblems: new Int8Array(buffer, exports.subproblemsOffset(), BATCH * SUBPROBLEM_BYTES),
    fixed: new Uint8Array(buffer, exports.fixedOffset(), BATCH),
    eastRows: new Uint32Array(buffer, exports.eastRowsOffset(), BATCH),
    results: new BigUint64Array(buffer, exports.resultsOffset(), BATCH * RESULT_WORDS),
    halves: new Uint32Array(buffer, exports.resultsOffset(), 2 * BATCH * RESULT_WORDS),
    enumRecord: new Int32Array(buffer, exports.enumRecordOffset(), RECORD_WORDS),
    enumState: new Int32Array(buffer, exports.enumStateOffset(), ENUM_WORDS),
    solutions: new Uint8Array(buffer, exports.solutionsOffset(), SOLUTION_BYTES),
  };
}

export function wasmKernel(exports: KernelExports): Kernel {
  // A join grows the kernel's memory, which detaches every view of the old buffer: they are made
  // again when the buffer has changed.
  let views = viewsOf(exports);
  const current = () => {
    if (views.buffer !== exports.memory.buffer) views = viewsOf(exports);
    return views;
  };
  // A listing (startSolutions, nextSolutions) keeps its own record and state; they are copied in
  // and out around each call, so listings can take turns on one instance.
  return {
    engine: 'wasm',
    get subproblems() {
      return current().subproblems;
    },
    get fixed() {
      return current().fixed;
    },
    get eastRows() {
      return current().eastRows;
    },
    startBatch: (count, n, width, joinRoom) => exports.startBatch(count, n, width, joinRoom),
    countSteps: (budget) => exports.countSteps(budget),
    result: (i, word) => {
      const { halves } = current();
      const at = 2 * (i * RESULT_WORDS + word);
      const high = halves[at + 1];
      return high < TWO_TO_21 ? high * TWO_TO_32 + halves[at] : Infinity;
    },
    bigResult: (i, word) => current().results[i * RESULT_WORDS + word],
    shortfall: () => exports.joinShortfall(),
    heldBytes: () => exports.memory.buffer.byteLength,
    startSolutions(n, width, record, state) {
      exports.startSolutions(n, width);
      const { enumRecord, enumState } = current();
      record.set(enumRecord);
      state.set(enumState);
    },
    nextSolutions(record, state, out, max, budget) {
      const { enumRecord, enumState, solutions } = current();
      enumRecord.set(record);
      enumState.set(state);
      const written = exports.nextSolutions(max, budget);
      state.set(enumState);
      out.set(solutions.subarray(0, written * record[REC_SIZE]));
      return written;
    },
  };
}
