// Counting by forward checking: the completions of a record with at most LANES free rows.
// src/kernel/js/forward.ts is the same algorithm, step for step and name for name; count.ts sends
// the records with more free rows to the bitmask search, which hands their last LANES rows over to
// this one.
//
// A state keeps the open squares of every free row, one 16-bit lane per row, so that placing a
// queen is one AND-NOT per vector with a precomputed attack pattern. That buys two things the
// row-by-row bitmask search cannot have: a row (or column) left without an open square is seen at
// once, and the next row to fill is the one with the fewest open squares. Each placement costs
// more than a bitmask step, and the loop hides that cost by expanding two states side by side,
// whose independent chains of SIMD work overlap in the processor.
//
// Rows and columns become lanes and bits in one of two ways. In a window (the free rows within 16
// consecutive rows, the open squares within 16 consecutive columns: every record of a count up to
// n = 18), lane = row - rowLow and bit = column - colLow, and the attack patterns depend on
// nothing but the distance between rows: one table serves every such record, built once per
// kernel instance. Otherwise the free rows are the lanes in order and the unused columns the bits
// in order (at most 16 of each, since every free row needs its own column), and the patterns are
// built for the record.
//
// The search is resumable: forwardRun stops when its budget of expansions is spent and keeps its
// stack, so that a caller can give control back to its event loop and continue later.

