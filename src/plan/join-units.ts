// The units of work of a count by the join (assembly/join.ts): row choices. A row choice says, for
// each row, whether its queen stands in the east half of the columns or the west; every solution
// has exactly one, so the solutions are the sum over the choices of their own. On an odd board the
// middle column holds one queen, which the unit places (its row is part of the choice), and the
// two halves are the columns either side of it.
//
// Mirroring the board left to right turns a choice into its complement, and top to bottom into its
// reverse (the middle queen's row with it); both map the solutions of one choice one to one onto
// the other's. So only one choice of each class is counted: about a quarter of them. A unit's
// count is its choice's solutions and its mirror image's, weighed by where they hold the board's
// longest diagonals (assembly/join.ts), so a class counts half its size times its unit's count.

import type { Subproblems } from '../kernel/subproblems.js';

/**
 * The largest board whose join is planned as a list of units. The kernels join every board up to
 * 32, but the list grows with the row choices, C(n, n/2) (times n on odd boards) / 4: 2.6 million
 * units at n = 26 (0.2 s, 21 MB), 70 million at 27 and 1.2 billion at 31, which no list holds.
 */
export const JOIN_PLANNED_UP_TO = 26;

/** The bits of a 32-bit number in reverse order. */
function reverse32(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return ((x >>> 16) | (x << 16)) >>> 0;
}

/** The next larger number with as many bits set (Gosper's hack), for 32-bit row sets. */
function nextCombination(x: number): number {
  const low = x & -x;
  const ripple = x + low;
  return (ripple | ((x ^ ripple) >>> (2 + 31 - Math.clz32(low)))) >>> 0;
}

/**
 * The units of a join of the n×n board: one row choice of each class, in a fixed order, with the
 * class's size as its weight. After them, for a unique count, the subproblems `rotated` (frames
 * that a half turn maps onto themselves, each with its weight and stabilizer), searched for the
 * completions that the rotations leave unchanged: the unique count follows from those and the
 * total (tally.ts).
 */
export function joinUnits(n: number, rotated: Subproblems | null): Subproblems {
  const side = n >> 1;
  const odd = n % 2 === 1;
  const middleRows = odd ? n : 1;
  const eastRows: number[] = [];
  const middles: number[] = [];
  const weights: number[] = [];
  // A choice is counted where it is the least of its class, compared as (middle row, rows).
  const all = 2 ** n;
  for (let m = 0; m < middleRows; m++) {
    const middleRow = odd ? m : -1;
    const middleBit = odd ? 1 << m : 0;
    const free = (all - 1 - middleBit) >>> 0;
    const flippedMiddle = odd ? n - 1 - m : -1;
    for (let rows = (1 << side) - 1; rows < all; rows = nextCombination(rows)) {
      if ((rows & middleBit) !== 0) continue;
      const mirrored = (free & ~rows) >>> 0;
      const flipped = reverse32(rows) >>> (32 - n);
      const both = reverse32(mirrored) >>> (32 - n);
      // Flipping moves the middle queen to the mirror row: compare those first. A choice is never
      // its own mirror image (that has the other rows), so a class has 4 choices, or 2 where the
      // flip maps the choice onto itself or onto its mirror image.
      const flipOrder = flippedMiddle - middleRow;
      if (mirrored < rows || flipOrder < 0 || (flipOrder === 0 && (flipped < rows || both < rows))) continue;
      // Half the class's size: a unit's count is the class's solutions, twice (see below).
      const weight = flipOrder === 0 && (flipped === rows || flipped === mirrored) ? 1 : 2;
      eastRows.push(rows);
      middles.push(middleRow);
      weights.push(weight);
    }
  }
  const units = eastRows.length;
  const count = units + (rotated?.count ?? 0);
  const width = Math.max(odd ? 1 : 0, rotated?.width ?? 0);
  const pairs = width * 2;
  const queens = new Int8Array(count * pairs).fill(-1);
  const middleCol = (n - 1) >> 1;
  for (let i = 0; i < units; i++) {
    if (odd) {
      queens[pairs * i] = middles[i];
      queens[pairs * i + 1] = middleCol;
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
  if (rotated !== null) {
    const from = rotated.width * 2;
    for (let i = 0; i < rotated.count; i++)
      queens.set(rotated.queens.subarray(i * from, (i + 1) * from), (units + i) * pairs);
    list.weight.set(rotated.weight, units);
    list.stabilizer.set(rotated.stabilizer, units);
  }
  return list;
}
