// Counting by a join instead of a search: the completions of one row choice. assembly/join.ts is
// the same, step for step and name for name (the reasons, and what a join counts, are written there); the scope of
// joinCounter() holds what is the module's memory in wasm, as typed arrays that are replaced by
// longer ones when the lists grow. The one difference: wasm joins a north quarter-board with four
// south ones, and tests four west half-boards against four east ones, per SIMD instruction, where
// TypeScript joins one pair and tests four west half-boards against one east one at a time; and
// where wasm lists a quarter-board's two diagonal sets in one u64, TypeScript keeps two arrays.

import { JOIN_ROOM_MIN } from '../../../assembly/layout.js';
import { ctz, popcnt } from './bits.js';

export interface JoinCounter {
  /** Sets up joins on an n×n board, in about `roomBytes` of lists at most. */
  start(n: number, roomBytes: number): void;
  /**
   * Starts the join of the row choice `eastRows`, with the middle column's queen on `middleRow`
   * (or -1); returns the steps it took.
   */
  begin(n: number, eastRows: number, middleRow: number): number;
  /** Counts on for at most `budget` steps; returns the budget left, negative where it stopped before the end. */
  run(budget: number): number;
  /** The solutions of the join, once run has finished. */
  pairs(): number;
  /** Bytes its lists hold now. */
  heldBytes(): number;
}

// A west rest has this bit, which no east rest has: a west half-board never matches the padding.
const WEST_MARK = 0x80000000;
const PADDING = 0xffffffff;
// Key bits by the side's columns, k (see assembly/join.ts): KEY_BITS[k], measured best. More than
// wasm takes at k = 8: a pair tested costs more here, against the same cost of visiting a bucket,
// so sparing pairs pays more.
const KEY_BITS = [4, 4, 4, 4, 4, 4, 4, 4, 6, 8, 10, 10];

/** Key bits for a side of k columns (see assembly/join.ts). */
function keyBitsFor(k: number): number {
  const least = (4 * k - 2 - 31 + 1) & ~1;
  return Math.max(least, KEY_BITS[k]!);
}

