// The half-boards of a row choice, listed on the host for the GPU's pair test (join-shader.ts):
// each side's in full, as two diagonal words, sorted by key into buckets. The CPU kernels list a side from its quarter-boards and interleave listing with
// counting, in a state machine that stops anywhere (assembly/join.ts); the GPU wants the lists
// whole and flat, so they are listed here by a plain search of the side's rows.
//
// The words are the CPU kernels': a side has k = n >> 1 columns, and keeps per direction the
// 2k - 1 diagonals both sides reach, as bits of a 32-bit word. A queen at row r and column c is on
// first diagonal r + c, bit r + c - (n - k), and second diagonal r - c, bit r - c + k - 1; the
// board's two longest diagonals are bit k - 1 of each word. Two half-boards of a row choice pair
// (make a solution with its mirror images, see assembly/join.ts) exactly where both words are
// disjoint, since their queens stand on rows and columns of their own.

/**
 * A board's keys: `half` bits a direction, around the longest diagonal, so `buckets` keys a side;
 * `longest`, the key bits of the two longest diagonals. Wider on bigger boards, whose row choices
 * have more half-boards a key: a wider key spares more pair tests, and each key keeps enough
 * half-boards to fill a tile (join-shader.ts).
 */
export interface KeyShape {
  readonly half: number;
  readonly buckets: number;
  readonly longest: number;
  /**
   * Whether a half-board's words outside its key fit one word (restWord): 2k - 1 - half bits a
   * direction, twice, in 32; and no half-board has that word zero, since more queens than key
   * diagonals stand on the side (k > 2 half), each on a diagonal of the window in one direction
   * at least. Else the pair test reads both words whole.
   */
  readonly narrow: boolean;
}

export function keyShape(n: number): KeyShape {
  const k = n >> 1;
  const half = k <= 9 ? 3 : k === 10 ? 4 : 5;
  const at = half >> 1;
  const narrow = k > 2 * half && 2 * (2 * k - 1 - half) <= 32;
  return { half, buckets: 1 << (2 * half), longest: (1 << at) | (1 << (half + at)), narrow };
}

/**
 * A half-board's words outside its key, in one word (where `shape.narrow`): each direction's bits
 * below the key, then above it, the second direction's after the first's. Two half-boards whose
 * keys do not meet pair exactly where these words are disjoint.
 */
export function restWord(shape: KeyShape, k: number, first: number, second: number): number {
  const low = k - 1 - (shape.half >> 1);
  const bits = 2 * k - 1 - shape.half;
  const rest = (word: number) => (word & ((1 << low) - 1)) | ((word >>> (low + shape.half)) << low);
  return (rest(first) | (rest(second) << bits)) >>> 0;
}

/** A side's half-boards: both words of each, and its key. */
export interface SideList {
  count: number;
  first: Uint32Array;
  second: Uint32Array;
  key: Uint16Array;
}

/**
 * The key of a half-board's words: `shape.half` bits of each around bit k - 1, the longest
 * diagonal. Two half-boards whose keys meet share a diagonal; and the key says which longest
 * diagonals a half-board holds, and so what its pairs count for (pairWeight).
 */
export function keyOf(shape: KeyShape, k: number, first: number, second: number): number {
  const low = k - 1 - (shape.half >> 1);
  const mask = (1 << shape.half) - 1;
  return ((first >>> low) & mask) | (((second >>> low) & mask) << shape.half);
}

/**
 * The half-boards that put a queen on each of `rows` (a bitmask) in the side's k columns, east
 * or west, none of them attacked by the middle column's queen at `middleRow` (-1: none, an even
 * board).
 */
export function listSide(n: number, rows: number, east: boolean, middleRow: number): SideList {
  const k = n >> 1;
  const firstColumn = east ? n - k : 0;
  const low = n - k;
  const rowList: number[] = [];
  for (let r = 0; r < n; r++) if ((rows >>> r) & 1) rowList.push(r);
  // Per row of the side, the side's columns the middle queen leaves open, bit j: column firstColumn + j.
  const all = (1 << k) - 1;
  const open = rowList.map((r) => {
    if (middleRow < 0) return all;
    let mask = all;
    for (const c of [k - (r - middleRow), k + (r - middleRow)]) {
      const j = c - firstColumn;
      if (j >= 0 && j < k) mask &= ~(1 << j);
    }
    return mask;
  });
  const out: number[][] = [[], []];
  const depth = rowList.length;
  // A search of the side's rows in order: the columns taken, and the diagonals the queens above
  // attack in this row, moving one column a row (toward higher columns, and toward lower).
  const search = (level: number, cols: number, up: number, down: number, first: number, second: number) => {
    if (level === depth) {
      out[0]!.push(first >>> 0);
      out[1]!.push(second >>> 0);
      return;
    }
    const r = rowList[level]!;
    let free = open[level]! & ~(cols | up | down) & all;
    const gap = level + 1 < depth ? rowList[level + 1]! - r : 0;
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const c = firstColumn + 31 - Math.clz32(bit);
      const f = r + c - low;
      const s = r - c + k - 1;
      search(
        level + 1,
        cols | bit,
        ((up | bit) << gap) & all,
        (down | bit) >>> gap,
        f >= 0 && f <= 2 * k - 2 ? first | (1 << f) : first,
        s >= 0 && s <= 2 * k - 2 ? second | (1 << s) : second,
      );
    }
  };
  search(0, 0, 0, 0, 0, 0);
  const count = out[0]!.length;
  const list: SideList = {
    count,
    first: Uint32Array.from(out[0]!),
    second: Uint32Array.from(out[1]!),
    key: new Uint16Array(count),
  };
  const shape = keyShape(n);
  for (let i = 0; i < count; i++) list.key[i] = keyOf(shape, k, list.first[i]!, list.second[i]!);
  return list;
}

/** A side's half-boards sorted by key: `starts[b]` to `starts[b + 1]` hold bucket b's. */
export interface Bucketed {
  first: Uint32Array;
  second: Uint32Array;
  starts: Uint32Array;
}

export function intoBuckets(side: SideList, { buckets }: KeyShape): Bucketed {
  const starts = new Uint32Array(buckets + 1);
  for (let i = 0; i < side.count; i++) starts[side.key[i]! + 1]!++;
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
  const at = starts.slice(0, buckets);
  const first = new Uint32Array(side.count);
  const second = new Uint32Array(side.count);
  for (let i = 0; i < side.count; i++) {
    const p = at[side.key[i]!]!++;
    first[p] = side.first[i]!;
    second[p] = side.second[i]!;
  }
  return { first, second, starts };
}

/**
 * What a pair of half-boards counts for, from their keys: 2^w where the east one holds neither
 * longest diagonal (w: those the west one holds), plus 2^e where the west one holds neither
 * (assembly/join.ts says why). Pairs whose keys meet count for nothing: they share a diagonal.
 */
export function pairWeight(shape: KeyShape, westKey: number, eastKey: number): number {
  if ((westKey & eastKey) !== 0) return 0;
  const w = popcount(westKey & shape.longest);
  const e = popcount(eastKey & shape.longest);
  return (e === 0 ? 1 << w : 0) + (w === 0 ? 1 << e : 0);
}

export function popcount(x: number): number {
  let c = 0;
  for (; x !== 0; x &= x - 1) c++;
  return c;
}
