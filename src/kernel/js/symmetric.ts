// Counting the completions that a rotation of the board leaves unchanged, for the unique count.
// assembly/symmetric.ts is the same algorithm, step for step and name for name (the reasons are
// written there); the scope of symmetricSearch() holds what is the module's memory in wasm. The
// diagonal sets need 2n - 1 bits: here two 32-bit halves (low: bits 0..31, high: bits 32..63)
// where wasm has one u64.

import { MAX_N, REC_BOARD, REC_SIZE } from '../../../assembly/layout.js';
import { ctz } from './bits.js';

/** The rotations whose fixed completions this search counts. */
export const QUARTER_TURN = 1;
export const HALF_TURN = 2;

export interface SymmetricSearch {
  /** Sets up the count of the fixed completions; false when the record alone decides it. */
  start(records: Int32Array, record: number, rotation: number): boolean;
  /** Runs for at most `budget` candidates: the budget left, or -1 when it was spent first. */
  run(budget: number): number;
  /** The fixed completions counted, once run has finished. */
  count(): number;
}

// Bit i of a 64-bit set kept as two 32-bit words.
function has(low: number, high: number, i: number): number {
  return i < 32 ? (low >>> i) & 1 : (high >>> (i - 32)) & 1;
}

// The 32 bits of a 64-bit set from bit i up.
function bitsFrom(low: number, high: number, i: number): number {
  if (i === 0) return low;
  return i < 32 ? (low >>> i) | (high << (32 - i)) : high >>> (i - 32);
}

