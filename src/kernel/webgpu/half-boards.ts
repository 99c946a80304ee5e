// The half-boards of a row choice, listed on the host for the GPU's pair test (join-shader.ts):
// each side's in full, as two diagonal words, sorted by key into buckets. The CPU kernels list a
// side from its quarter-boards too, but interleave listing with counting, in a state machine that
// stops anywhere (assembly/join.ts); the GPU wants the lists whole and flat, a side at a time.
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
 * Lists a side's half-boards, one side of one row choice at a time, into lists it keeps and reuses
 * (a row choice's lists are copied out before the next is listed). As the CPU kernels do, a side's
 * rows are split in two quarters, the upper rows north and the lower south; each quarter's boards
 * are searched, and a half-board is a north quarter-board joined with a south one on the other
 * columns whose diagonals it does not share.
 *
 * That test needs few bits: every north queen stands above every south one, so the first diagonals
 * both quarters reach are the k - 1 from the south's top row Rs on (a north queen's r + j is at most
 * Rs - 1 + k - 1, j its column in the side), and the second diagonals both reach are the k - 1 up
 * to Rs - 1 (a south queen's r - j is at least Rs - k + 1). A quarter-board's seam holds those,
 * k - 1 bits a direction, in one word.
 */
export class SideLister {
  /** The half-boards listed last: both words of each, and its key, 0 to count - 1. */
  count = 0;
  first = new Uint32Array(1024);
  second = new Uint32Array(1024);
  key = new Uint16Array(1024);
  /** The last listing's half-boards sorted by key (sortByKey): index of each, and starts per key. */
  order = new Uint32Array(0);
  readonly starts: Uint32Array;
  private readonly k: number;
  private readonly quarters: [Quarter, Quarter] = [newQuarter(), newQuarter()];
  /** The south quarter-boards by columns: columns c from byColumns[c] to byColumns[c + 1] of southOrder. */
  private readonly byColumns: Uint32Array;
  private readonly southSorted: Quarter = newQuarter();
  private sortedOrder = new Uint32Array(1024);
  // The search's levels: the row's open columns, the state reached there, and per column of the row its bits.
  private readonly open: Int32Array;
  private readonly levelFree: Int32Array;
  private readonly levelState: Int32Array;
  private readonly bits: Int32Array;

  constructor(
    readonly n: number,
    readonly shape: KeyShape = keyShape(n),
  ) {
    const k = n >> 1;
    this.k = k;
    this.byColumns = new Uint32Array((1 << k) + 1);
    this.open = new Int32Array(k);
    this.levelFree = new Int32Array(k + 1);
    this.levelState = new Int32Array((k + 1) * STATE);
    this.bits = new Int32Array(k * k * 3);
    this.starts = new Uint32Array(shape.buckets + 1);
  }

  /**
   * Lists the half-boards that put a queen on each of `rows` (a bitmask) in the side's k columns,
   * east or west, none of them attacked by the middle column's queen at `middleRow` (-1: none, an
   * even board); returns how many.
   */
  list(rows: number, east: boolean, middleRow: number): number {
    const { n, k, open, bits } = this;
    const firstColumn = east ? n - k : 0;
    const low = n - k;
    const all = (1 << k) - 1;
    const rowList: number[] = [];
    for (let r = 0; r < n; r++) if ((rows >>> r) & 1) rowList.push(r);
    const split = rowList.length >> 1;
    const southTop = rowList[split]!;
    rowList.forEach((r, level) => {
      // The side's columns the middle queen leaves open, bit j: column firstColumn + j.
      let mask = all;
      if (middleRow >= 0)
        for (const c of [k - (r - middleRow), k + (r - middleRow)]) {
          const j = c - firstColumn;
          if (j >= 0 && j < k) mask &= ~(1 << j);
        }
      open[level] = mask;
      for (let j = 0; j < k; j++) {
        const f = r + firstColumn + j - low;
        const s = r - firstColumn - j + k - 1;
        const seamFirst = r + j - southTop;
        const seamSecond = r - j - southTop + k - 1;
        const at = (level * k + j) * 3;
        bits[at] = f >= 0 && f <= 2 * k - 2 ? 1 << f : 0;
        bits[at + 1] = s >= 0 && s <= 2 * k - 2 ? 1 << s : 0;
        bits[at + 2] =
          (seamFirst >= 0 && seamFirst <= k - 2 ? 1 << seamFirst : 0) |
          (seamSecond >= 0 && seamSecond <= k - 2 ? 1 << (k - 1 + seamSecond) : 0);
      }
    });
    const [north, south] = this.quarters;
    this.search(north, rowList, 0, split);
    this.search(south, rowList, split, rowList.length);
    const { byColumns } = this;
    byColumns.fill(0);
    for (let i = 0; i < south.count; i++) byColumns[south.cols[i]! + 1]!++;
    for (let c = 0; c <= all; c++) byColumns[c + 1]! += byColumns[c]!;
    // The south quarter-boards laid out by columns: those of columns c from byColumns[c] to byColumns[c + 1].
    const sorted = this.southSorted;
    if (sorted.seam.length < south.count) growQuarter(sorted, south.count);
    for (let i = south.count - 1; i >= 0; i--) {
      const p = --byColumns[south.cols[i]! + 1]!;
      sorted.seam[p] = south.seam[i]!;
      sorted.first[p] = south.first[i]!;
      sorted.second[p] = south.second[i]!;
    }
    byColumns.copyWithin(0, 1);
    byColumns[all + 1] = south.count;
    // Room for every pair of quarter-boards on complementary columns, so that none is checked for it.
    let most = 0;
    for (let i = 0; i < north.count; i++) {
      const other = all & ~north.cols[i]!;
      most += byColumns[other + 1]! - byColumns[other]!;
    }
    while (this.first.length < most) this.grow();
    const { first, second, key, shape } = this;
    const { seam: sSeam, first: sFirst, second: sSecond } = sorted;
    let count = 0;
    for (let i = 0; i < north.count; i++) {
      const other = all & ~north.cols[i]!;
      const seam = north.seam[i]!;
      const nFirst = north.first[i]!;
      const nSecond = north.second[i]!;
      const end = byColumns[other + 1]!;
      for (let p = byColumns[other]!; p < end; p++) {
        if ((seam & sSeam[p]!) !== 0) continue;
        const f = nFirst | sFirst[p]!;
        const d = nSecond | sSecond[p]!;
        first[count] = f;
        second[count] = d;
        key[count] = keyOf(shape, k, f, d);
        count++;
      }
    }
    this.count = count;
    return count;
  }

  /** Sorts the last listing by key: order[starts[b]] to order[starts[b + 1] - 1] index bucket b's. */
  sortByKey(): void {
    const { count, key, starts } = this;
    const buckets = this.shape.buckets;
    starts.fill(0);
    for (let i = 0; i < count; i++) starts[key[i]! + 1]!++;
    for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
    if (this.sortedOrder.length < count) this.sortedOrder = new Uint32Array(count * 2);
    for (let i = count - 1; i >= 0; i--) this.sortedOrder[--starts[key[i]! + 1]!] = i;
    // starts[b + 1] now holds bucket b's start: shifted back into place.
    starts.copyWithin(0, 1);
    starts[buckets] = count;
    this.order = this.sortedOrder.subarray(0, count);
  }

  private grow(): void {
    const longer = (words: Uint32Array) => {
      const out = new Uint32Array(words.length * 2);
      out.set(words);
      return out;
    };
    this.first = longer(this.first);
    this.second = longer(this.second);
    const key = new Uint16Array(this.key.length * 2);
    key.set(this.key);
    this.key = key;
  }

  /**
   * The quarter-boards of rows rowList[from..to - 1]: a search of those rows in order, keeping the
   * columns taken and the diagonals the queens above attack in this row, moved one column a row
   * (toward higher columns, and toward lower).
   */
  private search(out: Quarter, rowList: readonly number[], from: number, to: number): void {
    const { k, open, bits, levelFree: free, levelState: state } = this;
    const all = (1 << k) - 1;
    out.count = 0;
    if (from === to) {
      pushQuarter(out, 0, 0, 0, 0);
      return;
    }
    let level = from;
    state.fill(0, from * STATE, (from + 1) * STATE);
    free[level] = open[level]! & all;
    while (level >= from) {
      const left = free[level]!;
      if (left === 0) {
        level--;
        continue;
      }
      const bit = left & -left;
      free[level] = left ^ bit;
      const j = 31 - Math.clz32(bit);
      const at = level * STATE;
      const b = (level * k + j) * 3;
      const cols = state[at]! | bit;
      const first = state[at + 3]! | bits[b]!;
      const second = state[at + 4]! | bits[b + 1]!;
      const seam = state[at + 5]! | bits[b + 2]!;
      if (level + 1 === to) {
        pushQuarter(out, cols, seam, first, second);
        continue;
      }
      const gap = rowList[level + 1]! - rowList[level]!;
      const up = ((state[at + 1]! | bit) << gap) & all;
      const down = (state[at + 2]! | bit) >>> gap;
      const next = at + STATE;
      state[next] = cols;
      state[next + 1] = up;
      state[next + 2] = down;
      state[next + 3] = first;
      state[next + 4] = second;
      state[next + 5] = seam;
      level++;
      free[level] = open[level]! & ~(cols | up | down) & all;
    }
  }
}

/** A level's state in the quarter search: columns, the two attacks moved to its row, first, second, seam. */
const STATE = 6;

/** A quarter's boards: per board, its columns in the side, its seam, and its two diagonal words. */
interface Quarter {
  count: number;
  cols: Uint32Array;
  seam: Uint32Array;
  first: Uint32Array;
  second: Uint32Array;
}

function newQuarter(): Quarter {
  const words = () => new Uint32Array(256);
  return { count: 0, cols: words(), seam: words(), first: words(), second: words() };
}

/** Makes a quarter's lists hold at least `room` boards, keeping those it holds. */
function growQuarter(out: Quarter, room: number): void {
  for (const field of ['cols', 'seam', 'first', 'second'] as const) {
    const longer = new Uint32Array(Math.max(room, out[field].length * 2));
    longer.set(out[field]);
    out[field] = longer;
  }
}

function pushQuarter(out: Quarter, cols: number, seam: number, first: number, second: number): void {
  if (out.count === out.cols.length) growQuarter(out, out.count + 1);
  out.cols[out.count] = cols;
  out.seam[out.count] = seam >>> 0;
  out.first[out.count] = first >>> 0;
  out.second[out.count] = second >>> 0;
  out.count++;
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
