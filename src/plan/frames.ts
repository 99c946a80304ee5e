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
          images(m, a, b, k, l, image);
          classify(n, image, queens, out);
        }
      }
    }
  }
  return out.finish();
}

// Planning runs once per board size, often in a fresh process where its code is still
// interpreted: per candidate frame it allocates nothing and calls only these two functions.

/** (a, b, k, l) of the frame's image under each symmetry, 4 numbers per symmetry. */
function images(m: number, a: number, b: number, k: number, l: number, out: Int32Array): void {
  out[0] = a; out[1] = b; out[2] = k; out[3] = l; // identity
  out[4] = m - k; out[5] = m - l; out[6] = b; out[7] = a; // quarter turn: (r, c) -> (c, m - r)
  out[8] = m - b; out[9] = m - a; out[10] = m - l; out[11] = m - k; // half turn
  out[12] = l; out[13] = k; out[14] = m - a; out[15] = m - b; // three-quarter turn: (r, c) -> (m - c, r)
  out[16] = m - a; out[17] = m - b; out[18] = l; out[19] = k; // mirror left-right
  out[20] = b; out[21] = a; out[22] = m - k; out[23] = m - l; // mirror top-bottom
  out[24] = k; out[25] = l; out[26] = a; out[27] = b; // transpose
  out[28] = m - l; out[29] = m - k; out[30] = m - b; out[31] = m - a; // anti-transpose
}

/**
 * Adds the frame (image 0) if no symmetry maps it to a smaller code (one representative per
 * class), with the symmetries that fix it. It is counted as it stands: its top queen is the
 * nearest to a corner of the eight images' (a <= b, k, l <= m - a), and forward checking, which
 * fills the most constrained row first and breaks ties top first, prunes best with the top queen's
 * long diagonal across the rows it meets (README, "How it counts": compared with the other
 * orientations on every frame of n = 12..16).
 */
function classify(n: number, image: Int32Array, queens: Int32Array, out: SubproblemsBuilder): void {
  const m = n - 1;
  // The code of a frame: (a, b, k, l) as the digits of a number in base n.
  const own = ((image[0] * n + image[1]) * n + image[2]) * n + image[3];
  let stabilizer = 0;
  let size = 0;
  for (let g = 0, at = 0; g < SYMMETRIES; g++, at += 4) {
    const other = ((image[at] * n + image[at + 1]) * n + image[at + 2]) * n + image[at + 3];
    if (other < own) return;
    if (other === own) {
      stabilizer |= 1 << g;
      size++;
    }
  }
  // Top, bottom, then the side queens that are not corners.
  const k = image[2];
  const l = image[3];
  queens[0] = 0;
  queens[1] = image[0];
  queens[2] = m;
  queens[3] = image[1];
  let length = m === 0 ? 2 : 4; // on a 1×1 board the top queen is the bottom one
  if (k !== 0 && k !== m) {
    queens[length++] = k;
    queens[length++] = 0;
  }
  if (l !== 0 && l !== m) {
    queens[length++] = l;
    queens[length++] = m;
  }
  out.add(queens, length, SYMMETRIES / size, stabilizer);
}
