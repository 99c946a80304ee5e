// Counting by a join instead of a search: the completions of one row choice (a unit of work of
// the join plan, src/plan/join-units.ts). The east columns hold the queens of the rows the choice
// names, the west columns those of the other rows (on an odd board the middle column holds one
// queen, placed by the unit). Every solution with that choice is one east half-board and one west
// half-board whose diagonals are disjoint, so the count is the number of such pairs: each side's
// half-boards are listed as joins of their quarters, north and south (halfBoards), sorted into
// buckets by a few of their diagonals (sortIntoBuckets), and every west half-board is tested
// against the east ones of the buckets it can meet, four at a time with SIMD (crossCount).
// src/kernel/js/join.ts is the same, step for step and name for name, in scalar TypeScript.
//
// Only the diagonals that both sides can reach are kept: 2k - 1 of each direction, where k is the
// number of columns on a side. A half-board is stored as a key (a few of those diagonals, the
// longest, which both sides meet most often: keyBitsFor) and the rest of its diagonals in 31 bits.
// The west side is listed as the east side of the mirrored board (the middle column is its own
// mirror image), so one search lists both: the mirror swaps the two diagonal directions.
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
// whose halves both hold one weighs nothing and is not tested. The longest diagonals are key bits,
// so a bucket says which its half-boards hold: the weights go by buckets, and the pairs they spare
// by whole buckets. The plan weighs each unit by half its class's size (src/plan/join-units.ts).

import { JOIN_ROOM_MIN, JOIN_ROW_LIMIT } from './layout';
import { joinHeap } from './memory';

// The quarter-board search, one slot per level: the level's row, its open squares (the middle
// queen's attacks removed), rows to the next level, and the state saved when it goes below.
const L_ROW = 0;
const L_OPEN = 4;
const L_GAP = 8;
const L_FREE = 12;
const L_COLS = 16;
const L_DOWN = 20; // attacks along the diagonals whose row + column is constant, moving to lower columns
const L_UP = 24; // attacks along the other diagonals, moving to higher columns
const L_FIRST = 28; // the first diagonals (row + column constant) of the queens above: see below
const L_SECOND = 32; // and the second (row - column constant)
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
// The keys and rests of four half-boards, where halfBoards stores them one at a time.
const PASSED = memory.data(32, 16);

// A side's diagonals are bit sets in 32 bits. A queen at row r and column base + c (c counted from
// the side's first column, base = n - k) sets bit r + c of the first set and bit r - c + 2k - 1 - n
// of the second; bits past 31 or below 0 are left out. Bits 0 .. 2k - 2 of each are the diagonals
// the other side reaches too; the north and south quarters of a side can meet only on bits below
// 2k, and neither loses a bit there. (So no set needs more than 32 bits up to n = 23.)

// The geometry of the board being joined, set by joinStart.
let sideCols: i32 = 0; // k: columns per side
let diagBits: i32 = 0; // 2k - 1: diagonals per direction that both sides reach
let keyHalf: i32 = 0; // key bits per direction
let keyLow: i32 = 0; // the lowest shared diagonal in the key
let keyBits: i32 = 0;
let restBits: i32 = 0; // rest bits per direction
let maxBytes: f64 = 0; // the room joinStart allowed
let laidOutFor: i32 = 0; // the k the lists are laid out for

