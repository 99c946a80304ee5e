// The subproblems of a count by the join (assembly/join.ts): row choices. A row choice says, for
// each row, whether its queen stands in the east half of the columns or the west; every solution
// has exactly one, so the solutions are the sum over the choices of their own. On an odd board the
// middle column holds one queen, which the subproblem places (its row is part of the choice), and
// the two halves are the columns either side of it.
//
// Mirroring the board left to right turns a choice into its complement, and top to bottom into its
// reverse (the middle queen's row with it); both map the solutions of one choice one to one onto
// the other's. So only one choice of each class is counted, the least (compared as middle row, then
// rows as a number): about a quarter of them. A subproblem's count is its choice's solutions and
// its mirror image's, weighed by where they hold the board's longest diagonals (assembly/join.ts),
// so a class counts half its size times its subproblem's count.
//
// The subproblems are never listed: there are C(n, n/2) / 4 of them (times n on odd boards), 70
// million at n = 27 and 1.2 billion at 31. Subproblem i is made from i when it is counted (its
// rank, below), so a plan costs nothing up front at any n, and a shard or a resumed count starts at
// once.
//
// The ranks. On a board whose middle row is fixed by the flip (every even board; odd boards with
// the middle queen on the middle row), the rows pair up from the outside in: row j with row
// n - 1 - j. Comparing a choice with its reverse, and with its mirrored reverse, goes pair by pair
// from the outside: the first pair whose rows differ (are alike) decides the first comparison (the
// second), and a pair decides each comparison only once. So whether a choice is the least of its
// class is a walk over its pairs with two flags, "still equal to its reverse" and "still equal to
// its mirrored reverse", and the number of least choices that a walk can still complete depends
// only on the pairs left, the flags and the east rows left to place: a small table (completions,
// below), by which subproblem i's pairs are read off in turn. A class whose least choice ends with
// a flag set (the choice is its own reverse or its own mirrored reverse) has two choices, else
// four. (The complement is never the least: the outermost pair decides against it, as it decides
// against any choice with row n - 1 in the east.) With the middle queen on any other row, its row
// and the mirror row differ, so the flip never competes: a subproblem is any choice without the
// highest free row, ranked as a combination, and every class has four.

import type { MadeSubproblems, Subproblems } from '../kernel/subproblems.js';

// Pair kinds, as (row n - 1 - j in the east, row j in the east), in the order subproblems are
// ranked.
const PAIR_KINDS = [
  { outer: 0, inner: 0 },
  { outer: 0, inner: 1 },
  { outer: 1, inner: 0 },
  { outer: 1, inner: 1 },
] as const;
/** Flags of a walk: the choice still equals its reverse; its mirrored reverse. */
const EQUAL_REVERSE = 1;
const EQUAL_MIRRORED = 2;
const REFUSED = -1;

/** The flags after a pair of `kind`, or REFUSED where the pair makes the choice larger than one of its class. */
function afterPair(flags: number, kind: number): number {
  const { outer, inner } = PAIR_KINDS[kind]!;
  if (outer !== inner) {
    // Against the reverse the pair decides: the choice is the less where its outer row is west.
    if ((flags & EQUAL_REVERSE) === 0) return flags;
    return outer === 0 ? flags & ~EQUAL_REVERSE : REFUSED;
  }
  // Against the mirrored reverse (whose outer row is the inner row mirrored) alike rows decide.
  if ((flags & EQUAL_MIRRORED) === 0) return flags;
  return outer === 0 ? flags & ~EQUAL_MIRRORED : REFUSED;
}

/**
 * The completions of walks over `pairs` pairs: at [pairsLeft][flags][eastLeft], how many ways the
 * last pairsLeft pairs complete a least choice from those flags with eastLeft east rows to place.
 */
function completions(pairs: number): Float64Array[][] {
  const table: Float64Array[][] = [];
  table.push([0, 1, 2, 3].map(() => new Float64Array(pairs + 1)));
  for (let flags = 0; flags < 4; flags++) table[0]![flags]![0] = 1;
  for (let left = 1; left <= pairs; left++) {
    const row = [0, 1, 2, 3].map(() => new Float64Array(pairs + 1));
    for (let flags = 0; flags < 4; flags++) {
      for (let east = 0; east <= pairs; east++) {
        let ways = 0;
        for (let kind = 0; kind < 4; kind++) {
          const next = afterPair(flags, kind);
          const placed = PAIR_KINDS[kind]!.outer + PAIR_KINDS[kind]!.inner;
          if (next !== REFUSED && placed <= east) ways += table[left - 1]![next]![east - placed]!;
        }
        row[flags]![east] = ways;
      }
    }
    table.push(row);
  }
  return table;
}

