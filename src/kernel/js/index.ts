// The TypeScript kernel behind the Kernel interface; the algorithms are in the files beside this one.

import { BATCH, RESULT_WORDS, SUBPROBLEM_BYTES } from '../../../assembly/layout.js';
import type { Kernel } from '../kernel.js';
import { batchCounter } from './count.js';
import { nextSolutions, startSolutions } from './solutions.js';

const TWO_TO_53 = 2 ** 53;

export function jsKernel(): Kernel {
  const subproblems = new Int8Array(BATCH * SUBPROBLEM_BYTES);
  const fixed = new Uint8Array(BATCH);
  const eastRows = new Uint32Array(BATCH);
  const results = new Float64Array(BATCH * RESULT_WORDS);
  const counter = batchCounter(subproblems, fixed, eastRows, results);
  // result(): the TS kernel counts in doubles, exact below 2^53: far more than it counts per subproblem.
  return {
    engine: 'js',
    subproblems,
    fixed,
    eastRows,
    startBatch: counter.startBatch,
    countSteps: counter.countSteps,
    result: (i, word) => {
      const value = results[i * RESULT_WORDS + word];
      return value < TWO_TO_53 ? value : Infinity;
    },
    bigResult: (i, word) => BigInt(results[i * RESULT_WORDS + word]),
    shortfall: counter.shortfall,
    heldBytes: counter.heldBytes,
    startSolutions: (n, width, record, state) => startSolutions(subproblems, n, width, record, state),
    nextSolutions,
  };
}
