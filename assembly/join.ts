// Counting by a join instead of a search: the completions of one row choice (a subproblem of the
// join plan, src/plan/join-subproblems.ts). The east columns hold the queens of the rows the choice
// names, the west columns those of the other rows (on an odd board the middle column holds one
// queen, placed by the subproblem). Every solution with that choice is one east half-board and one west
// half-board whose diagonals are disjoint, so the count is the number of such pairs. Each side's
// half-boards are joins of its quarter-boards, north and south (halfBoards). One side, the table,
// is listed and sorted into buckets by a few of its diagonals (sortIntoBuckets); the other side is
// streamed through it: listed a block at a time, and every half-board of a block is tested against
// the table's half-boards of the buckets it can meet, four at a time with SIMD (crossCount).
// src/kernel/js/join.ts is the same, step for step and name for name, in scalar TypeScript.
//
// The words. A side has k = n >> 1 columns. A diagonal is "first" where row + column is constant
// and "second" where row - column is; the two directions. A side keeps, per direction, the 2k - 1
// diagonals that the other side reaches too, as the bits of a 32-bit word (the "diagonal word").
// A half-board's key is a few of those bits, the ones around the longest diagonal of each
// direction, which both sides meet most often (keyBitsFor); its rest is the bits the pair test
// reads: in the narrow form, both directions' bits outside the key packed into one word; in the
// wide form (where those do not fit 31 bits), one word per direction. Two half-boards can pair
// only where their keys are disjoint, so a bucket (the half-boards of one key) meets only the
// buckets of keys inside its complement. Visiting a bucket costs about as much as four tests, so
// past some width a wider key stops paying; the table then sieves the key's lowest bits instead
// (its "sieve bits", at k = 11): it keeps a copy of each half-board for every set of sieve bits
// that its own leave open, laid out by the key's other bits, so that a block's bucket visits only
// the copies made for its sieve bits, as many buckets as with the narrower key, with fewer pairs. The west side is listed as the east side of the mirrored
// board (the middle column is its own mirror image), so one search lists both: the mirror swaps
// the two directions.
//
// What a join counts is not quite the solutions of its row choice. A solution's queens on the two
// longest diagonals (the board's main diagonals) stand in the west half, the east half, or on
// neither (or the middle column). Reflecting the board in one of those diagonals moves the other's
// queen to the other half and leaves the first's where it is; so, over all solutions, the total is
// the sum over the solutions with neither queen in the east of 2 to the power of those in the west.
// Mirroring left to right swaps both the halves and the two diagonals, and turns that sum over a
// row choice's mirror image into the same sum with west and east swapped. A join counts both at
// once: each pair of half-boards with no common diagonal weighs 2^w if the east one holds neither
// longest diagonal (w: those the west one holds), plus 2^e if the west one holds neither; a pair
// whose halves both hold one weighs nothing and is not tested. The weight is the same with east
// and west swapped, so either side can be the table. The longest diagonals are key bits, so a
// bucket says which its half-boards hold: the weights go by buckets, and the pairs they spare by
// whole buckets. The plan weighs each subproblem by half its class's size (src/plan/join-subproblems.ts).
//
// The state between calls, in the records below (geometry, lists, cursor, quarter) and SIDES:
// - after joinStart: the board's geometry and the room allowed (lists.maxBytes);
// - after joinBegin: phase QUARTERS, the east side's north quarter about to be listed;
// - while the quarters are listed: one quarter's search stands at a level (the quarter record,
//   the levels above in SLOTS), its quarter-boards so far in its lists; the
//   quarters before it are kept (north as listed, south sorted by columns);
// - once they are: the room each list holds (lists.holding), which side is the table, and phase TABLE
//   with both sides' listings at their start;
// - inside a part: the table holds a part of its side's half-boards, sorted (phase BLOCK or
//   CROSS); the streamed side's listing stands where its last block ended; crossCount stands at a
//   bucket and an entry of the block. A side's listing stands at a north quarter-board and a south
//   one (SIDE_NORTH, SIDE_SOUTH), so that it resumes there, in the next call or the next block.

import { JOIN_MIN_K, JOIN_ROOM_MIN, JOIN_ROW_LIMIT } from './layout';
import {
  BLOCK,
  BLOCK_SORT,
  BUCKET_PADDING,
  BUCKET_START_BYTES,
  CANDIDATES_PER_STEP_SHIFT,
  COUNTING,
  CROSS,
  DONE,
  EAST,
  ENTRY_BYTES,
  GROUP,
  HALF_BOARDS_MAX,
  HALF_SLACK_BYTES,
  KEY_BITS,
  KEY_BYTES,
  NORTH,
  NORTHS_PER_STEP_SHIFT,
  PADDING,
  PLACING,
  QUARTER_ENTRY_BYTES,
  QUARTER_SET_BYTES,
  QUARTER_SLACK_BYTES,
  QUARTERS,
  REST_LISTS,
  REST_WORD_BITS,
  SIEVE_BITS,
  SORTED,
  SORTED_PER_STEP_SHIFT,
  SOUTH,
  STREAM_MARK,
  TABLE,
  TABLE_SORT,
  VECTORS_PER_STEP_SHIFT,
  WEST,
} from './join-constants';
import { joinHeap } from './memory';

// The quarter-board search, one slot per level: the level's row, its open squares (the middle
// queen's attacks removed), rows to the next level, and the state saved when it goes below.
const L_ROW = 0;
const L_OPEN = 4;
const L_GAP = 8;
const L_FREE = 12;
const L_COLS = 16;
const L_FIRST_ATTACKS = 20; // attacks along the first diagonals, moving to lower columns row by row
const L_SECOND_ATTACKS = 24; // attacks along the second diagonals, moving to higher columns
const L_FIRST = 28; // the first diagonals of the queens above: see below
const L_SECOND = 32; // and the second
const L_SECOND_BIT = 36; // the bit of this row's second diagonal through column 0, or 0
const SLOT_BYTES = 48; // the fields, rounded up to a multiple of 16 bytes
const SLOTS = memory.data(JOIN_ROW_LIMIT * SLOT_BYTES, 64);

// For each set of the four lanes (bit i: lane i), the bytes that move those lanes to the front,
// in order: a swizzle with these packs the half-boards that passed (halfBoards).
const COMPACT = memory.data<u8>(
  [
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x02,
    0x03, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x04, 0x05, 0x06, 0x07, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01,
    0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x0c, 0x0d, 0x0e, 0x0f, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x02, 0x03, 0x0c, 0x0d, 0x0e, 0x0f,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x04, 0x05, 0x06, 0x07, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80,
    0x80, 0x80, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00,
    0x01, 0x02, 0x03, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x04, 0x05, 0x06, 0x07,
    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
    0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
  ],
  16,
);

