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
  // One bit per column and per diagonal.
  const column = new Uint32Array(Math.ceil(n / 32));
  const down = new Uint32Array(Math.ceil((2 * n - 1) / 32)); // row + col
  const up = new Uint32Array(Math.ceil((2 * n - 1) / 32)); // row - col + n - 1
  const taken = (set: Uint32Array, i: number) => {
    const word = Math.floor(i / 32);
    const bit = 1 << (i % 32);
    if (set[word] & bit) return true;
    set[word] |= bit;
    return false;
  };
  for (let row = 0; row < n; row++) {
    const col = board[row] as number;
    if (taken(column, col) || taken(down, row + col) || taken(up, row - col + n - 1)) return false;
  }
  return true;
}
