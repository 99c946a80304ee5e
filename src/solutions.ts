// solutions and solveNQueens: validate, pick a kernel, and stream its batches of boards.

import { ENUM_WORDS, RECORD_WORDS, SOLUTION_BYTES } from '../assembly/layout.js';
import type { Kernel } from './kernel/kernel.js';
import { selectKernelSync } from './kernel/select.js';
import { writeRecord } from './plan/records.js';
import type { Queen, SolutionsOptions } from './types.js';
import { checkEngine, checkN, checkOptions, checkPlaced } from './validate.js';

/**
 * Every solution as cols[row] (0-based), lazily, in lexicographic order of that array. Memory
 * stays bounded however many solutions there are; stopping early leaves nothing behind.
 */
export function solutions(n: number, options?: SolutionsOptions): IterableIterator<number[]> {
  const size = checkN(n);
  const o = checkOptions('solutions', options, ['engine', 'placed']);
  const engine = checkEngine(o.engine);
  const placed = checkPlaced(size, o.placed) ?? [];
  return enumerate(selectKernelSync(engine), size, placed);
}

function* enumerate(kernel: Kernel, n: number, placed: readonly Queen[]): Generator<number[], void, undefined> {
  const record = new Int32Array(RECORD_WORDS);
  writeRecord(record, 0, n, placed.flat());
  const state = new Int32Array(ENUM_WORDS);
  kernel.startSolutions(record, state);
  const capacity = Math.floor(SOLUTION_BYTES / n);
  const boards = new Uint8Array(capacity * n);
  // The first batch holds one board, so that the first solution comes as soon as it is found;
  // later batches grow to the buffer's capacity.
  let batch = 1;
  for (;;) {
    const written = kernel.nextSolutions(record, state, boards, batch);
    for (let i = 0; i < written; i++) {
      const cols = new Array<number>(n);
      for (let r = 0; r < n; r++) cols[r] = boards[i * n + r];
      yield cols;
    }
    if (written < batch) return;
    batch = Math.min(batch * 8, capacity);
  }
}

/** Every solution as n strings of 'Q' and '.', one per row (LeetCode 51), in the same order. */
export function solveNQueens(n: number): string[][] {
  const size = checkN(n);
  const rows = Array.from({ length: size }, (_, c) => `${'.'.repeat(c)}Q${'.'.repeat(size - c - 1)}`);
  return Array.from(solutions(size), (cols) => cols.map((c) => rows[c]));
}