// A side's diagonals as listed: a queen at row r and column base + c (c counted from the side's
// first column, base = n - k) sets bit r + c of the first word and bit r - c + 2k - 1 - n of the
// second; bits past 31 or below 0 are left out. Bits 0 .. 2k - 2 of each are the diagonals the
// other side reaches too (2k - 1 <= 31 up to n = 33); the north and south quarters of a side can
// meet only on bits below 2k, which the 32 bits hold at every n up to 32.

// The join's state, in four records: module globals grouped by namespace, which wasm reads as
// fast as any global (a class's fields would be loads through a pointer in the hot loops).

/** The board being joined: set by joinStart (and n by joinBegin). */
namespace geometry {
  export let n: i32 = 0;
  export let sideCols: i32 = 0; // k: columns per side
  export let diagBits: i32 = 0; // 2k - 1: the diagonals per direction that both sides reach
  export let keyHalf: i32 = 0; // key bits per direction
  export let keyLow: i32 = 0; // the lowest diagonal in the key, per direction
  export let keyBits: i32 = 0;
  export let restBits: i32 = 0; // narrow form: rest bits per direction
  export let sieveHalf: i32 = 0; // key bits per direction that the table's copies sieve: the lowest of each direction's
  export let sieveBits: i32 = 0; // both directions': a key's low bits
  export let bucketHalf: i32 = 0; // the other key bits per direction, by which a block's bucket visits the table's
  export let bucketBits: i32 = 0; // both directions': a key's high bits
  export let wide = false; // the rest as one word per direction
}

/**
 * The lists, past the module's static data, laid out by reserve(): both sides' quarter lists (in
 * their SIDES records), the scratch where a south quarter is listed before its sort, then the
 * table and the block; and the room they may take.
 */
namespace lists {
  export let maxBytes: f64 = 0; // the room joinStart allowed
  export let laidOutFor: i32 = 0; // the k the lists are laid out for
  export let quarterRoom: i32 = 0; // quarter-boards each quarter list holds
  export let southCols: usize = 0; // scratch: u32 per south quarter-board as listed, its columns
  export let southListed: usize = 0; // scratch: u64 each, as listed
  export let room: i32 = 0; // half-boards the table and the block each have room for
  export let holding: i32 = 0; // half-boards they hold in this join: room, or less where maxBytes allows less
  export let tableKeys: usize = 0; // u32 per half-board of the table, as listed
  export let tableRests: usize = 0; // u32 per half-board (narrow), or two arrays of u32, first then second (wide)
  export let tableBucketed: usize = 0; // the table's rests by bucket (with its copies), each bucket padded to a multiple of 4
  export let tableStarts: usize = 0; // u32 per bucket + 2: where each bucket starts
  export let blockKeys: usize = 0;
  export let blockRests: usize = 0;
  export let blockBucketed: usize = 0; // the block's rests by bucket, unpadded
  export let blockStarts: usize = 0;
  export let secondOffset: usize = 0; // wide: from a rest's first word to its second, in every list but tableBucketed: room words, rounded
  export let tableSecond: usize = 0; // and in tableBucketed, which holds room << sieveBits words, rounded
}

/** Where the join of a subproblem stands between two calls of joinRun (see the state above), and what it found. */
namespace cursor {
  export let phase: i32 = DONE;
  export let middleRow: i32 = -1; // the middle column's queen's row, or -1
  export let tableSide: i32 = EAST;
  export let tableCount: i32 = 0; // half-boards in the table's part
  export let blockCount: i32 = 0; // half-boards in the block
  export let crossEntry: u32 = 0; // the next entry of the block
  export let crossBucket: i32 = 0; // its bucket
  export let pairs: u64 = 0;
  export let shortfall: f64 = 0; // bytes a join needed and could not have, or 0
  export let refusedNow = false; // the join ended: its lists cannot have the memory they need
  export let longestQuarter: i32 = 0; // the quarter-boards of the longest quarter of the join
  export let budgetLeft: i32 = 0; // the budget halfBoards may spend (in candidate groups of four), and spends
  export let sortStage: i32 = COUNTING; // a sort counts the keys, then places the rests, each up to an entry
  export let sortAt: i32 = 0; // both start at the first (startSort)
}

/**
 * The quarter-board search under way: the quarter (side, north or south), its level's slot and
 * what stands there, its last level's slot (0: the search is over), the quarter-boards found, and
 * the lists they go to.
 */
namespace quarter {
  export let side: i32 = EAST;
  export let part: i32 = NORTH;
  export let slot: usize = 0;
  export let last: usize = 0;
  export let free: u32 = 0;
  export let used: u32 = 0;
  export let firstAttacks: u32 = 0;
  export let secondAttacks: u32 = 0;
  export let first: u32 = 0;
  export let second: u32 = 0;
  export let total: i32 = 0;
  export let cols: usize = 0;
  export let diags: usize = 0;
  export let norths: i32 = 0;
}

// The two sides, EAST and WEST, each a record in SIDES: its rows, its quarter lists, and where its
// listing stands.
const SIDE_ROWS = 0; // u32: the side's rows
const SIDE_NORTHS = 4; // i32: its north quarter-boards
const SIDE_NORTH_COLS = 8; // usize: u32 per north quarter-board, its columns
const SIDE_NORTH_DIAGS = 12; // usize: u64 per north quarter-board, its first diagonals and its second in the high half
const SIDE_SOUTH_FIRST = 16; // usize: u32 per south quarter-board sorted by columns, its first diagonals
const SIDE_SOUTH_SECOND = 20; // usize: and its second
const SIDE_SOUTH_STARTS = 24; // usize: u32 per set of columns + 2: where its south quarter-boards start
const SIDE_NORTH = 28; // i32: the north quarter-board its listing stands at
const SIDE_SOUTH = 32; // u32: and the south one
const SIDE_BYTES = 48; // the fields, rounded up to a multiple of 16 bytes
const SIDES = memory.data(2 * SIDE_BYTES, 16);


@inline function side(which: i32): usize {
  return SIDES + <usize>which * SIDE_BYTES;
}

// Bytes of a wasm memory page, and the most a wasm memory holds: 65536 pages.
const PAGE_BYTES = 65536;
const MEMORY_LIMIT: f64 = 4294967296 - PAGE_BYTES;
// Bytes of a SIMD vector (and their log2), to which the lists are aligned; and the bytes read past a
// south list's end.
const VECTOR_BYTES = 16;
const VECTOR_BYTES_SHIFT = 4;
const READ_AHEAD_BYTES = GROUP * ENTRY_BYTES;

/** Key bits for a side of k columns (KEY_BITS). */
@inline function keyBitsFor(k: i32): i32 {
  return unchecked(KEY_BITS[k - JOIN_MIN_K]);
}

/** Bytes of both sides' quarter lists for `entries` quarter-boards each, and the scratch. */
@inline function quarterBytes(entries: i32): f64 {
  return (
    <f64>entries * QUARTER_ENTRY_BYTES + <f64>((1 << geometry.sideCols) + 2) * QUARTER_SET_BYTES + QUARTER_SLACK_BYTES
  );
}

