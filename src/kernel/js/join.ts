// Counting by a join instead of a search: the completions of one row choice. assembly/join.ts is
// the same, step for step and name for name; the reasons, the words (side, quarter-board,
// half-board, key, rest, table, block, bucket) and what a join counts are written there. Its
// state is the same records (geometry, lists, cursor, quarter), as objects of one Join; what is
// the module's memory in wasm is typed arrays here, replaced by longer ones when the lists grow.
// Where the languages differ:
// - wasm joins a north quarter-board with four south ones, and tests four half-boards of the block
//   against four of the table, per SIMD instruction; TypeScript joins one pair and tests four of
//   the block against one of the table at a time;
// - wasm lists a quarter-board's two diagonal words in one u64, and keeps each side's lists in a
//   record of its memory (SIDES) and its search's levels in slots (SLOTS); TypeScript keeps two
//   arrays, in a side's object, and an array per field of the levels (newLevels);
// - wasm stores four lanes at a time and so needs room for 4 more half-boards before each group;
//   TypeScript stores one at a time, and stops at the same places;
// - the key bits: at k = SCALAR_KEY_K, SCALAR_KEY_BITS here (assembly/join-constants.ts says why);
// - out of memory: wasm cannot grow its memory, TypeScript cannot allocate an array (a
//   RangeError, caught); both then report the bytes they needed (shortfall).

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
  GROUP_SHIFT,
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
  SCALAR_KEY_BITS,
  SCALAR_KEY_K,
  SIEVE_BITS,
  SORTED,
  SORTED_PER_STEP_SHIFT,
  SOUTH,
  STREAM_MARK,
  TABLE,
  TABLE_SORT,
  VECTORS_PER_STEP_SHIFT,
  WEST,
} from '../../../assembly/join-constants.js';
import { JOIN_MIN_K, JOIN_ROOM_MIN, JOIN_ROW_LIMIT } from '../../../assembly/layout.js';
import { ctz, popcnt } from './bits.js';

export interface JoinCounter {
  /** Sets up joins on an n×n board, in about `roomBytes` of lists at most. */
  start(n: number, roomBytes: number): void;
  /**
   * Starts the join of the row choice `eastRows`, with the middle column's queen on `middleRow`
   * (or -1); returns the steps it took, or -1 where its lists cannot have the least memory.
   */
  begin(n: number, eastRows: number, middleRow: number): number;
  /**
   * Counts on for at most `budget` steps; returns the budget left, negative where it stopped before
   * the end or was refused (refused() says which).
   */
  run(budget: number): number;
  /** Whether the join ended because its lists cannot have the memory they need (shortfall says how much). */
  refused(): boolean;
  /** The solutions of the join, once run has finished. */
  pairs(): number;
  /** The bytes of lists the last join needed and could not have, or 0. */
  shortfall(): number;
  /** Bytes its lists hold now. */
  heldBytes(): number;
}

/** The board being joined: set by start (and n by begin). */
type Geometry = ReturnType<typeof newGeometry>;
/** Where the join of a subproblem stands between two calls of run. */
type Cursor = ReturnType<typeof newCursor>;
/** A join's state: what is the module's globals and memory in wasm. */
type Join = ReturnType<typeof newJoin>;

/** The quarter lists of a Side. */
const SIDE_LISTS = 5;

/** A side: its rows, its quarter lists, and where its listing stands (north and south quarter-boards). */
function emptySide() {
  const none = new Int32Array(0);
  return {
    rows: 0,
    norths: 0,
    northCols: none,
    northFirst: none,
    northSecond: none,
    southFirst: none,
    southSecond: none,
    southStarts: none,
    north: 0,
    south: 0,
  };
}

function newJoin() {
  return {
    geometry: newGeometry(),
    lists: newLists(),
    cursor: newCursor(),
    quarter: newQuarterSearch(),
    levels: newLevels(),
    sides: [emptySide(), emptySide()],
  };
}

/**
 * The board being joined: n, the columns per side (sideCols, k), the diagonals per direction that
 * both sides reach (diagBits, 2k - 1), the key's bits (keyBits; keyHalf per direction) from its
 * lowest diagonal (keyLow), the rest's bits per direction in the narrow form (restBits), the key's
 * low bits that the table's copies sieve (sieveBits; sieveHalf per direction) and its high bits by
 * which a block's bucket visits the table's (bucketBits; bucketHalf), and whether a rest takes a
 * word per direction (wide).
 */
function newGeometry() {
  return {
    n: 0,
    sideCols: 0,
    diagBits: 0,
    keyHalf: 0,
    keyLow: 0,
    keyBits: 0,
    restBits: 0,
    sieveHalf: 0,
    sieveBits: 0,
    bucketHalf: 0,
    bucketBits: 0,
    wide: false,
  };
}

/**
 * The lists (see assembly/join.ts): the room start allowed (maxBytes), the k they are laid out
 * for, the quarter-boards each quarter list holds (quarterRoom), the scratch where a south quarter
 * is listed, the half-boards the table and the block have room for (room) and hold in this join
 * (holding), and in the wide form the distance from a rest's first word to its second (secondOffset,
 * in every list but tableBucketed; tableSecond there).
 */