import { REC_LEVELS, REC_MASK, REC_ROW, REC_SIZE, REC_USED } from './layout';
import { CountingNodes, nodesVisited } from './nodes';

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
// Attack patterns, [lane][bit]: per lane, the squares a queen there takes from that lane's row;
// all ones in its own lane, so that it reads as placed (0). WINDOW is the table of window mode
// (filled once: see windowTable); COMPACT is built per record.
const PATTERN_BYTES = LANES * LANES * 32;
const WINDOW = memory.data(PATTERN_BYTES, 64);
const COMPACT = memory.data(PATTERN_BYTES, 64);
let windowReady = false;
// Compact mode: the bit of each column (0 for a used one), with 32 columns of zeros on both sides
// so that a diagonal off the board reads 0; and the lanes' rows and open squares (real columns).
const COLUMN_BIT = memory.data(96 * 2, 16);
const LANE_ROW = memory.data(LANES * 4, 16);
const LANE_OPEN = memory.data(LANES * 4, 16);
const KEY_COUNT = 11;
const KEY_ROW = 15;
const LANE_INDEX = memory.data<u16>([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 16);

// The search between two calls: the patterns it uses, the top of the stack and the completions
// counted so far.
let table: usize = WINDOW;
let savedTop: usize = 0;
let savedCount: u64 = 0;

/** The completions counted, once forwardRun has finished. */
export function forwardCount(): u64 {
  return savedCount;
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
  const key0 = v128.or(
    v128.or(i16x8.shl(i16x8.add(bytes0, i16x8.shr_u(bytes0, 8)), KEY_COUNT), v128.load(LANE_INDEX)),
    i16x8.eq(open0, zero),
  );
  const key1 = v128.or(
    v128.or(i16x8.shl(i16x8.add(bytes1, i16x8.shr_u(bytes1, 8)), KEY_COUNT), v128.load(LANE_INDEX, 16)),
    i16x8.eq(open1, zero),
  );
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
@inline function place(
  table: usize,
  open0: v128,
  open1: v128,
  row: u32,
  bit: u32,
  cols: u32,
  left: u32,
  empty: u32,
  child: usize,
): u32 {
  const attack = table + (((row << 4) | (ctz(bit | 0x8000) & 15)) << 5);
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

// The window table: for a queen in lane L, bit x, lane M gets bits x and x +- |M - L| (16 bits).
function windowTable(): void {
  for (let lane = 0; lane < LANES; lane++) {
    for (let bit = 0; bit < LANES; bit++) {
      const at = WINDOW + (((lane << 4) | bit) << 5);
      for (let other = 0; other < LANES; other++) {
        const distance = abs<i32>(other - lane);
        const taken: u32 =
          other == lane
            ? 0xffff
            : (((<u32>1) << bit) | ((<u32>1) << (bit + distance)) | (((<u32>1) << bit) >> distance)) & 0xffff;
        store<u16>(at + (other << 1), taken);
      }
    }
  }
  windowReady = true;
}

// Checks the root (the open squares of the free lanes `free`, the columns `cols` to fill) and
// starts the search from it: false when the root alone decides the count.
function startFrom(free: u32, cols: u32, levels: i32): bool {
  const root = STACK;
  const root0 = v128.load(root, S_OPEN);
  const root1 = v128.load(root, S_OPEN + 16);
  if ((emptyRows(root0, root1) & free) != 0) return false;
  if ((cols & ~coveredColumns(root0, root1)) != 0) return false;
  const first = mostConstrainedRow(root0, root1);
  if (levels == 1) {
    savedCount = <u64>(first >> KEY_COUNT);
    return false;
  }
  store<u32>(root, first & KEY_ROW, S_ROW);
  store<u32>(root, cols, S_COLS);
  store<u32>(root, levels, S_LEFT);
  savedTop = STACK + STATE_BYTES;
  return true;
}

/**
 * Sets up the search of a record with at most LANES free rows. Returns false when the root
 * already decides the count (forwardCount() has it), true when forwardRun must search.
 */
export function forwardStart(record: usize): bool {
  savedTop = STACK;
  savedCount = 0;
  const levels = load<i32>(record + (REC_LEVELS << 2));
  if (levels == 0) {
    savedCount = 1;
    return false;
  }
  const n = load<i32>(record + (REC_SIZE << 2));
  const rows = record + (REC_ROW << 2);
  const masks = record + (REC_MASK << 2);
  const used = load<u32>(record + (REC_USED << 2));
  const all: u32 = n == 32 ? 0xffffffff : ((<u32>1) << n) - 1;
  let span: u32 = 0;
  for (let level = 0; level < levels; level++) span |= load<u32>(masks + (level << 2));
  const rowLow = load<i32>(rows);
  const colLow = span == 0 ? 0 : ctz(span);
  if (load<i32>(rows + ((levels - 1) << 2)) - rowLow < LANES && 32 - clz(span) - colLow <= LANES) {
    // A window: the universal table, and the root's lanes by row.
    if (!windowReady) windowTable();
    table = WINDOW;
    const zero = i16x8.splat(0);
    v128.store(STACK, zero, S_OPEN);
    v128.store(STACK, zero, S_OPEN + 16);
    let free: u32 = 0;
    for (let level = 0; level < levels; level++) {
      const lane = load<i32>(rows + (level << 2)) - rowLow;
      store<u16>(STACK + (lane << 1), load<u32>(masks + (level << 2)) >> colLow);
      free |= (<u32>1) << lane;
    }
    // An unused column outside the window has no open square, and cols has it out of reach (or
    // loses it): either way no completion fills every row, and none is counted.
    return startFrom(free, (all & ~used) >> colLow, levels);
  }
  for (let level = 0; level < levels; level++) {
    store<i32>(LANE_ROW + (level << 2), load<i32>(rows + (level << 2)));
    store<u32>(LANE_OPEN + (level << 2), load<u32>(masks + (level << 2)));
  }
  return compactStart(levels, all & ~used);
}

/**
 * Sets up the search of the last levels of a record (at most LANES) that the bitmask search hands
 * over: `level` is the first of them, and cols, left and right are the bitmask search's masks there.
 */
export function forwardHandoff(record: usize, level: i32, cols: u32, left: u32, right: u32): bool {
  savedTop = STACK;
  savedCount = 0;
  const n = load<i32>(record + (REC_SIZE << 2));
  const levels = load<i32>(record + (REC_LEVELS << 2)) - level;
  const rows = record + ((REC_ROW + level) << 2);
  const masks = record + ((REC_MASK + level) << 2);
  const top = load<i32>(rows);
  const used = cols | load<u32>(record + (REC_USED << 2));
  for (let lane = 0; lane < levels; lane++) {
    const row = load<i32>(rows + (lane << 2));
    const distance = row - top;
    store<i32>(LANE_ROW + (lane << 2), row);
    store<u32>(
      LANE_OPEN + (lane << 2),
      load<u32>(masks + (lane << 2)) & ~(cols | (left << distance) | (right >> distance)),
    );
  }
  const all: u32 = n == 32 ? 0xffffffff : ((<u32>1) << n) - 1;
  return compactStart(levels, all & ~used);
}

// Compact mode: lane = index in LANE_ROW, bit = rank of the column among the unused ones.
function compactStart(levels: i32, unused: u32): bool {
  const zero = i16x8.splat(0);
  for (let i = 0; i < 12; i++) v128.store(COLUMN_BIT + (i << 4), zero);
  let bit: u32 = 0;
  for (let columns = unused; columns != 0; columns &= columns - 1) {
    store<u16>(COLUMN_BIT + ((32 + ctz(columns)) << 1), (<u32>1) << bit);
    bit++;
  }
  table = COMPACT;
  v128.store(STACK, zero, S_OPEN);
  v128.store(STACK, zero, S_OPEN + 16);
  for (let lane = 0; lane < levels; lane++) {
    let open: u32 = 0;
    for (let squares = load<u32>(LANE_OPEN + (lane << 2)); squares != 0; squares &= squares - 1) {
      open |= <u32>load<u16>(COLUMN_BIT + ((32 + ctz(squares)) << 1));
    }
    store<u16>(STACK + (lane << 1), open);
  }
  if (!startFrom(((<u32>1) << levels) - 1, ((<u32>1) << bit) - 1, levels)) return false;
  // The patterns, for the squares a queen can take: those open at the root. (An expansion's
  // placement with no candidate reads bit 15, whatever it holds: that child is dead.) Lanes past
  // the last level are 0 in every state, whatever the pattern holds there.
  for (let lane = 0; lane < levels; lane++) {
    const row = load<i32>(LANE_ROW + (lane << 2));
    for (let squares = load<u32>(LANE_OPEN + (lane << 2)); squares != 0; squares &= squares - 1) {
      const own = COLUMN_BIT + ((32 + ctz(squares)) << 1);
      const at = COMPACT + ((((<u32>lane) << 4) | ctz(<u32>load<u16>(own))) << 5);
      for (let other = 0; other < levels; other++) {
        const distance = (<usize>abs<i32>(load<i32>(LANE_ROW + (other << 2)) - row)) << 1;
        const taken: u32 =
          other == lane
            ? 0xffff
            : (<u32>load<u16>(own)) | (<u32>load<u16>(own + distance)) | (<u32>load<u16>(own - distance));
        store<u16>(at + (other << 1), taken);
      }
    }
  }
  return true;
}

/**
 * Runs the search set up by forwardStart for at most `budget` expansions. Returns the budget left,
 * or -1 when it was spent before the search ended (the next call continues it).
 */
export function forwardRun<Build>(budget: i32): i32 {
  const patterns = table;
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
    const emptyA = emptyRows(a0, a1) | ((<u32>1) << rowA);
    // With two rows left, a live child has exactly one completion (its one row, its one column,
    // which it has open): it is counted. Otherwise it is kept.
    const lastA: u32 = leftA == 2 ? 1 : 0;
    const stepA: u32 = leftA == 2 ? 0 : STATE_BYTES;
    if (top != STACK) {
      top -= STATE_BYTES;
      const b0 = v128.load(top, S_OPEN);
      const b1 = v128.load(top, S_OPEN + 16);
      const rowB = load<u32>(top, S_ROW);
      const colsB = load<u32>(top, S_COLS);
      const leftB = load<u32>(top, S_LEFT);
      let candidatesB = <u32>load<u16>(top + (rowB << 1));
      const emptyB = emptyRows(b0, b1) | ((<u32>1) << rowB);
      const lastB: u32 = leftB == 2 ? 1 : 0;
      const stepB: u32 = leftB == 2 ? 0 : STATE_BYTES;
      do {
        const bitA = candidatesA & (0 - candidatesA);
        candidatesA ^= bitA;
        let kept = place(patterns, a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
        top += (0 - kept) & stepA;
        count += kept & lastA;
        const bitB = candidatesB & (0 - candidatesB);
        candidatesB ^= bitB;
        kept = place(patterns, b0, b1, rowB, bitB, colsB, leftB, emptyB, top);
        top += (0 - kept) & stepB;
        count += kept & lastB;
        if (sizeof<Build>() == sizeof<CountingNodes>()) nodesVisited += <u64>(bitA != 0) + <u64>(bitB != 0);
      } while ((candidatesA | candidatesB) != 0);
    } else {
      do {
        const bitA = candidatesA & (0 - candidatesA);
        candidatesA ^= bitA;
        const kept = place(patterns, a0, a1, rowA, bitA, colsA, leftA, emptyA, top);
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