/** Bytes of the table and the block for `entries` half-boards each. */
@inline function halfBytes(entries: i32): f64 {
  const restBytes: f64 = (geometry.wide ? 2 : 1) * ENTRY_BYTES;
  const perEntry = restBytes * <f64>(REST_LISTS + ((<i32>1) << geometry.sieveBits)) + KEY_BYTES;
  const perBucket = restBytes * BUCKET_PADDING * (REST_LISTS + 1) + BUCKET_START_BYTES;
  return <f64>entries * perEntry + <f64>(1 << geometry.keyBits) * perBucket + HALF_SLACK_BYTES;
}

/**
 * Lays the lists out, growing memory if needed; false when it cannot (shortfall says how much it
 * needed). The quarter lists come first, so that the half-board lists can grow without moving them.
 */
function reserve(quarters: i32, entries: i32): bool {
  const need = <f64>joinHeap() + halfBytes(entries) + quarterBytes(quarters);
  const have = <f64>((<usize>memory.size()) << 16);
  if (need > have) {
    if (need > MEMORY_LIMIT || memory.grow(<i32>Math.ceil((need - have) / PAGE_BYTES)) < 0) {
      cursor.shortfall = need - <f64>joinHeap();
      return false;
    }
  }
  const sets = ((<usize>1) << geometry.sideCols) + 2;
  let at = (joinHeap() + VECTOR_BYTES - 1) & ~(VECTOR_BYTES - 1);
  for (let which = EAST; which <= WEST; which++) {
    const s = side(which);
    store<usize>(s + SIDE_NORTH_DIAGS, at);
    at += (<usize>quarters) << 3;
    // Read four at a time, past a list's end too.
    store<usize>(s + SIDE_SOUTH_FIRST, at);
    at += ((<usize>quarters) << 2) + READ_AHEAD_BYTES;
    store<usize>(s + SIDE_SOUTH_SECOND, at);
    at += ((<usize>quarters) << 2) + READ_AHEAD_BYTES;
    store<usize>(s + SIDE_NORTH_COLS, at);
    at += (<usize>quarters) << 2;
    store<usize>(s + SIDE_SOUTH_STARTS, at);
    at += sets << 2;
    at = (at + VECTOR_BYTES - 1) & ~(VECTOR_BYTES - 1);
  }
  lists.southListed = at;
  at += (<usize>quarters) << 3;
  lists.southCols = at;
  at += (<usize>quarters) << 2;
  at = (at + VECTOR_BYTES - 1) & ~(VECTOR_BYTES - 1);
  const buckets = (<usize>1) << geometry.keyBits;
  const words = <usize>entries;
  // Wide: every rest list holds its second words `secondOffset` bytes after its first.
  const restWords: usize = geometry.wide ? 2 : 1;
  const padded = words + buckets * BUCKET_PADDING;
  const copies = (words << geometry.sieveBits) + buckets * BUCKET_PADDING;
  lists.secondOffset = padded << 2;
  lists.tableSecond = copies << 2;
  lists.tableBucketed = at;
  at += (copies * restWords) << 2;
  lists.blockBucketed = at;
  at += (padded * restWords) << 2;
  lists.tableRests = at;
  at += (padded * restWords) << 2;
  lists.blockRests = at;
  at += (padded * restWords) << 2;
  lists.tableKeys = at;
  at += words << 2;
  lists.blockKeys = at;
  at += words << 2;
  lists.tableStarts = at;
  at += (buckets + 2) << 2;
  lists.blockStarts = at;
  lists.quarterRoom = quarters;
  lists.room = entries;
  return true;
}

/** Sets up joins on an n×n board, in about `roomBytes` of lists at most (see joinBegin). */
export function joinStart(n: i32, roomBytes: f64): void {
  const k = n >> 1;
  geometry.sideCols = k;
  geometry.diagBits = 2 * k - 1;
  geometry.keyBits = keyBitsFor(k);
  geometry.keyHalf = geometry.keyBits >> 1;
  geometry.keyLow = k - 1 - (geometry.keyHalf >> 1);
  geometry.sieveBits = unchecked(SIEVE_BITS[k - JOIN_MIN_K]);
  geometry.sieveHalf = geometry.sieveBits >> 1;
  geometry.bucketHalf = geometry.keyHalf - geometry.sieveHalf;
  geometry.bucketBits = geometry.keyBits - geometry.sieveBits;
  geometry.restBits = geometry.diagBits - geometry.keyHalf;
  geometry.wide = 2 * geometry.restBits > REST_WORD_BITS;
  lists.maxBytes = roomBytes;
  // The layout depends on the board's sides: lay it out afresh on the next join.
  if (k != lists.laidOutFor) {
    lists.quarterRoom = 0;
    lists.room = 0;
    lists.laidOutFor = k;
  }
}

/**
 * Starts listing the quarter-boards of `rows` in the east columns: every placement of one queen
 * per row with no two on a column or diagonal, none attacked by the middle column's queen (row
 * cursor.middleRow, or -1). Up to lists.quarterRoom of them are stored (their columns into `cols`, their
 * diagonals as u64 into `diags`); runQuarter lists them.
 */
function startQuarter(rows: u32, cols: usize, diags: usize): void {
  const n = geometry.n;
  const k = geometry.sideCols;
  quarter.cols = cols;
  quarter.diags = diags;
  quarter.total = 0;
  if (rows == 0) {
    if (lists.quarterRoom > 0) {
      store<u32>(cols, 0);
      store<u64>(diags, 0);
    }
    quarter.total = 1;
    quarter.last = 0;
    return;
  }
  const base = n - k;
  const columns: u32 = ((<u32>1) << k) - 1;
  // The levels: the rows, top to bottom.
  let levels = 0;
  for (let remaining = rows; remaining != 0; remaining &= remaining - 1) {
    const row = ctz(remaining);
    const slot = SLOTS + <usize>levels * SLOT_BYTES;
    let open = columns;
    if (cursor.middleRow >= 0) {
      const distance = abs(row - cursor.middleRow);
      const middle = (n - 1) >> 1;
      const lowColumn = middle - distance - base;
      const highColumn = middle + distance - base;
      if (lowColumn >= 0 && lowColumn < k) open &= ~((<u32>1) << lowColumn);
      if (highColumn >= 0 && highColumn < k) open &= ~((<u32>1) << highColumn);
    }
    const secondBit = row + 2 * k - 1 - n;
    store<i32>(slot + L_ROW, row);
    store<u32>(slot + L_OPEN, open);
    store<u32>(slot + L_SECOND_BIT, secondBit >= 0 && secondBit < 32 ? (<u32>1) << secondBit : 0);
    if (levels > 0) store<i32>(slot - SLOT_BYTES + L_GAP, row - load<i32>(slot - SLOT_BYTES + L_ROW));
    levels++;
  }
  quarter.last = SLOTS + <usize>(levels - 1) * SLOT_BYTES;
  quarter.slot = SLOTS;
  quarter.free = load<u32>(SLOTS + L_OPEN);
  quarter.used = 0;
  quarter.firstAttacks = 0;
  quarter.secondAttacks = 0;
  quarter.first = 0;
  quarter.second = 0;
}