function newLists() {
  const none = new Int32Array(0);
  const empty = new Uint32Array(0);
  return {
    maxBytes: 0,
    laidOutFor: 0,
    quarterRoom: 0,
    southCols: none,
    southListedFirst: none,
    southListedSecond: none,
    room: 0,
    holding: 0,
    tableKeys: empty,
    tableRests: empty,
    tableBucketed: empty,
    tableStarts: none,
    blockKeys: empty,
    blockRests: empty,
    blockBucketed: empty,
    blockStarts: none,
    secondOffset: 0,
    tableSecond: 0,
  };
}

/**
 * Where the join of a subproblem stands between two calls of run, and what it found: the phase,
 * the middle column's queen's row (or -1), the table's side, the half-boards in the table's part and
 * in the block, crossCount's next bucket and entry of the block, the pairs, the bytes a join needed
 * and could not have (shortfall; refusedNow once it ended so), the longest quarter, the budget
 * halfBoards may spend and spends, and where a sort stands (its stage and entry).
 */
function newCursor() {
  return {
    phase: DONE,
    middleRow: -1,
    tableSide: EAST,
    tableCount: 0,
    blockCount: 0,
    crossEntry: 0,
    crossBucket: 0,
    pairs: 0,
    shortfall: 0,
    refusedNow: false,
    longestQuarter: 0,
    budgetLeft: 0,
    sortStage: COUNTING,
    sortAt: 0,
  };
}

/**
 * The quarter-board search under way: the quarter (side, north or south), its level and what
 * stands there, its last level (-1: the search is over), the quarter-boards found, and the lists
 * they go to.
 */
function newQuarterSearch() {
  const none = new Int32Array(0);
  return {
    side: EAST,
    part: NORTH,
    level: 0,
    last: 0,
    free: 0,
    used: 0,
    firstAttacks: 0,
    secondAttacks: 0,
    first: 0,
    second: 0,
    total: 0,
    cols: none,
    firsts: none,
    seconds: none,
    norths: 0,
  };
}

/**
 * The quarter-board search, per level: its row, open squares, rows to the next level, the bit of
 * its second diagonal through column 0, and the state saved when it goes below (the attacks along
 * the first and second diagonals, and the first and second diagonals of the queens above).
 */
function newLevels() {
  const level = () => new Int32Array(JOIN_ROW_LIMIT);
  return {
    row: level(),
    open: level(),
    gap: level(),
    secondBit: level(),
    free: level(),
    cols: level(),
    firstAttacks: level(),
    secondAttacks: level(),
    first: level(),
    second: level(),
  };
}

export function joinCounter(): JoinCounter {
  const join = newJoin();
  return {
    start: (n, roomBytes) => joinStart(join, n, roomBytes),
    begin: (n, eastRows, middleRow) => joinBegin(join, n, eastRows, middleRow),
    run: (budget) => joinRun(join, budget),
    refused: () => join.cursor.refusedNow,
    pairs: () => join.cursor.pairs,
    shortfall: () => join.cursor.shortfall,
    heldBytes: () => heldBytes(join),
  };
}

/** Key bits for a side of k columns (KEY_BITS, and the scalar kernel's own at SCALAR_KEY_K). */
function keyBitsFor(k: number): number {
  return k === SCALAR_KEY_K ? SCALAR_KEY_BITS : KEY_BITS[k - JOIN_MIN_K]!;
}

/** Bytes of both sides' quarter lists for `entries` quarter-boards each, and the scratch. */
function quarterBytes(geometry: Geometry, entries: number): number {
  return entries * QUARTER_ENTRY_BYTES + ((1 << geometry.sideCols) + 2) * QUARTER_SET_BYTES + QUARTER_SLACK_BYTES;
}

/** Bytes of the table and the block for `entries` half-boards each. */
function halfBytes(geometry: Geometry, entries: number): number {
  const restBytes = (geometry.wide ? 2 : 1) * ENTRY_BYTES;
  const perEntry = restBytes * (REST_LISTS + (1 << geometry.sieveBits)) + KEY_BYTES;
  const perBucket = restBytes * BUCKET_PADDING * (REST_LISTS + 1) + BUCKET_START_BYTES;
  return entries * perEntry + (1 << geometry.keyBits) * perBucket + HALF_SLACK_BYTES;
}

