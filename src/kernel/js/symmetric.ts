// Counting the completions that a half turn or a quarter turn of the board leaves unchanged, for
// the unique count. assembly/symmetric.ts and src/kernel/js/symmetric.ts are the same algorithm.

import { REC_BOARD, REC_LEVELS, REC_MASK, REC_ROW, REC_SHIFT, REC_SIZE } from '../../../assembly/layout.js';

export const SAVE_WORDS = 4; // one saved state: free, cols, left, right

// Only for the few records whose pre-placed queens a half turn maps onto themselves: it visits
// every leaf and checks the whole board, so it favours plainness over speed.
export function symmetricCompletions(
  records: Int32Array,
  record: number,
  stack: Int32Array,
  board: Int32Array,
  out: Float64Array,
  at: number,
): void {
  const n = records[record + REC_SIZE];
  const levels = records[record + REC_LEVELS];
  const masks = record + REC_MASK;
  const shifts = record + REC_SHIFT;
  const rows = record + REC_ROW;
  board.set(records.subarray(record + REC_BOARD, record + REC_BOARD + n));

  let count = 0;
  let halfTurns = 0;
  let quarterTurns = 0;
  if (levels === 0) {
    count = 1;
    halfTurns = fixedByHalfTurn(board, n) ? 1 : 0;
    quarterTurns = fixedByQuarterTurn(board, n) ? 1 : 0;
  } else {
    const last = levels - 1;
    let level = 0;
    let cols = 0;
    let left = 0;
    let right = 0;
    let free = records[masks];
    let frame = 0;
    for (;;) {
      if (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        board[records[rows + level]] = 31 - Math.clz32(bit);
        if (level === last) {
          count++;
          halfTurns += fixedByHalfTurn(board, n) ? 1 : 0;
          quarterTurns += fixedByQuarterTurn(board, n) ? 1 : 0;
          continue;
        }
        const shift = records[shifts + level];
        stack[frame] = free;
        stack[frame + 1] = cols;
        stack[frame + 2] = left;
        stack[frame + 3] = right;
        frame += SAVE_WORDS;
        level++;
        cols |= bit;
        left = (left | bit) << shift;
        right = (right | bit) >>> shift;
        free = records[masks + level] & ~(cols | left | right);
      } else {
        if (level === 0) break;
        frame -= SAVE_WORDS;
        level--;
        free = stack[frame];
        cols = stack[frame + 1];
        left = stack[frame + 2];
        right = stack[frame + 3];
      }
    }
  }
  out[at] = count;
  out[at + 1] = halfTurns;
  out[at + 2] = quarterTurns;
}

// (r, c) -> (n-1-r, n-1-c) maps the board onto itself.
function fixedByHalfTurn(board: Int32Array, n: number): boolean {
  for (let r = 0; r < n; r++) {
    if (board[n - 1 - r] !== n - 1 - board[r]) return false;
  }
  return true;
}

// (r, c) -> (c, n-1-r) maps the board onto itself.
function fixedByQuarterTurn(board: Int32Array, n: number): boolean {
  for (let r = 0; r < n; r++) {
    if (board[board[r]] !== n - 1 - r) return false;
  }
  return true;
}

