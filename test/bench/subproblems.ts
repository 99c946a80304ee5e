// The subproblems of a full count, laid out once for every kernel the benchmark times: the plan's
// weights and queens, and the same as a file for the C kernel.

import { writeFileSync } from 'node:fs';
import type { Subproblems } from '../../src/kernel/subproblems.js';
import { plan } from '../../src/plan/plan.js';

/** The subproblems of count(n), or of one shard of it. */
export function countSubproblems(n: number, shard: { index: number; count: number } | null = null): Subproblems {
  return plan(n, null, shard).subproblems;
}

/**
 * The file bench/c/kernel.c reads: [count, n, width] (int32), count weights (int32), then the
 * queens, width (row, col) byte pairs per subproblem.
 */
export function writeSubproblemsFile(path: string, n: number, list: Subproblems): void {
  const header = new Int32Array([list.count, n, list.width]);
  const weights = Int32Array.from(list.weight);
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from(header.buffer),
      Buffer.from(weights.buffer),
      Buffer.from(list.queens.buffer, list.queens.byteOffset, list.queens.byteLength),
    ]),
  );
}