/** Makes the lists' room, replacing the arrays that change; false when they cannot be had (nothing changed then). */
function reserve(join: Join, quarters: number, entries: number): boolean {
  const { geometry, lists, sides } = join;
  const buckets = 1 << geometry.keyBits;
  const restWords = geometry.wide ? 2 : 1;
  const padded = entries + buckets * BUCKET_PADDING;
  const copies = entries * (1 << geometry.sieveBits) + buckets * BUCKET_PADDING;
  const sets = (1 << geometry.sideCols) + 2;
  const newQuarters = quarters !== lists.quarterRoom || sides[EAST]!.southStarts.length !== sets;
  const newHalves =
    entries !== lists.room ||
    lists.tableBucketed.length !== copies * restWords ||
    lists.blockBucketed.length !== padded * restWords;
  let quarterLists: Int32Array<ArrayBuffer>[] = [];
  let halfLists: Uint32Array<ArrayBuffer>[] = [];
  try {
    // Per side: north columns, first, second; south first, second (sorted); then the scratch.
    if (newQuarters) quarterLists = Array.from({ length: 2 * SIDE_LISTS + 3 }, () => new Int32Array(quarters));
    if (newHalves) halfLists = [copies, padded, padded, padded].map((words) => new Uint32Array(words * restWords));
    if (newHalves) halfLists.push(new Uint32Array(entries), new Uint32Array(entries));
  } catch {
    join.cursor.shortfall = halfBytes(geometry, entries) + quarterBytes(geometry, quarters);
    return false;
  }
  if (newQuarters) {
    sides.forEach((s, which) => {
      [s.northCols, s.northFirst, s.northSecond, s.southFirst, s.southSecond] = quarterLists.slice(SIDE_LISTS * which);
      s.southStarts = new Int32Array(sets);
    });
    [lists.southCols, lists.southListedFirst, lists.southListedSecond] = quarterLists.slice(2 * SIDE_LISTS);
  }
  if (newHalves) {
    [lists.tableBucketed, lists.blockBucketed, lists.tableRests, lists.blockRests, lists.tableKeys, lists.blockKeys] =
      halfLists;
    lists.tableStarts = new Int32Array(buckets + 2);
    lists.blockStarts = new Int32Array(buckets + 2);
  }
  lists.secondOffset = padded;
  lists.tableSecond = copies;
  lists.quarterRoom = quarters;
  lists.room = entries;
  return true;
}

/** Sets up joins on an n×n board, in about `roomBytes` of lists at most. */
function joinStart(join: Join, n: number, roomBytes: number): void {
  const { geometry, lists } = join;
  const k = n >> 1;
  geometry.sideCols = k;
  geometry.diagBits = 2 * k - 1;
  geometry.keyBits = keyBitsFor(k);
  geometry.keyHalf = geometry.keyBits >> 1;
  geometry.keyLow = k - 1 - (geometry.keyHalf >> 1);
  geometry.sieveBits = SIEVE_BITS[k - JOIN_MIN_K]!;
  geometry.sieveHalf = geometry.sieveBits >> 1;
  geometry.bucketHalf = geometry.keyHalf - geometry.sieveHalf;
  geometry.bucketBits = geometry.keyBits - geometry.sieveBits;
  geometry.restBits = geometry.diagBits - geometry.keyHalf;
  geometry.wide = 2 * geometry.restBits > REST_WORD_BITS;
  lists.maxBytes = roomBytes;
  if (k !== lists.laidOutFor) {
    lists.quarterRoom = 0;
    lists.room = 0;
    lists.laidOutFor = k;
  }
}

/**
 * Starts listing the quarter-boards of `rows` (see assembly/join.ts) into `cols`, `firsts` and
 * `seconds`, up to lists.quarterRoom of them; runQuarter lists them.
 */
function startQuarter(
  join: Join,
  rows: number,
  cols: Int32Array<ArrayBuffer>,
  firsts: Int32Array<ArrayBuffer>,
  seconds: Int32Array<ArrayBuffer>,
): void {
  const { geometry, quarter, levels } = join;
  const n = geometry.n;
  const k = geometry.sideCols;
  const middleRow = join.cursor.middleRow;
  quarter.cols = cols;
  quarter.firsts = firsts;
  quarter.seconds = seconds;
  quarter.total = 0;
  if (rows === 0) {
    if (join.lists.quarterRoom > 0) {
      cols[0] = 0;
      firsts[0] = 0;
      seconds[0] = 0;
    }
    quarter.total = 1;
    quarter.level = -1;
    return;
  }
  const base = n - k;
  const columns = (1 << k) - 1;
  let count = 0;
  for (let remaining = rows; remaining !== 0; remaining &= remaining - 1) {
    const row = ctz(remaining);
    let open = columns;
    if (middleRow >= 0) {
      const distance = Math.abs(row - middleRow);
      const middle = (n - 1) >> 1;
      const lowColumn = middle - distance - base;
      const highColumn = middle + distance - base;
      if (lowColumn >= 0 && lowColumn < k) open &= ~(1 << lowColumn);
      if (highColumn >= 0 && highColumn < k) open &= ~(1 << highColumn);
    }
    const secondBit = row + 2 * k - 1 - n;
    levels.row[count] = row;
    levels.open[count] = open;
    levels.secondBit[count] = secondBit >= 0 && secondBit < 32 ? 1 << secondBit : 0;
    if (count > 0) levels.gap[count - 1] = row - levels.row[count - 1];
    count++;
  }
  quarter.last = count - 1;
  quarter.level = 0;
  quarter.free = levels.open[0];
  quarter.used = 0;
  quarter.firstAttacks = 0;
  quarter.secondAttacks = 0;
  quarter.first = 0;
  quarter.second = 0;
}

/**
 * Lists on the quarter-boards started by startQuarter, for at most `left` placements tried;
 * returns those left, negative where it stopped before the end (quarter.total then counts them all).
 */
