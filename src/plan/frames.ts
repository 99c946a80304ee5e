// Symmetry frames: every solution has exactly one queen in the top row, the bottom row, the left
// column and the right column (a corner queen serves two of them). Those up to four queens are the
// solution's frame, and the eight board symmetries map frames onto frames. Counting the interior
// completions of one frame per symmetry class, weighted by the size of its class, gives the total;
// the frame's stabilizer gives the unique count from the same pass (run/tally.ts). About 1/8 of
// the search remains, split into independent subproblems of fairly even size (730 at n = 12,
// growing as about n^4 / 8 + O(n^3)).
//
// A frame is (a, b, k, l): queens at (0, a), (n-1, b), (k, 0) and (l, n-1). Its images under the
// symmetries are computed on those four numbers directly (numbering of symmetry.ts), so that
// planning allocates nothing per frame: a few milliseconds even at n = 32.

import { SYMMETRIES } from '../symmetry.js';
import { SubproblemsBuilder, type Subproblems } from './subproblem.js';

/** Queens per frame: one per border line, fewer when a corner queen serves two. */
const FRAME_QUEENS = 4;

/** The canonical frames of an n×n board, in a fixed order. */
export function frames(n: number): Subproblems {
  const m = n - 1;
  const out = new SubproblemsBuilder(FRAME_QUEENS, 256);
  const image = new Int32Array(4 * SYMMETRIES);
  const queens = new Int32Array(2 * FRAME_QUEENS);
  // A frame is kept only when its code is the least of its eight images'; the top column a leads
  // the code, and the images' top columns are a, b, k, l and their mirrors (see images), so a kept
  // frame has a no greater than any of them: b, k and l lie within [a, m - a].
  for (let a = 0; 2 * a <= m; a++) {
    for (let b = a; b <= m - a; b++) {
      // Top and bottom queens: other columns, not on one diagonal (rows 0 and m are m apart).
      if (n > 1 && (a === b || b - a === m)) continue;
      for (let k = a; k <= m - a; k++) {
        // A corner queen belongs to a row and a column of the frame at once.
        if ((a === 0) !== (k === 0) || (b === 0) !== (k === m)) continue;
        if (k !== 0 && k !== m && (a === k || b === m - k)) continue;
        for (let l = a; l <= m - a; l++) {
          if ((a === m) !== (l === 0) || (b === m) !== (l === m)) continue;
          if (l !== 0 && l !== m && (m - a === l || b === l)) continue;
          // The side queens: other rows, not on one diagonal (columns 0 and m are m apart).
          if (k !== 0 && k !== m && l !== 0 && l !== m && (k === l || Math.abs(k - l) === m)) continue;
          classify(n, a, b, k, l, image, queens, out);
        }
      }
    }
  }
  return out.finish();
}

function code(n: number, a: number, b: number, k: number, l: number): number {
  return ((a * n + b) * n + k) * n + l;
}

/** (a, b, k, l) of the frame's image under each symmetry, 4 numbers per symmetry. */
function images(m: number, a: number, b: number, k: number, l: number, out: Int32Array): void {
  const put = (g: number, ga: number, gb: number, gk: number, gl: number) => {
    out[4 * g] = ga;
    out[4 * g + 1] = gb;
    out[4 * g + 2] = gk;
    out[4 * g + 3] = gl;
  };
  put(0, a, b, k, l); // identity
  put(1, m - k, m - l, b, a); // quarter turn: (r, c) -> (c, m - r)
  put(2, m - b, m - a, m - l, m - k); // half turn
  put(3, l, k, m - a, m - b); // three-quarter turn: (r, c) -> (m - c, r)
  put(4, m - a, m - b, l, k); // mirror left-right
  put(5, b, a, m - k, m - l); // mirror top-bottom
  put(6, k, l, a, b); // transpose
  put(7, m - l, m - k, m - b, m - a); // anti-transpose
}

/**
 * Adds the frame if no symmetry maps it to a smaller code (one representative per class), with
 * the symmetries that fix it. The queens are added in the orientation that the search handles
 * fastest; counts do not depend on orientation.
 */
function classify(n: number, a: number, b: number, k: number, l: number, image: Int32Array, queens: Int32Array, out: SubproblemsBuilder): void {
  const m = n - 1;
  images(m, a, b, k, l, image);
  const own = code(n, a, b, k, l);
  let stabilizer = 0;
  let size = 0;
  let bestCost = Infinity;
  let best = 0;
  for (let g = 0; g < SYMMETRIES; g++) {
    const at = 4 * g;
    const other = code(n, image[at], image[at + 1], image[at + 2], image[at + 3]);
    if (other < own) return;
    if (other === own) {
      stabilizer |= 1 << g;
      size++;
    }
    const cost = searchCost(n, image[at]);
    if (cost < bestCost) {
      bestCost = cost;
      best = g;
    }
  }
  // The queens of the chosen image: top, bottom, then the side queens that are not corners.
  const [ta, tb, tk, tl] = [image[4 * best], image[4 * best + 1], image[4 * best + 2], image[4 * best + 3]];
  let length = 0;
  const add = (r: number, c: number) => {
    for (let i = 0; i < length; i += 2) if (queens[i] === r && queens[i + 1] === c) return;
    queens[length++] = r;
    queens[length++] = c;
  };
  add(0, ta);
  add(m, tb);
  add(tk, 0);
  add(tl, m);
  out.add(queens, length, SYMMETRIES / size, stabilizer);
}

// Forward checking fills the most constrained row first, and breaks ties by row, top first: with
// the top queen near a corner, its long diagonal constrains the rows it meets most (compared on
// every frame's placements in all eight orientations: README, "How it counts").
function searchCost(n: number, topCol: number): number {
  return Math.min(topCol, n - 1 - topCol);
}
