// Counting the completions that a rotation of the board leaves unchanged, for the unique count:
// those a half turn maps onto themselves, and those a quarter turn does.
// src/kernel/js/symmetric.ts is the same algorithm, step for step and name for name.
//
// Such a completion is made of whole orbits of the rotation: with a queen at (r, c) it also has
// one on each image of (r, c). So this search places an orbit at a time (two queens for a half
// turn, four for a quarter turn, one on the centre square): it takes the lowest row without a
// queen, tries each of its free squares, and places that square's whole orbit. It is a search over
// half (or a quarter) of the rows, far smaller than counting the completions themselves. Columns
// and both diagonal directions are kept as absolute bit sets (diagonals need 2n - 1 bits: u64),
// since an orbit puts queens in rows far apart. Like the other searches it is resumable: it stops
// when its budget of candidates is spent and continues on the next call.

import { MAX_N, REC_BOARD, REC_SIZE } from './layout';

/** The rotations whose fixed completions this search counts. */
export const QUARTER_TURN = 1;
export const HALF_TURN = 2;

// A level saved below the current one: its row, its candidates not tried yet, and the sets as
// they were on entering it.
const O_ROW = 0;
const O_FREE = 4;
const O_COLS = 8;
const O_FILLED = 12; // rows with a queen
const O_FIRST_DIAGS = 16; // u64: diagonals r + c taken
const O_SECOND_DIAGS = 24; // u64: diagonals c - r + n - 1 taken
const ORBIT_LEVEL_BYTES = 32;
const LEVELS = memory.data((MAX_N + 1) * ORBIT_LEVEL_BYTES, 64);
// The column of the queen in each row, valid for the rows in `filled`.
const BOARD = memory.data(MAX_N, 16);

// The search between two calls.
let size: i32 = 0;
let turn: i32 = 0;
let savedLevel: usize = 0; // 0 once the search has ended
let savedRow: u32 = 0;
let savedFree: u32 = 0;
let savedCols: u32 = 0;
let savedFilled: u32 = 0;
let savedFirstDiags: u64 = 0;
let savedSecondDiags: u64 = 0;
let savedCount: u64 = 0;
// What placeOrbit leaves: the sets with the orbit placed, or ok = false when it does not fit.
let orbitCols: u32 = 0;
let orbitFilled: u32 = 0;
let orbitFirstDiags: u64 = 0;
let orbitSecondDiags: u64 = 0;

/** The fixed completions counted, once symmetricRun has finished. */
export function symmetricCount(): u64 {
  return savedCount;
}

// Places the orbit of (row, col) on top of the given sets, leaving the result in orbit*.
// Returns false when a square of the orbit is attacked, or its row holds another queen.
@inline function placeOrbit(row: u32, col: u32, cols: u32, filled: u32, firstDiags: u64, secondDiags: u64): bool {
  const n = <u32>size;
  const last = n - 1;
  let r = row;
  let c = col;
  do {
    if ((filled >> r) & 1) {
      if (<u32>load<u8>(BOARD + r) != c) return false;
    } else {
      const diagonal = <u64>(c - r + last);
      const sum = <u64>(r + c);
      if (((cols >> c) & 1) | (<u32>((firstDiags >> sum) & 1)) | (<u32>((secondDiags >> diagonal) & 1))) return false;
      cols |= (<u32>1) << c;
      filled |= (<u32>1) << r;
      firstDiags |= (<u64>1) << sum;
      secondDiags |= (<u64>1) << diagonal;
      store<u8>(BOARD + r, <u8>c);
    }
    // The next image: a quarter turn maps (r, c) to (c, n-1-r); a half turn to (n-1-r, n-1-c).
    const image = turn == QUARTER_TURN ? c : last - r;
    c = turn == QUARTER_TURN ? last - r : last - c;
    r = image;
  } while (r != row || c != col);
  orbitCols = cols;
  orbitFilled = filled;
  orbitFirstDiags = firstDiags;
  orbitSecondDiags = secondDiags;
  return true;
}


