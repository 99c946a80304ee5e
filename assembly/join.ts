// Counting by a join instead of a search: the completions of one row choice (a unit of work of
// the join plan, src/plan/join-units.ts). The east columns hold the queens of the rows the choice
// names, the west columns those of the other rows (on an odd board the middle column holds one
// queen, placed by the unit). Every solution with that choice is one east half-board and one west
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
// whole buckets. The plan weighs each unit by half its class's size (src/plan/join-units.ts).
//
// The state between calls, in one place:
// - after joinStart: the board's geometry (sideCols .. wide) and the room allowed (maxBytes);
// - after joinBegin: phase QUARTERS, the east side's north quarter about to be listed;
// - while the quarters are listed: one quarter's search stands at a level (quarterSlot and the
//   quarter* values, the levels above in SLOTS), its quarter-boards so far in its lists; the
//   quarters before it are kept (north as listed, south sorted by columns);
// - once they are: the room each list holds (holding), which side is the table, and phase TABLE
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
const L_DOWN = 20; // attacks along the first diagonals, moving to lower columns row by row
const L_UP = 24; // attacks along the second diagonals, moving to higher columns
const L_FIRST = 28; // the first diagonals of the queens above: see below
const L_SECOND = 32; // and the second
const L_SECOND_BIT = 36; // the bit of this row's second diagonal through column 0, or 0
const SLOT_BYTES = 48;
const SLOTS = memory.data(JOIN_ROW_LIMIT * SLOT_BYTES, 64);

// For each set of the four lanes (bit i: lane i), the bytes that move those lanes to the front,
// in order: a swizzle with these packs the half-boards that passed (halfBoards).
const COMPACT = memory.data<u8>([
  0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x04, 0x05, 0x06, 0x07, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x80, 0x80, 0x80, 0x80,
  0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x04, 0x05, 0x06, 0x07, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80,
  0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80,
  0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x80, 0x80, 0x80, 0x80,
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
], 16);

// A side's diagonals as listed: a queen at row r and column base + c (c counted from the side's
// first column, base = n - k) sets bit r + c of the first word and bit r - c + 2k - 1 - n of the
// second; bits past 31 or below 0 are left out. Bits 0 .. 2k - 2 of each are the diagonals the
// other side reaches too (2k - 1 <= 31 up to n = 33); the north and south quarters of a side can
// meet only on bits below 2k, which the 32 bits hold at every n up to 32.

// The geometry of the board being joined, set by joinStart.
let sideCols: i32 = 0; // k: columns per side
let diagBits: i32 = 0; // 2k - 1: the diagonals per direction that both sides reach
let keyHalf: i32 = 0; // key bits per direction
let keyLow: i32 = 0; // the lowest diagonal in the key, per direction
let keyBits: i32 = 0;
let restBits: i32 = 0; // narrow form: rest bits per direction
let sieveHalf: i32 = 0; // key bits per direction that the table's copies sieve: the lowest of each direction's
let sieveBits: i32 = 0; // both directions': a key's low bits
let bucketHalf: i32 = 0; // the other key bits per direction, by which a block's bucket visits the table's
let bucketBits: i32 = 0; // both directions': a key's high bits
let wide = false; // the rest as one word per direction
let maxBytes: f64 = 0; // the room joinStart allowed
let laidOutFor: i32 = 0; // the k the lists are laid out for

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
const SIDE_BYTES = 48;
const SIDES = memory.data(2 * SIDE_BYTES, 16);

@inline function side(which: i32): usize {
  return SIDES + <usize>which * SIDE_BYTES;
}

// The lists, past the module's static data, laid out by reserve(): the table and the block, then
// both sides' quarter lists, and the scratch where a south quarter is listed before its sort.
let quarterRoom: i32 = 0; // quarter-boards each quarter list holds
let southCols: usize = 0; // scratch: u32 per south quarter-board as listed, its columns
let southListed: usize = 0; // scratch: u64 each, as listed
let room: i32 = 0; // half-boards the table and the block each have room for
let holding: i32 = 0; // half-boards they hold in this join: room, or less where maxBytes allows less
let tableKeys: usize = 0; // u32 per half-board of the table, as listed
let tableRests: usize = 0; // u32 per half-board (narrow), or two arrays of u32, first then second (wide)
let tableBucketed: usize = 0; // the table's rests by bucket (copies: see copyBucket), each bucket padded to a multiple of 4
let tableStarts: usize = 0; // u32 per bucket + 2: where each bucket starts
let blockKeys: usize = 0;
let blockRests: usize = 0;
let blockBucketed: usize = 0; // the block's rests by bucket, unpadded
let blockStarts: usize = 0;
let secondOffset: usize = 0; // wide: from a rest's first word to its second, in every list but tableBucketed: room words, rounded
let tableSecond: usize = 0; // and in tableBucketed, which holds room << sieveBits words, rounded