function runQuarter(join: Join, left: number): number {
  const { quarter } = join;
  if (quarter.level < 0) return left;
  const { row: levelRow, open: levelOpen, gap: levelGap, secondBit: levelSecondBit } = join.levels;
  const { free: levelFree, cols: levelCols, first: levelFirst, second: levelSecond } = join.levels;
  const { firstAttacks: levelFirstAttacks, secondAttacks: levelSecondAttacks } = join.levels;
  const last = quarter.last;
  const limit = join.lists.quarterRoom;
  const cols = quarter.cols;
  const firsts = quarter.firsts;
  const seconds = quarter.seconds;
  let total = quarter.total;
  let level = quarter.level;
  let free = quarter.free;
  let used = quarter.used;
  let firstAttacks = quarter.firstAttacks;
  let secondAttacks = quarter.secondAttacks;
  let first = quarter.first;
  let second = quarter.second;
  for (;;) {
    if (free !== 0) {
      if (--left < 0) break;
      const bit = free & -free;
      free ^= bit;
      const withFirst = first | (bit << levelRow[level]);
      const withSecond = second | (levelSecondBit[level] >>> ctz(bit));
      if (level === last) {
        if (total < limit) {
          cols[total] = used | bit;
          firsts[total] = withFirst;
          seconds[total] = withSecond;
        }
        total++;
        continue;
      }
      levelFree[level] = free;
      levelCols[level] = used;
      levelFirstAttacks[level] = firstAttacks;
      levelSecondAttacks[level] = secondAttacks;
      levelFirst[level] = first;
      levelSecond[level] = second;
      const gap = levelGap[level];
      used |= bit;
      firstAttacks = (firstAttacks | bit) >>> gap;
      secondAttacks = (secondAttacks | bit) << gap;
      first = withFirst;
      second = withSecond;
      level++;
      free = levelOpen[level] & ~(used | firstAttacks | secondAttacks);
    } else {
      if (level === 0) {
        level = -1;
        break;
      }
      level--;
      free = levelFree[level];
      used = levelCols[level];
      firstAttacks = levelFirstAttacks[level];
      secondAttacks = levelSecondAttacks[level];
      first = levelFirst[level];
      second = levelSecond[level];
    }
  }
  quarter.total = total;
  quarter.level = level;
  quarter.free = free;
  quarter.used = used;
  quarter.firstAttacks = firstAttacks;
  quarter.secondAttacks = secondAttacks;
  quarter.first = first;
  quarter.second = second;
  return left;
}

/** The rows of a side's north quarter: the top half of the board. */
function northRows(n: number, rows: number): number {
  return rows & ((1 << ((n + 1) >> 1)) - 1);
}

/** Starts listing a side's quarters, north first, into its north lists and the scratch. */
function startQuarters(join: Join, which: number): void {
  const s = join.sides[which]!;
  join.quarter.side = which;
  join.quarter.part = NORTH;
  startQuarter(join, northRows(join.geometry.n, s.rows), s.northCols, s.northFirst, s.northSecond);
}

/**
 * A quarter is listed: on to the side's south quarter, or the other side, or, where a quarter was
 * longer than the lists, back to the east side with room for it. True once both sides are listed
 * (or the lists cannot have the room: cursor.refusedNow).
 */
function quarterListed(join: Join): boolean {
  const { geometry, lists, cursor, quarter } = join;
  const s = join.sides[quarter.side]!;
  cursor.longestQuarter = Math.max(cursor.longestQuarter, quarter.total);
  if (quarter.part === NORTH) {
    quarter.norths = quarter.total;
    quarter.part = SOUTH;
    const rows = s.rows ^ northRows(geometry.n, s.rows);
    startQuarter(join, rows, lists.southCols, lists.southListedFirst, lists.southListedSecond);
    return false;
  }
  const norths = quarter.norths;
  const souths = quarter.total;
  if (norths <= lists.quarterRoom && souths <= lists.quarterRoom) keepQuarters(join, quarter.side, norths, souths);
  else if (quarterBytes(geometry, cursor.longestQuarter) + halfBytes(geometry, JOIN_ROOM_MIN) <= lists.maxBytes) {
    if (!reserve(join, Math.max(norths, souths), lists.room)) {
      cursor.refusedNow = true;
      return true;
    }
    startQuarters(join, EAST);
    return false;
  }
  // Past the room allowed, the other side's quarters are still counted (not kept), so that the
  // room the join says it needs is its whole need, both sides'.
  if (quarter.side === WEST) return true;
  startQuarters(join, WEST);
  return false;
}

/** Keeps a side's quarters: north as listed, south sorted by columns. */
function keepQuarters(join: Join, which: number, norths: number, souths: number): void {
  const { southCols, southListedFirst, southListedSecond } = join.lists;
  const s = join.sides[which]!;
  s.norths = norths;
  const starts = s.southStarts;
  const sets = 1 << join.geometry.sideCols;
  starts.fill(0, 0, sets + 2);
  for (let i = 0; i < souths; i++) starts[southCols[i] + 2]++;
  for (let c = 2; c <= sets + 1; c++) starts[c] += starts[c - 1];
  for (let i = 0; i < souths; i++) {
    const to = starts[southCols[i] + 1]++;
    s.southFirst[to] = southListedFirst[i];
    s.southSecond[to] = southListedSecond[i];
  }
  startListing(join, which);
}

/** Puts a side's listing back at its start. */
function startListing(join: Join, which: number): void {
  const s = join.sides[which]!;
  s.north = 0;
  if (s.norths > 0) s.south = s.southStarts[((1 << join.geometry.sideCols) - 1) & ~s.northCols[0]];
}

