// A kernel that reports results it is given instead of searching: it makes the sizes that no real
// count reaches in a test (counts past 2^53).
import { BATCH } from '../../assembly/layout.js';
import type { Kernel } from '../../src/kernel/kernel.js';

export interface Given {
  completions: bigint;
  halfTurns: bigint;
  quarterTurns: bigint;
  weight: number;
  stabilizer: number;
}

/** A kernel that reports the given results, `perCall` subproblems per countSteps call. */
export function givenKernel(given: readonly Given[], perCall: number): Kernel {
  let batchStart = 0;
  let batchSize = 0;
  let ready = 0;
  let offset = 0;
  const word = (i: number, w: number) => {
    const g = given[batchStart + i];
    return [g.completions, g.halfTurns, g.quarterTurns][w];
  };
  return {
    engine: 'wasm',
    subproblems: new Int8Array(BATCH * 64),
    fixed: new Uint8Array(BATCH),
    eastRows: new Uint32Array(BATCH),
    startBatch(count) {
      batchStart = offset;
      batchSize = count;
      offset += count;
      ready = 0;
    },
    countSteps() {
      ready = Math.min(batchSize, ready + perCall);
      return ready;
    },
    shortfall: () => 0,
    heldBytes: () => 0,
    result: (i, w) => {
      const value = word(i, w);
      return value < 2n ** 53n ? Number(value) : Infinity;
    },
    bigResult: (i, w) => word(i, w),
    startSolutions() {
      throw new Error('not a listing kernel');
    },
    nextSolutions() {
      throw new Error('not a listing kernel');
    },
  };
}