// Bytes of a wasm memory page, and the most a wasm memory holds: 65536 pages.
const PAGE_BYTES = 65536;
const MEMORY_LIMIT: f64 = 4294967296 - PAGE_BYTES;
// Bytes of a SIMD vector, to which the lists are aligned; and the entries read past a south list's end.
const VECTOR_BYTES = 16;
const VECTOR_BYTES_SHIFT = 4;
const READ_AHEAD_BYTES = GROUP * ENTRY_BYTES;

/** Key bits for a side of k columns (KEY_BITS). */
@inline function keyBitsFor(k: i32): i32 {
  return unchecked(KEY_BITS[k - JOIN_MIN_K]);
}

/** Bytes of both sides' quarter lists for `entries` quarter-boards each, and the scratch. */
@inline function quarterBytes(entries: i32): f64 {
  return <f64>entries * QUARTER_ENTRY_BYTES + <f64>((1 << sideCols) + 2) * QUARTER_SET_BYTES + QUARTER_SLACK_BYTES;
}

/** Bytes of the table and the block for `entries` half-boards each. */
@inline function halfBytes(entries: i32): f64 {
  const restBytes: f64 = (wide ? 2 : 1) * ENTRY_BYTES;
  const perEntry = restBytes * <f64>(REST_LISTS + (<i32>1 << sieveBits)) + KEY_BYTES;
  const perBucket = restBytes * BUCKET_PADDING * (REST_LISTS + 1) + BUCKET_START_BYTES;
  return <f64>entries * perEntry + <f64>(1 << keyBits) * perBucket + HALF_SLACK_BYTES;
}

/**
 * Lays the lists out, growing memory if needed; false when it cannot (shortfall says how much it
 * needed). The quarter lists come first, so that the half-board lists can grow without moving them.
 */
function reserve(quarters: i32, entries: i32): bool {
  const need = <f64>joinHeap() + halfBytes(entries) + quarterBytes(quarters);
  const have = <f64>(<usize>memory.size() << 16);
  if (need > have) {
    if (need > MEMORY_LIMIT || memory.grow(<i32>Math.ceil((need - have) / PAGE_BYTES)) < 0) {
      shortfall = need - <f64>joinHeap();
      return false;
    }
  }
  const sets = (<usize>1 << sideCols) + 2;
  let at = (joinHeap() + VECTOR_BYTES - 1) & ~(VECTOR_BYTES - 1);
  for (let which = EAST; which <= WEST; which++) {
    const s = side(which);
    store<usize>(s + SIDE_NORTH_DIAGS, at);
    at += <usize>quarters << 3;
    // Read four at a time, past a list's end too.
    store<usize>(s + SIDE_SOUTH_FIRST, at);
    at += (<usize>quarters << 2) + READ_AHEAD_BYTES;
    store<usize>(s + SIDE_SOUTH_SECOND, at);
    at += (<usize>quarters << 2) + READ_AHEAD_BYTES;
    store<usize>(s + SIDE_NORTH_COLS, at);
    at += <usize>quarters << 2;
    store<usize>(s + SIDE_SOUTH_STARTS, at);
    at += sets << 2;
    at = (at + VECTOR_BYTES - 1) & ~(VECTOR_BYTES - 1);
  }
  southListed = at;
  at += <usize>quarters << 3;
  southCols = at;
  at += <usize>quarters << 2;
  at = (at + VECTOR_BYTES - 1) & ~(VECTOR_BYTES - 1);
  const buckets = <usize>1 << keyBits;
  const words = <usize>entries;
  // Wide: every rest list holds its second words `secondOffset` bytes after its first.
  const restWords: usize = wide ? 2 : 1;
  const padded = words + buckets * BUCKET_PADDING;
  const copies = (words << sieveBits) + buckets * BUCKET_PADDING;
  secondOffset = padded << 2;
  tableSecond = copies << 2;
  tableBucketed = at;
  at += (copies * restWords) << 2;
  blockBucketed = at;
  at += (padded * restWords) << 2;
  tableRests = at;
  at += (padded * restWords) << 2;
  blockRests = at;
  at += (padded * restWords) << 2;
  tableKeys = at;
  at += words << 2;
  blockKeys = at;
  at += words << 2;
  tableStarts = at;
  at += (buckets + 2) << 2;
  blockStarts = at;
  quarterRoom = quarters;
  room = entries;
  return true;
}

/** Sets up joins on an n×n board, in about `roomBytes` of lists at most (see joinBegin). */
export function joinStart(n: i32, roomBytes: f64): void {
  const k = n >> 1;
  sideCols = k;
  diagBits = 2 * k - 1;
  keyBits = keyBitsFor(k);
  keyHalf = keyBits >> 1;
  keyLow = k - 1 - (keyHalf >> 1);
  sieveBits = unchecked(SIEVE_BITS[k - JOIN_MIN_K]);
  sieveHalf = sieveBits >> 1;
  bucketHalf = keyHalf - sieveHalf;
  bucketBits = keyBits - sieveBits;
  restBits = diagBits - keyHalf;
  wide = 2 * restBits > 31;
  maxBytes = roomBytes;
  // The layout depends on the board's sides: lay it out afresh on the next join.
  if (k != laidOutFor) {
    quarterRoom = 0;
    room = 0;
    laidOutFor = k;
  }
}

