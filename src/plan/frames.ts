// Symmetry frames: every solution has exactly one queen in the top row, the bottom row, the left
// column and the right column (a corner queen serves two of them). Those up to four queens are the
// solution's frame, and the eight board symmetries map frames onto frames. Counting the interior
// completions of one frame per symmetry class, weighted by the size of its class, gives the total;
// the frame's stabilizer gives the unique count from the same pass (run/tally.ts). About 1/8 of
// the search remains, split into independent subproblems of fairly even size (730 at n = 12,
// growing as about n^4 / 8 + O(n^3)).

import { SYMMETRIES, transform } from '../symmetry.js';
import { SubproblemsBuilder, type Subproblems } from './subproblem.js';

/** Queens per frame: one per border line, fewer when a corner queen serves two. */
const FRAME_QUEENS = 4;

/** The canonical frames of an n×n board, in a fixed order. */
export function frames(n: number): Subproblems {
  const last = n - 1;
  const out = new SubproblemsBuilder(FRAME_QUEENS, 256);
  const queens: number[] = [];
  const oriented = new Array<number>(2 * FRAME_QUEENS);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (let k = 0; k < n; k++) {
        // A corner queen belongs to a row and a column of the frame at once.
        if ((a === 0) !== (k === 0) || (b === 0) !== (k === last)) continue;
        for (let l = 0; l < n; l++) {
          if ((a === last) !== (l === 0) || (b === last) !== (l === last)) continue;
          queens.length = 0;
          addDistinct(queens, 0, a);
          addDistinct(queens, last, b);
          addDistinct(queens, k, 0);
          addDistinct(queens, l, last);
          if (!nonAttacking(queens)) continue;
          classify(n, queens, code(n, a, b, k, l), oriented, out);
        }
      }
    }
  }
  return out.finish();
}

function addDistinct(queens: number[], r: number, c: number): void {
  for (let i = 0; i < queens.length; i += 2) if (queens[i] === r && queens[i + 1] === c) return;
  queens.push(r, c);
}

function nonAttacking(queens: number[]): boolean {
  for (let i = 0; i < queens.length; i += 2) {
    for (let j = i + 2; j < queens.length; j += 2) {
      const [ri, ci, rj, cj] = [queens[i], queens[i + 1], queens[j], queens[j + 1]];
      if (ri === rj || ci === cj || ri - ci === rj - cj || ri + ci === rj + cj) return false;
    }
  }
  return true;
}

function code(n: number, a: number, b: number, k: number, l: number): number {
  return ((a * n + b) * n + k) * n + l;
}

/**
 * Adds the frame if no symmetry maps it to a smaller code (one representative per class), with
 * the symmetries that fix it. The queens are added in the orientation that the search handles
 * fastest; counts do not depend on orientation.
 */
function classify(n: number, queens: number[], own: number, oriented: number[], out: SubproblemsBuilder): void {
  const last = n - 1;
  let stabilizer = 0;
  let bestCost = Infinity;
  let best = 0;
  for (let g = 0; g < SYMMETRIES; g++) {
    let a = 0, b = 0, k = 0, l = 0;
    for (let i = 0; i < queens.length; i += 2) {
      const [r, c] = transform(g, n, queens[i], queens[i + 1]);
      if (r === 0) a = c;
      if (r === last) b = c;
      if (c === 0) k = r;
      if (c === last) l = r;
    }
    const image = code(n, a, b, k, l);
    if (image < own) return;
    if (image === own) stabilizer |= 1 << g;
    const cost = searchCost(n, b, k, l);
    if (cost < bestCost) {
      bestCost = cost;
      best = g;
    }
  }
  for (let i = 0; i < queens.length; i += 2) {
    const [r, c] = transform(best, n, queens[i], queens[i + 1]);
    oriented[i] = r;
    oriented[i + 1] = c;
  }
  let size = 0;
  for (let g = 0; g < SYMMETRIES; g++) if (stabilizer & (1 << g)) size++;
  out.add(oriented, queens.length, SYMMETRIES / size, stabilizer);
}

// The search runs top to bottom. A bottom-row queen near a corner has a diagonal that climbs
// through nearly every row, so it prunes from the first rows on; side queens low on the board
// help a little too. Fitted on the node counts of all eight orientations of every frame for
// n = 14..16 with the bitmask search (README, "How it counts").
function searchCost(n: number, bottomCol: number, leftRow: number, rightRow: number): number {
  return Math.min(bottomCol, n - 1 - bottomCol) - 0.2 * (leftRow + rightRow);
}