// Everything lives past the module's static data, laid out by reserve(): first the two half-board
// lists, then the quarter-boards of one side (north as listed; south sorted by their columns),
// which each listing of a side fills afresh, so that they can grow at the end of memory.
let quarterRoom: i32 = 0; // quarter-boards each quarter list holds
let northCols: usize = 0; // u32 per north quarter-board: its columns
let northDiags: usize = 0; // u64 per north quarter-board: its first diagonals, and its second in the high half
let southCols: usize = 0; // as listed
let southListed: usize = 0; // u64 each, as listed
let southFirst: usize = 0; // u32 each, sorted by columns: the first diagonals
let southSecond: usize = 0; // and the second
let southStarts: usize = 0; // u32 per set of columns + 2: where its south quarter-boards start
let room: i32 = 0; // half-boards each list has room for
let holding: i32 = 0; // half-boards each list holds in this join: room, or less where the room allowed is less
let keysEast: usize = 0; // u32 per half-board, as listed
let restsEast: usize = 0; // u32 per half-board, as listed
let keysWest: usize = 0;
let restsWest: usize = 0;
let bucketedEast: usize = 0; // the east rests by bucket, each bucket padded to a multiple of 4
let bucketedWest: usize = 0;
let startsEast: usize = 0; // u32 per bucket + 2: where each bucket starts
let startsWest: usize = 0;

// A west rest has this bit, which no east rest has: a west half-board never matches the padding.
const WEST_MARK: u32 = 0x80000000;
const PADDING: u32 = 0xffffffff;
// Key bits by the side's columns, k: KEY_BITS[k] (measured best at n = 14 to 21).
const KEY_BITS = memory.data<u8>([4, 4, 4, 4, 4, 4, 4, 4, 4, 8, 10, 10]);

/**
 * Key bits for a side of k columns: more buckets skip more pairs, but each visit of a bucket
 * costs, so smaller boards take fewer; and the rest of the shared diagonals must fit 31 bits.
 */
@inline function keyBitsFor(k: i32): i32 {
  const least = (4 * k - 2 - 31 + 1) & ~1;
  const fast = <i32>load<u8>(KEY_BITS + <usize>k);
  return least > fast ? least : fast;
}

/** Bytes of the quarter lists for `entries` quarter-boards each. */
@inline function quarterBytes(entries: i32): usize {
  return <usize>entries * 32 + ((<usize>1 << sideCols) + 2) * 4 + 96;
}

/** Bytes of the half-board lists for `entries` half-boards a side: 24 per pair of entries, 20 per bucket. */
@inline function halfBytes(entries: i32): usize {
  return <usize>entries * 24 + (<usize>1 << keyBits) * 20 + 64;
}

/** Lays the lists out, growing memory if needed; false when it cannot. */
function reserve(quarters: i32, entries: i32): bool {
  const need = joinHeap() + halfBytes(entries) + quarterBytes(quarters);
  const have = <usize>memory.size() << 16;
  if (need > have && memory.grow(<i32>((need - have + 0xffff) >> 16)) < 0) return false;
  const buckets = <usize>1 << keyBits;
  let at = (joinHeap() + 15) & ~15;
  bucketedEast = at;
  at += (<usize>entries + buckets * 3) << 2;
  bucketedWest = at;
  at += <usize>entries << 2;
  restsEast = at;
  at += <usize>entries << 2;
  restsWest = at;
  at += <usize>entries << 2;
  startsEast = at;
  at += (buckets + 2) << 2;
  startsWest = at;
  at += (buckets + 2) << 2;
  keysEast = at;
  at += <usize>entries << 2;
  keysWest = at;
  at += <usize>entries << 2;
  at = (at + 15) & ~15;
  northDiags = at;
  at += <usize>quarters << 3;
  southListed = at;
  at += <usize>quarters << 3;
  // Read four at a time, past a list's end too.
  southFirst = at;
  at += (<usize>quarters << 2) + 16;
  southSecond = at;
  at += (<usize>quarters << 2) + 16;
  northCols = at;
  at += <usize>quarters << 2;
  southCols = at;
  at += <usize>quarters << 2;
  southStarts = at;
  quarterRoom = quarters;
  room = entries;
  return true;
}

/** Lists a quarter into the quarter lists, growing them if it does not fit. */
function listQuarter(n: i32, rows: u32, middleRow: i32, cols: usize, diags: usize): i32 {
  const count = quarterBoards(n, rows, middleRow, cols, diags);
  if (count <= quarterRoom) return count;
  // Without room for the quarter lists nothing can be counted: a trap, which the caller reports.
  if (!reserve(count, room)) unreachable();
  return -1;
}