@inline function freeSquares(row: u32, cols: u32, firstDiags: u64, secondDiags: u64): u32 {
  const n = <u32>size;
  const all: u32 = n == 32 ? 0xffffffff : ((<u32>1) << n) - 1;
  return all & ~(cols | (<u32>(firstDiags >> (<u64>row))) | (<u32>(secondDiags >> (<u64>(n - 1 - row)))));
}

/**
 * Sets up the count of the record's completions that `rotation` (QUARTER_TURN or HALF_TURN) maps
 * onto themselves. Returns false when the record alone decides it (symmetricCount() has it).
 */
export function symmetricStart(record: usize, rotation: i32): bool {
  size = load<i32>(record + (REC_SIZE << 2));
  turn = rotation;
  savedCount = 0;
  savedLevel = 0;
  const n = <u32>size;
  const all: u32 = n == 32 ? 0xffffffff : ((<u32>1) << n) - 1;
  // The pre-placed queens bring their whole orbits.
  let cols: u32 = 0;
  let filled: u32 = 0;
  let firstDiags: u64 = 0;
  let secondDiags: u64 = 0;
  for (let row: u32 = 0; row < n; row++) {
    const col = load<i32>(record + ((REC_BOARD + row) << 2));
    if (col < 0) continue;
    if (!placeOrbit(row, <u32>col, cols, filled, firstDiags, secondDiags)) return false;
    cols = orbitCols;
    filled = orbitFilled;
    firstDiags = orbitFirstDiags;
    secondDiags = orbitSecondDiags;
  }
  if (filled == all) {
    savedCount = 1;
    return false;
  }
  const row = ctz(~filled);
  savedLevel = LEVELS;
  savedRow = row;
  savedFree = freeSquares(row, cols, firstDiags, secondDiags);
  savedCols = cols;
  savedFilled = filled;
  savedFirstDiags = firstDiags;
  savedSecondDiags = secondDiags;
  return true;
}

/**
 * Runs the search set up by symmetricStart for at most `budget` candidates. Returns the budget
 * left, or -1 when it was spent before the search ended (the next call continues it).
 */
export function symmetricRun(budget: i32): i32 {
  const n = <u32>size;
  const all: u32 = n == 32 ? 0xffffffff : ((<u32>1) << n) - 1;
  let level = savedLevel;
  let row = savedRow;
  let free = savedFree;
  let cols = savedCols;
  let filled = savedFilled;
  let firstDiags = savedFirstDiags;
  let secondDiags = savedSecondDiags;
  let count = savedCount;
  while (true) {
    if (--budget < 0) break;
    if (free != 0) {
      const bit = free & (0 - free);
      free ^= bit;
      if (!placeOrbit(row, ctz(bit), cols, filled, firstDiags, secondDiags)) continue;
      if (orbitFilled == all) {
        count++;
        continue;
      }
      store<u32>(level, row, O_ROW);
      store<u32>(level, free, O_FREE);
      store<u32>(level, cols, O_COLS);
      store<u32>(level, filled, O_FILLED);
      store<u64>(level, firstDiags, O_FIRST_DIAGS);
      store<u64>(level, secondDiags, O_SECOND_DIAGS);
      level += ORBIT_LEVEL_BYTES;
      cols = orbitCols;
      filled = orbitFilled;
      firstDiags = orbitFirstDiags;
      secondDiags = orbitSecondDiags;
      row = ctz(~filled);
      free = freeSquares(row, cols, firstDiags, secondDiags);
    } else {
      if (level == LEVELS) {
        level = 0;
        break;
      }
      level -= ORBIT_LEVEL_BYTES;
      row = load<u32>(level, O_ROW);
      free = load<u32>(level, O_FREE);
      cols = load<u32>(level, O_COLS);
      filled = load<u32>(level, O_FILLED);
      firstDiags = load<u64>(level, O_FIRST_DIAGS);
      secondDiags = load<u64>(level, O_SECOND_DIAGS);
    }
  }
  savedLevel = level;
  savedRow = row;
  savedFree = free;
  savedCols = cols;
  savedFilled = filled;
  savedFirstDiags = firstDiags;
  savedSecondDiags = secondDiags;
  savedCount = count;
  return budget;
}
