// A subproblem's queens into the record that the searches read (format in assembly/layout.ts).
// assembly/expand.ts is the same, step for step.

import {
  REC_BOARD,
  REC_FIXED,
  REC_LEVELS,
  REC_MASK,
  REC_ROW,
  REC_SHIFT,
  REC_SIZE,
  REC_USED,
} from '../../../assembly/layout.js';

/**
 * Writes into `records` at `record` the record of the queens at queens[from..] (`pairs` (row, col)
 * pairs; rows of -1 are padding) on an n×n board, asking for the counts `fixed` (FIXED_* bits).
 */
export function expandRecord(
  queens: Int8Array,
  from: number,
  pairs: number,
  n: number,
  fixed: number,
  records: Int32Array,
  record: number,
): void {
  const all = n === 32 ? -1 : (1 << n) - 1;
  const board = record + REC_BOARD;
  let used = 0;
  for (let r = 0; r < n; r++) records[board + r] = -1;
  for (let i = 0; i < pairs; i++) {
    const row = queens[from + 2 * i];
    if (row < 0) continue;
    const col = queens[from + 2 * i + 1];
    records[board + row] = col;
    used |= 1 << col;
  }
  // The diagonals the queens take, in two passes over the rows: going down, the queens above a row
  // (their diagonals one column further out per row), which starts each free row's mask; going
  // up, the queens below it, which completes the mask.
  let level = 0;
  let previous = -1;
  let right = 0;
  let left = 0;
  for (let r = 0; r < n; r++) {
    const col = records[board + r];
    if (col >= 0) {
      right |= 1 << col;
      left |= 1 << col;
    } else {
      records[record + REC_MASK + level] = right | left;
      records[record + REC_ROW + level] = r;
      if (level > 0) records[record + REC_SHIFT + level - 1] = r - previous;
      previous = r;
      level++;
    }
    right <<= 1;
    left >>>= 1;
  }
  right = 0;
  left = 0;
  for (let r = n - 1, at = level; r >= 0; r--) {
    const col = records[board + r];
    if (col >= 0) {
      right |= 1 << col;
      left |= 1 << col;
    } else {
      at--;
      const mask = record + REC_MASK + at;
      records[mask] = all & ~(used | records[mask] | right | left);
    }
    right <<= 1;
    left >>>= 1;
  }
  records[record + REC_SIZE] = n;
  records[record + REC_LEVELS] = level;
  records[record + REC_FIXED] = fixed;
  records[record + REC_USED] = used;
  // The searches may read two levels past the last one: those rows are closed and not shifted into.
  records[record + REC_MASK + level] = 0;
  records[record + REC_MASK + level + 1] = 0;
  if (level > 0) records[record + REC_SHIFT + level - 1] = 0;
  records[record + REC_SHIFT + level] = 0;
  records[record + REC_SHIFT + level + 1] = 0;
}