/** True when a side's listing is over. */
function listed(join: Join, which: number): boolean {
  const s = join.sides[which]!;
  return s.north >= s.norths;
}

/** The candidate pairs of a side's quarter-boards: a bound on its half-boards, and the work of listing them. */
function candidates(join: Join, which: number): number {
  const s = join.sides[which]!;
  const columns = (1 << join.geometry.sideCols) - 1;
  let sum = 0;
  for (let i = 0; i < s.norths; i++) {
    const southColumns = columns & ~s.northCols[i];
    sum += s.southStarts[southColumns + 1] - s.southStarts[southColumns];
  }
  return sum;
}

/**
 * A half-board's key from its key fields of each direction (the bits of the diagonal words the key
 * takes). With sieve bits, the lowest of each direction's field first, then the rest of both.
 */
function keyOf(geometry: Geometry, fieldA: number, fieldB: number, sieveMask: number): number {
  const { keyHalf, sieveBits, sieveHalf, bucketHalf } = geometry;
  return sieveBits === 0
    ? fieldA | (fieldB << keyHalf)
    : (fieldA & sieveMask) |
        ((fieldB & sieveMask) << sieveHalf) |
        (((fieldA >>> sieveHalf) | ((fieldB >>> sieveHalf) << bucketHalf)) << sieveBits);
}

/**
 * Lists a side's half-boards on from where its listing stands, into keys and rests after the
 * `count` there already, until they hold lists.holding or the budget is spent; returns the count.
 */
function halfBoards(join: Join, which: number, keys: Uint32Array, rests: Uint32Array, count: number): number {
  const { geometry, lists, cursor } = join;
  const s = join.sides[which]!;
  const mirrored = which === WEST;
  const columns = (1 << geometry.sideCols) - 1;
  const { norths, northCols, southStarts: starts } = s;
  const { keyHalf, keyLow, sieveHalf, restBits, wide } = geometry;
  const diagMask = (1 << geometry.diagBits) - 1;
  const keyMask = (1 << keyHalf) - 1;
  const sieveMask = (1 << sieveHalf) - 1;
  const lowMask = (1 << keyLow) - 1;
  const keyHigh = keyLow + keyHalf;
  const southA = mirrored ? s.southSecond : s.southFirst;
  const southB = mirrored ? s.southFirst : s.southSecond;
  const northA = mirrored ? s.northSecond : s.northFirst;
  const northB = mirrored ? s.northFirst : s.northSecond;
  const second = lists.secondOffset;
  const full = lists.holding - GROUP;
  const budget = cursor.budgetLeft;
  let i = s.north;
  let j = s.south;
  let total = count;
  let work = 0;
  while (i < norths) {
    const a0 = northA[i];
    const b0 = northB[i];
    const stop = starts[(columns & ~northCols[i]) + 1];
    for (; j < stop; j++) {
      // A group of four candidates is one step, as in wasm, which stops before each group.
      if (((j - starts[columns & ~northCols[i]]) & (GROUP - 1)) === 0) {
        if (total > full || work > budget) {
          s.north = i;
          s.south = j;
          cursor.budgetLeft -= work;
          return total;
        }
        work++;
      }
      const southAOf = southA[j];
      const southBOf = southB[j];
      if (((a0 & southAOf) | (b0 & southBOf)) !== 0) continue;
      const a = (a0 | southAOf) & diagMask;
      const b = (b0 | southBOf) & diagMask;
      const fieldA = (a >>> keyLow) & keyMask;
      const fieldB = (b >>> keyLow) & keyMask;
      keys[total] = keyOf(geometry, fieldA, fieldB, sieveMask);
      if (wide) {
        rests[total] = a;
        rests[second + total] = b;
      } else {
        const restA = (a & lowMask) | ((a >>> keyHigh) << keyLow);
        const restB = (b & lowMask) | ((b >>> keyHigh) << keyLow);
        rests[total] = restA | (restB << restBits);
      }
      total++;
    }
    i++;
    if (i < norths) j = starts[columns & ~northCols[i]];
  }
  s.north = i;
  cursor.budgetLeft -= work;
  return total;
}

/** Starts sortIntoBuckets on a list. */
function startSort(join: Join, starts: Int32Array): void {
  starts.fill(0, 0, (1 << join.geometry.keyBits) + 2);
  join.cursor.sortStage = COUNTING;
  join.cursor.sortAt = 0;
}

/**
 * Sorts the `count` half-boards listed into the table's lists (`table`) or the block's into
 * buckets by key, for at most `budget` steps (see assembly/join.ts). Returns the budget left; cursor.sortStage is SORTED once
 * it is done, else the next call goes on.
 */