// The join under way, between two calls of joinRun (see the state above).
let phase: i32 = DONE;
let tableSide: i32 = EAST;
let tableCount: i32 = 0; // half-boards in the table's part
let blockCount: i32 = 0; // half-boards in the block
let crossEntry: u32 = 0; // the next entry of the block
let crossBucket: i32 = 0; // its bucket
let pairs: u64 = 0;
let shortfall: f64 = 0; // bytes a join needed and could not have, or 0
let refusedNow = false; // the join ended: its lists cannot have the memory they need
let longestQuarter: i32 = 0; // the quarter-boards of the longest quarter of the join

// The quarter-board search under way: the quarter (side, north or south), its level's slot and what
// stands there, its last level's slot (0: the search is over), the quarter-boards found, and the
// lists they go to.
let quarterSide: i32 = EAST;
let quarterPart: i32 = NORTH;
let quarterSlot: usize = 0;
let quarterLast: usize = 0;
let quarterFree: u32 = 0;
let quarterUsed: u32 = 0;
let quarterDown: u32 = 0;
let quarterUp: u32 = 0;
let quarterFirst: u32 = 0;
let quarterSecond: u32 = 0;
let quarterTotal: i32 = 0;
let quarterCols: usize = 0;
let quarterDiags: usize = 0;
let quarterNorths: i32 = 0;
let joinN: i32 = 0;
let joinMiddleRow: i32 = -1;

/**
 * Starts listing the quarter-boards of `rows` in the east columns: every placement of one queen
 * per row with no two on a column or diagonal, none attacked by the middle column's queen (row
 * joinMiddleRow, or -1). Up to quarterRoom of them are stored (their columns into `cols`, their
 * diagonals as u64 into `diags`); runQuarter lists them.
 */
function startQuarter(rows: u32, cols: usize, diags: usize): void {
  const n = joinN;
  const k = sideCols;
  quarterCols = cols;
  quarterDiags = diags;
  quarterTotal = 0;
  if (rows == 0) {
    if (quarterRoom > 0) {
      store<u32>(cols, 0);
      store<u64>(diags, 0);
    }
    quarterTotal = 1;
    quarterLast = 0;
    return;
  }
  const base = n - k;
  const columns: u32 = (<u32>1 << k) - 1;
  // The levels: the rows, top to bottom.
  let levels = 0;
  for (let remaining = rows; remaining != 0; remaining &= remaining - 1) {
    const row = ctz(remaining);
    const slot = SLOTS + <usize>levels * SLOT_BYTES;
    let open = columns;
    if (joinMiddleRow >= 0) {
      const distance = abs(row - joinMiddleRow);
      const middle = (n - 1) >> 1;
      const down = middle - distance - base;
      const up = middle + distance - base;
      if (down >= 0 && down < k) open &= ~(<u32>1 << down);
      if (up >= 0 && up < k) open &= ~(<u32>1 << up);
    }
    const secondBit = row + 2 * k - 1 - n;
    store<i32>(slot + L_ROW, row);
    store<u32>(slot + L_OPEN, open);
    store<u32>(slot + L_SECOND_BIT, secondBit >= 0 && secondBit < 32 ? <u32>1 << secondBit : 0);
    if (levels > 0) store<i32>(slot - SLOT_BYTES + L_GAP, row - load<i32>(slot - SLOT_BYTES + L_ROW));
    levels++;
  }
  quarterLast = SLOTS + <usize>(levels - 1) * SLOT_BYTES;
  quarterSlot = SLOTS;
  quarterFree = load<u32>(SLOTS + L_OPEN);
  quarterUsed = 0;
  quarterDown = 0;
  quarterUp = 0;
  quarterFirst = 0;
  quarterSecond = 0;
}

/**
 * Lists on the quarter-boards started by startQuarter, for at most `left` placements tried;
 * returns those left, negative where it stopped before the end (quarterTotal then counts them all).
 */
