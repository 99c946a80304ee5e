// A subproblem's queens into the record that the searches read (format in layout.ts).
// src/kernel/js/expand.ts is the same, step for step.

import { REC_BOARD, REC_FIXED, REC_LEVELS, REC_MASK, REC_ROW, REC_SHIFT, REC_SIZE, REC_USED } from './layout';

/**
 * Writes at `record` the record of the queens at `queens` (`pairs` (row, col) bytes; rows of -1
 * are padding) on an n×n board, asking for the counts `fixed` (FIXED_* bits).
 */
export function expandRecord(queens: usize, pairs: i32, n: i32, fixed: i32, record: usize): void {
  const all: u32 = n == 32 ? 0xffffffff : ((<u32>1) << n) - 1;
  const board = record + (REC_BOARD << 2);
  let used: u32 = 0;
  for (let r = 0; r < n; r++) store<i32>(board + ((<usize>r) << 2), -1);
  for (let i = 0; i < pairs; i++) {
    const row = <i32>load<i8>(queens + ((<usize>i) << 1));
    if (row < 0) continue;
    const col = <i32>load<i8>(queens + ((<usize>i) << 1), 1);
    store<i32>(board + ((<usize>row) << 2), col);
    used |= (<u32>1) << col;
  }
  // The diagonals the queens take, in two passes over the rows: going down, the queens above a row
  // (their diagonals one column further out per row), which starts each free row's mask; going
  // up, the queens below it, which completes the mask.
  let level = 0;
  let previous = -1;
  let right: u32 = 0;
  let left: u32 = 0;
  for (let r = 0; r < n; r++) {
    const col = load<i32>(board + ((<usize>r) << 2));
    if (col >= 0) {
      right |= (<u32>1) << col;
      left |= (<u32>1) << col;
    } else {
      store<u32>(record + ((REC_MASK + level) << 2), right | left);
      store<i32>(record + ((REC_ROW + level) << 2), r);
      if (level > 0) store<i32>(record + ((REC_SHIFT + level - 1) << 2), r - previous);
      previous = r;
      level++;
    }
    right <<= 1;
    left >>= 1;
  }
  right = 0;
  left = 0;
  for (let r = n - 1, at = level; r >= 0; r--) {
    const col = load<i32>(board + ((<usize>r) << 2));
    if (col >= 0) {
      right |= (<u32>1) << col;
      left |= (<u32>1) << col;
    } else {
      at--;
      const mask = record + ((REC_MASK + at) << 2);
      store<u32>(mask, all & ~(used | load<u32>(mask) | right | left));
    }
    right <<= 1;
    left >>= 1;
  }
  store<i32>(record + (REC_SIZE << 2), n);
  store<i32>(record + (REC_LEVELS << 2), level);
  store<i32>(record + (REC_FIXED << 2), fixed);
  store<u32>(record + (REC_USED << 2), used);
  // The searches may read two levels past the last one: those rows are closed and not shifted into.
  store<u32>(record + ((REC_MASK + level) << 2), 0);
  store<u32>(record + ((REC_MASK + level + 1) << 2), 0);
  if (level > 0) store<i32>(record + ((REC_SHIFT + level - 1) << 2), 0);
  store<i32>(record + ((REC_SHIFT + level) << 2), 0);
  store<i32>(record + ((REC_SHIFT + level + 1) << 2), 0);
}
