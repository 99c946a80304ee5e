// The units of work of a count by the join (assembly/join.ts): row choices. A row choice says, for
// each row, whether its queen stands in the east half of the columns or the west; every solution
// has exactly one, so the solutions are the sum over the choices of their own. On an odd board the
// middle column holds one queen, which the unit places (its row is part of the choice), and the
// two halves are the columns either side of it.
//
// Mirroring the board left to right turns a choice into its complement, and top to bottom into its
// reverse (the middle queen's row with it); both map the solutions of one choice one to one onto
// the other's. So only one choice of each class is counted, weighted by the size of the class:
// about a quarter of them.

import type { Subproblems } from '../kernel/subproblems.js';
import { SYMMETRIES } from '../symmetry.js';

/** The rows of an n-row board in reverse order. */
function reversed(rows: number, n: number): number {
  let out = 0;
  for (let r = 0; r < n; r++) if ((rows >>> r) & 1) out |= 1 << (n - 1 - r);
  return out >>> 0;
}

/** The next larger number with as many bits set (Gosper's hack), for 32-bit row sets. */
function nextCombination(x: number): number {
  const low = x & -x;
  const ripple = x + low;
  return (ripple | ((x ^ ripple) >>> (2 + 31 - Math.clz32(low)))) >>> 0;
}

/**
 * The units of a join of the n×n board: one row choice of each class, in a fixed order, with the
 * class's size as its weight. With `countsUnique`, one more subproblem at the end: the empty board,
 * searched for the solutions a half turn and a quarter turn leave unchanged (the unique count
 * follows from those and the total: tally.ts).
 */
export function joinUnits(n: number, countsUnique: boolean): Subproblems {
  const side = n >> 1;
  const odd = n % 2 === 1;
  const middleRows = odd ? n : 1;
  const eastRows: number[] = [];
  const middles: number[] = [];
  const weights: number[] = [];
  for (let m = 0; m < middleRows; m++) {
    const middleRow = odd ? m : -1;
    const free = ((2 ** n - 1) & ~(odd ? 1 << m : 0)) >>> 0;
    const flippedMiddle = odd ? n - 1 - m : -1;
    // Every set of `side` rows among the free ones: spread `side` low bits over the free rows.
    const freeRows: number[] = [];
    for (let r = 0; r < n; r++) if ((free >>> r) & 1) freeRows.push(r);
    const limit = 2 ** freeRows.length;
    for (let pick = (1 << side) - 1; pick < limit; pick = nextCombination(pick)) {
      let rows = 0;
      for (let i = 0; i < freeRows.length; i++) if ((pick >>> i) & 1) rows |= 1 << freeRows[i];
      rows >>>= 0;
      const key = (middle: number, r: number) => (middle + 1) * 2 ** n + r;
      const mirrored = (free & ~rows) >>> 0;
      const images = [
        key(middleRow, rows),
        key(middleRow, mirrored),
        key(flippedMiddle, reversed(rows, n)),
        key(flippedMiddle, reversed(mirrored, n)),
      ];
      const own = images[0];
      if (images.some((image) => image < own)) continue;
      eastRows.push(rows);
      middles.push(middleRow);
      weights.push(new Set(images).size);
    }
  }
  const count = eastRows.length + (countsUnique ? 1 : 0);
  const width = odd ? 1 : 0;
  const queens = new Int8Array(count * width * 2).fill(-1);
  const middleCol = (n - 1) >> 1;
  for (let i = 0; i < eastRows.length; i++) {
    if (odd) {
      queens[2 * i] = middles[i];
      queens[2 * i + 1] = middleCol;
    }
  }
  const list = {
    count,
    width,
    queens,
    weight: new Uint8Array(count),
    stabilizer: new Uint8Array(count),
    eastRows: new Uint32Array(count),
  };
  list.weight.set(weights);
  list.eastRows.set(eastRows);
  if (countsUnique) {
    // The empty board, which every symmetry maps onto itself, searched for its fixed solutions.
    list.stabilizer[count - 1] = (1 << SYMMETRIES) - 1;
  }
  return list;
}