/** Sets up joins on an n×n board, in about `roomBytes` of lists at most (see joinBegin). */
export function joinStart(n: i32, roomBytes: f64): void {
  const k = n >> 1;
  sideCols = k;
  diagBits = 2 * k - 1;
  keyBits = keyBitsFor(k);
  keyHalf = keyBits >> 1;
  keyLow = k - 1 - (keyHalf >> 1);
  restBits = diagBits - keyHalf;
  maxBytes = roomBytes;
  // The layout depends on the board's sides: lay it out afresh on the next join.
  if (k != laidOutFor) {
    quarterRoom = 0;
    room = 0;
    laidOutFor = k;
  }
}

// The join under way, between two calls of joinRun: its board and row choice, its parts (where
// the lists are taken in parts), and where crossCount stands in the west list of the part.
let unitN: i32 = 0;
let unitEast: u32 = 0;
let unitWest: u32 = 0;
let unitMiddle: i32 = -1;
let whole = true; // both lists held whole: one part
let eastAll: i32 = 0;
let westAll: i32 = 0;
let eastSkip: i32 = 0;
let westSkip: i32 = 0;
let crossEntry: u32 = 0; // the next west entry of the part
let crossBucket: i32 = 0; // its bucket
let pairs: u64 = 0;
// Steps charged: one per this many half-boards listed, and per this many east vectors read.
const LISTED_PER_STEP_SHIFT = 2;
const VECTORS_PER_STEP_SHIFT = 2;

/**
 * Lists the quarter-boards of `rows` in the east columns: every placement of one queen per row
 * with no two on a column or diagonal, none attacked by the middle column's queen (row
 * `middleRow`, or -1). With `cols` set, stores up to quarterRoom of them (their columns, and their
 * diagonals as u64 into `diags`). Returns how many there are.
 */
function quarterBoards(n: i32, rows: u32, middleRow: i32, cols: usize, diags: usize): i32 {
  const k = sideCols;
  if (rows == 0) {
    if (cols != 0) {
      store<u32>(cols, 0);
      store<u64>(diags, 0);
    }
    return 1;
  }
  const base = n - k;
  const all: u32 = (1 << k) - 1;
  // The levels: the rows, top to bottom.
  let levels = 0;
  for (let left = rows; left != 0; left &= left - 1) {
    const row = ctz(left);
    const slot = SLOTS + <usize>levels * SLOT_BYTES;
    let open = all;
    if (middleRow >= 0) {
      const distance = abs(row - middleRow);
      const middle = (n - 1) >> 1;
      const down = middle - distance - base;
      const up = middle + distance - base;
      if (down >= 0 && down < k) open &= ~(<u32>1 << down);
      if (up >= 0 && up < k) open &= ~(<u32>1 << up);
    }
    const secondBit = row + 2 * k - 1 - n;
    store<i32>(slot + L_ROW, row);
    store<u32>(slot + L_OPEN, open);
    store<u32>(slot + L_SECOND_BIT, secondBit >= 0 ? <u32>1 << secondBit : 0);
    if (levels > 0) store<i32>(slot - SLOT_BYTES + L_GAP, row - load<i32>(slot - SLOT_BYTES + L_ROW));
    levels++;
  }
  const last = SLOTS + <usize>(levels - 1) * SLOT_BYTES;
  const limit = cols == 0 ? 0 : quarterRoom;
  let total = 0;
  let slot = SLOTS;
  let free = load<u32>(slot + L_OPEN);
  let used: u32 = 0;
  let down: u32 = 0;
  let up: u32 = 0;
  let first: u32 = 0;
  let second: u32 = 0;
  while (true) {
    if (free != 0) {
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
      if (slot == SLOTS) break;
      slot -= SLOT_BYTES;
      free = load<u32>(slot + L_FREE);
      used = load<u32>(slot + L_COLS);
      down = load<u32>(slot + L_DOWN);
      up = load<u32>(slot + L_UP);
      first = load<u32>(slot + L_FIRST);
      second = load<u32>(slot + L_SECOND);
    }
  }
  return total;
}

