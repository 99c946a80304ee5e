// A second counter of one subproblem of the join, independent of the join and of the naive counter
// (naive-join.ts): no halves at all. It backtracks over the whole board, row by row from the top,
// each row's queen confined to the columns its row choice gives it (east, west, or the middle
// column for the middle queen's row), and weighs each solution it finds as a subproblem of the join
// weighs it: 2^w where no east queen stands on one of the board's two longest diagonals (w: the
// west queens on them), plus 2^e where no west queen does (e: the east ones). Its cost is the
// search of the row choice, not the product of two lists, so it reaches boards (n = 20 and on)
// where the naive counter's pair tests take minutes.

import type { JoinSubproblem } from './naive-join.js';

/**
 * What a subproblem of the join counts, by a search of its row choice over the whole board; null
 * where the search would visit more than `most` squares (it stops there).
 */
export function searchSubproblem(
  { n, eastRows, middleRow }: JoinSubproblem,
  most = Number.POSITIVE_INFINITY,
): bigint | null {
  const k = n >> 1;
  const board = n === 32 ? 0xffffffff : 2 ** n - 1;
  // Column c is bit c: the west columns are 0 .. k - 1, the east ones n - k .. n - 1.
  const westColumns = 2 ** k - 1;
  const eastColumns = (board - (2 ** (n - k) - 1)) >>> 0;
  const middleColumn = 2 ** ((n - 1) >> 1);
  let visited = 0;
  // A solution weighs at most 4, and the sums here stay far below 2^53.
  let sum = 0;
  // The columns taken, and the squares of this row on a taken diagonal: a second diagonal (r - c
  // constant) moves a column up row by row, a first diagonal (r + c constant) down.
  const place = (row: number, columns: number, second: number, first: number, east: number, west: number): void => {
    if (row === n) {
      sum += (east === 0 ? 2 ** west : 0) + (west === 0 ? 2 ** east : 0);
      return;
    }
    const allowed = row === middleRow ? middleColumn : (eastRows >>> row) & 1 ? eastColumns : westColumns;
    let free = (allowed & ~(columns | second | first)) >>> 0;
    while (free !== 0 && visited <= most) {
      visited++;
      const bit = (free & -free) >>> 0;
      free = (free ^ bit) >>> 0;
      const column = 31 - Math.clz32(bit);
      const onLongest = row !== middleRow && (column === row || column === n - 1 - row);
      const isEast = column >= n - k;
      place(
        row + 1,
        (columns | bit) >>> 0,
        (((second | bit) << 1) & board) >>> 0,
        (first | bit) >>> 1,
        east + (onLongest && isEast ? 1 : 0),
        west + (onLongest && !isEast ? 1 : 0),
      );
    }
  };
  place(0, 0, 0, 0, 0, 0);
  return visited > most ? null : BigInt(sum);
}