function runQuarter(left: i32): i32 {
  const last = quarterLast;
  if (last == 0) return left;
  const limit = quarterRoom;
  const cols = quarterCols;
  const diags = quarterDiags;
  let total = quarterTotal;
  let slot = quarterSlot;
  let free = quarterFree;
  let used = quarterUsed;
  let down = quarterDown;
  let up = quarterUp;
  let first = quarterFirst;
  let second = quarterSecond;
  while (true) {
    if (free != 0) {
      if (--left < 0) break;
      const bit = free & (0 - free);
      free ^= bit;
      const withFirst = first | (bit << load<u32>(slot + L_ROW));
      const withSecond = second | (load<u32>(slot + L_SECOND_BIT) >> ctz(bit));
      if (slot == last) {
        if (total < limit) {
          store<u32>(cols + (<usize>total << 2), used | bit);
          store<u64>(diags + (<usize>total << 3), <u64>withFirst | (<u64>withSecond << 32));
        }
        total++;
        continue;
      }
      store<u32>(slot + L_FREE, free);
      store<u32>(slot + L_COLS, used);
      store<u32>(slot + L_DOWN, down);
      store<u32>(slot + L_UP, up);
      store<u32>(slot + L_FIRST, first);
      store<u32>(slot + L_SECOND, second);
      const gap = load<u32>(slot + L_GAP);
      used |= bit;
      down = (down | bit) >> gap;
      up = (up | bit) << gap;
      first = withFirst;
      second = withSecond;
      slot += SLOT_BYTES;
      free = load<u32>(slot + L_OPEN) & ~(used | down | up);
    } else {
      if (slot == SLOTS) {
        quarterLast = 0;
        break;
      }
      slot -= SLOT_BYTES;
      free = load<u32>(slot + L_FREE);
      used = load<u32>(slot + L_COLS);
      down = load<u32>(slot + L_DOWN);
      up = load<u32>(slot + L_UP);
      first = load<u32>(slot + L_FIRST);
      second = load<u32>(slot + L_SECOND);
    }
  }
  quarterTotal = total;
  quarterSlot = slot;
  quarterFree = free;
  quarterUsed = used;
  quarterDown = down;
  quarterUp = up;
  quarterFirst = first;
  quarterSecond = second;
  return left;
}

/** The rows of a side's north quarter: the top half of the board. */
@inline function northRows(n: i32, rows: u32): u32 {
  return rows & ((<u32>1 << ((n + 1) >> 1)) - 1);
}

/** Starts listing a side's quarters, north first, into its north lists and the scratch. */
function startQuarters(which: i32): void {
  const s = side(which);
  quarterSide = which;
  quarterPart = NORTH;
  startQuarter(northRows(joinN, load<u32>(s + SIDE_ROWS)), load<usize>(s + SIDE_NORTH_COLS), load<usize>(s + SIDE_NORTH_DIAGS));
}

/**
 * A quarter is listed: on to the side's south quarter, or the other side, or, where a quarter was
 * longer than the lists, back to the east side with room for it. True once both sides are listed
 * (or the lists cannot have the room: refusedNow).
 */
