// Counting by forward checking: the completions of a record that fits in lanes (at most LANES
// free rows, its open squares within LANES adjacent columns). assembly/forward.ts is the same
// algorithm, step for step and name for name (the reasons are written there); here a state's
// lanes are LANES elements of a typed array where the wasm kernel has two i16x8 vectors, and the
// scope of forwardSearch() holds what is the module's memory in wasm: one per kernel instance.

import { REC_BOARD, REC_LEVELS, REC_MASK, REC_ROW, REC_SIZE } from '../../../assembly/layout.js';
import { clz, ctz, popcnt } from './bits.js';

/** Rows and columns a record may span to be counted here. */
export const LANES = 16;

/** The lowest column of the record's open squares, or -1 if it does not fit in lanes. */
export function laneOffset(records: Int32Array, record: number): number {
  const levels = records[record + REC_LEVELS];
  if (levels > LANES) return -1;
  let span = 0;
  for (let level = 0; level < levels; level++) span |= records[record + REC_MASK + level];
  if (span === 0) return 0;
  const low = ctz(span);
  return 32 - clz(span) - low <= LANES ? low : -1;
}

export interface ForwardSearch {
  /** Sets up the search of a record; false when the root already decides the count. */
  start(records: Int32Array, record: number, low: number): boolean;
  /** Runs for at most `budget` expansions: the budget left, or -1 when it was spent first. */
  run(budget: number): number;
  /** The completions counted, once run has finished. */
  count(): number;
}