/** The rows of a side's north quarter: the top half of the board. */
@inline function northRows(n: i32, rows: u32): u32 {
  return rows & ((<u32>1 << ((n + 1) >> 1)) - 1);
}

/**
 * Lists the half-boards of `rows` in the east columns, skipping the first `skip` and storing up to
 * `room` into keys/rests; `mirrored` lists the west side (as the mirror image). Returns how many
 * there are in all. Each is a north and a south quarter-board on complementary columns whose
 * diagonals are disjoint: the south ones are sorted by their columns, so that each north one
 * meets only the south ones on the columns it leaves.
 */
function halfBoards(n: i32, rows: u32, middleRow: i32, mirrored: bool, keys: usize, rests: usize, skip: i32): i32 {
  const k = sideCols;
  const all: u32 = (1 << k) - 1;
  const north = northRows(n, rows);
  let norths = listQuarter(n, north, middleRow, northCols, northDiags);
  let souths = listQuarter(n, rows ^ north, middleRow, southCols, southListed);
  // Where a quarter list grew, both are listed again into their new places.
  if (norths < 0 || souths < 0) {
    norths = listQuarter(n, north, middleRow, northCols, northDiags);
    souths = listQuarter(n, rows ^ north, middleRow, southCols, southListed);
  }
  // The south quarter-boards by their columns: southStarts[c] .. southStarts[c + 1].
  const sets = 1 << k;
  memory.fill(southStarts, 0, (<usize>sets + 2) << 2);
  for (let i = 0; i < souths; i++) {
    const at = southStarts + ((<usize>load<u32>(southCols + (<usize>i << 2)) + 2) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  for (let c = 2; c <= sets + 1; c++) {
    const at = southStarts + (<usize>c << 2);
    store<u32>(at, load<u32>(at) + load<u32>(at - 4));
  }
  for (let i = 0; i < souths; i++) {
    const at = southStarts + ((<usize>load<u32>(southCols + (<usize>i << 2)) + 1) << 2);
    const to = load<u32>(at);
    const diags = load<u64>(southListed + (<usize>i << 3));
    store<u32>(southFirst + (<usize>to << 2), <u32>diags);
    store<u32>(southSecond + (<usize>to << 2), <u32>(diags >> 32));
    store<u32>(at, to + 1);
  }
  // Each north quarter-board against four south ones at a time: the test, the key and the rest
  // of each in a lane, then the lanes that passed moved to the front (COMPACT) and stored at once,
  // so that no branch depends on a test.
  const diagMask = i32x4.splat((1 << diagBits) - 1);
  const keyMask = i32x4.splat((1 << keyHalf) - 1);
  const lowMask = i32x4.splat((1 << keyLow) - 1);
  const keyHigh = keyLow + keyHalf;
  const zero = i32x4.splat(0);
  const lanes = i32x4(0, 1, 2, 3);
  // The mirror image swaps the two directions of diagonals.
  const southA = mirrored ? southSecond : southFirst;
  const southB = mirrored ? southFirst : southSecond;
  let total = 0;
  for (let i = 0; i < norths; i++) {
    const diags = load<u64>(northDiags + (<usize>i << 3));
    const northA = i32x4.splat(mirrored ? <u32>(diags >> 32) : <u32>diags);
    const northB = i32x4.splat(mirrored ? <u32>diags : <u32>(diags >> 32));
    const rest = all & ~load<u32>(northCols + (<usize>i << 2));
    const from = load<u32>(southStarts + (<usize>rest << 2));
    const stop = load<u32>(southStarts + (<usize>(rest + 1) << 2));
    for (let j = from; j < stop; j += 4) {
      const southAs = v128.load(southA + (<usize>j << 2));
      const southBs = v128.load(southB + (<usize>j << 2));
      const clash = v128.or(v128.and(southAs, northA), v128.and(southBs, northB));
      // Lanes past the set's end hold the next set's quarter-boards: they do not pass.
      const passed = i32x4.bitmask(v128.and(i32x4.eq(clash, zero), i32x4.lt_s(lanes, i32x4.splat(stop - j))));
      const a = v128.and(v128.or(southAs, northA), diagMask);
      const b = v128.and(v128.or(southBs, northB), diagMask);
      const order = v128.load(COMPACT + (<usize>passed << 4));
      const key = i8x16.swizzle(
        v128.or(v128.and(i32x4.shr_u(a, keyLow), keyMask), i32x4.shl(v128.and(i32x4.shr_u(b, keyLow), keyMask), keyHalf)),
        order,
      );
      const restA = v128.or(v128.and(a, lowMask), i32x4.shl(i32x4.shr_u(a, keyHigh), keyLow));
      const restB = v128.or(v128.and(b, lowMask), i32x4.shl(i32x4.shr_u(b, keyHigh), keyLow));
      const rests4 = i8x16.swizzle(v128.or(restA, i32x4.shl(restB, restBits)), order);
      const at = total - skip;
      if (at >= 0 && at <= holding - 4) {
        // Four lanes stored, those that passed first: the next store writes over the others.
        v128.store(keys + (<usize>at << 2), key);
        v128.store(rests + (<usize>at << 2), rests4);
      } else {
        // At the edges of a part, one at a time.
        v128.store(PASSED, key);
        v128.store(PASSED, rests4, 16);
        for (let lane = 0; lane < <i32>popcnt(passed); lane++) {
          if (<u32>(at + lane) < <u32>holding) {
            store<u32>(keys + (<usize>(at + lane) << 2), load<u32>(PASSED + (<usize>lane << 2)));
            store<u32>(rests + (<usize>(at + lane) << 2), load<u32>(PASSED + (<usize>lane << 2), 16));
          }
        }
      }
      total += <i32>popcnt(passed);
    }
  }
  return total;
}

/**
 * Sorts `count` listed half-boards into buckets by key, or-ing `mark` into each rest: bucket b
 * then spans starts[b]..starts[b + 1]. With `pad`, each bucket is filled up to a multiple of 4
 * with PADDING, so that it is read four at a time.
 */
function sortIntoBuckets(keys: usize, rests: usize, count: i32, bucketed: usize, starts: usize, pad: bool, mark: u32): void {
  const buckets = 1 << keyBits;
  memory.fill(starts, 0, (<usize>buckets + 2) << 2);
  for (let i = 0; i < count; i++) {
    const at = starts + ((<usize>load<u32>(keys + (<usize>i << 2)) + 2) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  // starts[b + 1] becomes where bucket b starts.
  let sum: u32 = 0;
  for (let b = 2; b <= buckets + 1; b++) {
    const at = starts + (<usize>b << 2);
    const size = load<u32>(at);
    sum += pad ? (size + 3) & ~3 : size;
    store<u32>(at, sum);
  }
  // Filling moves it to where bucket b's entries end; starts[0] stays 0.
  for (let i = 0; i < count; i++) {
    const at = starts + ((<usize>load<u32>(keys + (<usize>i << 2)) + 1) << 2);
    const to = load<u32>(at);
    store<u32>(bucketed + (<usize>to << 2), load<u32>(rests + (<usize>i << 2)) | mark);
    store<u32>(at, to + 1);
  }
  if (!pad) return;
  // Every bucket starts at a multiple of 4, so its padding ends at the next one.
  for (let b = 1; b <= buckets; b++) {
    const at = starts + (<usize>b << 2);
    const end = load<u32>(at);
    const padded = (end + 3) & ~3;
    for (let to = end; to < padded; to++) store<u32>(bucketed + (<usize>to << 2), PADDING);
    store<u32>(at, padded);
  }
}

/** Starts crossCount on the buckets sorted last. */
function startCross(): void {
  crossBucket = 0;
  crossEntry = 0;
}

/**
 * Adds to `pairs` the pairs of a west and an east half-board, of the buckets sorted last, that
 * share no diagonal, for at most `budget` steps; returns the budget left, negative where it
 * stopped before the end (the next call goes on from there).
 */
function crossCount(budget: i32): i32 {
  const buckets = 1 << keyBits;
  const all = buckets - 1;
  const longest = longestKey();
  const zero = i32x4.splat(0);
  let kw = crossBucket;
  let i = crossEntry;
  while (true) {
    while (kw < buckets && i >= load<u32>(startsWest + (<usize>(kw + 1) << 2))) kw++;
    if (kw == buckets) break;
    const end = load<u32>(startsWest + (<usize>(kw + 1) << 2));
    const open = ~kw & all;
    // The east buckets it can meet, by the longest diagonals they hold (which set the pairs'
    // weight, above), then by the other bits of their key.
    const openLongest = open & longest;
    const openOther = open & ~longest;
    const westLongest = popcnt(kw & longest);
    // Four west half-boards at a time against each east vector: one load serves four tests.
    const at = bucketedWest + (<usize>i << 2);
    // Past the bucket's end a lane repeats the first entry, and its count is left out.
    const left = end - i;
    const v0 = i32x4.splat(load<u32>(at));
    const v1 = left > 1 ? i32x4.splat(load<u32>(at, 4)) : v0;
    const v2 = left > 2 ? i32x4.splat(load<u32>(at, 8)) : v0;
    const v3 = left > 3 ? i32x4.splat(load<u32>(at, 12)) : v0;
    let read: usize = 0;
    let held = openLongest;
    while (true) {
      const eastLongest = popcnt(held);
      const weight: u64 =
        (eastLongest == 0 ? <u64>1 << <u64>westLongest : 0) + (westLongest == 0 ? <u64>1 << <u64>eastLongest : 0);
      if (weight != 0) {
        let acc0 = zero;
        let acc1 = zero;
        let acc2 = zero;
        let acc3 = zero;
        let other = openOther;
        while (true) {
          const ke = held | other;
          let p = bucketedEast + (<usize>load<u32>(startsEast + (<usize>ke << 2)) << 2);
          const stop = bucketedEast + (<usize>load<u32>(startsEast + (<usize>(ke + 1) << 2)) << 2);
          read += stop - p;
          for (; p < stop; p += 16) {
            const e = v128.load(p);
            acc0 = i32x4.sub(acc0, i32x4.eq(v128.and(e, v0), zero));
            acc1 = i32x4.sub(acc1, i32x4.eq(v128.and(e, v1), zero));
            acc2 = i32x4.sub(acc2, i32x4.eq(v128.and(e, v2), zero));
            acc3 = i32x4.sub(acc3, i32x4.eq(v128.and(e, v3), zero));
          }
          if (other == 0) break;
          other = (other - 1) & openOther;
        }
        if (left < 4) acc3 = zero;
        if (left < 3) acc2 = zero;
        if (left < 2) acc1 = zero;
        const sum = i32x4.add(i32x4.add(acc0, acc1), i32x4.add(acc2, acc3));
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
    i += left < 4 ? left : 4;
    budget -= 1 + <i32>(read >> (4 + VECTORS_PER_STEP_SHIFT));
    if (budget < 0) {
      crossBucket = kw;
      crossEntry = i;
      return -1;
    }
  }
  return budget;
}

/** The key bits of the two longest diagonals, the board's main diagonals (bit k - 1 of each set). */
@inline function longestKey(): u32 {
  const bit = sideCols - 1 - keyLow;
  return (<u32>1 << bit) | (<u32>1 << (bit + keyHalf));
}

/** Makes room for `entries` half-boards a side, or as many as `most` allows; false when no more fit. */
function grow(entries: i32, most: i32): bool {
  if (holding >= most) return false;
  const want = min(entries, most);
  if (want > room && !reserve(quarterRoom, want)) return false;
  holding = min(room, most);
  return true;
}

/**
 * Sorts the part of the lists at eastSkip and westSkip (the whole lists, when whole), listing it
 * first unless it is `listed`; returns the steps it took.
 */
function sortPart(listed: bool): i32 {
  const eastCount = min(eastAll - eastSkip, holding);
  const westCount = min(westAll - westSkip, holding);
  if (!listed) {
    halfBoards(unitN, unitEast, unitMiddle, false, keysEast, restsEast, eastSkip);
    halfBoards(unitN, unitWest, unitMiddle, true, keysWest, restsWest, westSkip);
  }
  if (whole && westCount > eastCount) {
    // The longer list is read in vectors, the shorter in groups of four, for fewer visits of
    // buckets (the test is the same either way round).
    sortIntoBuckets(keysWest, restsWest, westCount, bucketedEast, startsEast, true, 0);
    sortIntoBuckets(keysEast, restsEast, eastCount, bucketedWest, startsWest, false, WEST_MARK);
  } else {
    sortIntoBuckets(keysEast, restsEast, eastCount, bucketedEast, startsEast, true, 0);
    sortIntoBuckets(keysWest, restsWest, westCount, bucketedWest, startsWest, false, WEST_MARK);
  }
  startCross();
  return (eastCount + westCount) >> LISTED_PER_STEP_SHIFT;
}

/**
 * Starts the join of an n×n board whose queens stand in the east columns on the rows of
 * `eastRows` and in the west columns on the others; on an odd board with the middle column's
 * queen on row `middleRow` (-1 on an even board). The quarter lists are held whole; the half-board
 * lists share what is left of the room joinStart allowed (at least JOIN_ROOM_MIN half-boards
 * each), and longer ones are taken in parts, each east part against each west part. Traps where
 * memory cannot grow to hold the quarter lists. joinRun counts. Returns the steps it took.
 */
export function joinBegin(n: i32, eastRows: u32, middleRow: i32): i32 {
  let westRows: u32 = (n == 32 ? 0xffffffff : (<u32>1 << n) - 1) & ~eastRows;
  if (middleRow >= 0) westRows &= ~(<u32>1 << middleRow);
  unitN = n;
  unitEast = eastRows;
  unitWest = westRows;
  unitMiddle = middleRow;
  pairs = 0;
  if (room < JOIN_ROOM_MIN && !reserve(quarterRoom, JOIN_ROOM_MIN)) unreachable();
  const left = (maxBytes - <f64>quarterBytes(quarterRoom) - <f64>halfBytes(0)) / 24;
  const most = left < JOIN_ROOM_MIN ? JOIN_ROOM_MIN : left > 0x20000000 ? 0x20000000 : <i32>left;
  holding = min(room, most);
  // The lists, and how long they are; where they did not fit, room for them as the room
  // allowed has it, and then they are listed again, whole or in parts.
  eastAll = halfBoards(n, eastRows, middleRow, false, keysEast, restsEast, 0);
  westAll = halfBoards(n, westRows, middleRow, true, keysWest, restsWest, 0);
  const longer = max(eastAll, westAll);
  const listed = longer <= holding;
  if (!listed) grow(longer, most);
  whole = eastAll <= holding && westAll <= holding;
  eastSkip = 0;
  westSkip = 0;
  return ((eastAll + westAll) >> LISTED_PER_STEP_SHIFT) + sortPart(listed);
}

/**
 * Counts on in the join begun by joinBegin for at most `budget` steps; returns the budget left,
 * negative where it stopped before the end (joinPairs then has the count).
 */
export function joinRun(budget: i32): i32 {
  while (true) {
    budget = crossCount(budget);
    if (budget < 0) return budget;
    if (whole) return budget;
    // The next part: each east part meets every west part.
    westSkip += holding;
    if (westSkip >= westAll) {
      westSkip = 0;
      eastSkip += holding;
      if (eastSkip >= eastAll) return budget;
    }
    budget -= sortPart(false);
    if (budget < 0) return budget;
  }
}

/** The solutions of the join, once joinRun has finished. */
export function joinPairs(): u64 {
  return pairs;
}