/** Pascal's triangle up to 32. */
const BINOMIAL: number[][] = [];
for (let a = 0; a <= 32; a++) {
  BINOMIAL.push([]);
  for (let b = 0; b <= a; b++)
    BINOMIAL[a]!.push(b === 0 || b === a ? 1 : BINOMIAL[a - 1]![b - 1]! + BINOMIAL[a - 1]![b]!);
}

function binomial(a: number, b: number): number {
  return b < 0 || b > a ? 0 : BINOMIAL[a]![b]!;
}

/** The ranked row choices of an n×n board: how many, and choice i. */
class RowChoices {
  private readonly side: number;
  private readonly odd: boolean;
  private readonly table: Float64Array[][];
  /** Units with the middle queen on one row off the middle (odd boards): combinations. */
  private readonly perOffRow: number;
  /** Units where the flip competes: the even board's all, an odd board's middle-row ones. */
  private readonly paired: number;
  readonly count: number;

  constructor(readonly n: number) {
    this.side = n >> 1;
    this.odd = n % 2 === 1;
    this.table = completions(this.side);
    this.paired = this.table[this.side]![EQUAL_REVERSE | EQUAL_MIRRORED]![this.side]!;
    // Off the middle row, n - 1 free rows less the highest, for side east rows.
    this.perOffRow = this.odd ? binomial(n - 2, this.side) : 0;
    this.count = this.side * this.perOffRow + this.paired;
  }

  /** Choice i: its east rows, the middle queen's row (-1 on an even board) and its weight. */
  choice(i: number): { eastRows: number; middleRow: number; weight: number } {
    const { n, side } = this;
    if (this.odd && i < side * this.perOffRow) {
      const middleRow = Math.floor(i / this.perOffRow);
      let rank = i - middleRow * this.perOffRow;
      // Combination `rank` of side positions among rows 0..n-2 less the middle queen's.
      let eastRows = 0;
      let top = n - 2;
      for (let left = side; left > 0; left--) {
        while (binomial(top - 1, left) > rank) top--;
        rank -= binomial(top - 1, left);
        const position = top - 1;
        eastRows |= 1 << (position < middleRow ? position : position + 1);
        top = position;
      }
      return { eastRows: eastRows >>> 0, middleRow, weight: 2 };
    }
    let rank = this.odd ? i - side * this.perOffRow : i;
    let flags = EQUAL_REVERSE | EQUAL_MIRRORED;
    let east = side;
    let eastRows = 0;
    for (let pair = 0; pair < side; pair++) {
      const left = side - 1 - pair;
      for (let kind = 0; ; kind++) {
        const next = afterPair(flags, kind);
        const { outer, inner } = PAIR_KINDS[kind]!;
        const ways = next === REFUSED || outer + inner > east ? 0 : this.table[left]![next]![east - outer - inner]!;
        if (rank < ways) {
          flags = next;
          east -= outer + inner;
          eastRows |= (outer << (n - 1 - pair)) | (inner << pair);
          break;
        }
        rank -= ways;
      }
    }
    // A class of two: the choice is its own reverse, or its mirrored reverse.
    return { eastRows: eastRows >>> 0, middleRow: this.odd ? side : -1, weight: flags === 0 ? 2 : 1 };
  }
}

/**
 * The subproblems of a join of the n×n board: the row choices, least of each class, by rank, with
 * half the class's size as weight. After them, for a unique count, the subproblems `rotated`
 * (frames that a half turn maps onto themselves, each with its weight and stabilizer), searched for
 * the completions that the rotations leave unchanged: the unique count follows from those and the
 * total (kernel/methods/join.ts).
 */
export function joinSubproblems(n: number, rotated: Subproblems | null): MadeSubproblems {
  const choices = new RowChoices(n);
  const rowChoices = choices.count;
  const width = Math.max(n % 2, rotated?.width ?? 0);
  const pairs = width * 2;
  const middleCol = (n - 1) >> 1;
  return {
    count: rowChoices + (rotated?.count ?? 0),
    width,
    write(i: number, out: Subproblems, at: number): void {
      const queens = out.queens.subarray(at * pairs, (at + 1) * pairs);
      if (i < rowChoices) {
        const { eastRows, middleRow, weight } = choices.choice(i);
        queens.fill(-1);
        if (middleRow >= 0) {
          queens[0] = middleRow;
          queens[1] = middleCol;
        }
        out.weight[at] = weight;
        out.stabilizer[at] = 0;
        out.choice[at] = eastRows;
        return;
      }
      const r = i - rowChoices;
      const from = rotated!.width * 2;
      queens.fill(-1);
      queens.set(rotated!.queens.subarray(r * from, (r + 1) * from));
      out.weight[at] = rotated!.weight[r]!;
      out.stabilizer[at] = rotated!.stabilizer[r]!;
      out.choice[at] = 0;
    },
  };
}