function quarterListed(): bool {
  const s = side(quarterSide);
  longestQuarter = max(longestQuarter, quarterTotal);
  if (quarterPart == NORTH) {
    quarterNorths = quarterTotal;
    quarterPart = SOUTH;
    const rows = load<u32>(s + SIDE_ROWS);
    startQuarter(rows ^ northRows(joinN, rows), southCols, southListed);
    return false;
  }
  const norths = quarterNorths;
  const souths = quarterTotal;
  if (norths <= quarterRoom && souths <= quarterRoom) keepQuarters(quarterSide, norths, souths);
  else if (quarterBytes(longestQuarter) + halfBytes(JOIN_ROOM_MIN) <= maxBytes) {
    if (!reserve(max(norths, souths), room)) {
      refusedNow = true;
      return true;
    }
    startQuarters(EAST);
    return false;
  }
  // Past the room allowed, the other side's quarters are still counted (not kept), so that the
  // room the join says it needs is its whole need, both sides'.
  if (quarterSide == WEST) return true;
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
  const sets = 1 << sideCols;
  memory.fill(starts, 0, (<usize>sets + 2) << 2);
  for (let i = 0; i < souths; i++) {
    const at = starts + ((<usize>load<u32>(southCols + (<usize>i << 2)) + 2) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  for (let c = 2; c <= sets + 1; c++) {
    const at = starts + (<usize>c << 2);
    store<u32>(at, load<u32>(at) + load<u32>(at - 4));
  }
  for (let i = 0; i < souths; i++) {
    const at = starts + ((<usize>load<u32>(southCols + (<usize>i << 2)) + 1) << 2);
    const to = load<u32>(at);
    const diags = load<u64>(southListed + (<usize>i << 3));
    store<u32>(southFirst + (<usize>to << 2), <u32>diags);
    store<u32>(southSecond + (<usize>to << 2), <u32>(diags >> 32));
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
  const columns = (1 << sideCols) - 1;
  if (load<i32>(s + SIDE_NORTHS) > 0) {
    store<u32>(s + SIDE_SOUTH, load<u32>(starts + (<usize>(columns & ~load<u32>(northCols)) << 2)));
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
  const columns = (1 << sideCols) - 1;
  const norths = load<i32>(s + SIDE_NORTHS);
  let sum: f64 = 0;
  for (let i = 0; i < norths; i++) {
    const southColumns = <usize>(columns & ~load<u32>(northCols + (<usize>i << 2)));
    sum += <f64>(load<u32>(starts + ((southColumns + 1) << 2)) - load<u32>(starts + (southColumns << 2)));
  }
  return sum;
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
  const columns: u32 = (1 << sideCols) - 1;
  const norths = load<i32>(s + SIDE_NORTHS);
  const northCols = load<usize>(s + SIDE_NORTH_COLS);
  const northDiags = load<usize>(s + SIDE_NORTH_DIAGS);
  const starts = load<usize>(s + SIDE_SOUTH_STARTS);
  // Each north quarter-board against four south ones at a time: the test, the key and the rest
  // of each in a lane, then the lanes that passed moved to the front (COMPACT) and stored at once,
  // so that no branch depends on a test.
  const diagMask = i32x4.splat((1 << diagBits) - 1);
  const keyMask = i32x4.splat((1 << keyHalf) - 1);
  const sieveMask = i32x4.splat((1 << sieveHalf) - 1);
  const lowMask = i32x4.splat((1 << keyLow) - 1);
  const keyHigh = keyLow + keyHalf;
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
    const diags = load<u64>(northDiags + (<usize>i << 3));
    const northA = i32x4.splat(mirrored ? <u32>(diags >> 32) : <u32>diags);
    const northB = i32x4.splat(mirrored ? <u32>diags : <u32>(diags >> 32));
    const southColumns = columns & ~load<u32>(northCols + (<usize>i << 2));
    const stop = load<u32>(starts + (<usize>(southColumns + 1) << 2));
    for (; j < stop; j += 4) {
      if (total > holding - GROUP || work > budgetLeft) {
        store<i32>(s + SIDE_NORTH, i);
        store<u32>(s + SIDE_SOUTH, j);
        budgetLeft -= work;
        return total;
      }
      work++;
      const southAs = v128.load(southA + (<usize>j << 2));
      const southBs = v128.load(southB + (<usize>j << 2));
      const clash = v128.or(v128.and(southAs, northA), v128.and(southBs, northB));
      // Lanes past the set's end hold the next set's quarter-boards: they do not pass.
      const passed = i32x4.bitmask(v128.and(i32x4.eq(clash, zero), i32x4.lt_s(lanes, i32x4.splat(stop - j))));
      const a = v128.and(v128.or(southAs, northA), diagMask);
      const b = v128.and(v128.or(southBs, northB), diagMask);
      const order = v128.load(COMPACT + (<usize>passed << 4));
      const fieldA = v128.and(i32x4.shr_u(a, keyLow), keyMask);
      const fieldB = v128.and(i32x4.shr_u(b, keyLow), keyMask);
      // With sieve bits, the lowest of each direction's field first, then the rest of both.
      const key = i8x16.swizzle(
        sieveBits == 0
          ? v128.or(fieldA, i32x4.shl(fieldB, keyHalf))
          : v128.or(
              v128.or(v128.and(fieldA, sieveMask), i32x4.shl(v128.and(fieldB, sieveMask), sieveHalf)),
              i32x4.shl(v128.or(i32x4.shr_u(fieldA, sieveHalf), i32x4.shl(i32x4.shr_u(fieldB, sieveHalf), bucketHalf)), sieveBits),
            ),
        order,
      );
      // Four lanes stored, those that passed first: the next store writes over the others.
      const at = <usize>total << 2;
      v128.store(keys + at, key);
      if (wide) {
        v128.store(rests + at, i8x16.swizzle(a, order));
        v128.store(rests + secondOffset + at, i8x16.swizzle(b, order));
      } else {
        const restA = v128.or(v128.and(a, lowMask), i32x4.shl(i32x4.shr_u(a, keyHigh), keyLow));
        const restB = v128.or(v128.and(b, lowMask), i32x4.shl(i32x4.shr_u(b, keyHigh), keyLow));
        v128.store(rests + at, i8x16.swizzle(v128.or(restA, i32x4.shl(restB, restBits)), order));
      }
      total += <i32>popcnt(passed);
    }
    i++;
    if (i < norths) j = load<u32>(starts + (<usize>(columns & ~load<u32>(northCols + (<usize>i << 2))) << 2));
  }
  store<i32>(s + SIDE_NORTH, i);
  budgetLeft -= work;
  return total;
}

// The budget halfBoards may spend (in candidate groups of four), and spends.
let budgetLeft: i32 = 0;

// Where a sort stands between calls: counting the keys, then placing the rests, each up to an
// entry; both start at the first (startSort).
let sortStage: i32 = COUNTING;
let sortAt: i32 = 0;

/** Starts sortIntoBuckets on a list. */
function startSort(starts: usize): void {
  memory.fill(starts, 0, ((<usize>1 << keyBits) + 2) << 2);
  sortStage = COUNTING;
  sortAt = 0;
}

/**
 * Sorts `count` listed half-boards into buckets by key, or-ing `mark` into each rest (its first
 * word), for at most `budget` steps: bucket b then spans starts[b]..starts[b + 1]. The `table`
 * keeps its half-boards by the bucket a block's key visits (copyBucket), and fills each bucket
 * up to a multiple of 4 with PADDING, so that it is read four at a time.
 * Returns the budget left; sortStage is SORTED once it is done, else the next call goes on.
 */
function sortIntoBuckets(
  keys: usize,
  rests: usize,
  count: i32,
  bucketed: usize,
  starts: usize,
  table: bool,
  mark: u32,
  budget: i32,
): i32 {
  const buckets = 1 << keyBits;
  // The table keeps a copy of each half-board for every set of sieve bits its own leave open.
  const copied = table ? sieveBits : 0;
  const sieves: u32 = (1 << copied) - 1;
  const bucketShift = keyBits - copied;
  if (sortStage == COUNTING) {
    const stop = entriesWithin(budget, count);
    if (copied == 0) {
      for (let i = sortAt; i < stop; i++) {
        const at = starts + ((<usize>load<u32>(keys + (<usize>i << 2)) + 2) << 2);
        store<u32>(at, load<u32>(at) + 1);
      }
    } else {
      for (let i = sortAt; i < stop; i++) {
        const key = load<u32>(keys + (<usize>i << 2));
        const own = key & sieves;
        const bucket = key >> copied;
        for (let open = own; open <= sieves; open = (open + 1) | own) {
          const at = starts + ((<usize>((open << bucketShift) | bucket) + 2) << 2);
          store<u32>(at, load<u32>(at) + 1);
        }
      }
    }
    budget -= (stop - sortAt) >> SORTED_PER_STEP_SHIFT;
    sortAt = stop;
    if (stop < count) return -1;
    // starts[b + 1] becomes where bucket b starts.
    let sum: u32 = 0;
    for (let b = 2; b <= buckets + 1; b++) {
      const at = starts + (<usize>b << 2);
      const size = load<u32>(at);
      sum += table ? (size + BUCKET_PADDING) & ~BUCKET_PADDING : size;
      store<u32>(at, sum);
    }
    budget -= buckets >> SORTED_PER_STEP_SHIFT;
    sortStage = PLACING;
    sortAt = 0;
  }
  // Placing moves starts[b + 1] to where bucket b's entries end; starts[0] stays 0.
  const second = table ? tableSecond : secondOffset;
  const stop = entriesWithin(budget, count);
  if (copied == 0) {
    for (let i = sortAt; i < stop; i++) {
      const at = starts + ((<usize>load<u32>(keys + (<usize>i << 2)) + 1) << 2);
      const to = load<u32>(at);
      store<u32>(bucketed + (<usize>to << 2), load<u32>(rests + (<usize>i << 2)) | mark);
      if (wide) store<u32>(bucketed + second + (<usize>to << 2), load<u32>(rests + secondOffset + (<usize>i << 2)));
      store<u32>(at, to + 1);
    }
  } else {
    for (let i = sortAt; i < stop; i++) {
      const key = load<u32>(keys + (<usize>i << 2));
      const own = key & sieves;
      const bucket = key >> copied;
      const rest = load<u32>(rests + (<usize>i << 2)) | mark;
      const restSecond = wide ? load<u32>(rests + secondOffset + (<usize>i << 2)) : 0;
      for (let open = own; open <= sieves; open = (open + 1) | own) {
        const at = starts + ((<usize>((open << bucketShift) | bucket) + 1) << 2);
        const to = load<u32>(at);
        store<u32>(bucketed + (<usize>to << 2), rest);
        if (wide) store<u32>(bucketed + second + (<usize>to << 2), restSecond);
        store<u32>(at, to + 1);
      }
    }
  }
  budget -= (stop - sortAt) >> SORTED_PER_STEP_SHIFT;
  sortAt = stop;
  if (stop < count) return -1;
  sortStage = SORTED;
  if (!table) return budget;
  // Every bucket starts at a multiple of 4, so its padding ends at the next one.
  for (let b = 1; b <= buckets; b++) {
    const at = starts + (<usize>b << 2);
    const end = load<u32>(at);
    const padded = (end + BUCKET_PADDING) & ~BUCKET_PADDING;
    for (let to = end; to < padded; to++) {
      store<u32>(bucketed + (<usize>to << 2), PADDING);
      if (wide) store<u32>(bucketed + second + (<usize>to << 2), PADDING);
    }
    store<u32>(at, padded);
  }
  return budget - (buckets >> SORTED_PER_STEP_SHIFT);
}

/** The end of the entries after sortAt that `budget` steps sort, at most `count`. */
@inline function entriesWithin(budget: i32, count: i32): i32 {
  if (budget < 0) return sortAt;
  const entries = <i64>budget << SORTED_PER_STEP_SHIFT;
  return <i64>(count - sortAt) < entries ? count : sortAt + <i32>entries;
}

/**
 * Adds to `pairs` the pairs of a block's and the table's half-boards that share no diagonal, for
 * at most `budget` steps; returns the budget left, negative where it stopped before the end (the
 * next call goes on from there).
 */
function crossCount(budget: i32): i32 {
  const buckets = 1 << keyBits;
  const longest = longestKey();
  const zero = i32x4.splat(0);
  const second = secondOffset;
  const tableSecondWord = tableSecond;
  const sieves = (1 << sieveBits) - 1;
  const visits = (1 << bucketBits) - 1;
  let kw = crossBucket;
  let i = crossEntry;
  while (true) {
    while (kw < buckets && i >= load<u32>(blockStarts + (<usize>(kw + 1) << 2))) kw++;
    if (kw == buckets) break;
    const end = load<u32>(blockStarts + (<usize>(kw + 1) << 2));
    // The table's buckets it can meet: among the copies for the sieve bits it leaves open, by
    // the longest diagonals they hold (which set the pairs' weight, above), then by the other
    // bits of their key.
    const copies = <u32>(~kw & sieves) << bucketBits;
    const visited = kw >> sieveBits;
    const open = ~visited & visits;
    const openLongest = open & longest;
    const openOther = open & ~longest;
    const blockLongest = popcnt(visited & longest);
    // Four half-boards of the block at a time against each table vector: one load serves four tests.
    const at = blockBucketed + (<usize>i << 2);
    // Past the bucket's end a lane repeats the first entry, and its count is left out.
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
    let held = openLongest;
    while (true) {
      const tableLongest = popcnt(held);
      const weight: u64 =
        (tableLongest == 0 ? <u64>1 << <u64>blockLongest : 0) + (blockLongest == 0 ? <u64>1 << <u64>tableLongest : 0);
      if (weight != 0) {
        let fit0 = zero;
        let fit1 = zero;
        let fit2 = zero;
        let fit3 = zero;
        let other = openOther;
        while (true) {
          const kt = copies | held | other;
          let p = tableBucketed + (<usize>load<u32>(tableStarts + (<usize>kt << 2)) << 2);
          const stop = tableBucketed + (<usize>load<u32>(tableStarts + (<usize>(kt + 1) << 2)) << 2);
          read += stop - p;
          if (wide) {
            for (; p < stop; p += 16) {
              const e = v128.load(p);
              const f = v128.load(p + tableSecondWord);
              fit0 = i32x4.sub(fit0, i32x4.eq(v128.or(v128.and(e, a0), v128.and(f, b0)), zero));
              fit1 = i32x4.sub(fit1, i32x4.eq(v128.or(v128.and(e, a1), v128.and(f, b1)), zero));
              fit2 = i32x4.sub(fit2, i32x4.eq(v128.or(v128.and(e, a2), v128.and(f, b2)), zero));
              fit3 = i32x4.sub(fit3, i32x4.eq(v128.or(v128.and(e, a3), v128.and(f, b3)), zero));
            }
          } else {
            for (; p < stop; p += 16) {
              const e = v128.load(p);
              fit0 = i32x4.sub(fit0, i32x4.eq(v128.and(e, a0), zero));
              fit1 = i32x4.sub(fit1, i32x4.eq(v128.and(e, a1), zero));
              fit2 = i32x4.sub(fit2, i32x4.eq(v128.and(e, a2), zero));
              fit3 = i32x4.sub(fit3, i32x4.eq(v128.and(e, a3), zero));
            }
          }
          if (other == 0) break;
          other = (other - 1) & openOther;
        }
        if (inBucket < 4) fit3 = zero;
        if (inBucket < 3) fit2 = zero;
        if (inBucket < 2) fit1 = zero;
        const sum = i32x4.add(i32x4.add(fit0, fit1), i32x4.add(fit2, fit3));
        pairs +=
          weight *
          (<u64>(<u32>i32x4.extract_lane(sum, 0)) +
            <u64>(<u32>i32x4.extract_lane(sum, 1)) +
            <u64>(<u32>i32x4.extract_lane(sum, 2)) +
            <u64>(<u32>i32x4.extract_lane(sum, 3)));
      }
      if (held == 0) break;
      held = (held - 1) & openLongest;
    }
    i += inBucket < 4 ? inBucket : 4;
    budget -= 1 + <i32>(read >> (VECTOR_BYTES_SHIFT + VECTORS_PER_STEP_SHIFT));
    if (budget < 0) {
      crossBucket = kw;
      crossEntry = i;
      return -1;
    }
  }
  return budget;
}

/** The key bits of the two longest diagonals, the board's main diagonals (bit k - 1 of each word). */
@inline function longestKey(): u32 {
  const bit = sideCols - 1 - keyLow - sieveHalf;
  return (<u32>1 << bit) | (<u32>1 << (bit + bucketHalf));
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
  let westRows: u32 = (n == 32 ? 0xffffffff : (<u32>1 << n) - 1) & ~eastRows;
  if (middleRow >= 0) westRows &= ~(<u32>1 << middleRow);
  pairs = 0;
  shortfall = 0;
  refusedNow = false;
  phase = DONE;
  store<u32>(side(EAST) + SIDE_ROWS, eastRows);
  store<u32>(side(WEST) + SIDE_ROWS, westRows);
  if (room < JOIN_ROOM_MIN && !reserve(quarterRoom, JOIN_ROOM_MIN)) return -1;
  joinN = n;
  joinMiddleRow = middleRow;
  longestQuarter = 0;
  startQuarters(EAST);
  phase = QUARTERS;
  return 0;
}

/**
 * Both sides' quarters are listed: the table's side and the room, or the refusal where even the
 * quarter lists and JOIN_ROOM_MIN half-boards in the table and the block would take more than
 * allowed. Returns the budget left.
 */
function planTable(budget: i32): i32 {
  const least = quarterBytes(longestQuarter) + halfBytes(JOIN_ROOM_MIN);
  if (least > maxBytes) {
    shortfall = least;
    refusedNow = true;
    return budget;
  }
  // The table is the longer side (read in vectors), the other is streamed in blocks (read four at
  // a time): fewer visits of buckets. Both hold what the room allows, at most the longer side.
  const east = candidates(EAST);
  const west = candidates(WEST);
  tableSide = west > east ? WEST : EAST;
  const longest = max(east, west);
  const perEntry = halfBytes(1) - halfBytes(0);
  const spare = Math.floor((maxBytes - quarterBytes(quarterRoom) - halfBytes(0)) / perEntry);
  const most = spare < JOIN_ROOM_MIN ? JOIN_ROOM_MIN : spare > HALF_BOARDS_MAX ? HALF_BOARDS_MAX : <i32>spare;
  const want = longest + GROUP < <f64>most ? <i32>longest + GROUP : most;
  // Where memory did not grow, the room there is: in more parts.
  if (want > room && !reserve(quarterRoom, want)) shortfall = 0;
  holding = min(room, most);
  tableCount = 0;
  phase = TABLE;
  return budget - ((load<i32>(side(EAST) + SIDE_NORTHS) + load<i32>(side(WEST) + SIDE_NORTHS)) >> NORTHS_PER_STEP_SHIFT);
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
  let streamSide = WEST - tableSide;
  while (true) {
    if (phase == QUARTERS) {
      const left = runQuarter(listingBudget(budget));
      if (left < 0) return -1;
      budget = left >> CANDIDATES_PER_STEP_SHIFT;
      if (!quarterListed()) continue;
      if (!refusedNow) budget = planTable(budget);
      if (refusedNow) {
        phase = DONE;
        return -1;
      }
      streamSide = WEST - tableSide;
    } else if (phase == TABLE) {
      budgetLeft = listingBudget(budget);
      tableCount = halfBoards(tableSide, tableKeys, tableRests, tableCount);
      budget = budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
      if (tableCount <= holding - GROUP && !listed(tableSide)) return -1;
      startSort(tableStarts);
      phase = TABLE_SORT;
    } else if (phase == TABLE_SORT) {
      budget = sortIntoBuckets(tableKeys, tableRests, tableCount, tableBucketed, tableStarts, true, 0, budget);
      if (sortStage != SORTED) return -1;
      startListing(streamSide);
      blockCount = 0;
      phase = BLOCK;
    } else if (phase == BLOCK) {
      budgetLeft = listingBudget(budget);
      blockCount = halfBoards(streamSide, blockKeys, blockRests, blockCount);
      budget = budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
      if (blockCount <= holding - GROUP && !listed(streamSide)) return -1;
      startSort(blockStarts);
      phase = BLOCK_SORT;
    } else if (phase == BLOCK_SORT) {
      budget = sortIntoBuckets(blockKeys, blockRests, blockCount, blockBucketed, blockStarts, false, STREAM_MARK, budget);
      if (sortStage != SORTED) return -1;
      crossBucket = 0;
      crossEntry = 0;
      phase = CROSS;
    } else if (phase == CROSS) {
      budget = crossCount(budget);
      if (budget < 0) return budget;
      if (!listed(streamSide)) {
        blockCount = 0;
        phase = BLOCK;
      } else if (!listed(tableSide)) {
        tableCount = 0;
        phase = TABLE;
      } else {
        phase = DONE;
      }
    } else {
      return budget;
    }
    if (budget < 0) return budget;
  }
}

/** The solutions of the join, once joinRun has finished. */
export function joinPairs(): u64 {
  return pairs;
}

/** Whether the join ended because its lists cannot have the memory they need (joinShortfall says how much). */
export function joinRefused(): bool {
  return refusedNow;
}

/** The bytes of lists the last join needed and could not have, or 0. */
export function joinShortfall(): f64 {
  return shortfall;
}
