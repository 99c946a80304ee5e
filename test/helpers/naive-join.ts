// A naive counter of one subproblem of the join (a row choice: src/plan/join-subproblems.ts), independent of
// the kernels' design: no quarter-boards, no band of shared diagonals, no keys, no buckets. Each
// side's half-boards are listed by plain recursive backtracking over the side's rows, each with its
// diagonals over the whole board; then every east half-board is tested against every west one.
//
// What a unit counts (the header of assembly/join.ts says why): each pair of half-boards with no
// diagonal in common weighs 2^w if the east one holds neither of the board's two longest diagonals
// (w: the west one's queens on them), plus 2^e if the west one holds neither (e: the east one's).

/** A unit of the join: the rows whose queen stands east, and the middle column's queen's row (odd n; else -1). */
export interface JoinSubproblem {
  readonly n: number;
  readonly eastRows: number;
  readonly middleRow: number;
}

/**
 * One side's half-boards. Diagonal d1 = row + col and d2 = row - col + n - 1 (each 0 .. 2n - 2, at
 * most 62) are bits of two sets, each kept in two 32-bit words (bits 0..31 and 32..62): four words
 * a half-board, in `diagonals`. `onLongest`: its queens on the two longest diagonals (row = col,
 * and row + col = n - 1).
 */
export interface HalfBoards {
  readonly count: number;
  readonly diagonals: Int32Array;
  readonly onLongest: Uint8Array;
}

/** The east and west half-boards of a unit. */
export interface UnitLists {
  readonly east: HalfBoards;
  readonly west: HalfBoards;
}

/**
 * The half-boards of one side: a queen in each of `rows`, on distinct columns of from..to-1, no two
 * on a diagonal, none on a diagonal of the middle queen (middleRow, middleCol) where there is one.
 * Null where there are more than `most`: the listing stops there.
 */
function listSide(
  n: number,
  rows: readonly number[],
  from: number,
  to: number,
  middleRow: number,
  most: number,
): HalfBoards | null {
  const middleCol = (n - 1) >> 1;
  const usedCol = new Uint8Array(n);
  const usedD1 = new Uint8Array(2 * n - 1);
  const usedD2 = new Uint8Array(2 * n - 1);
  const cols: number[] = new Array(rows.length).fill(-1);
  const diagonals: number[] = [];
  const onLongest: number[] = [];
  const attacksMiddle = (row: number, col: number) =>
    middleRow >= 0 && Math.abs(row - middleRow) === Math.abs(col - middleCol);

  const record = () => {
    const words = [0, 0, 0, 0];
    let longest = 0;
    rows.forEach((row, i) => {
      const col = cols[i];
      const d1 = row + col;
      const d2 = row - col + n - 1;
      words[d1 >> 5] |= 1 << (d1 & 31);
      words[2 + (d2 >> 5)] |= 1 << (d2 & 31);
      if (row === col || row + col === n - 1) longest++;
    });
    diagonals.push(...words);
    onLongest.push(longest);
  };

  const place = (i: number) => {
    if (i === rows.length) {
      record();
      return;
    }
    const row = rows[i];
    for (let col = from; col < to && onLongest.length <= most; col++) {
      const d1 = row + col;
      const d2 = row - col + n - 1;
      if (usedCol[col] || usedD1[d1] || usedD2[d2] || attacksMiddle(row, col)) continue;
      usedCol[col] = usedD1[d1] = usedD2[d2] = 1;
      cols[i] = col;
      place(i + 1);
      usedCol[col] = usedD1[d1] = usedD2[d2] = 0;
    }
  };

  place(0);
  if (onLongest.length > most) return null;
  return { count: onLongest.length, diagonals: Int32Array.from(diagonals), onLongest: Uint8Array.from(onLongest) };
}

/**
 * A unit's half-boards: east, the rows in eastRows on the last k = n >> 1 columns; west, every
 * other row (but the middle queen's) on the first k columns. Null where a side has more than
 * `most` (the listing stops there, so that a long list costs no more than a short one to find).
 */
export function unitLists({ n, eastRows, middleRow }: JoinSubproblem, most = Infinity): UnitLists | null {
  const k = n >> 1;
  const east: number[] = [];
  const west: number[] = [];
  for (let row = 0; row < n; row++) {
    if (row === middleRow) continue;
    if ((eastRows >>> row) & 1) east.push(row);
    else west.push(row);
  }
  const eastBoards = listSide(n, east, n - k, n, middleRow, most);
  const westBoards = eastBoards && listSide(n, west, 0, k, middleRow, most);
  return eastBoards && westBoards && { east: eastBoards, west: westBoards };
}

/** The pairs of a unit's lists with no common diagonal, each weighed as the join weighs it. */
export function countPairs({ east, west }: UnitLists): bigint {
  // weightOf[3 * e + w]: a pair whose east half-board has e queens on the longest diagonals, the west w.
  const weightOf = new Float64Array(9);
  for (let e = 0; e <= 2; e++)
    for (let w = 0; w <= 2; w++) weightOf[3 * e + w] = (e === 0 ? 2 ** w : 0) + (w === 0 ? 2 ** e : 0);
  const ed = east.diagonals;
  const wd = west.diagonals;
  // Every sum stays below 2^53: at most 4 per pair, and far fewer than 2^50 pairs.
  let sum = 0;
  for (let i = 0; i < east.count; i++) {
    const a0 = ed[4 * i];
    const a1 = ed[4 * i + 1];
    const b0 = ed[4 * i + 2];
    const b1 = ed[4 * i + 3];
    const row = 3 * east.onLongest[i];
    for (let j = 0; j < west.count; j++) {
      if (((a0 & wd[4 * j]) | (a1 & wd[4 * j + 1]) | (b0 & wd[4 * j + 2]) | (b1 & wd[4 * j + 3])) === 0)
        sum += weightOf[row + west.onLongest[j]];
    }
  }
  return BigInt(sum);
}

/** What a unit of the join counts, by listing both sides and testing every pair. */
export function naiveSubproblemCount(unit: JoinSubproblem): bigint {
  return countPairs(unitLists(unit)!);
}
