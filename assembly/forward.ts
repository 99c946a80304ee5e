// Counting by forward checking: the completions of a record that fits in lanes (at most LANES
// free rows, its open squares within LANES adjacent columns). src/kernel/js/forward.ts is the same
// algorithm, step for step and name for name; count.ts sends the records that do not fit to the
// bitmask search.
//
// A state keeps the open squares of every free row, one 16-bit lane per row, so that placing a
// queen is one AND-NOT per vector with a precomputed attack pattern. That buys two things the
// row-by-row bitmask search cannot have: a row (or column) left without an open square is seen at
// once, and the next row to fill is the one with the fewest open squares. Each placement costs
// more than a bitmask step, and the loop hides that cost by expanding two states side by side,
// whose independent chains of SIMD work overlap in the processor.
//
// The search is resumable: forwardRun stops when its budget of expansions is spent and keeps its
// stack, so that a caller can give control back to its event loop and continue later.

import { REC_BOARD, REC_LEVELS, REC_MASK, REC_ROW, REC_SIZE } from "./layout";
import { CountingNodes, nodesVisited } from "./nodes";

/** Rows and columns a record may span to be counted here: one i16x8 pair holds a state. */
export const LANES = 16;

// A state on the stack: the open squares per row (placed rows and unused lanes are 0), the row
// whose squares its children take, the columns still without a queen, and the rows left to fill.
const S_OPEN = 0;
const S_ROW = 32;
const S_COLS = 36;
const S_LEFT = 40;
const STATE_BYTES = 48;
// Each expansion pops at most two states and pushes at most 2 * LANES, and a state's children are
// one row deeper, so LANES levels of 2 * LANES states bound the stack.
const STACK = memory.data(2 * LANES * LANES * STATE_BYTES, 64);
// ATTACK[level][column]: per lane, the squares a queen there takes from that row; all ones in its
// own row, so that it reads as placed (0). Unused lanes are 0 in every state and stay 0.
const ATTACK = memory.data(LANES * LANES * 32, 64);
// Scratch for building ATTACK: the up and down patterns of one level (see forwardStart).
const REACH = memory.data(64, 16);
const KEY_COUNT = 11;
const KEY_ROW = 15;
const LANE_INDEX = memory.data<u16>([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 16);

// The search between two calls: the top of the stack and the completions counted so far.
let savedTop: usize = 0;
let savedCount: u64 = 0;

/** The completions counted, once forwardRun has finished. */
export function forwardCount(): u64 {
  return savedCount;
}

/** The lowest column of the record's open squares, or -1 if it does not fit in lanes. */
export function laneOffset(record: usize): i32 {
  const levels = load<i32>(record + (REC_LEVELS << 2));
  if (levels > LANES) return -1;
  let span: u32 = 0;
  for (let level = 0; level < levels; level++) span |= load<u32>(record + ((REC_MASK + level) << 2));
  if (span == 0) return 0;
  const low = ctz(span);
  return 32 - clz(span) - low <= LANES ? low : -1;
}

// Rows with no open square, one bit per lane.
@inline function emptyRows(open0: v128, open1: v128): u32 {
  const zero = i16x8.splat(0);
  return <u32>i8x16.bitmask(i8x16.narrow_i16x8_s(i16x8.eq(open0, zero), i16x8.eq(open1, zero)));
}

// The columns with an open square in some row. (The last step shifts rather than shuffles: V8
// turns a 16-bit shuffle into two instructions and a constant.)
@inline function coveredColumns(open0: v128, open1: v128): u32 {
  let any = v128.or(open0, open1);
  any = v128.or(any, i32x4.shuffle(any, any, 2, 3, 0, 1));
  any = v128.or(any, i32x4.shuffle(any, any, 1, 0, 3, 2));
  any = v128.or(any, i32x4.shr_u(any, 16));
  return <u32>i16x8.extract_lane_u(any, 0);
}

// The free row with the fewest open squares: (count << KEY_COUNT) | row, the minimum over lanes;
// empty lanes (placed rows) are all ones and never chosen. A lane's count is its two bytes' counts
// added with a shift; the high byte's own count lands above bit 15 after the shift to KEY_COUNT.
@inline function mostConstrainedRow(open0: v128, open1: v128): u32 {
  const zero = i16x8.splat(0);
  const bytes0 = i8x16.popcnt(open0);
  const bytes1 = i8x16.popcnt(open1);
  const key0 = v128.or(v128.or(i16x8.shl(i16x8.add(bytes0, i16x8.shr_u(bytes0, 8)), KEY_COUNT), v128.load(LANE_INDEX)), i16x8.eq(open0, zero));
  const key1 = v128.or(v128.or(i16x8.shl(i16x8.add(bytes1, i16x8.shr_u(bytes1, 8)), KEY_COUNT), v128.load(LANE_INDEX, 16)), i16x8.eq(open1, zero));
  let key = i16x8.min_u(key0, key1);
  key = i16x8.min_u(key, i32x4.shuffle(key, key, 2, 3, 0, 1));
  key = i16x8.min_u(key, i32x4.shuffle(key, key, 1, 0, 3, 2));
  key = i16x8.min_u(key, i32x4.shr_u(key, 16));
  return <u32>i16x8.extract_lane_u(key, 0);
}

// Places the queen `bit` in `row` of a state and writes the child at `child`, unconditionally:
// the caller keeps it by moving the stack pointer, or counts it when it was the last row. Returns
// 1 when the child lives, 0 when a row or a column is left without an open square, or when bit is
// 0 (an expansion with no candidate left, which keeps the two states in step). `dead` is built
// from bits, not comparisons: Binaryen turns an OR of comparisons into a branch, and that branch
// is taken at random.
@inline function place(open0: v128, open1: v128, row: u32, bit: u32, cols: u32, left: u32, empty: u32, child: usize): u32 {
  const attack = ATTACK + (((row << 4) | (ctz(bit | 0x8000) & 15)) << 5);
  const next0 = v128.andnot(open0, v128.load(attack));
  const next1 = v128.andnot(open1, v128.load(attack, 16));
  const nextCols = cols ^ bit;
  const dead = (emptyRows(next0, next1) ^ empty) | (nextCols & ~coveredColumns(next0, next1)) | ((bit - 1) >> 16);
  v128.store(child, next0, S_OPEN);
  v128.store(child, next1, S_OPEN + 16);
  store<u32>(child, mostConstrainedRow(next0, next1) & KEY_ROW, S_ROW);
  store<u32>(child, nextCols, S_COLS);
  store<u32>(child, left - 1, S_LEFT);
  return <u32>(dead == 0);
}

/**
 * Sets up the search of a record that fits in lanes (`low`: laneOffset). Returns false when the
 * root already decides the count (forwardCount() has it), true when forwardRun must search.
 */
export function forwardStart(record: usize, low: i32): bool {
  savedTop = STACK;
  savedCount = 0;
  const levels = load<i32>(record + (REC_LEVELS << 2));
  if (levels == 0) {
    savedCount = 1;
    return false;
  }
  const n = load<i32>(record + (REC_SIZE << 2));
  const rows = record + (REC_ROW << 2);
  let used: u32 = 0;
  for (let row = 0; row < n; row++) {
    const column = load<i32>(record + ((REC_BOARD + row) << 2));
    if (column >= 0) used |= <u32>1 << column;
  }
  const all: u32 = n == 32 ? 0xffffffff : (<u32>1 << n) - 1;

  // The root: the record's open squares; it is dead like any state, or starts the search.
  const root = STACK;
  for (let lane = 0; lane < LANES; lane++) {
    store<u16>(root + (lane << 1), lane < levels ? load<u32>(record + ((REC_MASK + lane) << 2)) >> low : 0);
  }
  const root0 = v128.load(root, S_OPEN);
  const root1 = v128.load(root, S_OPEN + 16);
  const cols = (all & ~used) >> low;
  if ((emptyRows(root0, root1) & ((<u32>1 << levels) - 1)) != 0) return false;
  if ((cols & ~coveredColumns(root0, root1)) != 0) return false;
  const first = mostConstrainedRow(root0, root1);
  if (levels == 1) {
    savedCount = <u64>(first >> KEY_COUNT);
    return false;
  }
  store<u32>(root, first & KEY_ROW, S_ROW);
  store<u32>(root, cols, S_COLS);
  store<u32>(root, levels, S_LEFT);

  // The attack patterns, for the squares a queen can take: those open at the root. (An expansion's
  // placement with no candidate reads column 15, whatever it holds: that child is dead.)
  // Unused lanes stay 0 (a state holds 0 there, whatever the pattern).
  const zero = i16x8.splat(0);
  v128.store(REACH, zero);
  v128.store(REACH, zero, 16);
  v128.store(REACH, zero, 32);
  v128.store(REACH, zero, 48);
  for (let level = 0; level < levels; level++) {
    // Per lane, what a queen in this level's row takes in column 0, and in column 15: every
    // column's pattern is these two shifted into place.
    const row = load<i32>(rows + (level << 2));
    for (let lane = 0; lane < levels; lane++) {
      let up: u32 = 0xffff;
      let down: u32 = 0xffff;
      if (lane != level) {
        const distance = abs<i32>(load<i32>(rows + (lane << 2)) - row);
        up = 1 | (<u32>1 << distance);
        down = <u32>0x8000 >> distance;
      }
      store<u16>(REACH + (lane << 1), up);
      store<u16>(REACH + (lane << 1), down, 32);
    }
    const up0 = v128.load(REACH);
    const up1 = v128.load(REACH, 16);
    const down0 = v128.load(REACH, 32);
    const down1 = v128.load(REACH, 48);
    for (let open = load<u32>(record + ((REC_MASK + level) << 2)) >> low; open != 0; open &= open - 1) {
      const column = ctz(open);
      const at = ATTACK + (((level << 4) | column) << 5);
      v128.store(at, v128.or(i16x8.shl(up0, column), i16x8.shr_u(down0, 15 - column)));
      v128.store(at, v128.or(i16x8.shl(up1, column), i16x8.shr_u(down1, 15 - column)), 16);
    }
  }
  savedTop = STACK + STATE_BYTES;
  return true;
}

/**
 * Runs the search set up by forwardStart for at most `budget` expansions. Returns the budget left,
 * or -1 when it was spent before the search ended (the next call continues it).
 */
export function forwardRun<Build>(budget: i32): i32 {
  let top = savedTop;
  let count = savedCount;
  while (top != STACK) {
    if (--budget < 0) break;
    // Two states at a time when there are two: their placements interleave in one loop.
    top -= STATE_BYTES;
    const a0 = v128.load(top, S_OPEN);
    const a1 = v128.load(top, S_OPEN + 16);
    const rowA = load<u32>(top, S_ROW);
    const colsA = load<u32>(top, S_COLS);
    const leftA = load<u32>(top, S_LEFT);
    let candidatesA = <u32>load<u16>(top + (rowA << 1));
    const emptyA = emptyRows(a0, a1) | (<u32>1 << rowA);
    // A live child is counted when it filled the last row, and kept otherwise.
    const lastA: u32 = leftA == 1 ? 1 : 0;
    const stepA: u32 = leftA == 1 ? 0 : STATE_BYTES;
    if (top != STACK) {
      top -= STATE_BYTES;
      const b0 = v128.load(top, S_OPEN);
      const b1 = v128.load(top, S_OPEN + 16);
      const rowB = load<u32>(top, S_ROW);
      const colsB = load<u32>(top, S_COLS);
      const leftB = load<u32>(top, S_LEFT);
      let candidatesB = <u32>load<u16>(top + (rowB << 1));
      const emptyB = emptyRows(b0, b1) | (<u32>1 << rowB);
      const lastB: u32 = leftB == 1 ? 1 : 0;
      const stepB: u32 = leftB == 1 ? 0 : STATE_BYTES;
      do {
        const bitA = candidatesA & (0 - candidatesA);
        candidatesA ^= bitA;
        let kept = place(a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += (0 - kept) & stepA;
        count += kept & lastA;
        const bitB = candidatesB & (0 - candidatesB);
        candidatesB ^= bitB;
        kept = place(b0, b1, rowB, bitB, colsB, leftB, emptyB, top);
        top += (0 - kept) & stepB;
        count += kept & lastB;
        if (sizeof<Build>() == sizeof<CountingNodes>()) nodesVisited += <u64>(bitA != 0) + <u64>(bitB != 0);
      } while ((candidatesA | candidatesB) != 0);
    } else {
      do {
        const bitA = candidatesA & (0 - candidatesA);
        candidatesA ^= bitA;
        const kept = place(a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += (0 - kept) & stepA;
        count += kept & lastA;
        if (sizeof<Build>() == sizeof<CountingNodes>()) nodesVisited++;
      } while (candidatesA != 0);
    }
  }
  savedTop = top;
  savedCount = count;
  return budget;
}
