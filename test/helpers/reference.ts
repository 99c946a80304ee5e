// A plain reference, independent of the package: row-by-row backtracking that checks each new
// queen against every queen above it, with no bitmasks, no symmetry and no splitting.

import type { Queen } from '../../src/types.js';

/** Every solution (cols[row]) that keeps the placed queens, in lexicographic order. */
export function referenceSolutions(n: number, placed: readonly Queen[] = []): number[][] {
  const fixed = new Array<number>(n).fill(-1);
  for (const [r, c] of placed) fixed[r] = c;
  const cols = new Array<number>(n).fill(-1);
  const out: number[][] = [];
  const fits = (row: number, col: number) => {
    for (let r = 0; r < row; r++) {
      if (cols[r] === col || Math.abs(cols[r] - col) === row - r) return false;
    }
    return true;
  };
  const place = (row: number) => {
    if (row === n) {
      out.push([...cols]);
      return;
    }
    for (let col = 0; col < n; col++) {
      if (fixed[row] >= 0 && fixed[row] !== col) continue;
      if (!fits(row, col)) continue;
      cols[row] = col;
      place(row + 1);
    }
    cols[row] = -1;
  };
  place(0);
  return out;
}

/** The eight symmetric images of a solution. */
function images(cols: readonly number[]): number[][] {
  const n = cols.length;
  const fromQueens = (queens: [number, number][]) => {
    const out = new Array<number>(n);
    for (const [r, c] of queens) out[r] = c;
    return out;
  };
  const queens = cols.map((c, r) => [r, c] as [number, number]);
  const m = n - 1;
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [r, c],
    (r, c) => [c, m - r],
    (r, c) => [m - r, m - c],
    (r, c) => [m - c, r],
    (r, c) => [r, m - c],
    (r, c) => [m - r, c],
    (r, c) => [c, r],
    (r, c) => [m - c, m - r],
  ];
  return maps.map((f) => fromQueens(queens.map(([r, c]) => f(r, c))));
}

/** The number of solutions distinct under rotation and reflection, by listing them all. */
export function referenceUnique(n: number): number {
  const classes = new Set<string>();
  for (const s of referenceSolutions(n)) {
    classes.add(
      images(s)
        .map((x) => x.join(','))
        .sort()[0],
    );
  }
  return classes.size;
}
