// Listing: every solution of the subproblem in SUBPROBLEMS (slot 0), in lexicographic order of
// cols[row], written n bytes each into SOLUTIONS. The search stops when the buffer has `max` boards, or when
// its budget of backtracks is spent, and keeps its whole state in ENUM_STATE (its record in
// ENUM_RECORD), so the next call continues where this one stopped; the caller copies both in and
// out, so any number of enumerations can take turns. assembly/solutions.ts and src/kernel/js/solutions.ts are the same
// algorithm.

import {
  ENUM_BOARD,
  ENUM_COLS,
  ENUM_DONE,
  ENUM_LEVELS,
  ENUM_FREE,
  ENUM_LEFT,
  ENUM_LEVEL,
  ENUM_RIGHT,
  REC_BOARD,
  REC_LEVELS,
  REC_MASK,
  REC_ROW,
  REC_SHIFT,
  REC_SIZE,
  SAVED_LEVEL_WORDS,
} from './layout';
import { expandRecord } from './expand';
import { ENUM_RECORD, ENUM_STATE, SOLUTIONS, SUBPROBLEMS } from './memory';

const SAVED_LEVEL_BYTES = SAVED_LEVEL_WORDS << 2;

/** Expands subproblem 0 (n×n, `width` queens) into ENUM_RECORD and resets ENUM_STATE to the start of its search. */
export function startSolutions(n: i32, width: i32): void {
  const record = ENUM_RECORD;
  expandRecord(SUBPROBLEMS, width, n, 0, record);
  const state = ENUM_STATE;
  const board = state + (ENUM_BOARD << 2);
  for (let r = 0; r < n; r++) {
    store<u8>(board + <usize>r, <u8>load<i32>(record + ((REC_BOARD + r) << 2)));
  }
  const levels = load<i32>(record + (REC_LEVELS << 2));
  store<u32>(state + (ENUM_LEVEL << 2), 0);
  store<u32>(state + (ENUM_FREE << 2), levels > 0 ? load<u32>(record + (REC_MASK << 2)) : 0);
  store<u32>(state + (ENUM_COLS << 2), 0);
  store<u32>(state + (ENUM_LEFT << 2), 0);
  store<u32>(state + (ENUM_RIGHT << 2), 0);
  store<u32>(state + (ENUM_DONE << 2), 0);
}

/**
 * Writes up to max more solutions into SOLUTIONS, for at most `budget` backtracks; returns how
 * many. The enumeration is over when ENUM_DONE is set.
 */
export function nextSolutions(max: i32, budget: i32): i32 {
  const record = ENUM_RECORD;
  const state = ENUM_STATE;
  if (load<u32>(state + (ENUM_DONE << 2)) != 0 || max <= 0) return 0;
  const n = load<i32>(record + (REC_SIZE << 2));
  const levels = load<i32>(record + (REC_LEVELS << 2));
  const board = state + (ENUM_BOARD << 2);
  let out = SOLUTIONS;
  if (levels == 0) {
    // Every row is placed: the board is the one solution.
    copyBoard(out, board);
    store<u32>(state + (ENUM_DONE << 2), 1);
    return 1;
  }
  const masks = record + (REC_MASK << 2);
  const shifts = record + (REC_SHIFT << 2);
  const rows = record + (REC_ROW << 2);
  const levelsSaved = state + (ENUM_LEVELS << 2);
  const last = levels - 1;

  let level = load<i32>(state + (ENUM_LEVEL << 2));
  let free = load<u32>(state + (ENUM_FREE << 2));
  let cols = load<u32>(state + (ENUM_COLS << 2));
  let left = load<u32>(state + (ENUM_LEFT << 2));
  let right = load<u32>(state + (ENUM_RIGHT << 2));
  let written = 0;
  while (true) {
    if (free != 0) {
      const bit = free & (0 - free);
      free ^= bit;
      store<u8>(board + <usize>load<i32>(rows + ((<usize>level) << 2)), <u8>ctz<u32>(bit));
      if (level == last) {
        copyBoard(out, board);
        out += <usize>n;
        written++;
        if (written == max) break;
        continue;
      }
      const shift = load<u32>(shifts + ((<usize>level) << 2));
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >> shift;
      const nextFree = load<u32>(masks + ((<usize>(level + 1)) << 2)) & ~(nextCols | nextLeft | nextRight);
      if (nextFree == 0) continue;
      const saved = levelsSaved + <usize>level * SAVED_LEVEL_BYTES;
      store<u32>(saved, free);
      store<u32>(saved, cols, 4);
      store<u32>(saved, left, 8);
      store<u32>(saved, right, 12);
      level++;
      cols = nextCols;
      left = nextLeft;
      right = nextRight;
      free = nextFree;
    } else {
      if (level == 0) {
        store<u32>(state + (ENUM_DONE << 2), 1);
        break;
      }
      if (--budget < 0) break;
      level--;
      const saved = levelsSaved + <usize>level * SAVED_LEVEL_BYTES;
      free = load<u32>(saved);
      cols = load<u32>(saved, 4);
      left = load<u32>(saved, 8);
      right = load<u32>(saved, 12);
    }
  }
  store<u32>(state + (ENUM_LEVEL << 2), level);
  store<u32>(state + (ENUM_FREE << 2), free);
  store<u32>(state + (ENUM_COLS << 2), cols);
  store<u32>(state + (ENUM_LEFT << 2), left);
  store<u32>(state + (ENUM_RIGHT << 2), right);
  return written;
}

// The whole 32-byte board in four stores; the bytes past n are overwritten by the next board or
// land in the buffer's slack.
@inline function copyBoard(out: usize, board: usize): void {
  store<u64>(out, load<u64>(board));
  store<u64>(out, load<u64>(board, 8), 8);
  store<u64>(out, load<u64>(board, 16), 16);
  store<u64>(out, load<u64>(board, 24), 24);
}