/**
 * Lists on the quarter-boards started by startQuarter, for at most `left` placements tried;
 * returns those left, negative where it stopped before the end (quarterTotal then counts them all).
 */
function runQuarter(left: i32): i32 {
  const last = quarter.last;
  if (last == 0) return left;
  const limit = lists.quarterRoom;
  const cols = quarter.cols;
  const diags = quarter.diags;
  let total = quarter.total;
  let slot = quarter.slot;
  let free = quarter.free;
  let used = quarter.used;
  let firstAttacks = quarter.firstAttacks;
  let secondAttacks = quarter.secondAttacks;
  let first = quarter.first;
  let second = quarter.second;
  while (true) {
    if (free != 0) {
      if (--left < 0) break;
      const bit = free & (0 - free);
      free ^= bit;
      const withFirst = first | (bit << load<u32>(slot + L_ROW));
      const withSecond = second | (load<u32>(slot + L_SECOND_BIT) >> ctz(bit));
      if (slot == last) {
        if (total < limit) {
          store<u32>(cols + ((<usize>total) << 2), used | bit);
          store<u64>(diags + ((<usize>total) << 3), (<u64>withFirst) | ((<u64>withSecond) << 32));
        }
        total++;
        continue;
      }
      store<u32>(slot + L_FREE, free);
      store<u32>(slot + L_COLS, used);
      store<u32>(slot + L_FIRST_ATTACKS, firstAttacks);
      store<u32>(slot + L_SECOND_ATTACKS, secondAttacks);
      store<u32>(slot + L_FIRST, first);
      store<u32>(slot + L_SECOND, second);
      const gap = load<u32>(slot + L_GAP);
      used |= bit;
      firstAttacks = (firstAttacks | bit) >> gap;
      secondAttacks = (secondAttacks | bit) << gap;
      first = withFirst;
      second = withSecond;
      slot += SLOT_BYTES;
      free = load<u32>(slot + L_OPEN) & ~(used | firstAttacks | secondAttacks);
    } else {
      if (slot == SLOTS) {
        quarter.last = 0;
        break;
      }
      slot -= SLOT_BYTES;
      free = load<u32>(slot + L_FREE);
      used = load<u32>(slot + L_COLS);
      firstAttacks = load<u32>(slot + L_FIRST_ATTACKS);
      secondAttacks = load<u32>(slot + L_SECOND_ATTACKS);
      first = load<u32>(slot + L_FIRST);
      second = load<u32>(slot + L_SECOND);
    }
  }
  quarter.total = total;
  quarter.slot = slot;
  quarter.free = free;
  quarter.used = used;
  quarter.firstAttacks = firstAttacks;
  quarter.secondAttacks = secondAttacks;
  quarter.first = first;
  quarter.second = second;
  return left;
}

/** The rows of a side's north quarter: the top half of the board. */
@inline function northRows(n: i32, rows: u32): u32 {
  return rows & (((<u32>1) << ((n + 1) >> 1)) - 1);
}

/** Starts listing a side's quarters, north first, into its north lists and the scratch. */
function startQuarters(which: i32): void {
  const s = side(which);
  quarter.side = which;
  quarter.part = NORTH;
  startQuarter(
    northRows(geometry.n, load<u32>(s + SIDE_ROWS)),
    load<usize>(s + SIDE_NORTH_COLS),
    load<usize>(s + SIDE_NORTH_DIAGS),
  );
}

/**
 * A quarter is listed: on to the side's south quarter, or the other side, or, where a quarter was
 * longer than the lists, back to the east side with room for it. True once both sides are listed
 * (or the lists cannot have the room: refusedNow).
 */
function quarterListed(): bool {
  const s = side(quarter.side);
  cursor.longestQuarter = max(cursor.longestQuarter, quarter.total);
  if (quarter.part == NORTH) {
    quarter.norths = quarter.total;
    quarter.part = SOUTH;
    const rows = load<u32>(s + SIDE_ROWS);
    startQuarter(rows ^ northRows(geometry.n, rows), lists.southCols, lists.southListed);
    return false;
  }
  const norths = quarter.norths;
  const souths = quarter.total;
  if (norths <= lists.quarterRoom && souths <= lists.quarterRoom) keepQuarters(quarter.side, norths, souths);
  else if (quarterBytes(cursor.longestQuarter) + halfBytes(JOIN_ROOM_MIN) <= lists.maxBytes) {
    if (!reserve(max(norths, souths), lists.room)) {
      cursor.refusedNow = true;
      return true;
    }
    startQuarters(EAST);
    return false;
  }
  // Past the room allowed, the other side's quarters are still counted (not kept), so that the
  // room the join says it needs is its whole need, both sides'.
  if (quarter.side == WEST) return true;
  startQuarters(WEST);
  return false;
}

