// Counting by forward checking: the completions of a record with at most LANES free rows.
// assembly/forward.ts is the same algorithm, step for step and name for name (the reasons are
// written there); here a state's lanes are LANES elements of a typed array where the wasm kernel
// has two i16x8 vectors, and the scope of forwardSearch() holds what is the module's memory in
// wasm: one per kernel instance. (The window table, which never changes, is shared by all.)

import { REC_LEVELS, REC_MASK, REC_ROW, REC_SIZE, REC_USED } from '../../../assembly/layout.js';
import { clz, ctz, popcnt } from './bits.js';

/** Rows and columns a record may span to be counted here. */
export const LANES = 16;

// Attack patterns, [(lane * LANES + bit) * LANES + other lane]: the squares a queen there takes
// from the other lane's row; all ones in its own lane, so that it reads as placed (0).
const PATTERN_WORDS = LANES * LANES * LANES;
let window: Int32Array | undefined;

// The window table: for a queen in lane L, bit x, lane M gets bits x and x +- |M - L| (16 bits).
function windowTable(): Int32Array {
  const out = new Int32Array(PATTERN_WORDS);
  for (let lane = 0; lane < LANES; lane++) {
    for (let bit = 0; bit < LANES; bit++) {
      const at = ((lane << 4) | bit) * LANES;
      for (let other = 0; other < LANES; other++) {
        const distance = Math.abs(other - lane);
        out[at + other] =
          other === lane ? 0xffff : ((1 << bit) | (1 << (bit + distance)) | ((1 << bit) >>> distance)) & 0xffff;
      }
    }
  }
  return out;
}

