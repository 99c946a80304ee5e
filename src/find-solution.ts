// One solution for very large boards, built in O(n) instead of searched for: the classic explicit
// construction (Hoffman, Loessi and Moore, 1969). In 1-based columns, row by row: the even
// columns in order, then the odd ones, with two repairs for the sizes where that fails:
//   n mod 6 = 2: the odd columns become 3, 1, 7, 9, ..., 5  (1 and 3 swapped, 5 moved last);
//   n mod 6 = 3: the even ones become 4, 6, ..., 2 and the odd ones 5, 7, ..., 1, 3.

import { checkFindN } from './validate.js';

/** One solution as cols[row] (0-based), for n from 1 to 10,000,000; null for n = 2 and 3. */
export function findSolution(n: number): number[] | null {
  const size = checkFindN(n);
  if (size === 1) return [0];
  if (size <= 3) return null;
  const cols = new Array<number>(size);
  let row = 0;
  const mod = size % 6;
  // Even columns (1-based) are odd 0-based ones.
  for (let c = mod === 3 ? 4 : 2; c <= size; c += 2) cols[row++] = c - 1;
  if (mod === 3) cols[row++] = 1;
  if (mod === 2) {
    cols[row++] = 2;
    cols[row++] = 0;
    for (let c = 7; c <= size; c += 2) cols[row++] = c - 1;
    cols[row++] = 4;
  } else if (mod === 3) {
    for (let c = 5; c <= size; c += 2) cols[row++] = c - 1;
    cols[row++] = 0;
    cols[row++] = 2;
  } else {
    for (let c = 1; c <= size; c += 2) cols[row++] = c - 1;
  }
  return cols;
}
