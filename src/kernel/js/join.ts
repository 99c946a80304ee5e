// Counting by a join instead of a search: the completions of one row choice. assembly/join.ts is
// the same, step for step and name for name; the reasons, the words (side, quarter-board,
// half-board, key, rest, table, block, bucket) and what a join counts are written there. The
// scope of joinCounter() holds what is the module's memory in wasm, as typed arrays that are
// replaced by longer ones when the lists grow. Where the languages differ:
// - wasm joins a north quarter-board with four south ones, and tests four half-boards of the block
//   against four of the table, per SIMD instruction; TypeScript joins one pair and tests four of
//   the block against one of the table at a time;
// - wasm lists a quarter-board's two diagonal words in one u64, and keeps each side's lists in a
//   record of its memory (SIDES); TypeScript keeps two arrays, in a Side object;
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

/** A side: its rows, its quarter lists, and where its listing stands. */
interface Side {
  rows: number;
  norths: number;
  northCols: Int32Array;
  northFirst: Int32Array;
  northSecond: Int32Array;
  southFirst: Int32Array;
  southSecond: Int32Array;
  southStarts: Int32Array;
  north: number;
  south: number;
}

function emptySide(): Side {
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

/** Key bits for a side of k columns (KEY_BITS, and the scalar kernel's own at SCALAR_KEY_K). */
function keyBitsFor(k: number): number {
  return k === SCALAR_KEY_K ? SCALAR_KEY_BITS : KEY_BITS[k - JOIN_MIN_K]!;
}

export function joinCounter(): JoinCounter {
  // The quarter-board search, per level: its row, open squares, rows to the next level, the bit
  // of its second diagonal through column 0, and the state saved when it goes below.
  const levelRow = new Int32Array(JOIN_ROW_LIMIT);
  const levelOpen = new Int32Array(JOIN_ROW_LIMIT);
  const levelGap = new Int32Array(JOIN_ROW_LIMIT);
  const levelSecondBit = new Int32Array(JOIN_ROW_LIMIT);
  const levelFree = new Int32Array(JOIN_ROW_LIMIT);
  const levelCols = new Int32Array(JOIN_ROW_LIMIT);
  const levelDown = new Int32Array(JOIN_ROW_LIMIT);
  const levelUp = new Int32Array(JOIN_ROW_LIMIT);
  const levelFirst = new Int32Array(JOIN_ROW_LIMIT);
  const levelSecond = new Int32Array(JOIN_ROW_LIMIT);

  // The quarter-board search under way: the quarter (side, north or south), its level and what
  // stands there, its last level, the quarter-boards found, and the lists they go to.
  let quarterSide = EAST;
  let quarterPart = NORTH;
  let quarterLevel = 0;
  let quarterLast = 0;
  let quarterFree = 0;
  let quarterUsed = 0;
  let quarterDown = 0;
  let quarterUp = 0;
  let quarterFirst = 0;
  let quarterSecond = 0;
  let quarterTotal = 0;
  let quarterCols: Int32Array = new Int32Array(0);
  let quarterFirsts: Int32Array = new Int32Array(0);
  let quarterSeconds: Int32Array = new Int32Array(0);
  let quarterNorths = 0;
  let joinN = 0;
  let joinMiddleRow = -1;

  let sideCols = 0;
  let diagBits = 0;
  let keyHalf = 0;
  let keyLow = 0;
  let keyBits = 0;
  let restBits = 0;
  let sieveHalf = 0;
  let sieveBits = 0;
  let bucketHalf = 0;
  let bucketBits = 0;
  let wide = false;
  let maxBytes = 0;
  let laidOutFor = 0;

  const sides = [emptySide(), emptySide()];

  let quarterRoom = 0;
  let southCols = new Int32Array(0);
  let southListedFirst = new Int32Array(0);
  let southListedSecond = new Int32Array(0);
  let room = 0;
  let holding = 0;
  let tableKeys = new Uint32Array(0);
  let tableRests = new Uint32Array(0);
  let tableBucketed = new Uint32Array(0);
  let tableStarts = new Int32Array(0);
  let blockKeys = new Uint32Array(0);
  let blockRests = new Uint32Array(0);
  let blockBucketed = new Uint32Array(0);
  let blockStarts = new Int32Array(0);
  let secondOffset = 0;
  let tableSecond = 0;

  let phase = DONE;
  let tableSide = EAST;
  let tableCount = 0;
  let blockCount = 0;
  let crossEntry = 0;
  let crossBucket = 0;
  let pairs = 0;
  let shortfall = 0;
  let refusedNow = false;
  let longestQuarter = 0;
  let budgetLeft = 0;
  let sortStage = COUNTING;
  let sortAt = 0;

  function quarterBytes(entries: number): number {
    return entries * QUARTER_ENTRY_BYTES + ((1 << sideCols) + 2) * QUARTER_SET_BYTES + QUARTER_SLACK_BYTES;
  }

  function halfBytes(entries: number): number {
    const restBytes = (wide ? 2 : 1) * ENTRY_BYTES;
    const perEntry = restBytes * (REST_LISTS + (1 << sieveBits)) + KEY_BYTES;
    const perBucket = restBytes * BUCKET_PADDING * (REST_LISTS + 1) + BUCKET_START_BYTES;
    return entries * perEntry + (1 << keyBits) * perBucket + HALF_SLACK_BYTES;
  }

  /** Makes the lists' room, replacing the arrays that change; false when they cannot be had (nothing changed then). */
  function reserve(quarters: number, entries: number): boolean {
    const buckets = 1 << keyBits;
    const restWords = wide ? 2 : 1;
    const padded = entries + buckets * BUCKET_PADDING;
    const copies = entries * (1 << sieveBits) + buckets * BUCKET_PADDING;
    const sets = (1 << sideCols) + 2;
    const newQuarters = quarters !== quarterRoom || sides[EAST]!.southStarts.length !== sets;
    const newHalves =
      entries !== room || tableBucketed.length !== copies * restWords || blockBucketed.length !== padded * restWords;
    let quarterLists: Int32Array<ArrayBuffer>[] = [];
    let halfLists: Uint32Array<ArrayBuffer>[] = [];
    try {
      // Per side: north columns, first, second; south first, second (sorted); then the scratch.
      if (newQuarters) quarterLists = Array.from({ length: 13 }, () => new Int32Array(quarters));
      if (newHalves) halfLists = [copies, padded, padded, padded].map((words) => new Uint32Array(words * restWords));
      if (newHalves) halfLists.push(new Uint32Array(entries), new Uint32Array(entries));
    } catch {
      shortfall = halfBytes(entries) + quarterBytes(quarters);
      return false;
    }
    if (newQuarters) {
      sides.forEach((s, which) => {
        [s.northCols, s.northFirst, s.northSecond, s.southFirst, s.southSecond] = quarterLists.slice(5 * which);
        s.southStarts = new Int32Array(sets);
      });
      [southCols, southListedFirst, southListedSecond] = quarterLists.slice(10);
    }
    if (newHalves) {
      [tableBucketed, blockBucketed, tableRests, blockRests, tableKeys, blockKeys] = halfLists;
      tableStarts = new Int32Array(buckets + 2);
      blockStarts = new Int32Array(buckets + 2);
    }
    secondOffset = padded;
    tableSecond = copies;
    quarterRoom = quarters;
    room = entries;
    return true;
  }

  function start(n: number, roomBytes: number): void {
    const k = n >> 1;
    sideCols = k;
    diagBits = 2 * k - 1;
    keyBits = keyBitsFor(k);
    keyHalf = keyBits >> 1;
    keyLow = k - 1 - (keyHalf >> 1);
    sieveBits = SIEVE_BITS[k - JOIN_MIN_K]!;
    sieveHalf = sieveBits >> 1;
    bucketHalf = keyHalf - sieveHalf;
    bucketBits = keyBits - sieveBits;
    restBits = diagBits - keyHalf;
    wide = 2 * restBits > 31;
    maxBytes = roomBytes;
    if (k !== laidOutFor) {
      quarterRoom = 0;
      room = 0;
      laidOutFor = k;
    }
  }

  /**
   * Starts listing the quarter-boards of `rows` (see assembly/join.ts) into `cols`, `firsts` and
   * `seconds`, up to quarterRoom of them; runQuarter lists them.
   */
  function startQuarter(rows: number, cols: Int32Array, firsts: Int32Array, seconds: Int32Array): void {
    const n = joinN;
    const k = sideCols;
    quarterCols = cols;
    quarterFirsts = firsts;
    quarterSeconds = seconds;
    quarterTotal = 0;
    if (rows === 0) {
      if (quarterRoom > 0) {
        cols[0] = 0;
        firsts[0] = 0;
        seconds[0] = 0;
      }
      quarterTotal = 1;
      quarterLevel = -1;
      return;
    }
    const base = n - k;
    const columns = (1 << k) - 1;
    let levels = 0;
    for (let remaining = rows; remaining !== 0; remaining &= remaining - 1) {
      const row = ctz(remaining);
      let open = columns;
      if (joinMiddleRow >= 0) {
        const distance = Math.abs(row - joinMiddleRow);
        const middle = (n - 1) >> 1;
        const down = middle - distance - base;
        const up = middle + distance - base;
        if (down >= 0 && down < k) open &= ~(1 << down);
        if (up >= 0 && up < k) open &= ~(1 << up);
      }
      const secondBit = row + 2 * k - 1 - n;
      levelRow[levels] = row;
      levelOpen[levels] = open;
      levelSecondBit[levels] = secondBit >= 0 && secondBit < 32 ? 1 << secondBit : 0;
      if (levels > 0) levelGap[levels - 1] = row - levelRow[levels - 1];
      levels++;
    }
    quarterLast = levels - 1;
    quarterLevel = 0;
    quarterFree = levelOpen[0];
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
  function runQuarter(left: number): number {
    if (quarterLevel < 0) return left;
    const last = quarterLast;
    const limit = quarterRoom;
    const cols = quarterCols;
    const firsts = quarterFirsts;
    const seconds = quarterSeconds;
    let total = quarterTotal;
    let level = quarterLevel;
    let free = quarterFree;
    let used = quarterUsed;
    let down = quarterDown;
    let up = quarterUp;
    let first = quarterFirst;
    let second = quarterSecond;
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
        levelDown[level] = down;
        levelUp[level] = up;
        levelFirst[level] = first;
        levelSecond[level] = second;
        const gap = levelGap[level];
        used |= bit;
        down = (down | bit) >>> gap;
        up = (up | bit) << gap;
        first = withFirst;
        second = withSecond;
        level++;
        free = levelOpen[level] & ~(used | down | up);
      } else {
        if (level === 0) {
          level = -1;
          break;
        }
        level--;
        free = levelFree[level];
        used = levelCols[level];
        down = levelDown[level];
        up = levelUp[level];
        first = levelFirst[level];
        second = levelSecond[level];
      }
    }
    quarterTotal = total;
    quarterLevel = level;
    quarterFree = free;
    quarterUsed = used;
    quarterDown = down;
    quarterUp = up;
    quarterFirst = first;
    quarterSecond = second;
    return left;
  }

  function northRows(n: number, rows: number): number {
    return rows & ((1 << ((n + 1) >> 1)) - 1);
  }

  /** Starts listing a side's quarters, north first, into its north lists and the scratch. */
  function startQuarters(which: number): void {
    const s = sides[which]!;
    quarterSide = which;
    quarterPart = NORTH;
    startQuarter(northRows(joinN, s.rows), s.northCols, s.northFirst, s.northSecond);
  }

  /**
   * A quarter is listed: on to the side's south quarter, or the other side, or, where a quarter was
   * longer than the lists, back to the east side with room for it. True once both sides are listed
   * (or the lists cannot have the room: refusedNow).
   */
  function quarterListed(): boolean {
    const s = sides[quarterSide]!;
    longestQuarter = Math.max(longestQuarter, quarterTotal);
    if (quarterPart === NORTH) {
      quarterNorths = quarterTotal;
      quarterPart = SOUTH;
      startQuarter(s.rows ^ northRows(joinN, s.rows), southCols, southListedFirst, southListedSecond);
      return false;
    }
    const norths = quarterNorths;
    const souths = quarterTotal;
    if (norths <= quarterRoom && souths <= quarterRoom) keepQuarters(quarterSide, norths, souths);
    else if (quarterBytes(longestQuarter) + halfBytes(JOIN_ROOM_MIN) <= maxBytes) {
      if (!reserve(Math.max(norths, souths), room)) {
        refusedNow = true;
        return true;
      }
      startQuarters(EAST);
      return false;
    }
    // Past the room allowed, the other side's quarters are still counted (not kept), so that the
    // room the join says it needs is its whole need, both sides'.
    if (quarterSide === WEST) return true;
    startQuarters(WEST);
    return false;
  }

  /** Keeps a side's quarters: north as listed, south sorted by columns. */
  function keepQuarters(which: number, norths: number, souths: number): void {
    const s = sides[which]!;
    s.norths = norths;
    const starts = s.southStarts;
    const sets = 1 << sideCols;
    starts.fill(0, 0, sets + 2);
    for (let i = 0; i < souths; i++) starts[southCols[i] + 2]++;
    for (let c = 2; c <= sets + 1; c++) starts[c] += starts[c - 1];
    for (let i = 0; i < souths; i++) {
      const to = starts[southCols[i] + 1]++;
      s.southFirst[to] = southListedFirst[i];
      s.southSecond[to] = southListedSecond[i];
    }
    startListing(which);
  }

  function startListing(which: number): void {
    const s = sides[which]!;
    s.north = 0;
    if (s.norths > 0) s.south = s.southStarts[((1 << sideCols) - 1) & ~s.northCols[0]];
  }

  function listed(which: number): boolean {
    const s = sides[which]!;
    return s.north >= s.norths;
  }

  function candidates(which: number): number {
    const s = sides[which]!;
    const columns = (1 << sideCols) - 1;
    let sum = 0;
    for (let i = 0; i < s.norths; i++) {
      const southColumns = columns & ~s.northCols[i];
      sum += s.southStarts[southColumns + 1] - s.southStarts[southColumns];
    }
    return sum;
  }

  function halfBoards(which: number, keys: Uint32Array, rests: Uint32Array, count: number): number {
    const s = sides[which]!;
    const mirrored = which === WEST;
    const columns = (1 << sideCols) - 1;
    const { norths, northCols, southStarts: starts } = s;
    const diagMask = (1 << diagBits) - 1;
    const keyMask = (1 << keyHalf) - 1;
    const sieveMask = (1 << sieveHalf) - 1;
    const lowMask = (1 << keyLow) - 1;
    const keyHigh = keyLow + keyHalf;
    const southA = mirrored ? s.southSecond : s.southFirst;
    const southB = mirrored ? s.southFirst : s.southSecond;
    const northA = mirrored ? s.northSecond : s.northFirst;
    const northB = mirrored ? s.northFirst : s.northSecond;
    const second = secondOffset;
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
        if (((j - starts[columns & ~northCols[i]]) & 3) === 0) {
          if (total > holding - GROUP || work > budgetLeft) {
            s.north = i;
            s.south = j;
            budgetLeft -= work;
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
        // With sieve bits, the lowest of each direction's field first, then the rest of both.
        keys[total] =
          sieveBits === 0
            ? fieldA | (fieldB << keyHalf)
            : (fieldA & sieveMask) |
              ((fieldB & sieveMask) << sieveHalf) |
              (((fieldA >>> sieveHalf) | ((fieldB >>> sieveHalf) << bucketHalf)) << sieveBits);
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
    budgetLeft -= work;
    return total;
  }

  function startSort(starts: Int32Array): void {
    starts.fill(0, 0, (1 << keyBits) + 2);
    sortStage = COUNTING;
    sortAt = 0;
  }

  function sortIntoBuckets(
    keys: Uint32Array,
    rests: Uint32Array,
    count: number,
    bucketed: Uint32Array,
    starts: Int32Array,
    table: boolean,
    mark: number,
    budget: number,
  ): number {
    const buckets = 1 << keyBits;
    const copied = table ? sieveBits : 0;
    const sieves = (1 << copied) - 1;
    const bucketShift = keyBits - copied;
    if (sortStage === COUNTING) {
      const stop = entriesWithin(budget, count);
      if (copied === 0) {
        for (let i = sortAt; i < stop; i++) starts[keys[i] + 2]++;
      } else {
        for (let i = sortAt; i < stop; i++) {
          const own = keys[i] & sieves;
          const bucket = keys[i] >>> copied;
          for (let open = own; open <= sieves; open = (open + 1) | own) starts[((open << bucketShift) | bucket) + 2]++;
        }
      }
      budget -= (stop - sortAt) >> SORTED_PER_STEP_SHIFT;
      sortAt = stop;
      if (stop < count) return -1;
      let sum = 0;
      for (let b = 2; b <= buckets + 1; b++) {
        const size = starts[b];
        sum += table ? (size + BUCKET_PADDING) & ~BUCKET_PADDING : size;
        starts[b] = sum;
      }
      budget -= buckets >> SORTED_PER_STEP_SHIFT;
      sortStage = PLACING;
      sortAt = 0;
    }
    const second = table ? tableSecond : secondOffset;
    const stop = entriesWithin(budget, count);
    if (copied === 0) {
      for (let i = sortAt; i < stop; i++) {
        const to = starts[keys[i] + 1]++;
        bucketed[to] = rests[i] | mark;
        if (wide) bucketed[second + to] = rests[secondOffset + i];
      }
    } else {
      for (let i = sortAt; i < stop; i++) {
        const own = keys[i] & sieves;
        const bucket = keys[i] >>> copied;
        for (let open = own; open <= sieves; open = (open + 1) | own) {
          const to = starts[((open << bucketShift) | bucket) + 1]++;
          bucketed[to] = rests[i] | mark;
          if (wide) bucketed[second + to] = rests[secondOffset + i];
        }
      }
    }
    budget -= (stop - sortAt) >> SORTED_PER_STEP_SHIFT;
    sortAt = stop;
    if (stop < count) return -1;
    sortStage = SORTED;
    if (!table) return budget;
    for (let b = 1; b <= buckets; b++) {
      const end = starts[b];
      const padded = (end + BUCKET_PADDING) & ~BUCKET_PADDING;
      for (let to = end; to < padded; to++) {
        bucketed[to] = PADDING;
        if (wide) bucketed[second + to] = PADDING;
      }
      starts[b] = padded;
    }
    return budget - (buckets >> SORTED_PER_STEP_SHIFT);
  }

  function entriesWithin(budget: number, count: number): number {
    if (budget < 0) return sortAt;
    return Math.min(count, sortAt + budget * (1 << SORTED_PER_STEP_SHIFT));
  }

  function crossCount(budget: number): number {
    const buckets = 1 << keyBits;
    const sieves = (1 << sieveBits) - 1;
    const visits = (1 << bucketBits) - 1;
    const longest = longestKey();
    // Locals, not the closure's variables, in the loop: V8 keeps those in memory.
    const table = tableBucketed;
    const block = blockBucketed;
    const tableOf = tableStarts;
    const blockOf = blockStarts;
    const second = secondOffset;
    const tableSecondWord = tableSecond;
    const isWide = wide;
    let found = 0;
    let kw = crossBucket;
    let i = crossEntry;
    for (;;) {
      while (kw < buckets && i >= blockOf[kw + 1]) kw++;
      if (kw === buckets) break;
      const copies = (~kw & sieves) << bucketBits;
      const visited = kw >>> sieveBits;
      const open = ~visited & visits;
      const openLongest = open & longest;
      const openOther = open & ~longest;
      const blockLongest = popcnt(visited & longest);
      const end = blockOf[kw + 1];
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
          if (inBucket < 4) fit3 = 0;
          if (inBucket < 3) fit2 = 0;
          if (inBucket < 2) fit1 = 0;
          found += weight * (fit0 + fit1 + fit2 + fit3);
        }
        if (held === 0) break;
      }
      i += Math.min(inBucket, 4);
      budget -= 1 + (read >>> (GROUP_SHIFT + VECTORS_PER_STEP_SHIFT));
      if (budget < 0) {
        crossBucket = kw;
        crossEntry = i;
        pairs += found;
        return -1;
      }
    }
    pairs += found;
    return budget;
  }

  function longestKey(): number {
    const bit = sideCols - 1 - keyLow - sieveHalf;
    return (1 << bit) | (1 << (bit + bucketHalf));
  }

  function begin(n: number, eastRows: number, middleRow: number): number {
    let westRows = (n === 32 ? -1 : (1 << n) - 1) & ~eastRows;
    if (middleRow >= 0) westRows &= ~(1 << middleRow);
    pairs = 0;
    shortfall = 0;
    refusedNow = false;
    phase = DONE;
    sides[EAST]!.rows = eastRows;
    sides[WEST]!.rows = westRows;
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
   * quarter lists and the least half-board lists would take more than allowed. Returns the budget left.
   */
  function planTable(budget: number): number {
    const least = quarterBytes(longestQuarter) + halfBytes(JOIN_ROOM_MIN);
    if (least > maxBytes) {
      shortfall = least;
      refusedNow = true;
      return budget;
    }
    const east = candidates(EAST);
    const west = candidates(WEST);
    tableSide = west > east ? WEST : EAST;
    const longest = Math.max(east, west);
    const perEntry = halfBytes(1) - halfBytes(0);
    const spare = Math.floor((maxBytes - quarterBytes(quarterRoom) - halfBytes(0)) / perEntry);
    const most = Math.min(Math.max(spare, JOIN_ROOM_MIN), HALF_BOARDS_MAX);
    const want = Math.min(longest + GROUP, most);
    // Where memory could not be had, the room there is: in more parts.
    if (want > room && !reserve(quarterRoom, want)) shortfall = 0;
    holding = Math.min(room, most);
    tableCount = 0;
    phase = TABLE;
    return budget - ((sides[EAST]!.norths + sides[WEST]!.norths) >> NORTHS_PER_STEP_SHIFT);
  }

  function listingBudget(budget: number): number {
    return budget >= 0x7fffffff >> CANDIDATES_PER_STEP_SHIFT ? 0x7fffffff : budget << CANDIDATES_PER_STEP_SHIFT;
  }

  function run(budget: number): number {
    let streamSide = WEST - tableSide;
    for (;;) {
      if (phase === QUARTERS) {
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
      } else if (phase === TABLE) {
        budgetLeft = listingBudget(budget);
        tableCount = halfBoards(tableSide, tableKeys, tableRests, tableCount);
        budget = budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
        if (tableCount <= holding - GROUP && !listed(tableSide)) return -1;
        startSort(tableStarts);
        phase = TABLE_SORT;
      } else if (phase === TABLE_SORT) {
        budget = sortIntoBuckets(tableKeys, tableRests, tableCount, tableBucketed, tableStarts, true, 0, budget);
        if (sortStage !== SORTED) return -1;
        startListing(streamSide);
        blockCount = 0;
        phase = BLOCK;
      } else if (phase === BLOCK) {
        budgetLeft = listingBudget(budget);
        blockCount = halfBoards(streamSide, blockKeys, blockRests, blockCount);
        budget = budgetLeft >> CANDIDATES_PER_STEP_SHIFT;
        if (blockCount <= holding - GROUP && !listed(streamSide)) return -1;
        startSort(blockStarts);
        phase = BLOCK_SORT;
      } else if (phase === BLOCK_SORT) {
        budget = sortIntoBuckets(
          blockKeys,
          blockRests,
          blockCount,
          blockBucketed,
          blockStarts,
          false,
          STREAM_MARK,
          budget,
        );
        if (sortStage !== SORTED) return -1;
        crossBucket = 0;
        crossEntry = 0;
        phase = CROSS;
      } else if (phase === CROSS) {
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

  function heldBytes(): number {
    const lists: ArrayBufferView[] = [southCols, southListedFirst, southListedSecond, tableKeys, tableRests];
    lists.push(tableBucketed, tableStarts, blockKeys, blockRests, blockBucketed, blockStarts);
    for (const s of sides)
      lists.push(s.northCols, s.northFirst, s.northSecond, s.southFirst, s.southSecond, s.southStarts);
    return lists.reduce((sum, list) => sum + list.byteLength, 0);
  }

  return { start, begin, run, refused: () => refusedNow, pairs: () => pairs, shortfall: () => shortfall, heldBytes };
}
