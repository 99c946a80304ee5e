// solutions and solveNQueens: validate, and list the boards lazily (run/enumerate.ts).

import { ArgumentRangeError } from './errors.js';
import { resolveEngineSync } from './kernel/select.js';
import { enumerate } from './run/enumerate.js';
import type { SolutionsOptions } from './types.js';
import { checkCpuEngine, checkN, checkOptions, checkPlaced } from './validate.js';

/**
 * Every solution as cols[row] (0-based), lazily, in lexicographic order of that array. Memory
 * stays bounded however many solutions there are; stopping early leaves nothing behind.
 */
export function solutions(n: number, options?: SolutionsOptions): IterableIterator<number[]> {
  const size = checkN(n);
  const o = checkOptions('solutions', options, ['engine', 'placed']);
  const { engine } = resolveEngineSync(checkCpuEngine('solutions', o.engine));
  return enumerate(engine, size, checkPlaced(size, o.placed) ?? []);
}

/**
 * The largest board solveNQueens lists: n = 15 has 2,279,184 boards (about 300 MB as arrays of
 * strings); n = 16 would need about 2 GB, beyond what a browser tab or Node's default heap holds.
 */
export const MAX_SOLVE_N = 15;

/** Every solution as n strings of 'Q' and '.', one per row (LeetCode 51), in the same order. */
export function solveNQueens(n: number): string[][] {
  const size = checkN(n);
  if (size > MAX_SOLVE_N) {
    throw new ArgumentRangeError('n', `an integer from 1 to ${MAX_SOLVE_N}`, String(size), {
      message:
        `solveNQueens(n) builds every board in memory, so n must be an integer from 1 to ${MAX_SOLVE_N} ` +
        `(n = ${MAX_SOLVE_N}: 2,279,184 boards, about 300 MB), got ${size}; use solutions(n) to go through the boards one at a time`,
    });
  }
  const rows = Array.from({ length: size }, (_, c) => `${'.'.repeat(c)}Q${'.'.repeat(size - c - 1)}`);
  return Array.from(solutions(size), (cols) => cols.map((c) => rows[c]));
}