export function symmetricSearch(): SymmetricSearch {
  // A level saved below the current one: its row, its candidates not tried yet, and the sets as
  // they were on entering it.
  const LEVELS = MAX_N + 1;
  const levelRow = new Int32Array(LEVELS);
  const levelFree = new Int32Array(LEVELS);
  const levelCols = new Int32Array(LEVELS);
  const levelFilled = new Int32Array(LEVELS); // rows with a queen
  const levelFirstDiagsLow = new Int32Array(LEVELS); // diagonals r + c taken
  const levelFirstDiagsHigh = new Int32Array(LEVELS);
  const levelSecondDiagsLow = new Int32Array(LEVELS); // diagonals c - r + n - 1 taken
  const levelSecondDiagsHigh = new Int32Array(LEVELS);
  // The column of the queen in each row, valid for the rows in `filled`.
  const board = new Int32Array(MAX_N);

  // The search between two calls.
  let size = 0;
  let turn = 0;
  let savedLevel = -1; // -1 once the search has ended
  let savedRow = 0;
  let savedFree = 0;
  let savedCols = 0;
  let savedFilled = 0;
  let savedFirstDiagsLow = 0;
  let savedFirstDiagsHigh = 0;
  let savedSecondDiagsLow = 0;
  let savedSecondDiagsHigh = 0;
  let savedCount = 0;
  // What placeOrbit leaves: the sets with the orbit placed.
  let orbitCols = 0;
  let orbitFilled = 0;
  let orbitFirstDiagsLow = 0;
  let orbitFirstDiagsHigh = 0;
  let orbitSecondDiagsLow = 0;
  let orbitSecondDiagsHigh = 0;

  // Places the orbit of (row, col) on top of the given sets, leaving the result in orbit*.
  // Returns false when a square of the orbit is attacked, or its row holds another queen.
  function placeOrbit(
    row: number,
    col: number,
    cols: number,
    filled: number,
    firstDiagsLow: number,
    firstDiagsHigh: number,
    secondDiagsLow: number,
    secondDiagsHigh: number,
  ): boolean {
    const last = size - 1;
    let r = row;
    let c = col;
    do {
      if ((filled >>> r) & 1) {
        if (board[r] !== c) return false;
      } else {
        const diagonal = c - r + last;
        const sum = r + c;
        if (
          ((cols >>> c) & 1) |
          has(firstDiagsLow, firstDiagsHigh, sum) |
          has(secondDiagsLow, secondDiagsHigh, diagonal)
        )
          return false;
        cols |= 1 << c;
        filled |= 1 << r;
        if (sum < 32) firstDiagsLow |= 1 << sum;
        else firstDiagsHigh |= 1 << (sum - 32);
        if (diagonal < 32) secondDiagsLow |= 1 << diagonal;
        else secondDiagsHigh |= 1 << (diagonal - 32);
        board[r] = c;
      }
      // The next image: a quarter turn maps (r, c) to (c, n-1-r); a half turn to (n-1-r, n-1-c).
      const image = turn === QUARTER_TURN ? c : last - r;
      c = turn === QUARTER_TURN ? last - r : last - c;
      r = image;
    } while (r !== row || c !== col);
    orbitCols = cols;
    orbitFilled = filled;
    orbitFirstDiagsLow = firstDiagsLow;
    orbitFirstDiagsHigh = firstDiagsHigh;
    orbitSecondDiagsLow = secondDiagsLow;
    orbitSecondDiagsHigh = secondDiagsHigh;
    return true;
  }

  function freeSquares(
    row: number,
    cols: number,
    firstDiagsLow: number,
    firstDiagsHigh: number,
    secondDiagsLow: number,
    secondDiagsHigh: number,
  ): number {
    const all = size === 32 ? -1 : (1 << size) - 1;
    return (
      all &
      ~(cols | bitsFrom(firstDiagsLow, firstDiagsHigh, row) | bitsFrom(secondDiagsLow, secondDiagsHigh, size - 1 - row))
    );
  }

  function start(records: Int32Array, record: number, rotation: number): boolean {
    size = records[record + REC_SIZE];
    turn = rotation;
    savedCount = 0;
    savedLevel = -1;
    const all = size === 32 ? -1 : (1 << size) - 1;
    // The pre-placed queens bring their whole orbits.
    let cols = 0;
    let filled = 0;
    let firstDiagsLow = 0;
    let firstDiagsHigh = 0;
    let secondDiagsLow = 0;
    let secondDiagsHigh = 0;
    for (let row = 0; row < size; row++) {
      const col = records[record + REC_BOARD + row];
      if (col < 0) continue;
      if (!placeOrbit(row, col, cols, filled, firstDiagsLow, firstDiagsHigh, secondDiagsLow, secondDiagsHigh))
        return false;
      cols = orbitCols;
      filled = orbitFilled;
      firstDiagsLow = orbitFirstDiagsLow;
      firstDiagsHigh = orbitFirstDiagsHigh;
      secondDiagsLow = orbitSecondDiagsLow;
      secondDiagsHigh = orbitSecondDiagsHigh;
    }
    if (filled === all) {
      savedCount = 1;
      return false;
    }
    const row = ctz(~filled);
    savedLevel = 0;
    savedRow = row;
    savedFree = freeSquares(row, cols, firstDiagsLow, firstDiagsHigh, secondDiagsLow, secondDiagsHigh);
    savedCols = cols;
    savedFilled = filled;
    savedFirstDiagsLow = firstDiagsLow;
    savedFirstDiagsHigh = firstDiagsHigh;
    savedSecondDiagsLow = secondDiagsLow;
    savedSecondDiagsHigh = secondDiagsHigh;
    return true;
  }

  function run(budget: number): number {
    const all = size === 32 ? -1 : (1 << size) - 1;
    let level = savedLevel;
    let row = savedRow;
    let free = savedFree;
    let cols = savedCols;
    let filled = savedFilled;
    let firstDiagsLow = savedFirstDiagsLow;
    let firstDiagsHigh = savedFirstDiagsHigh;
    let secondDiagsLow = savedSecondDiagsLow;
    let secondDiagsHigh = savedSecondDiagsHigh;
    let count = savedCount;
    for (;;) {
      if (--budget < 0) break;
      if (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        if (!placeOrbit(row, ctz(bit), cols, filled, firstDiagsLow, firstDiagsHigh, secondDiagsLow, secondDiagsHigh))
          continue;
        if (orbitFilled === all) {
          count++;
          continue;
        }
        levelRow[level] = row;
        levelFree[level] = free;
        levelCols[level] = cols;
        levelFilled[level] = filled;
        levelFirstDiagsLow[level] = firstDiagsLow;
        levelFirstDiagsHigh[level] = firstDiagsHigh;
        levelSecondDiagsLow[level] = secondDiagsLow;
        levelSecondDiagsHigh[level] = secondDiagsHigh;
        level++;
        cols = orbitCols;
        filled = orbitFilled;
        firstDiagsLow = orbitFirstDiagsLow;
        firstDiagsHigh = orbitFirstDiagsHigh;
        secondDiagsLow = orbitSecondDiagsLow;
        secondDiagsHigh = orbitSecondDiagsHigh;
        row = ctz(~filled);
        free = freeSquares(row, cols, firstDiagsLow, firstDiagsHigh, secondDiagsLow, secondDiagsHigh);
      } else {
        if (level === 0) {
          level = -1;
          break;
        }
        level--;
        row = levelRow[level];
        free = levelFree[level];
        cols = levelCols[level];
        filled = levelFilled[level];
        firstDiagsLow = levelFirstDiagsLow[level];
        firstDiagsHigh = levelFirstDiagsHigh[level];
        secondDiagsLow = levelSecondDiagsLow[level];
        secondDiagsHigh = levelSecondDiagsHigh[level];
      }
    }
    savedLevel = level;
    savedRow = row;
    savedFree = free;
    savedCols = cols;
    savedFilled = filled;
    savedFirstDiagsLow = firstDiagsLow;
    savedFirstDiagsHigh = firstDiagsHigh;
    savedSecondDiagsLow = secondDiagsLow;
    savedSecondDiagsHigh = secondDiagsHigh;
    savedCount = count;
    return budget;
  }

  return { start, run, count: () => savedCount };
}