export function forwardSearch(): ForwardSearch {
  // The stack of states: the open squares per row (placed rows and unused lanes are 0), the row
  // whose squares its children take, the columns still without a queen, and the rows left to fill.
  const STATES = 2 * LANES * LANES;
  const stateOpen = new Int32Array(STATES * LANES);
  const stateRow = new Int32Array(STATES);
  const stateCols = new Int32Array(STATES);
  const stateLeft = new Int32Array(STATES);
  // Unlike the wasm kernel, which finds them with one comparison per vector, the rows already
  // placed are kept with the state, so that only the free rows' lanes are visited (and written:
  // the other lanes of a state's slot may be stale).
  const stateEmpty = new Int32Array(STATES);
  // attack[(level * LANES + column) * LANES + lane]: the squares a queen there takes from that row;
  // all ones in its own row, so that it reads as placed (0). Unused lanes are 0 in every state.
  const attack = new Int32Array(LANES * LANES * LANES);
  // Scratch for building attack: the up and down patterns of one level (its lanes below levels;
  // the wasm kernel keeps the others 0).
  const reachUp = new Int32Array(LANES);
  const reachDown = new Int32Array(LANES);
  // A row's key: (count << KEY_COUNT) | row.
  const KEY_COUNT = 11;
  const KEY_ROW = 15;
  // The two states being expanded, copied out because their children overwrite their slots.
  const openA = new Int32Array(LANES);
  const openB = new Int32Array(LANES);
  // The search between two calls: the top of the stack and the completions counted so far.
  let savedTop = 0;
  let savedCount = 0;

  // Rows with no open square, one bit per lane.
  function emptyRows(open: Int32Array, at: number): number {
    let empty = 0;
    for (let lane = 0; lane < LANES; lane++) if (open[at + lane] === 0) empty |= 1 << lane;
    return empty;
  }

  // The columns with an open square in some row.
  function coveredColumns(open: Int32Array, at: number): number {
    let any = 0;
    for (let lane = 0; lane < LANES; lane++) any |= open[at + lane];
    return any;
  }

  // The free row with the fewest open squares: (count << KEY_COUNT) | row, the minimum over lanes;
  // empty lanes (placed rows) are all ones and never chosen.
  function mostConstrainedRow(open: Int32Array, at: number): number {
    let key = 0xffff;
    for (let lane = 0; lane < LANES; lane++) {
      const squares = open[at + lane];
      const laneKey = squares === 0 ? 0xffff : (popcnt(squares) << KEY_COUNT) | lane;
      if (laneKey < key) key = laneKey;
    }
    return key;
  }

  // Copies the lanes of a state's free rows out of its slot, which its children overwrite.
  function copyFreeRows(open: Int32Array, state: number, empty: number): void {
    for (let free = ~empty & 0xffff; free !== 0; free &= free - 1) {
      const lane = ctz(free);
      open[lane] = stateOpen[state * LANES + lane];
    }
  }

  // Places the queen `bit` in `row` of a state and writes the child at `child`, unconditionally:
  // the caller keeps it by moving the stack pointer, or counts it when it was the last row.
  // Returns 1 when the child lives, 0 when a row or a column is left without an open square, or
  // when bit is 0 (an expansion with no candidate left, which keeps the two states in step).
  function place(open: Int32Array, row: number, bit: number, cols: number, left: number, empty: number, child: number): number {
    const column = ctz(bit | 0x8000) & 15;
    const from = ((row << 4) | column) * LANES;
    const next = child * LANES;
    // emptyRows, coveredColumns and mostConstrainedRow of the child in one pass over its free rows
    // (the wasm kernel does each over all lanes at once).
    let emptied = 0;
    let covered = 0;
    let key = 0xffff;
    for (let free = ~empty & 0xffff; free !== 0; free &= free - 1) {
      const lane = ctz(free);
      const squares = open[lane] & ~attack[from + lane];
      stateOpen[next + lane] = squares;
      covered |= squares;
      if (squares === 0) emptied = 1;
      else {
        const laneKey = (popcnt(squares) << KEY_COUNT) | lane;
        if (laneKey < key) key = laneKey;
      }
    }
    const nextCols = cols ^ bit;
    const dead = emptied | (nextCols & ~covered) | ((bit - 1) >>> 16);
    stateRow[child] = key & KEY_ROW;
    stateCols[child] = nextCols;
    stateLeft[child] = left - 1;
    stateEmpty[child] = empty;
    return dead === 0 ? 1 : 0;
  }

  function start(records: Int32Array, record: number, low: number): boolean {
    savedTop = 0;
    savedCount = 0;
    const levels = records[record + REC_LEVELS];
    if (levels === 0) {
      savedCount = 1;
      return false;
    }
    const n = records[record + REC_SIZE];
    const rows = record + REC_ROW;
    let used = 0;
    for (let row = 0; row < n; row++) {
      const column = records[record + REC_BOARD + row];
      if (column >= 0) used |= 1 << column;
    }
    const all = n === 32 ? -1 : (1 << n) - 1;

    // The root: the record's open squares; it is dead like any state, or starts the search.
    for (let lane = 0; lane < LANES; lane++) {
      stateOpen[lane] = lane < levels ? (records[record + REC_MASK + lane] >>> low) & 0xffff : 0;
    }
    const cols = (all & ~used) >>> low;
    if ((emptyRows(stateOpen, 0) & ((1 << levels) - 1)) !== 0) return false;
    if ((cols & ~coveredColumns(stateOpen, 0)) !== 0) return false;
    const first = mostConstrainedRow(stateOpen, 0);
    if (levels === 1) {
      savedCount = first >>> KEY_COUNT;
      return false;
    }
    stateRow[0] = first & KEY_ROW;
    stateCols[0] = cols;
    stateLeft[0] = levels;
    stateEmpty[0] = emptyRows(stateOpen, 0);

    // The attack patterns, for the squares a queen can take: those open at the root. (An
    // expansion's placement with no candidate reads column 15, whatever it holds: that child is dead.)
    for (let level = 0; level < levels; level++) {
      // Per lane, what a queen in this level's row takes in column 0, and in column 15: every
      // column's pattern is these two shifted into place.
      const row = records[rows + level];
      for (let lane = 0; lane < levels; lane++) {
        let up = 0xffff;
        let down = 0xffff;
        if (lane !== level) {
          const distance = Math.abs(records[rows + lane] - row);
          up = 1 | (1 << distance);
          down = 0x8000 >>> distance;
        }
        reachUp[lane] = up;
        reachDown[lane] = down;
      }
      for (let open = records[record + REC_MASK + level] >>> low; open !== 0; open &= open - 1) {
        const column = ctz(open);
        const at = ((level << 4) | column) * LANES;
        for (let lane = 0; lane < levels; lane++) {
          attack[at + lane] = ((reachUp[lane] << column) | (reachDown[lane] >>> (15 - column))) & 0xffff;
        }
      }
    }
    savedTop = 1;
    return true;
  }

  function run(budget: number): number {
    let top = savedTop;
    let count = savedCount;
    while (top !== 0) {
      if (--budget < 0) break;
      // Two states at a time when there are two: their placements interleave in one loop.
      top--;
      const rowA = stateRow[top];
      const colsA = stateCols[top];
      const leftA = stateLeft[top];
      let candidatesA = stateOpen[top * LANES + rowA];
      const emptyA = stateEmpty[top] | (1 << rowA);
      copyFreeRows(openA, top, emptyA);
      // A live child is counted when it filled the last row, and kept otherwise.
      const lastA = leftA === 1 ? 1 : 0;
      const stepA = leftA === 1 ? 0 : 1;
      if (top !== 0) {
        top--;
        const rowB = stateRow[top];
        const colsB = stateCols[top];
        const leftB = stateLeft[top];
        let candidatesB = stateOpen[top * LANES + rowB];
        const emptyB = stateEmpty[top] | (1 << rowB);
        copyFreeRows(openB, top, emptyB);
        const lastB = leftB === 1 ? 1 : 0;
        const stepB = leftB === 1 ? 0 : 1;
        do {
          const bitA = candidatesA & -candidatesA;
          candidatesA ^= bitA;
          let kept = place(openA, rowA, bitA, colsA, leftA, emptyA, top);
          top += kept & stepA;
          count += kept & lastA;
          const bitB = candidatesB & -candidatesB;
          candidatesB ^= bitB;
          kept = place(openB, rowB, bitB, colsB, leftB, emptyB, top);
          top += kept & stepB;
          count += kept & lastB;
        } while ((candidatesA | candidatesB) !== 0);
      } else {
        do {
          const bitA = candidatesA & -candidatesA;
          candidatesA ^= bitA;
          const kept = place(openA, rowA, bitA, colsA, leftA, emptyA, top);
          top += kept & stepA;
          count += kept & lastA;
        } while (candidatesA !== 0);
      }
    }
    savedTop = top;
    savedCount = count;
    return budget;
  }

  return { start, run, count: () => savedCount };
}