function sortIntoBuckets(join: Join, table: boolean, count: number, budget: number): number {
  const { geometry, lists, cursor } = join;
  const keys = table ? lists.tableKeys : lists.blockKeys;
  const starts = table ? lists.tableStarts : lists.blockStarts;
  const copied = table ? geometry.sieveBits : 0;
  if (cursor.sortStage === COUNTING) {
    const stop = entriesWithin(cursor, budget, count);
    countKeys(join, keys, starts, stop, copied);
    budget -= (stop - cursor.sortAt) >> SORTED_PER_STEP_SHIFT;
    cursor.sortAt = stop;
    if (stop < count) return -1;
    budget -= startBuckets(join, starts, table);
    cursor.sortStage = PLACING;
    cursor.sortAt = 0;
  }
  const stop = entriesWithin(cursor, budget, count);
  const bucketed = table ? lists.tableBucketed : lists.blockBucketed;
  const rests = table ? lists.tableRests : lists.blockRests;
  const mark = table ? 0 : STREAM_MARK;
  placeRests(join, keys, rests, bucketed, starts, stop, copied, table ? lists.tableSecond : lists.secondOffset, mark);
  budget -= (stop - cursor.sortAt) >> SORTED_PER_STEP_SHIFT;
  cursor.sortAt = stop;
  if (stop < count) return -1;
  cursor.sortStage = SORTED;
  if (!table) return budget;
  return budget - padBuckets(join, bucketed, starts);
}

/** Counting: adds the keys from sortAt to `stop` (each `copied` sieve bits' copies) to their buckets' sizes. */
function countKeys(join: Join, keys: Uint32Array, starts: Int32Array, stop: number, copied: number): void {
  if (copied === 0) {
    for (let i = join.cursor.sortAt; i < stop; i++) starts[keys[i] + 2]++;
    return;
  }
  const sieves = (1 << copied) - 1;
  const bucketShift = join.geometry.keyBits - copied;
  for (let i = join.cursor.sortAt; i < stop; i++) {
    const own = keys[i] & sieves;
    const bucket = keys[i] >>> copied;
    for (let open = own; open <= sieves; open = (open + 1) | own) starts[((open << bucketShift) | bucket) + 2]++;
  }
}

/** Once counted: starts[b + 1] becomes where bucket b starts; returns the steps taken. */
function startBuckets(join: Join, starts: Int32Array, table: boolean): number {
  const buckets = 1 << join.geometry.keyBits;
  let sum = 0;
  for (let b = 2; b <= buckets + 1; b++) {
    const size = starts[b];
    sum += table ? (size + BUCKET_PADDING) & ~BUCKET_PADDING : size;
    starts[b] = sum;
  }
  return buckets >> SORTED_PER_STEP_SHIFT;
}

/** Placing: moves the rests from sortAt to `stop` into their buckets (their second words `second` on where wide). */
function placeRests(
  join: Join,
  keys: Uint32Array,
  rests: Uint32Array,
  bucketed: Uint32Array,
  starts: Int32Array,
  stop: number,
  copied: number,
  second: number,
  mark: number,
): void {
  const wide = join.geometry.wide;
  const secondOffset = join.lists.secondOffset;
  if (copied === 0) {
    for (let i = join.cursor.sortAt; i < stop; i++) {
      const to = starts[keys[i] + 1]++;
      bucketed[to] = rests[i] | mark;
      if (wide) bucketed[second + to] = rests[secondOffset + i];
    }
    return;
  }
  const sieves = (1 << copied) - 1;
  const bucketShift = join.geometry.keyBits - copied;
  for (let i = join.cursor.sortAt; i < stop; i++) {
    const own = keys[i] & sieves;
    const bucket = keys[i] >>> copied;
    for (let open = own; open <= sieves; open = (open + 1) | own) {
      const to = starts[((open << bucketShift) | bucket) + 1]++;
      bucketed[to] = rests[i] | mark;
      if (wide) bucketed[second + to] = rests[secondOffset + i];
    }
  }
}

/** Once placed: fills each of the table's buckets with PADDING up to the next's start; returns the steps taken. */
function padBuckets(join: Join, bucketed: Uint32Array, starts: Int32Array): number {
  const buckets = 1 << join.geometry.keyBits;
  const second = join.lists.tableSecond;
  for (let b = 1; b <= buckets; b++) {
    const end = starts[b];
    const padded = (end + BUCKET_PADDING) & ~BUCKET_PADDING;
    for (let to = end; to < padded; to++) {
      bucketed[to] = PADDING;
      if (join.geometry.wide) bucketed[second + to] = PADDING;
    }
    starts[b] = padded;
  }
  return buckets >> SORTED_PER_STEP_SHIFT;
}

/** The end of the entries after sortAt that `budget` steps sort, at most `count`. */
function entriesWithin(cursor: Cursor, budget: number, count: number): number {
  if (budget < 0) return cursor.sortAt;
  return Math.min(count, cursor.sortAt + budget * (1 << SORTED_PER_STEP_SHIFT));
}

/**
 * Adds to cursor.pairs the pairs of a block's and the table's half-boards that share no diagonal,
 * for at most `budget` steps; returns the budget left, negative where it stopped before the end.
 */
function crossCount(join: Join, budget: number): number {
  const { geometry, lists, cursor } = join;
  const buckets = 1 << geometry.keyBits;
  const blockOf = lists.blockStarts;
  let kw = cursor.crossBucket;
  let i = cursor.crossEntry;
  for (;;) {
    while (kw < buckets && i >= blockOf[kw + 1]) kw++;
    if (kw === buckets) break;
    budget = crossBucket(join, kw, i, budget);
    if (budget < 0) {
      cursor.crossBucket = kw;
      return -1;
    }
    i = blockOf[kw + 1];
  }
  return budget;
}

