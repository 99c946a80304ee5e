// Turns a subproblem into the record both kernels read (format in assembly/layout.ts).

import {
  FIXED_HALF_TURN,
  FIXED_QUARTER_TURN,
  REC_BOARD,
  REC_FIXED,
  REC_LEVELS,
  REC_MASK,
  REC_ROW,
  REC_SHIFT,
  REC_SIZE,
} from '../../assembly/layout.js';
import type { Subproblems } from '../plan/subproblem.js';
import { HALF_TURN, QUARTER_TURN } from '../symmetry.js';

/**
 * Writes a record at `at` for the queens queens[from..from+length) ([row, col, ...]; rows of -1
 * are padding), asking for the fixed-completion counts in `fixed` (FIXED_* bits).
 */
export function writeRecord(words: Int32Array, at: number, n: number, queens: ArrayLike<number>, from: number, length: number, fixed: number): void {
  const all = n === 32 ? -1 : (1 << n) - 1;
  const board = at + REC_BOARD;
  let used = 0;
  for (let r = 0; r < n; r++) words[board + r] = -1;
  for (let i = from; i < from + length; i += 2) {
    if (queens[i] < 0) continue;
    words[board + queens[i]] = queens[i + 1];
    used |= 1 << queens[i + 1];
  }
  let level = 0;
  let previous = -1;
  for (let r = 0; r < n; r++) {
    if (words[board + r] >= 0) continue;
    let taken = used;
    for (let i = from; i < from + length; i += 2) {
      if (queens[i] < 0) continue;
      const distance = Math.abs(r - queens[i]);
      const c = queens[i + 1];
      if (c + distance < n) taken |= 1 << (c + distance);
      if (c - distance >= 0) taken |= 1 << (c - distance);
    }
    words[at + REC_MASK + level] = all & ~taken;
    words[at + REC_ROW + level] = r;
    if (level > 0) words[at + REC_SHIFT + level - 1] = r - previous;
    previous = r;
    level++;
  }
  words[at + REC_SIZE] = n;
  words[at + REC_LEVELS] = level;
  words[at + REC_FIXED] = fixed;
  // The kernels may read two levels past the last one: those rows are closed and not shifted into.
  words[at + REC_MASK + level] = 0;
  words[at + REC_MASK + level + 1] = 0;
  if (level > 0) words[at + REC_SHIFT + level - 1] = 0;
  words[at + REC_SHIFT + level] = 0;
  words[at + REC_SHIFT + level + 1] = 0;
}

/** The fixed-completion counts a subproblem needs for the unique count (FIXED_* bits). */
export function fixedCountsFor(stabilizer: number, countsUnique: boolean): number {
  if (!countsUnique) return 0;
  return ((stabilizer >> HALF_TURN) & 1 ? FIXED_HALF_TURN : 0) | ((stabilizer >> QUARTER_TURN) & 1 ? FIXED_QUARTER_TURN : 0);
}

/** Writes subproblem i of the list as the record at `at`. */
export function writeSubproblem(words: Int32Array, at: number, n: number, list: Subproblems, i: number, countsUnique: boolean): void {
  const pairs = list.width * 2;
  writeRecord(words, at, n, list.queens, i * pairs, pairs, fixedCountsFor(list.stabilizer[i], countsUnique));
}