export interface ForwardSearch {
  /** Sets up the search of a record with at most LANES free rows; false when the root already decides the count. */
  start(records: Int32Array, record: number): boolean;
  /** Sets up the search of the last levels of a record, from `level` on, handed over by the bitmask search. */
  handoff(records: Int32Array, record: number, level: number, cols: number, left: number, right: number): boolean;
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
  // The patterns of compact mode, built per record.
  const compact = new Int32Array(PATTERN_WORDS);
  // Compact mode: the bit of each column (0 for a used one), with 32 columns of zeros on both
  // sides; and the lanes' rows and open squares (real columns).
  const columnBit = new Int32Array(96);
  const laneRow = new Int32Array(LANES);
  const laneOpen = new Int32Array(LANES);
  // A row's key: (count << KEY_COUNT) | row.
  const KEY_COUNT = 11;
  const KEY_ROW = 15;
  // The two states being expanded, copied out because their children overwrite their slots.
  const openA = new Int32Array(LANES);
  const openB = new Int32Array(LANES);
  // The search between two calls: the patterns it uses, the top of the stack and the completions
  // counted so far.
  let table: Int32Array = compact;
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
  function place(
    patterns: Int32Array,
    open: Int32Array,
    row: number,
    bit: number,
    cols: number,
    left: number,
    empty: number,
    child: number,
  ): number {
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
      const squares = open[lane] & ~patterns[from + lane];
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

  // Checks the root (the open squares of the free lanes `free`, the columns `cols` to fill) and
  // starts the search from it: false when the root alone decides the count.
  function startFrom(free: number, cols: number, levels: number): boolean {
    if ((emptyRows(stateOpen, 0) & free) !== 0) return false;
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
    savedTop = 1;
    return true;
  }

  function start(records: Int32Array, record: number): boolean {
    savedTop = 0;
    savedCount = 0;
    const levels = records[record + REC_LEVELS];
    if (levels === 0) {
      savedCount = 1;
      return false;
    }
    const n = records[record + REC_SIZE];
    const rows = record + REC_ROW;
    const masks = record + REC_MASK;
    const used = records[record + REC_USED];
    const all = n === 32 ? -1 : (1 << n) - 1;
    let span = 0;
    for (let level = 0; level < levels; level++) span |= records[masks + level];
    const rowLow = records[rows];
    const colLow = span === 0 ? 0 : ctz(span);
    if (records[rows + levels - 1] - rowLow < LANES && 32 - clz(span) - colLow <= LANES) {
      // A window: the universal table, and the root's lanes by row.
      table = window ??= windowTable();
      stateOpen.fill(0, 0, LANES);
      let free = 0;
      for (let level = 0; level < levels; level++) {
        const lane = records[rows + level] - rowLow;
        stateOpen[lane] = (records[masks + level] >>> colLow) & 0xffff;
        free |= 1 << lane;
      }
      // An unused column outside the window has no open square: no completion is counted then.
      return startFrom(free, (all & ~used) >>> colLow, levels);
    }
    for (let level = 0; level < levels; level++) {
      laneRow[level] = records[rows + level];
      laneOpen[level] = records[masks + level];
    }
    return compactStart(levels, all & ~used);
  }

  function handoff(
    records: Int32Array,
    record: number,
    level: number,
    cols: number,
    left: number,
    right: number,
  ): boolean {
    savedTop = 0;
    savedCount = 0;
    const n = records[record + REC_SIZE];
    const levels = records[record + REC_LEVELS] - level;
    const rows = record + REC_ROW + level;
    const masks = record + REC_MASK + level;
    const top = records[rows];
    const used = cols | records[record + REC_USED];
    for (let lane = 0; lane < levels; lane++) {
      const row = records[rows + lane];
      const distance = row - top;
      laneRow[lane] = row;
      laneOpen[lane] = records[masks + lane] & ~(cols | (left << distance) | (right >>> distance));
    }
    const all = n === 32 ? -1 : (1 << n) - 1;
    return compactStart(levels, all & ~used);
  }

  // Compact mode: lane = index in laneRow, bit = rank of the column among the unused ones.
  function compactStart(levels: number, unused: number): boolean {
    columnBit.fill(0);
    let bit = 0;
    for (let columns = unused; columns !== 0; columns &= columns - 1) {
      columnBit[32 + ctz(columns)] = 1 << bit;
      bit++;
    }
    table = compact;
    stateOpen.fill(0, 0, LANES);
    for (let lane = 0; lane < levels; lane++) {
      let open = 0;
      for (let squares = laneOpen[lane]; squares !== 0; squares &= squares - 1) open |= columnBit[32 + ctz(squares)];
      stateOpen[lane] = open;
    }
    if (!startFrom((1 << levels) - 1, (1 << bit) - 1, levels)) return false;
    // The patterns, for the squares a queen can take: those open at the root.
    for (let lane = 0; lane < levels; lane++) {
      const row = laneRow[lane];
      for (let squares = laneOpen[lane]; squares !== 0; squares &= squares - 1) {
        const own = 32 + ctz(squares);
        const at = ((lane << 4) | ctz(columnBit[own])) * LANES;
        for (let other = 0; other < levels; other++) {
          const distance = Math.abs(laneRow[other] - row);
          compact[at + other] =
            other === lane ? 0xffff : columnBit[own] | columnBit[own + distance] | columnBit[own - distance];
        }
      }
    }
    return true;
  }

  function run(budget: number): number {
    const patterns = table;
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
      // With two rows left, a live child has exactly one completion: it is counted; otherwise kept.
      const lastA = leftA === 2 ? 1 : 0;
      const stepA = leftA === 2 ? 0 : 1;
      if (top !== 0) {
        top--;
        const rowB = stateRow[top];
        const colsB = stateCols[top];
        const leftB = stateLeft[top];
        let candidatesB = stateOpen[top * LANES + rowB];
        const emptyB = stateEmpty[top] | (1 << rowB);
        copyFreeRows(openB, top, emptyB);
        const lastB = leftB === 2 ? 1 : 0;
        const stepB = leftB === 2 ? 0 : 1;
        do {
          const bitA = candidatesA & -candidatesA;
          candidatesA ^= bitA;
          let kept = place(patterns, openA, rowA, bitA, colsA, leftA, emptyA, top);
          top += kept & stepA;
          count += kept & lastA;
          const bitB = candidatesB & -candidatesB;
          candidatesB ^= bitB;
          kept = place(patterns, openB, rowB, bitB, colsB, leftB, emptyB, top);
          top += kept & stepB;
          count += kept & lastB;
        } while ((candidatesA | candidatesB) !== 0);
      } else {
        do {
          const bitA = candidatesA & -candidatesA;
          candidatesA ^= bitA;
          const kept = place(patterns, openA, rowA, bitA, colsA, leftA, emptyA, top);
          top += kept & stepA;
          count += kept & lastA;
        } while (candidatesA !== 0);
      }
    }
    savedTop = top;
    savedCount = count;
    return budget;
  }

  return { start, handoff, run, count: () => savedCount };
}
