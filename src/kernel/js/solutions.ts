// Listing: every solution of a record, in lexicographic order of cols[row], written n bytes each
// into `out`. The search stops when `max` boards are written, or when its budget of backtracks is
// spent, and keeps its whole state in `state`, so the next call continues where this one stopped.
// assembly/solutions.ts and src/kernel/js/solutions.ts are the same algorithm.

import {
  ENUM_BOARD,
  ENUM_COLS,
  ENUM_DONE,
  ENUM_FREE,
  ENUM_LEFT,
  ENUM_LEVEL,
  ENUM_LEVELS,
  ENUM_RIGHT,
  MAX_N,
  REC_BOARD,
  REC_LEVELS,
  REC_MASK,
  REC_ROW,
  REC_SHIFT,
  REC_SIZE,
  SAVED_LEVEL_WORDS,
} from '../../../assembly/layout.js';
import { ctz } from './bits.js';
import { expandRecord } from './expand.js';

/** The current board, column per row, as bytes of the state. */
function boardOf(state: Int32Array): Uint8Array {
  return new Uint8Array(state.buffer, state.byteOffset + ENUM_BOARD * 4, MAX_N);
}

/** Expands subproblem 0 of `subproblems` (n×n, `width` queens) into `record` and resets `state` to the start of its search. */
export function startSolutions(
  subproblems: Int8Array,
  n: number,
  width: number,
  record: Int32Array,
  state: Int32Array,
): void {
  expandRecord(subproblems, 0, width, n, 0, record, 0);
  const board = boardOf(state);
  for (let r = 0; r < n; r++) board[r] = record[REC_BOARD + r];
  const levels = record[REC_LEVELS];
  state[ENUM_LEVEL] = 0;
  state[ENUM_FREE] = levels > 0 ? record[REC_MASK] : 0;
  state[ENUM_COLS] = 0;
  state[ENUM_LEFT] = 0;
  state[ENUM_RIGHT] = 0;
  state[ENUM_DONE] = 0;
}

/**
 * Writes up to max more solutions into out, for at most `budget` backtracks; returns how many.
 * The enumeration is over when state[ENUM_DONE] is set.
 */
export function nextSolutions(
  record: Int32Array,
  state: Int32Array,
  out: Uint8Array,
  max: number,
  budget: number,
): number {
  if (state[ENUM_DONE] !== 0 || max <= 0) return 0;
  const n = record[REC_SIZE];
  const levels = record[REC_LEVELS];
  const board = boardOf(state);
  let at = 0;
  if (levels === 0) {
    // Every row is placed: the board is the one solution.
    copyBoard(out, at, board, n);
    state[ENUM_DONE] = 1;
    return 1;
  }
  const masks = REC_MASK;
  const shifts = REC_SHIFT;
  const rows = REC_ROW;
  const levelsSaved = ENUM_LEVELS;
  const last = levels - 1;

  let level = state[ENUM_LEVEL];
  let free = state[ENUM_FREE];
  let cols = state[ENUM_COLS];
  let left = state[ENUM_LEFT];
  let right = state[ENUM_RIGHT];
  let written = 0;
  for (;;) {
    if (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      board[record[rows + level]] = ctz(bit);
      if (level === last) {
        copyBoard(out, at, board, n);
        at += n;
        written++;
        if (written === max) break;
        continue;
      }
      const shift = record[shifts + level];
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >>> shift;
      const nextFree = record[masks + level + 1] & ~(nextCols | nextLeft | nextRight);
      if (nextFree === 0) continue;
      const saved = levelsSaved + level * SAVED_LEVEL_WORDS;
      state[saved] = free;
      state[saved + 1] = cols;
      state[saved + 2] = left;
      state[saved + 3] = right;
      level++;
      cols = nextCols;
      left = nextLeft;
      right = nextRight;
      free = nextFree;
    } else {
      if (level === 0) {
        state[ENUM_DONE] = 1;
        break;
      }
      if (--budget < 0) break;
      level--;
      const saved = levelsSaved + level * SAVED_LEVEL_WORDS;
      free = state[saved];
      cols = state[saved + 1];
      left = state[saved + 2];
      right = state[saved + 3];
    }
  }
  state[ENUM_LEVEL] = level;
  state[ENUM_FREE] = free;
  state[ENUM_COLS] = cols;
  state[ENUM_LEFT] = left;
  state[ENUM_RIGHT] = right;
  return written;
}

function copyBoard(out: Uint8Array, at: number, board: Uint8Array, n: number): void {
  for (let r = 0; r < n; r++) out[at + r] = board[r];
}
