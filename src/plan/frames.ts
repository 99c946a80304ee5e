// Symmetry frames: every solution has exactly one queen in the top row, the bottom row, the left
// column and the right column (a corner queen serves two of them). Those up to four queens are the
// solution's frame, and the eight board symmetries map frames onto frames. Counting the interior
// completions of one frame per symmetry class, weighted by the size of its class, gives the total;
// the frame's stabilizer gives the unique count from the same pass (kernel/methods/backtrack.ts). About 1/8 of
// the search remains, split into independent subproblems of fairly even size (730 at n = 12,
// growing as about n^4 / 8 + O(n^3)).
//
// A frame is (a, b, k, l): queens at (0, a), (n-1, b), (k, 0) and (l, n-1). Its images under the
// symmetries are computed on those four numbers directly (numbering of symmetry.ts), so that
// planning allocates nothing per frame: a few milliseconds even at n = 32.

import type { Subproblems } from '../kernel/subproblems.js';
import { HALF_TURN, QUARTER_TURN, SYMMETRIES, THREE_QUARTER_TURN } from '../symmetry.js';
import { SubproblemsBuilder } from './subproblems-builder.js';

/** Queens per frame: one per border line, fewer when a corner queen serves two. */
const FRAME_QUEENS = 4;

/** The canonical frames of an n×n board, in a fixed order. */
export function frames(n: number): Subproblems {
  const m = n - 1;
  const out = new SubproblemsBuilder(FRAME_QUEENS, 256);
  const queens = new Int32Array(2 * FRAME_QUEENS);
  // A frame is kept only when its code is the least of its eight images'; the top column a leads
  // the code, and the images' top columns are a, b, k, l and their mirrors (see classify), so a kept
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
          classify(n, a, b, k, l, queens, out);
        }
      }
    }
  }
  return out.finish();
}

/**
 * The canonical frames of an n×n board that a half turn maps onto themselves, in the order of
 * frames(n): those with b = m - a and l = m - k, so only a and k are chosen (a unique count by
 * the join needs these alone, and listing them costs a small part of listing all).
 */
export function halfTurnFrames(n: number): Subproblems {
  const m = n - 1;
  const out = new SubproblemsBuilder(FRAME_QUEENS, 16);
  const queens = new Int32Array(2 * FRAME_QUEENS);
  for (let a = 0; 2 * a <= m; a++) {
    const b = m - a;
    if (n > 1 && (a === b || b - a === m)) continue;
    for (let k = a; k <= m - a; k++) {
      const l = m - k;
      if ((a === 0) !== (k === 0) || (b === 0) !== (k === m)) continue;
      if (k !== 0 && k !== m && (a === k || b === m - k)) continue;
      if ((a === m) !== (l === 0) || (b === m) !== (l === m)) continue;
      if (l !== 0 && l !== m && (m - a === l || b === l)) continue;
      if (k !== 0 && k !== m && l !== 0 && l !== m && (k === l || Math.abs(k - l) === m)) continue;
      classify(n, a, b, k, l, queens, out);
    }
  }
  return out.finish();
}

// Planning runs once per board size, often in a fresh process where its code is still
// interpreted: per candidate frame it allocates nothing, and computes only what can decide it.

/** The code of a frame: (a, b, k, l) as the digits of a number in base n. */
function code(n: number, a: number, b: number, k: number, l: number): number {
  return ((a * n + b) * n + k) * n + l;
}

/**
 * Adds the frame (a, b, k, l) if no symmetry maps it to a smaller code (one representative per
 * class), with the symmetries that fix it. It is counted as it stands: its top queen is the
 * nearest to a corner of the eight images' (a <= b, k, l <= m - a), and forward checking, which
 * fills the most constrained row first and breaks ties top first, prunes best with the top queen's
 * long diagonal across the rows it meets (README, "How it counts": compared with the other
 * orientations on every frame of n = 12..16).
 */
function classify(
  n: number,
  a: number,
  b: number,
  k: number,
  l: number,
  queens: Int32Array,
  out: SubproblemsBuilder,
): void {
  const m = n - 1;
  const own = ((a * n + b) * n + k) * n + l; // code(n, a, b, k, l), without a call for every candidate
  // The frame's images under symmetries 1..7 (numbering of symmetry.ts; a queen (r, c) goes to
  // (c, m - r) under the quarter turn, and so on) have the top columns m - k, m - b, l, m - a, b, k
  // and m - l, none less than a since b, k and l lie within [a, m - a]. So an image can have a
  // smaller code than the frame's, or the same, only when its top column is a: only then is its
  // code computed.
  let stabilizer = 1; // the identity
  let image: number;
  if (m - k === a) {
    image = code(n, m - k, m - l, b, a); // quarter turn
    if (image < own) return;
    if (image === own) stabilizer |= 1 << QUARTER_TURN;
  }
  if (m - b === a) {
    image = code(n, m - b, m - a, m - l, m - k); // half turn
    if (image < own) return;
    if (image === own) stabilizer |= 1 << HALF_TURN;
  }
  if (l === a) {
    image = code(n, l, k, m - a, m - b); // three-quarter turn
    if (image < own) return;
    if (image === own) stabilizer |= 1 << THREE_QUARTER_TURN;
  }
  if (m - a === a) {
    image = code(n, m - a, m - b, l, k); // mirror left-right
    if (image < own) return;
    if (image === own) stabilizer |= 1 << 4;
  }
  if (b === a) {
    image = code(n, b, a, m - k, m - l); // mirror top-bottom
    if (image < own) return;
    if (image === own) stabilizer |= 1 << 5;
  }
  if (k === a) {
    image = code(n, k, l, a, b); // transpose
    if (image < own) return;
    if (image === own) stabilizer |= 1 << 6;
  }
  if (m - l === a) {
    image = code(n, m - l, m - k, m - b, m - a); // anti-transpose
    if (image < own) return;
    if (image === own) stabilizer |= 1 << 7;
  }
  let size = 0;
  for (let bits = stabilizer; bits !== 0; bits &= bits - 1) size++;
  // Top, bottom, then the side queens that are not corners.
  queens[0] = 0;
  queens[1] = a;
  queens[2] = m;
  queens[3] = b;
  let length = m === 0 ? 2 : 4; // on a 1×1 board the top queen is the bottom one
  if (k !== 0 && k !== m) {
    queens[length++] = k;
    queens[length++] = 0;
  }
  if (l !== 0 && l !== m) {
    queens[length++] = l;
    queens[length++] = m;
  }
  queens.fill(-1, length);
  out.add(queens, SYMMETRIES / size, stabilizer);
}