/** Keeps a side's quarters: north as listed, south sorted by columns (starts[c] .. starts[c + 1]). */
function keepQuarters(which: i32, norths: i32, souths: i32): void {
  const s = side(which);
  store<i32>(s + SIDE_NORTHS, norths);
  const starts = load<usize>(s + SIDE_SOUTH_STARTS);
  const southFirst = load<usize>(s + SIDE_SOUTH_FIRST);
  const southSecond = load<usize>(s + SIDE_SOUTH_SECOND);
  const sets = 1 << geometry.sideCols;
  memory.fill(starts, 0, (<usize>sets + 2) << 2);
  for (let i = 0; i < souths; i++) {
    const at = starts + ((<usize>load<u32>(lists.southCols + ((<usize>i) << 2)) + 2) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  for (let c = 2; c <= sets + 1; c++) {
    const at = starts + ((<usize>c) << 2);
    store<u32>(at, load<u32>(at) + load<u32>(at - 4));
  }
  for (let i = 0; i < souths; i++) {
    const at = starts + ((<usize>load<u32>(lists.southCols + ((<usize>i) << 2)) + 1) << 2);
    const to = load<u32>(at);
    const diags = load<u64>(lists.southListed + ((<usize>i) << 3));
    store<u32>(southFirst + ((<usize>to) << 2), <u32>diags);
    store<u32>(southSecond + ((<usize>to) << 2), <u32>(diags >> 32));
    store<u32>(at, to + 1);
  }
  startListing(which);
}

/** Puts a side's listing back at its start. */
function startListing(which: i32): void {
  const s = side(which);
  store<i32>(s + SIDE_NORTH, 0);
  const starts = load<usize>(s + SIDE_SOUTH_STARTS);
  const northCols = load<usize>(s + SIDE_NORTH_COLS);
  const columns = (1 << geometry.sideCols) - 1;
  if (load<i32>(s + SIDE_NORTHS) > 0) {
    store<u32>(s + SIDE_SOUTH, load<u32>(starts + ((<usize>(columns & ~load<u32>(northCols))) << 2)));
  }
}

/** True when a side's listing is over. */
@inline function listed(which: i32): bool {
  const s = side(which);
  return load<i32>(s + SIDE_NORTH) >= load<i32>(s + SIDE_NORTHS);
}

/**
 * The candidate pairs of a side's quarter-boards (north, and south on the columns it leaves): a
 * bound on its half-boards, and the work of listing them.
 */
function candidates(which: i32): f64 {
  const s = side(which);
  const starts = load<usize>(s + SIDE_SOUTH_STARTS);
  const northCols = load<usize>(s + SIDE_NORTH_COLS);
  const columns = (1 << geometry.sideCols) - 1;
  const norths = load<i32>(s + SIDE_NORTHS);
  let sum: f64 = 0;
  for (let i = 0; i < norths; i++) {
    const southColumns = <usize>(columns & ~load<u32>(northCols + ((<usize>i) << 2)));
    sum += <f64>(load<u32>(starts + ((southColumns + 1) << 2)) - load<u32>(starts + (southColumns << 2)));
  }
  return sum;
}

/**
 * Four half-boards' keys from their key fields of each direction (the bits of the diagonal words
 * the key takes). With sieve bits, the lowest of each direction's field first, then the rest of
 * both.
 */
@inline function keyOf(fieldA: v128, fieldB: v128, sieveMask: v128): v128 {
  return geometry.sieveBits == 0
    ? v128.or(fieldA, i32x4.shl(fieldB, geometry.keyHalf))
    : v128.or(
        v128.or(v128.and(fieldA, sieveMask), i32x4.shl(v128.and(fieldB, sieveMask), geometry.sieveHalf)),
        i32x4.shl(
          v128.or(
            i32x4.shr_u(fieldA, geometry.sieveHalf),
            i32x4.shl(i32x4.shr_u(fieldB, geometry.sieveHalf), geometry.bucketHalf),
          ),
          geometry.sieveBits,
        ),
      );
}

/**
 * Lists a side's half-boards on from where its listing stands, into keys and rests after the
 * `count` there already, until they hold `holding` or the budget is spent; returns the count.
 * Each is a north and a south quarter-board on complementary columns whose diagonals are
 * disjoint: the south ones are sorted by their columns, so that each north one meets only the
 * south ones on the columns it leaves.
 */
function halfBoards(which: i32, keys: usize, rests: usize, count: i32): i32 {
  const s = side(which);
  const mirrored = which == WEST;
  const columns: u32 = (1 << geometry.sideCols) - 1;
  const norths = load<i32>(s + SIDE_NORTHS);
  const northCols = load<usize>(s + SIDE_NORTH_COLS);
  const northDiags = load<usize>(s + SIDE_NORTH_DIAGS);
  const starts = load<usize>(s + SIDE_SOUTH_STARTS);
  // Each north quarter-board against four south ones at a time: the test, the key and the rest
  // of each in a lane, then the lanes that passed moved to the front (COMPACT) and stored at once,
  // so that no branch depends on a test.
  const diagMask = i32x4.splat((1 << geometry.diagBits) - 1);
  const keyMask = i32x4.splat((1 << geometry.keyHalf) - 1);
  const sieveMask = i32x4.splat((1 << geometry.sieveHalf) - 1);
  const lowMask = i32x4.splat((1 << geometry.keyLow) - 1);
  const keyHigh = geometry.keyLow + geometry.keyHalf;
  const zero = i32x4.splat(0);
  const lanes = i32x4(0, 1, 2, 3);
  // The mirror image swaps the two directions of diagonals.
  const southA = load<usize>(s + (mirrored ? SIDE_SOUTH_SECOND : SIDE_SOUTH_FIRST));
  const southB = load<usize>(s + (mirrored ? SIDE_SOUTH_FIRST : SIDE_SOUTH_SECOND));
  let i = load<i32>(s + SIDE_NORTH);
  let j = load<u32>(s + SIDE_SOUTH);
  let total = count;
  let work = 0;
  while (i < norths) {
    const diags = load<u64>(northDiags + ((<usize>i) << 3));
    const northA = i32x4.splat(mirrored ? <u32>(diags >> 32) : <u32>diags);
    const northB = i32x4.splat(mirrored ? <u32>diags : <u32>(diags >> 32));
    const southColumns = columns & ~load<u32>(northCols + ((<usize>i) << 2));
    const stop = load<u32>(starts + ((<usize>(southColumns + 1)) << 2));
    for (; j < stop; j += 4) {
      if (total > lists.holding - GROUP || work > cursor.budgetLeft) {
        store<i32>(s + SIDE_NORTH, i);
        store<u32>(s + SIDE_SOUTH, j);
        cursor.budgetLeft -= work;
        return total;
      }
      work++;
      const southAs = v128.load(southA + ((<usize>j) << 2));
      const southBs = v128.load(southB + ((<usize>j) << 2));
      const clash = v128.or(v128.and(southAs, northA), v128.and(southBs, northB));
      // Lanes past the set's end hold the next set's quarter-boards: they do not pass.
      const passed = i32x4.bitmask(v128.and(i32x4.eq(clash, zero), i32x4.lt_s(lanes, i32x4.splat(stop - j))));
      const a = v128.and(v128.or(southAs, northA), diagMask);
      const b = v128.and(v128.or(southBs, northB), diagMask);
      const order = v128.load(COMPACT + ((<usize>passed) << 4));
      const fieldA = v128.and(i32x4.shr_u(a, geometry.keyLow), keyMask);
      const fieldB = v128.and(i32x4.shr_u(b, geometry.keyLow), keyMask);
      const key = i8x16.swizzle(keyOf(fieldA, fieldB, sieveMask), order);
      // Four lanes stored, those that passed first: the next store writes over the others.
      const at = (<usize>total) << 2;
      v128.store(keys + at, key);
      if (geometry.wide) {
        v128.store(rests + at, i8x16.swizzle(a, order));
        v128.store(rests + lists.secondOffset + at, i8x16.swizzle(b, order));
      } else {
        const restA = v128.or(v128.and(a, lowMask), i32x4.shl(i32x4.shr_u(a, keyHigh), geometry.keyLow));
        const restB = v128.or(v128.and(b, lowMask), i32x4.shl(i32x4.shr_u(b, keyHigh), geometry.keyLow));
        v128.store(rests + at, i8x16.swizzle(v128.or(restA, i32x4.shl(restB, geometry.restBits)), order));
      }
      total += <i32>popcnt(passed);
    }
    i++;
    if (i < norths) j = load<u32>(starts + ((<usize>(columns & ~load<u32>(northCols + ((<usize>i) << 2)))) << 2));
  }
  store<i32>(s + SIDE_NORTH, i);
  cursor.budgetLeft -= work;
  return total;
}

/** Starts sortIntoBuckets on a list. */
function startSort(starts: usize): void {
  memory.fill(starts, 0, (((<usize>1) << geometry.keyBits) + 2) << 2);
  cursor.sortStage = COUNTING;
  cursor.sortAt = 0;
}

/**
 * Sorts the `count` half-boards listed into the table's lists (`table`) or the block's into
 * buckets by key, for at most `budget` steps: bucket b then spans starts[b]..starts[b + 1]. The
 * block's rests get STREAM_MARK (in their first word). The table keeps a copy of each half-board for every set of sieve bits its own leave open, by the bucket a
 * block's key visits, and fills each bucket up to a multiple of 4 with PADDING, so that it is read
 * four at a time. Returns the budget left; sortStage is SORTED once it is done, else the next call
 * goes on.
 */
function sortIntoBuckets(table: bool, count: i32, budget: i32): i32 {
  const keys = table ? lists.tableKeys : lists.blockKeys;
  const starts = table ? lists.tableStarts : lists.blockStarts;
  // The table keeps a copy of each half-board for every set of sieve bits its own leave open.
  const copied = table ? geometry.sieveBits : 0;
  if (cursor.sortStage == COUNTING) {
    const stop = entriesWithin(budget, count);
    countKeys(keys, starts, stop, copied);
    budget -= (stop - cursor.sortAt) >> SORTED_PER_STEP_SHIFT;
    cursor.sortAt = stop;
    if (stop < count) return -1;
    budget -= startBuckets(starts, table);
    cursor.sortStage = PLACING;
    cursor.sortAt = 0;
  }
  const stop = entriesWithin(budget, count);
  const bucketed = table ? lists.tableBucketed : lists.blockBucketed;
  const rests = table ? lists.tableRests : lists.blockRests;
  const mark: u32 = table ? 0 : STREAM_MARK;
  placeRests(keys, rests, bucketed, starts, stop, copied, table ? lists.tableSecond : lists.secondOffset, mark);
  budget -= (stop - cursor.sortAt) >> SORTED_PER_STEP_SHIFT;
  cursor.sortAt = stop;
  if (stop < count) return -1;
  cursor.sortStage = SORTED;
  if (!table) return budget;
  return budget - padBuckets(bucketed, starts);
}

/** Counting: adds the keys from sortAt to `stop` (each `copied` sieve bits' copies) to their buckets' sizes, in starts[b + 2]. */
@inline function countKeys(keys: usize, starts: usize, stop: i32, copied: i32): void {
  if (copied == 0) {
    for (let i = cursor.sortAt; i < stop; i++) {
      const at = starts + ((<usize>load<u32>(keys + ((<usize>i) << 2)) + 2) << 2);
      store<u32>(at, load<u32>(at) + 1);
    }
    return;
  }
  const sieves: u32 = (1 << copied) - 1;
  const bucketShift = geometry.keyBits - copied;
  for (let i = cursor.sortAt; i < stop; i++) {
    const key = load<u32>(keys + ((<usize>i) << 2));
    const own = key & sieves;
    const bucket = key >> copied;
    for (let open = own; open <= sieves; open = (open + 1) | own) {
      const at = starts + ((<usize>((open << bucketShift) | bucket) + 2) << 2);
      store<u32>(at, load<u32>(at) + 1);
    }
  }
}

/** Once counted: starts[b + 1] becomes where bucket b starts (a table's at a multiple of 4); returns the steps taken. */
@inline function startBuckets(starts: usize, table: bool): i32 {
  const buckets = 1 << geometry.keyBits;
  let sum: u32 = 0;
  for (let b = 2; b <= buckets + 1; b++) {
    const at = starts + ((<usize>b) << 2);
    const size = load<u32>(at);
    sum += table ? (size + BUCKET_PADDING) & ~BUCKET_PADDING : size;
    store<u32>(at, sum);
  }
  return buckets >> SORTED_PER_STEP_SHIFT;
}

/**
 * Placing: moves the rests from sortAt to `stop` into their buckets (each sieve bits' copies),
 * their second words `second` bytes after the first where wide; starts[b + 1] moves on to where
 * bucket b's entries end, and starts[0] stays 0.
 */
@inline function placeRests(
  keys: usize,
  rests: usize,
  bucketed: usize,
  starts: usize,
  stop: i32,
  copied: i32,
  second: usize,
  mark: u32,
): void {
  const wide = geometry.wide;
  const secondOffset = lists.secondOffset;
  if (copied == 0) {
    for (let i = cursor.sortAt; i < stop; i++) {
      const at = starts + ((<usize>load<u32>(keys + ((<usize>i) << 2)) + 1) << 2);
      const to = load<u32>(at);
      store<u32>(bucketed + ((<usize>to) << 2), load<u32>(rests + ((<usize>i) << 2)) | mark);
      if (wide) store<u32>(bucketed + second + ((<usize>to) << 2), load<u32>(rests + secondOffset + ((<usize>i) << 2)));
      store<u32>(at, to + 1);
    }
    return;
  }
  const sieves: u32 = (1 << copied) - 1;
  const bucketShift = geometry.keyBits - copied;
  for (let i = cursor.sortAt; i < stop; i++) {
    const key = load<u32>(keys + ((<usize>i) << 2));
    const own = key & sieves;
    const bucket = key >> copied;
    const rest = load<u32>(rests + ((<usize>i) << 2)) | mark;
    const restSecond = wide ? load<u32>(rests + secondOffset + ((<usize>i) << 2)) : 0;
    for (let open = own; open <= sieves; open = (open + 1) | own) {
      const at = starts + ((<usize>((open << bucketShift) | bucket) + 1) << 2);
      const to = load<u32>(at);
      store<u32>(bucketed + ((<usize>to) << 2), rest);
      if (wide) store<u32>(bucketed + second + ((<usize>to) << 2), restSecond);
      store<u32>(at, to + 1);
    }
  }
}

/** Once placed: fills each of the table's buckets with PADDING up to the next's start, a multiple of 4; returns the steps taken. */
@inline function padBuckets(bucketed: usize, starts: usize): i32 {
  const buckets = 1 << geometry.keyBits;
  const second = lists.tableSecond;
  for (let b = 1; b <= buckets; b++) {
    const at = starts + ((<usize>b) << 2);
    const end = load<u32>(at);
    const padded = (end + BUCKET_PADDING) & ~BUCKET_PADDING;
    for (let to = end; to < padded; to++) {
      store<u32>(bucketed + ((<usize>to) << 2), PADDING);
      if (geometry.wide) store<u32>(bucketed + second + ((<usize>to) << 2), PADDING);
    }
    store<u32>(at, padded);
  }
  return buckets >> SORTED_PER_STEP_SHIFT;
}

/** The end of the entries after sortAt that `budget` steps sort, at most `count`. */
@inline function entriesWithin(budget: i32, count: i32): i32 {
  if (budget < 0) return cursor.sortAt;
  const entries = (<i64>budget) << SORTED_PER_STEP_SHIFT;
  return <i64>(count - cursor.sortAt) < entries ? count : cursor.sortAt + <i32>entries;
}

/**
 * Adds to `pairs` the pairs of a block's and the table's half-boards that share no diagonal, for
 * at most `budget` steps; returns the budget left, negative where it stopped before the end (the
 * next call goes on from there).
 */
function crossCount(budget: i32): i32 {
  const buckets = 1 << geometry.keyBits;
  const blockStarts = lists.blockStarts;
  let kw = cursor.crossBucket;
  let i = cursor.crossEntry;
  while (true) {
    while (kw < buckets && i >= load<u32>(blockStarts + ((<usize>(kw + 1)) << 2))) kw++;
    if (kw == buckets) break;
    budget = crossBucket(kw, i, budget);
    if (budget < 0) {
      cursor.crossBucket = kw;
      return -1;
    }
    i = load<u32>(blockStarts + ((<usize>(kw + 1)) << 2));
  }
  return budget;
}

/**
 * Adds to `pairs` the pairs of the block's half-boards of bucket kw, from its entry i on, with the
 * table's, for at most `budget` steps; returns the budget left, negative where it stopped before
 * the bucket's end (cursor.crossEntry then says where).
 */
@inline function crossBucket(kw: i32, i: u32, budget: i32): i32 {
  const zero = i32x4.splat(0);
  const wide = geometry.wide;
  const second = lists.secondOffset;
  const tableBucketed = lists.tableBucketed;
  const tableStarts = lists.tableStarts;
  const tableSecondWord = lists.tableSecond;
  const end = load<u32>(lists.blockStarts + ((<usize>(kw + 1)) << 2));
  // The table's buckets it can meet: among the copies for the sieve bits it leaves open, by the
  // longest diagonals they hold (which set the pairs' weight, above), then by the other bits of their key.
  const longest = longestKey();
  const copies = (<u32>(~kw & ((1 << geometry.sieveBits) - 1))) << geometry.bucketBits;
  const visited = kw >> geometry.sieveBits;
  const open = ~visited & ((1 << geometry.bucketBits) - 1);
  const openLongest = open & longest;
  const openOther = open & ~longest;
  const blockLongest = popcnt(visited & longest);
  for (; i < end; i += GROUP) {
    // Four half-boards of the block at a time against each table vector: one load serves four
    // tests. Past the bucket's end a lane repeats the first entry, and its count is left out.
    const at = lists.blockBucketed + ((<usize>i) << 2);
    const inBucket = end - i;
    const a0 = i32x4.splat(load<u32>(at));
    const a1 = inBucket > 1 ? i32x4.splat(load<u32>(at, 4)) : a0;
    const a2 = inBucket > 2 ? i32x4.splat(load<u32>(at, 8)) : a0;
    const a3 = inBucket > 3 ? i32x4.splat(load<u32>(at, 12)) : a0;
    // Wide: the second words (unused in the narrow form).
    const b0 = wide ? i32x4.splat(load<u32>(at + second)) : zero;
    const b1 = wide && inBucket > 1 ? i32x4.splat(load<u32>(at + second, 4)) : b0;
    const b2 = wide && inBucket > 2 ? i32x4.splat(load<u32>(at + second, 8)) : b0;
    const b3 = wide && inBucket > 3 ? i32x4.splat(load<u32>(at + second, 12)) : b0;
    let read: usize = 0;
    for (let held = openLongest; ; held = (held - 1) & openLongest) {
      const tableLongest = popcnt(held);
      const weight: u64 =
        (tableLongest == 0 ? (<u64>1) << (<u64>blockLongest) : 0) +
        (blockLongest == 0 ? (<u64>1) << (<u64>tableLongest) : 0);
      if (weight != 0) {
        let fit0 = zero;
        let fit1 = zero;
        let fit2 = zero;
        let fit3 = zero;
        for (let other = openOther; ; other = (other - 1) & openOther) {
          const kt = copies | held | other;
          let p = tableBucketed + ((<usize>load<u32>(tableStarts + ((<usize>kt) << 2))) << 2);
          const stop = tableBucketed + ((<usize>load<u32>(tableStarts + ((<usize>(kt + 1)) << 2))) << 2);
          read += stop - p;
          if (wide) {
            for (; p < stop; p += VECTOR_BYTES) {
              const e = v128.load(p);
              const f = v128.load(p + tableSecondWord);
              fit0 = i32x4.sub(fit0, i32x4.eq(v128.or(v128.and(e, a0), v128.and(f, b0)), zero));
              fit1 = i32x4.sub(fit1, i32x4.eq(v128.or(v128.and(e, a1), v128.and(f, b1)), zero));
              fit2 = i32x4.sub(fit2, i32x4.eq(v128.or(v128.and(e, a2), v128.and(f, b2)), zero));
              fit3 = i32x4.sub(fit3, i32x4.eq(v128.or(v128.and(e, a3), v128.and(f, b3)), zero));
            }
          } else {
            for (; p < stop; p += VECTOR_BYTES) {
              const e = v128.load(p);
              fit0 = i32x4.sub(fit0, i32x4.eq(v128.and(e, a0), zero));
              fit1 = i32x4.sub(fit1, i32x4.eq(v128.and(e, a1), zero));
              fit2 = i32x4.sub(fit2, i32x4.eq(v128.and(e, a2), zero));
              fit3 = i32x4.sub(fit3, i32x4.eq(v128.and(e, a3), zero));
            }
          }
          if (other == 0) break;
        }
        cursor.pairs += weight * laneSum(fit0, fit1, fit2, fit3, inBucket);
      }
      if (held == 0) break;
    }
    budget -= 1 + <i32>(read >> (VECTOR_BYTES_SHIFT + VECTORS_PER_STEP_SHIFT));
    if (budget < 0) {
      cursor.crossEntry = min(i + GROUP, end);
      return -1;
    }
  }
  return budget;
}

/** The fits of four lanes of the block, those past the bucket's end (`inBucket` entries from lane 0) left out. */
@inline function laneSum(fit0: v128, fit1: v128, fit2: v128, fit3: v128, inBucket: u32): u64 {
  const zero = i32x4.splat(0);
  if (inBucket < 4) fit3 = zero;
  if (inBucket < 3) fit2 = zero;
  if (inBucket < 2) fit1 = zero;
  const sum = i32x4.add(i32x4.add(fit0, fit1), i32x4.add(fit2, fit3));
  return (
    <u64>(<u32>i32x4.extract_lane(sum, 0)) +
    <u64>(<u32>i32x4.extract_lane(sum, 1)) +
    <u64>(<u32>i32x4.extract_lane(sum, 2)) +
    <u64>(<u32>i32x4.extract_lane(sum, 3))
  );
}

/** The key bits of the two longest diagonals, the board's main diagonals (bit k - 1 of each word). */
@inline function longestKey(): u32 {
  const bit = geometry.sideCols - 1 - geometry.keyLow - geometry.sieveHalf;
  return ((<u32>1) << bit) | ((<u32>1) << (bit + geometry.bucketHalf));
}

/**
 * Starts the join of an n×n board whose queens stand in the east columns on the rows of
 * `eastRows` and in the west columns on the others; on an odd board with the middle column's
 * queen on row `middleRow` (-1 on an even board). The quarter lists are held whole; the table and
 * the block share what is left of the room joinStart allowed (at least JOIN_ROOM_MIN half-boards
 * each). Returns the steps it took, or -1 where the lists cannot have the least memory
 * (joinShortfall says how much). joinRun lists the quarters, then counts.
 */
export function joinBegin(n: i32, eastRows: u32, middleRow: i32): i32 {
  let westRows: u32 = (n == 32 ? 0xffffffff : ((<u32>1) << n) - 1) & ~eastRows;
  if (middleRow >= 0) westRows &= ~((<u32>1) << middleRow);
  cursor.pairs = 0;
  cursor.shortfall = 0;
  cursor.refusedNow = false;
  cursor.phase = DONE;
  store<u32>(side(EAST) + SIDE_ROWS, eastRows);
  store<u32>(side(WEST) + SIDE_ROWS, westRows);
  if (lists.room < JOIN_ROOM_MIN && !reserve(lists.quarterRoom, JOIN_ROOM_MIN)) return -1;
  geometry.n = n;
  cursor.middleRow = middleRow;
  cursor.longestQuarter = 0;
  startQuarters(EAST);
  cursor.phase = QUARTERS;
  return 0;
}

/**
 * Both sides' quarters are listed: the table's side and the room, or the refusal where even the
 * quarter lists and JOIN_ROOM_MIN half-boards in the table and the block would take more than
 * allowed. Returns the budget left.
 */
function planTable(budget: i32): i32 {
  const least = quarterBytes(cursor.longestQuarter) + halfBytes(JOIN_ROOM_MIN);
  if (least > lists.maxBytes) {
    cursor.shortfall = least;
    cursor.refusedNow = true;
    return budget;
  }
  // The table is the longer side (read in vectors), the other is streamed in blocks (read four at
  // a time): fewer visits of buckets. Both hold what the room allows, at most the longer side.
  const east = candidates(EAST);
  const west = candidates(WEST);
  cursor.tableSide = west > east ? WEST : EAST;
  const longest = max(east, west);
  const perEntry = halfBytes(1) - halfBytes(0);
  const spare = Math.floor((lists.maxBytes - quarterBytes(lists.quarterRoom) - halfBytes(0)) / perEntry);
  const most = spare < JOIN_ROOM_MIN ? JOIN_ROOM_MIN : spare > HALF_BOARDS_MAX ? HALF_BOARDS_MAX : <i32>spare;
  const want = longest + GROUP < <f64>most ? <i32>longest + GROUP : most;
  // Where memory did not grow, the room there is: in more parts.
  if (want > lists.room && !reserve(lists.quarterRoom, want)) cursor.shortfall = 0;
  lists.holding = min(lists.room, most);
  cursor.tableCount = 0;
  cursor.phase = TABLE;
  return (
    budget - ((load<i32>(side(EAST) + SIDE_NORTHS) + load<i32>(side(WEST) + SIDE_NORTHS)) >> NORTHS_PER_STEP_SHIFT)
  );
}

/** A budget of steps in groups of candidates, for halfBoards. */
@inline function listingBudget(budget: i32): i32 {
  return budget >= 0x7fffffff >> CANDIDATES_PER_STEP_SHIFT ? 0x7fffffff : budget << CANDIDATES_PER_STEP_SHIFT;
}

/**
 * Counts on in the join begun by joinBegin for at most `budget` steps; returns the budget left
 * (joinPairs then has the count), negative where it stopped before the end or was refused
 * (joinRefused says which).
 */
export function joinRun(budget: i32): i32 {
  let streamSide = WEST - cursor.tableSide;
  while (true) {
    if (cursor.phase == QUARTERS) {
      const left = runQuarter(listingBudget(budget));
      if (left < 0) return -1;
      budget = left >> CANDIDATES_PER_STEP_SHIFT;
      if (!quarterListed()) continue;
      if (!cursor.refusedNow) budget = planTable(budget);
      if (cursor.refusedNow) {
        cursor.phase = DONE;
        return -1;
      }
      streamSide = WEST - cursor.tableSide;
    } else if (cursor.phase == TABLE) {
      cursor.budgetLeft = listingBudget(budget);
      cursor.tableCount = halfBoards(cursor.tableSide, lists.tableKeys, lists.tableRests, cursor.tableCount);
      budget = cursor.budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
      if (cursor.tableCount <= lists.holding - GROUP && !listed(cursor.tableSide)) return -1;
      startSort(lists.tableStarts);
      cursor.phase = TABLE_SORT;
    } else if (cursor.phase == TABLE_SORT) {
      budget = sortIntoBuckets(true, cursor.tableCount, budget);
      if (cursor.sortStage != SORTED) return -1;
      startListing(streamSide);
      cursor.blockCount = 0;
      cursor.phase = BLOCK;
    } else if (cursor.phase == BLOCK) {
      cursor.budgetLeft = listingBudget(budget);
      cursor.blockCount = halfBoards(streamSide, lists.blockKeys, lists.blockRests, cursor.blockCount);
      budget = cursor.budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
      if (cursor.blockCount <= lists.holding - GROUP && !listed(streamSide)) return -1;
      startSort(lists.blockStarts);
      cursor.phase = BLOCK_SORT;
    } else if (cursor.phase == BLOCK_SORT) {
      budget = sortIntoBuckets(false, cursor.blockCount, budget);
      if (cursor.sortStage != SORTED) return -1;
      cursor.crossBucket = 0;
      cursor.crossEntry = 0;
      cursor.phase = CROSS;
    } else if (cursor.phase == CROSS) {
      budget = crossCount(budget);
      if (budget < 0) return budget;
      if (!listed(streamSide)) {
        cursor.blockCount = 0;
        cursor.phase = BLOCK;
      } else if (!listed(cursor.tableSide)) {
        cursor.tableCount = 0;
        cursor.phase = TABLE;
      } else {
        cursor.phase = DONE;
      }
    } else {
      return budget;
    }
    if (budget < 0) return budget;
  }
}

/** The solutions of the join, once joinRun has finished. */
export function joinPairs(): u64 {
  return cursor.pairs;
}

/** Whether the join ended because its lists cannot have the memory they need (joinShortfall says how much). */
export function joinRefused(): bool {
  return cursor.refusedNow;
}

/** The bytes of lists the last join needed and could not have, or 0. */
export function joinShortfall(): f64 {
  return cursor.shortfall;
}
