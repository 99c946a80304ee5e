import { checkCols } from './validate.js';

/**
 * Whether cols (cols[row], 0-based) is a full solution of the cols.length × cols.length board:
 * every entry an integer in range, one queen per column, no two on a diagonal. O(n).
 */
export function isSolution(cols: ArrayLike<number>): boolean {
  const board = checkCols(cols);
  const n = board.length;
  if (n < 1) return false;
  // Every entry first, with nothing allocated: an array-like that only claims a length fails here.
  for (let row = 0; row < n; row++) {
    const col = board[row];
    if (typeof col !== 'number' || !Number.isInteger(col) || col < 0 || col >= n) return false;
  }
  const column = new Uint8Array(n);
  const down = new Uint8Array(2 * n - 1); // row + col
  const up = new Uint8Array(2 * n - 1); // row - col + n - 1
  for (let row = 0; row < n; row++) {
    const col = board[row] as number;
    if (column[col] || down[row + col] || up[row - col + n - 1]) return false;
    column[col] = down[row + col] = up[row - col + n - 1] = 1;
  }
  return true;
}