export function joinCounter(): JoinCounter {
  // The quarter-board search, per level: its row, open squares, rows to the next level, the bit
  // of its second diagonal through column 0, and the state saved when it goes below.
  const LEVELS = 16;
  const levelRow = new Int32Array(LEVELS);
  const levelOpen = new Int32Array(LEVELS);
  const levelGap = new Int32Array(LEVELS);
  const levelSecondBit = new Int32Array(LEVELS);
  const levelFree = new Int32Array(LEVELS);
  const levelCols = new Int32Array(LEVELS);
  const levelDown = new Int32Array(LEVELS);
  const levelUp = new Int32Array(LEVELS);
  const levelFirst = new Int32Array(LEVELS);
  const levelSecond = new Int32Array(LEVELS);

  let sideCols = 0;
  let diagBits = 0;
  let keyHalf = 0;
  let keyLow = 0;
  let keyBits = 0;
  let restBits = 0;
  let maxBytes = 0;
  let laidOutFor = 0;

  let quarterRoom = 0;
  let northCols = new Int32Array(0);
  let northFirst = new Int32Array(0);
  let northSecond = new Int32Array(0);
  let southCols = new Int32Array(0);
  let southListedFirst = new Int32Array(0);
  let southListedSecond = new Int32Array(0);
  let southFirst = new Int32Array(0);
  let southSecond = new Int32Array(0);
  let southStarts = new Int32Array(0);
  let room = 0;
  let holding = 0;
  let keysEast = new Uint32Array(0);
  let restsEast = new Uint32Array(0);
  let keysWest = new Uint32Array(0);
  let restsWest = new Uint32Array(0);
  let bucketedEast = new Uint32Array(0);
  let bucketedWest = new Uint32Array(0);
  let startsEast = new Int32Array(0);
  let startsWest = new Int32Array(0);

  let unitN = 0;
  let unitEast = 0;
  let unitWest = 0;
  let unitMiddle = -1;
  let whole = true;
  let eastAll = 0;
  let westAll = 0;
  let eastSkip = 0;
  let westSkip = 0;
  let crossEntry = 0;
  let crossBucket = 0;
  let pairs = 0;
  const LISTED_PER_STEP = 4;
  const ENTRIES_PER_STEP = 16;

  function quarterBytes(entries: number): number {
    return entries * 32 + ((1 << sideCols) + 2) * 4 + 64;
  }

  function halfBytes(entries: number): number {
    return entries * 24 + (1 << keyBits) * 20 + 64;
  }

  function reserve(quarters: number, entries: number): boolean {
    const buckets = 1 << keyBits;
    try {
      if (entries !== room || bucketedEast.length !== entries + buckets * 3) {
        bucketedEast = new Uint32Array(entries + buckets * 3);
        bucketedWest = new Uint32Array(entries);
        restsEast = new Uint32Array(entries);
        restsWest = new Uint32Array(entries);
        startsEast = new Int32Array(buckets + 2);
        startsWest = new Int32Array(buckets + 2);
        keysEast = new Uint32Array(entries);
        keysWest = new Uint32Array(entries);
      }
      if (quarters !== quarterRoom || southStarts.length !== (1 << sideCols) + 2) {
        northFirst = new Int32Array(quarters);
        northSecond = new Int32Array(quarters);
        southListedFirst = new Int32Array(quarters);
        southListedSecond = new Int32Array(quarters);
        southFirst = new Int32Array(quarters);
        southSecond = new Int32Array(quarters);
        northCols = new Int32Array(quarters);
        southCols = new Int32Array(quarters);
        southStarts = new Int32Array((1 << sideCols) + 2);
      }
    } catch {
      return false;
    }
    quarterRoom = quarters;
    room = entries;
    return true;
  }

  function listQuarter(
    n: number,
    rows: number,
    middleRow: number,
    cols: Int32Array,
    first: Int32Array,
    second: Int32Array,
  ): number {
    const count = quarterBoards(n, rows, middleRow, cols, first, second, true);
    if (count <= quarterRoom) return count;
    if (!reserve(count, room)) throw new RangeError('nqueens-wasm: no memory left for the join');
    return -1;
  }

  function start(n: number, roomBytes: number): void {
    const k = n >> 1;
    sideCols = k;
    diagBits = 2 * k - 1;
    keyBits = keyBitsFor(k);
    keyHalf = keyBits >> 1;
    keyLow = k - 1 - (keyHalf >> 1);
    restBits = diagBits - keyHalf;
    maxBytes = roomBytes;
    if (k !== laidOutFor) {
      quarterRoom = 0;
      room = 0;
      laidOutFor = k;
    }
  }

  function quarterBoards(
    n: number,
    rows: number,
    middleRow: number,
    cols: Int32Array,
    first0: Int32Array,
    second0: Int32Array,
    storing: boolean,
  ): number {
    const k = sideCols;
    if (rows === 0) {
      if (storing) {
        cols[0] = 0;
        first0[0] = 0;
        second0[0] = 0;
      }
      return 1;
    }
    const base = n - k;
    const all = (1 << k) - 1;
    let levels = 0;
    for (let left = rows; left !== 0; left &= left - 1) {
      const row = ctz(left);
      let open = all;
      if (middleRow >= 0) {
        const distance = Math.abs(row - middleRow);
        const middle = (n - 1) >> 1;
        const down = middle - distance - base;
        const up = middle + distance - base;
        if (down >= 0 && down < k) open &= ~(1 << down);
        if (up >= 0 && up < k) open &= ~(1 << up);
      }
      const secondBit = row + 2 * k - 1 - n;
      levelRow[levels] = row;
      levelOpen[levels] = open;
      levelSecondBit[levels] = secondBit >= 0 ? 1 << secondBit : 0;
      if (levels > 0) levelGap[levels - 1] = row - levelRow[levels - 1];
      levels++;
    }
    const last = levels - 1;
    const limit = storing ? quarterRoom : 0;
    let total = 0;
    let level = 0;
    let free = levelOpen[0];
    let used = 0;
    let down = 0;
    let up = 0;
    let first = 0;
    let second = 0;
    for (;;) {
      if (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        const withFirst = first | (bit << levelRow[level]);
        const withSecond = second | (levelSecondBit[level] >>> ctz(bit));
        if (level === last) {
          if (total < limit) {
            cols[total] = used | bit;
            first0[total] = withFirst;
            second0[total] = withSecond;
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
        if (level === 0) break;
        level--;
        free = levelFree[level];
        used = levelCols[level];
        down = levelDown[level];
        up = levelUp[level];
        first = levelFirst[level];
        second = levelSecond[level];
      }
    }
    return total;
  }

  function northRows(n: number, rows: number): number {
    return rows & ((1 << ((n + 1) >> 1)) - 1);
  }

  function halfBoards(
    n: number,
    rows: number,
    middleRow: number,
    mirrored: boolean,
    keys: Uint32Array,
    rests: Uint32Array,
    skip: number,
  ): number {
    const k = sideCols;
    const all = (1 << k) - 1;
    const north = northRows(n, rows);
    let norths = listQuarter(n, north, middleRow, northCols, northFirst, northSecond);
    let souths = listQuarter(n, rows ^ north, middleRow, southCols, southListedFirst, southListedSecond);
    if (norths < 0 || souths < 0) {
      norths = listQuarter(n, north, middleRow, northCols, northFirst, northSecond);
      souths = listQuarter(n, rows ^ north, middleRow, southCols, southListedFirst, southListedSecond);
    }
    const sets = 1 << k;
    southStarts.fill(0, 0, sets + 2);
    for (let i = 0; i < souths; i++) southStarts[southCols[i] + 2]++;
    for (let c = 2; c <= sets + 1; c++) southStarts[c] += southStarts[c - 1];
    for (let i = 0; i < souths; i++) {
      const to = southStarts[southCols[i] + 1]++;
      southFirst[to] = southListedFirst[i];
      southSecond[to] = southListedSecond[i];
    }
    const diagMask = (1 << diagBits) - 1;
    const keyMask = (1 << keyHalf) - 1;
    const lowMask = (1 << keyLow) - 1;
    const keyHigh = keyLow + keyHalf;
    let total = 0;
    for (let i = 0; i < norths; i++) {
      const first = northFirst[i];
      const second = northSecond[i];
      const rest = all & ~northCols[i];
      const stop = southStarts[rest + 1];
      for (let q = southStarts[rest]; q < stop; q++) {
        const southFirstOf = southFirst[q];
        const southSecondOf = southSecond[q];
        if (((first & southFirstOf) | (second & southSecondOf)) !== 0) continue;
        let a = (first | southFirstOf) & diagMask;
        let b = (second | southSecondOf) & diagMask;
        if (mirrored) {
          const t = a;
          a = b;
          b = t;
        }
        const at = total - skip;
        if (at >= 0 && at < holding) {
          const key = ((a >>> keyLow) & keyMask) | (((b >>> keyLow) & keyMask) << keyHalf);
          const restA = (a & lowMask) | ((a >>> keyHigh) << keyLow);
          const restB = (b & lowMask) | ((b >>> keyHigh) << keyLow);
          keys[at] = key;
          rests[at] = restA | (restB << restBits);
        }
        total++;
      }
    }
    return total;
  }

  function sortIntoBuckets(
    keys: Uint32Array,
    rests: Uint32Array,
    count: number,
    bucketed: Uint32Array,
    starts: Int32Array,
    pad: boolean,
    mark: number,
  ): void {
    const buckets = 1 << keyBits;
    starts.fill(0, 0, buckets + 2);
    for (let i = 0; i < count; i++) starts[keys[i] + 2]++;
    let sum = 0;
    for (let b = 2; b <= buckets + 1; b++) {
      const size = starts[b];
      sum += pad ? (size + 3) & ~3 : size;
      starts[b] = sum;
    }
    for (let i = 0; i < count; i++) bucketed[starts[keys[i] + 1]++] = rests[i] | mark;
    if (!pad) return;
    for (let b = 1; b <= buckets; b++) {
      const end = starts[b];
      const padded = (end + 3) & ~3;
      for (let to = end; to < padded; to++) bucketed[to] = PADDING;
      starts[b] = padded;
    }
  }

  function startCross(): void {
    crossBucket = 0;
    crossEntry = 0;
  }

  function crossCount(budget: number): number {
    const buckets = 1 << keyBits;
    const all = buckets - 1;
    const longest = longestKey();
    // Locals, not the closure's variables, in the loop: V8 keeps those in memory.
    const east = bucketedEast;
    const west = bucketedWest;
    const eastStarts = startsEast;
    const westStarts = startsWest;
    let found = 0;
    let kw = crossBucket;
    let i = crossEntry;
    for (;;) {
      while (kw < buckets && i >= westStarts[kw + 1]) kw++;
      if (kw === buckets) break;
      const open = ~kw & all;
      const openLongest = open & longest;
      const openOther = open & ~longest;
      const westLongest = popcnt(kw & longest);
      const end = westStarts[kw + 1];
      const left = end - i;
      // Four west half-boards at a time against each east one, as in wasm; a lane past the
      // bucket's end repeats the first, and its count is left out.
      const w0 = west[i];
      const w1 = left > 1 ? west[i + 1] : w0;
      const w2 = left > 2 ? west[i + 2] : w0;
      const w3 = left > 3 ? west[i + 3] : w0;
      let read = 0;
      for (let held = openLongest; ; held = (held - 1) & openLongest) {
        const eastLongest = popcnt(held);
        const weight = (eastLongest === 0 ? 1 << westLongest : 0) + (westLongest === 0 ? 1 << eastLongest : 0);
        if (weight !== 0) {
          let fit0 = 0;
          let fit1 = 0;
          let fit2 = 0;
          let fit3 = 0;
          for (let other = openOther; ; other = (other - 1) & openOther) {
            const ke = held | other;
            const stop = eastStarts[ke + 1];
            const from = eastStarts[ke];
            read += stop - from;
            for (let p = from; p < stop; p++) {
              const e = east[p];
              if ((e & w0) === 0) fit0++;
              if ((e & w1) === 0) fit1++;
              if ((e & w2) === 0) fit2++;
              if ((e & w3) === 0) fit3++;
            }
            if (other === 0) break;
          }
          if (left < 4) fit3 = 0;
          if (left < 3) fit2 = 0;
          if (left < 2) fit1 = 0;
          found += weight * (fit0 + fit1 + fit2 + fit3);
        }
        if (held === 0) break;
      }
      i += Math.min(left, 4);
      budget -= 1 + Math.floor(read / ENTRIES_PER_STEP);
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
    const bit = sideCols - 1 - keyLow;
    return (1 << bit) | (1 << (bit + keyHalf));
  }

  function grow(entries: number, most: number): boolean {
    if (holding >= most) return false;
    const want = Math.min(entries, most);
    if (want > room && !reserve(quarterRoom, want)) return false;
    holding = Math.min(room, most);
    return true;
  }

  function sortPart(listed: boolean): number {
    const eastCount = Math.min(eastAll - eastSkip, holding);
    const westCount = Math.min(westAll - westSkip, holding);
    if (!listed) {
      halfBoards(unitN, unitEast, unitMiddle, false, keysEast, restsEast, eastSkip);
      halfBoards(unitN, unitWest, unitMiddle, true, keysWest, restsWest, westSkip);
    }
    if (whole && westCount > eastCount) {
      sortIntoBuckets(keysWest, restsWest, westCount, bucketedEast, startsEast, true, 0);
      sortIntoBuckets(keysEast, restsEast, eastCount, bucketedWest, startsWest, false, WEST_MARK);
    } else {
      sortIntoBuckets(keysEast, restsEast, eastCount, bucketedEast, startsEast, true, 0);
      sortIntoBuckets(keysWest, restsWest, westCount, bucketedWest, startsWest, false, WEST_MARK);
    }
    startCross();
    return Math.floor((eastCount + westCount) / LISTED_PER_STEP);
  }

  function begin(n: number, eastRows: number, middleRow: number): number {
    let westRows = (n === 32 ? -1 : (1 << n) - 1) & ~eastRows;
    if (middleRow >= 0) westRows &= ~(1 << middleRow);
    unitN = n;
    unitEast = eastRows;
    unitWest = westRows;
    unitMiddle = middleRow;
    pairs = 0;
    if (room < JOIN_ROOM_MIN && !reserve(quarterRoom, JOIN_ROOM_MIN))
      throw new RangeError('nqueens-wasm: no memory left for the join');
    const left = (maxBytes - quarterBytes(quarterRoom) - halfBytes(0)) / 24;
    const most = left < JOIN_ROOM_MIN ? JOIN_ROOM_MIN : left > 0x20000000 ? 0x20000000 : Math.floor(left);
    holding = Math.min(room, most);
    eastAll = halfBoards(n, eastRows, middleRow, false, keysEast, restsEast, 0);
    westAll = halfBoards(n, westRows, middleRow, true, keysWest, restsWest, 0);
    const longer = Math.max(eastAll, westAll);
    const listed = longer <= holding;
    if (!listed) grow(longer, most);
    whole = eastAll <= holding && westAll <= holding;
    eastSkip = 0;
    westSkip = 0;
    return Math.floor((eastAll + westAll) / LISTED_PER_STEP) + sortPart(listed);
  }

  function run(budget: number): number {
    for (;;) {
      budget = crossCount(budget);
      if (budget < 0) return budget;
      if (whole) return budget;
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

  function heldBytes(): number {
    const lists = [
      northCols,
      northFirst,
      northSecond,
      southCols,
      southListedFirst,
      southListedSecond,
      southFirst,
      southSecond,
      southStarts,
      keysEast,
      restsEast,
      keysWest,
      restsWest,
      bucketedEast,
      bucketedWest,
      startsEast,
      startsWest,
    ];
    return lists.reduce((sum, list) => sum + list.byteLength, 0);
  }

  return { start, begin, run, pairs: () => pairs, heldBytes };
}