/**
 * Adds to cursor.pairs the pairs of the block's half-boards of bucket kw, from its entry i on, with
 * the table's, for at most `budget` steps; returns the budget left, negative where it stopped
 * before the bucket's end (cursor.crossEntry then says where).
 */
function crossBucket(join: Join, kw: number, i: number, budget: number): number {
  const { geometry, lists } = join;
  // Locals, not the records' fields, in the loop: V8 keeps those in memory.
  const block = lists.blockBucketed;
  const table = lists.tableBucketed;
  const tableOf = lists.tableStarts;
  const second = lists.secondOffset;
  const tableSecondWord = lists.tableSecond;
  const isWide = geometry.wide;
  const end = lists.blockStarts[kw + 1];
  // The table's buckets it can meet (see assembly/join.ts).
  const longest = longestKey(geometry);
  const copies = (~kw & ((1 << geometry.sieveBits) - 1)) << geometry.bucketBits;
  const visited = kw >>> geometry.sieveBits;
  const open = ~visited & ((1 << geometry.bucketBits) - 1);
  const openLongest = open & longest;
  const openOther = open & ~longest;
  const blockLongest = popcnt(visited & longest);
  let found = 0;
  for (; i < end; i += GROUP) {
    const inBucket = end - i;
    // Four half-boards of the block at a time against each of the table, as in wasm; a lane
    // past the bucket's end repeats the first, and its count is left out.
    const a0 = block[i];
    const a1 = inBucket > 1 ? block[i + 1] : a0;
    const a2 = inBucket > 2 ? block[i + 2] : a0;
    const a3 = inBucket > 3 ? block[i + 3] : a0;
    const b0 = isWide ? block[second + i] : 0;
    const b1 = isWide && inBucket > 1 ? block[second + i + 1] : b0;
    const b2 = isWide && inBucket > 2 ? block[second + i + 2] : b0;
    const b3 = isWide && inBucket > 3 ? block[second + i + 3] : b0;
    let read = 0;
    for (let held = openLongest; ; held = (held - 1) & openLongest) {
      const tableLongest = popcnt(held);
      const weight = (tableLongest === 0 ? 1 << blockLongest : 0) + (blockLongest === 0 ? 1 << tableLongest : 0);
      if (weight !== 0) {
        let fit0 = 0;
        let fit1 = 0;
        let fit2 = 0;
        let fit3 = 0;
        for (let other = openOther; ; other = (other - 1) & openOther) {
          const kt = copies | held | other;
          const stop = tableOf[kt + 1];
          const from = tableOf[kt];
          read += stop - from;
          if (isWide) {
            for (let p = from; p < stop; p++) {
              const e = table[p];
              const f = table[tableSecondWord + p];
              if (((e & a0) | (f & b0)) === 0) fit0++;
              if (((e & a1) | (f & b1)) === 0) fit1++;
              if (((e & a2) | (f & b2)) === 0) fit2++;
              if (((e & a3) | (f & b3)) === 0) fit3++;
            }
          } else {
            for (let p = from; p < stop; p++) {
              const e = table[p];
              if ((e & a0) === 0) fit0++;
              if ((e & a1) === 0) fit1++;
              if ((e & a2) === 0) fit2++;
              if ((e & a3) === 0) fit3++;
            }
          }
          if (other === 0) break;
        }
        found += weight * laneSum(fit0, fit1, fit2, fit3, inBucket);
      }
      if (held === 0) break;
    }
    budget -= 1 + (read >>> (GROUP_SHIFT + VECTORS_PER_STEP_SHIFT));
    if (budget < 0) {
      join.cursor.pairs += found;
      join.cursor.crossEntry = Math.min(i + GROUP, end);
      return -1;
    }
  }
  join.cursor.pairs += found;
  return budget;
}

/** The fits of four lanes of the block, those past the bucket's end (`inBucket` entries from lane 0) left out. */
function laneSum(fit0: number, fit1: number, fit2: number, fit3: number, inBucket: number): number {
  if (inBucket < 4) fit3 = 0;
  if (inBucket < 3) fit2 = 0;
  if (inBucket < 2) fit1 = 0;
  return fit0 + fit1 + fit2 + fit3;
}

/** The key bits of the two longest diagonals, the board's main diagonals (bit k - 1 of each word). */
function longestKey(geometry: Geometry): number {
  const bit = geometry.sideCols - 1 - geometry.keyLow - geometry.sieveHalf;
  return (1 << bit) | (1 << (bit + geometry.bucketHalf));
}

/**
 * Starts the join of the row choice `eastRows`, with the middle column's queen on `middleRow`
 * (or -1); returns the steps it took, or -1 where its lists cannot have the least memory.
 */
function joinBegin(join: Join, n: number, eastRows: number, middleRow: number): number {
  const { lists, cursor, sides } = join;
  let westRows = (n === 32 ? -1 : (1 << n) - 1) & ~eastRows;
  if (middleRow >= 0) westRows &= ~(1 << middleRow);
  cursor.pairs = 0;
  cursor.shortfall = 0;
  cursor.refusedNow = false;
  cursor.phase = DONE;
  sides[EAST]!.rows = eastRows;
  sides[WEST]!.rows = westRows;
  if (lists.room < JOIN_ROOM_MIN && !reserve(join, lists.quarterRoom, JOIN_ROOM_MIN)) return -1;
  join.geometry.n = n;
  cursor.middleRow = middleRow;
  cursor.longestQuarter = 0;
  startQuarters(join, EAST);
  cursor.phase = QUARTERS;
  return 0;
}

