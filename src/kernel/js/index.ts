// The TypeScript kernel behind the Kernel interface; the algorithms are in the files beside this one.

import { BATCH, RECORD_WORDS, RESULT_WORDS } from '../../../assembly/layout.js';
import type { Kernel } from '../kernel.js';
import { batchCounter } from './count.js';
import { nextSolutions, startSolutions } from './solutions.js';

export function jsKernel(): Kernel {
  const records = new Int32Array(BATCH * RECORD_WORDS);
  const results = new Float64Array(BATCH * RESULT_WORDS);
  const counter = batchCounter(records, results);
  return {
    engine: 'js',
    records,
    startBatch: counter.startBatch,
    countSteps: counter.countSteps,
    result: (record, word) => BigInt(results[record * RESULT_WORDS + word]),
    startSolutions,
    nextSolutions,
  };
}