/**
 * Both sides' quarters are listed: the table's side and the room, or the refusal where even the
 * quarter lists and the least half-board lists would take more than allowed. Returns the budget left.
 */
function planTable(join: Join, budget: number): number {
  const { geometry, lists, cursor, sides } = join;
  const least = quarterBytes(geometry, cursor.longestQuarter) + halfBytes(geometry, JOIN_ROOM_MIN);
  if (least > lists.maxBytes) {
    cursor.shortfall = least;
    cursor.refusedNow = true;
    return budget;
  }
  const east = candidates(join, EAST);
  const west = candidates(join, WEST);
  cursor.tableSide = west > east ? WEST : EAST;
  const longest = Math.max(east, west);
  const perEntry = halfBytes(geometry, 1) - halfBytes(geometry, 0);
  const spare = Math.floor(
    (lists.maxBytes - quarterBytes(geometry, lists.quarterRoom) - halfBytes(geometry, 0)) / perEntry,
  );
  const most = Math.min(Math.max(spare, JOIN_ROOM_MIN), HALF_BOARDS_MAX);
  const want = Math.min(longest + GROUP, most);
  // Where memory could not be had, the room there is: in more parts.
  if (want > lists.room && !reserve(join, lists.quarterRoom, want)) cursor.shortfall = 0;
  lists.holding = Math.min(lists.room, most);
  cursor.tableCount = 0;
  cursor.phase = TABLE;
  return budget - ((sides[EAST]!.norths + sides[WEST]!.norths) >> NORTHS_PER_STEP_SHIFT);
}

/** A budget of steps in groups of candidates, for halfBoards. */
function listingBudget(budget: number): number {
  return budget >= 0x7fffffff >> CANDIDATES_PER_STEP_SHIFT ? 0x7fffffff : budget << CANDIDATES_PER_STEP_SHIFT;
}

/**
 * Counts on for at most `budget` steps; returns the budget left, negative where it stopped before
 * the end or was refused.
 */
function joinRun(join: Join, budget: number): number {
  const { lists, cursor } = join;
  let streamSide = WEST - cursor.tableSide;
  for (;;) {
    if (cursor.phase === QUARTERS) {
      const left = runQuarter(join, listingBudget(budget));
      if (left < 0) return -1;
      budget = left >> CANDIDATES_PER_STEP_SHIFT;
      if (!quarterListed(join)) continue;
      if (!cursor.refusedNow) budget = planTable(join, budget);
      if (cursor.refusedNow) {
        cursor.phase = DONE;
        return -1;
      }
      streamSide = WEST - cursor.tableSide;
    } else if (cursor.phase === TABLE) {
      cursor.budgetLeft = listingBudget(budget);
      cursor.tableCount = halfBoards(join, cursor.tableSide, lists.tableKeys, lists.tableRests, cursor.tableCount);
      budget = cursor.budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
      if (cursor.tableCount <= lists.holding - GROUP && !listed(join, cursor.tableSide)) return -1;
      startSort(join, lists.tableStarts);
      cursor.phase = TABLE_SORT;
    } else if (cursor.phase === TABLE_SORT) {
      budget = sortIntoBuckets(join, true, cursor.tableCount, budget);
      if (cursor.sortStage !== SORTED) return -1;
      startListing(join, streamSide);
      cursor.blockCount = 0;
      cursor.phase = BLOCK;
    } else if (cursor.phase === BLOCK) {
      cursor.budgetLeft = listingBudget(budget);
      cursor.blockCount = halfBoards(join, streamSide, lists.blockKeys, lists.blockRests, cursor.blockCount);
      budget = cursor.budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
      if (cursor.blockCount <= lists.holding - GROUP && !listed(join, streamSide)) return -1;
      startSort(join, lists.blockStarts);
      cursor.phase = BLOCK_SORT;
    } else if (cursor.phase === BLOCK_SORT) {
      budget = sortIntoBuckets(join, false, cursor.blockCount, budget);
      if (cursor.sortStage !== SORTED) return -1;
      cursor.crossBucket = 0;
      cursor.crossEntry = 0;
      cursor.phase = CROSS;
    } else if (cursor.phase === CROSS) {
      budget = crossCount(join, budget);
      if (budget < 0) return budget;
      if (!listed(join, streamSide)) {
        cursor.blockCount = 0;
        cursor.phase = BLOCK;
      } else if (!listed(join, cursor.tableSide)) {
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

/** Bytes the join's lists hold now. */
function heldBytes(join: Join): number {
  const { lists } = join;
  const held: ArrayBufferView[] = [lists.southCols, lists.southListedFirst, lists.southListedSecond];
  held.push(lists.tableKeys, lists.tableRests, lists.tableBucketed, lists.tableStarts);
  held.push(lists.blockKeys, lists.blockRests, lists.blockBucketed, lists.blockStarts);
  for (const s of join.sides)
    held.push(s.northCols, s.northFirst, s.northSecond, s.southFirst, s.southSecond, s.southStarts);
  return held.reduce((sum, list) => sum + list.byteLength, 0);
}
