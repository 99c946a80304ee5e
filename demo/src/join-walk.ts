// The join of an n×n board as steps to watch: how the package counts large boards, taken apart
// on a board small enough to see (n = 6..10). Row choices, one of each mirror class; each side's
// quarter-boards, joined into half-boards; the east half-boards sorted into buckets by key; each
// west half-board tested against the buckets it may meet; the sums, and the unique count by
// Burnside. join-code.ts is the same join as code, one mark a step.
// Every list is held whole (n = 10 has 45,087 steps), so a step is found from its number without
// replaying the walk: the step in the URL opens at once, and going back costs what going on does.

import { HALF_TURN, QUARTER_TURN, transform } from '../../src/symmetry.js';

/**
 * What a step did: `choice`, took the next row choice; `quarter`, found a quarter-board; `join`,
 * met a north quarter-board with a south one; `buckets`, sorted the east half-boards by key;
 * `west`, took a west half-board; `pair`, tested it against an east one; `sum`, added the row
 * choice's pairs, times its class's size, to the total; `done`, found no row choice left.
 */
export type JoinStepKind = 'choice' | 'quarter' | 'join' | 'buckets' | 'west' | 'pair' | 'sum' | 'done';

/** Key bits: the two longest diagonals of each direction, so 16 buckets. */
export const KEY_BUCKETS = 16;

/** Queens on some rows of one side: the columns they take and their diagonals. */
export interface Quarter {
  cols: number;
  /** First diagonals (r + c constant): bit r + c for a queen at row r, column c. */
  first: number;
  /** Second diagonals (r − c constant): bit r − c + n − 1. */
  second: number;
  /** The queens' columns, one per row of the quarter, in order. */
  queens: number[];
}

/** A queen on each row of a side: a north and a south quarter-board that fit. */
export interface Half {
  first: number;
  second: number;
  /** The bits of the key diagonals it takes: first n − 1, first n, second n − 1, second n, lowest first. */
  key: number;
  /** The queens' columns, one per row of the side, in order. */
  queens: number[];
}

/** Why a north and a south quarter-board do not make a half-board; '' where they do. */
export type Clash = '' | 'column' | 'diagonal';

export interface Candidate {
  north: number;
  south: number;
  clash: Clash;
}

export interface Side {
  rows: number[];
  /** The side's lowest column: it takes k = ⌊n/2⌋ columns from there. */
  base: number;
  /** Its rows in the top half of the board and in the bottom half. */
  northRows: number[];
  southRows: number[];
  north: Quarter[];
  south: Quarter[];
  /** Every north quarter-board against every south one, in the order they are met. */
  candidates: Candidate[];
  halves: Half[];
}

/** A west half-board against the east buckets that share no key bit with it. */
export interface Probe {
  west: number;
  /** The keys of the buckets it meets; it skips the others. */
  keys: number[];
  /** The east half-boards of those buckets, bucket by bucket, and whether each fits. */
  tests: { east: number; fits: boolean }[];
  /** The row choice's pairs counted before this probe. */
  before: number;
}

/** A row choice on the east side of the board and the middle column, and its mirror images. */
export interface Choice {
  east: number[];
  /** The row of the middle column's queen on an odd board; -1 on an even one. */
  middle: number;
}

/**
 * A row choice, the join's subproblem, with all its lists. Its class size is how many row choices
 * its mirror class holds; the package's plan weighs a row choice by half of it (its kernels count
 * each pair for both halves' mirror images), this walk by the whole of it.
 */
export interface Subproblem {
  east: number[];
  west: number[];
  middle: number;
  /** How many row choices its mirror class holds (1, 2 or 4): each of its pairs counts as many solutions. */
  classSize: number;
  /** The class: this choice first, then its distinct images left to right, top to bottom, both. */
  images: Choice[];
  eastSide: Side;
  westSide: Side;
  /** The east half-boards' numbers, by key. */
  buckets: number[][];
  probes: Probe[];
  pairs: number;
  /** The solutions its pairs make, as a column per row, in the order they are found. */
  solutions: number[][];
  /** The number of its first step, and how many it takes. */
  start: number;
  steps: number;
  /** The total before it. */
  before: number;
}

export interface JoinStep {
  number: number;
  kind: JoinStepKind;
  /** The row choice's number; -1 once done. */
  subproblem: number;
  side: 'east' | 'west' | null;
  /** On `quarter`: which quarter-boards. */
  part: 'north' | 'south' | null;
  /** The quarter-board (`quarter`), candidate (`join`), west half-board (`west`, `pair`). */
  index: number;
  /** On `pair`: the test of the probe. */
  test: number;
  /** The row choice's pairs and the total, after the step. */
  pairs: number;
  total: number;
}

export interface JoinSums {
  total: number;
  /** Solutions a half turn keeps (F180) and a quarter turn keeps (F90). */
  halfTurn: number;
  quarterTurn: number;
  /** By Burnside: (total + F180 + 2·F90) / 8. */
  unique: number;
  /** Those solutions, drawn: column per row. */
  halfTurnBoards: number[][];
  quarterTurnBoards: number[][];
  quarterBoards: number;
  candidates: number;
  halfBoards: number;
  /** Pairs tested, and pairs a join without keys would test (every west against every east). */
  pairsTested: number;
  pairsWithoutKeys: number;
}

const range = (n: number) => [...Array(n).keys()];

function subsetsOf(items: readonly number[], size: number): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  for (let i = 0; i + size <= items.length; i++)
    for (const rest of subsetsOf(items.slice(i + 1), size - 1)) out.push([items[i], ...rest]);
  return out;
}

/** The choice's name, by which its class's first member is the least. */
const nameOf = (c: Choice) => [c.middle, ...c.east].join();

function imagesOf(n: number, east: number[], west: number[], middle: number): Choice[] {
  const flip = (rows: number[]) => rows.map((r) => n - 1 - r).reverse();
  const flipped = middle < 0 ? middle : n - 1 - middle;
  return [
    { east, middle },
    { east: west, middle },
    { east: flip(east), middle: flipped },
    { east: flip(west), middle: flipped },
  ];
}

function quartersOf(n: number, rows: number[], base: number, middle: number): Quarter[] {
  const k = n >> 1;
  const blockedFirst = middle < 0 ? 0 : 1 << (middle + k);
  const blockedSecond = middle < 0 ? 0 : 1 << (middle - k + n - 1);
  const boards: Quarter[] = [];
  const queens: number[] = [];
  const place = (i: number, cols: number, firsts: number, seconds: number): void => {
    if (i === rows.length) {
      boards.push({ cols, first: firsts, second: seconds, queens: queens.slice() });
      return;
    }
    for (let c = base; c < base + k; c++) {
      const onFirst = 1 << (rows[i] + c);
      const onSecond = 1 << (rows[i] - c + n - 1);
      if (cols & (1 << c) || (firsts | blockedFirst) & onFirst || (seconds | blockedSecond) & onSecond) continue;
      queens.push(c);
      place(i + 1, cols | (1 << c), firsts | onFirst, seconds | onSecond);
      queens.pop();
    }
  };
  place(0, 0, 0, 0);
  return boards;
}

/** The key of a half-board's diagonal words. */
export function keyOf(n: number, first: number, second: number): number {
  return ((first >>> (n - 1)) & 3) | (((second >>> (n - 1)) & 3) << 2);
}

function sideOf(n: number, rows: number[], base: number, middle: number): Side {
  const northRows = rows.filter((r) => 2 * r < n);
  const southRows = rows.filter((r) => 2 * r >= n);
  const north = quartersOf(n, northRows, base, middle);
  const south = quartersOf(n, southRows, base, middle);
  const candidates: Candidate[] = [];
  const halves: Half[] = [];
  for (const [i, a] of north.entries())
    for (const [j, b] of south.entries()) {
      const clash: Clash = a.cols & b.cols ? 'column' : a.first & b.first || a.second & b.second ? 'diagonal' : '';
      candidates.push({ north: i, south: j, clash });
      if (clash !== '') continue;
      const first = a.first | b.first;
      const second = a.second | b.second;
      halves.push({ first, second, key: keyOf(n, first, second), queens: [...a.queens, ...b.queens] });
    }
  return { rows, base, northRows, southRows, north, south, candidates, halves };
}

function subproblemOf(n: number, east: number[], west: number[], middle: number, images: Choice[]): Subproblem {
  const k = n >> 1;
  const eastSide = sideOf(n, east, n - k, middle);
  const westSide = sideOf(n, west, 0, middle);
  const buckets: number[][] = range(KEY_BUCKETS).map(() => []);
  for (const [i, half] of eastSide.halves.entries()) buckets[half.key].push(i);
  const probes: Probe[] = [];
  const solutions: number[][] = [];
  let pairs = 0;
  westSide.halves.forEach((w, i) => {
    const keys = range(KEY_BUCKETS).filter((key) => (key & w.key) === 0);
    const probe: Probe = { west: i, keys, tests: [], before: pairs };
    for (const key of keys)
      for (const j of buckets[key]) {
        const e = eastSide.halves[j];
        const fits = (w.first & e.first) === 0 && (w.second & e.second) === 0;
        probe.tests.push({ east: j, fits });
        if (!fits) continue;
        pairs++;
        const board = range(n).map(() => k);
        east.forEach((r, t) => {
          board[r] = e.queens[t];
        });
        west.forEach((r, t) => {
          board[r] = w.queens[t];
        });
        solutions.push(board);
      }
    probes.push(probe);
  });
  const names = new Set<string>();
  const distinct = images.filter((c) => !names.has(nameOf(c)) && names.add(nameOf(c)));
  const steps = 1 + listSteps(eastSide, westSide) + 1 + probes.reduce((s, p) => s + 1 + p.tests.length, 0) + 1;
  return {
    east,
    west,
    middle,
    classSize: distinct.length,
    images: distinct,
    eastSide,
    westSide,
    buckets,
    probes,
    pairs,
    solutions,
    start: 0,
    steps,
    before: 0,
  };
}

/** The steps that list the sides' quarter-boards and meet them: a step each. */
function listSteps(...sides: Side[]): number {
  return sides.reduce((s, side) => s + side.north.length + side.south.length + side.candidates.length, 0);
}

/** The board a symmetry makes of a solution (column per row). */
function imageOf(board: readonly number[], g: number): number[] {
  const out = new Array<number>(board.length);
  board.forEach((c, r) => {
    const [r2, c2] = transform(g, board.length, r, c);
    out[r2] = c2;
  });
  return out;
}

const keeps = (board: readonly number[], g: number) => imageOf(board, g).join() === board.join();

/** The join of n, step by step. */
export class JoinWalk {
  readonly subproblems: readonly Subproblem[];
  /** The number of the last step, `done`. */
  readonly last: number;
  readonly sums: JoinSums;
  private fitting: number[] | undefined;

  constructor(readonly n: number) {
    const subproblems: Subproblem[] = [];
    const rows = range(n);
    for (const middle of n % 2 ? rows : [-1]) {
      const free = rows.filter((r) => r !== middle);
      for (const east of subsetsOf(free, n >> 1)) {
        const west = free.filter((r) => !east.includes(r));
        const images = imagesOf(n, east, west, middle);
        const own = nameOf(images[0]);
        if (images.some((c) => nameOf(c) < own)) continue;
        subproblems.push(subproblemOf(n, east, west, middle, images));
      }
    }
    let start = 0;
    let total = 0;
    for (const choice of subproblems) {
      choice.start = start;
      choice.before = total;
      start += choice.steps;
      total += choice.pairs * choice.classSize;
    }
    this.subproblems = subproblems;
    this.last = start;
    this.sums = this.sum(total);
  }

  private sum(total: number): JoinSums {
    // A symmetry of the board keeps a solution exactly when it keeps each mirror image of it, so
    // each row choice's kept solutions count for its class's size, as its pairs do.
    let halfTurn = 0;
    let quarterTurn = 0;
    const drawn = { half: new Map<string, number[]>(), quarter: new Map<string, number[]>() };
    const mirrors = [0, 4, 5, HALF_TURN];
    for (const choice of this.subproblems)
      for (const board of choice.solutions) {
        if (!keeps(board, HALF_TURN)) continue;
        halfTurn += choice.classSize;
        const quarter = keeps(board, QUARTER_TURN);
        if (quarter) quarterTurn += choice.classSize;
        for (const g of mirrors) {
          const image = imageOf(board, g);
          drawn.half.set(image.join(), image);
          if (quarter) drawn.quarter.set(image.join(), image);
        }
      }
    const sides = this.subproblems.flatMap((u) => [u.eastSide, u.westSide]);
    return {
      total,
      halfTurn,
      quarterTurn,
      unique: (total + halfTurn + 2 * quarterTurn) / 8,
      halfTurnBoards: [...drawn.half.values()],
      quarterTurnBoards: [...drawn.quarter.values()],
      quarterBoards: sides.reduce((s, side) => s + side.north.length + side.south.length, 0),
      candidates: sides.reduce((s, side) => s + side.candidates.length, 0),
      halfBoards: sides.reduce((s, side) => s + side.halves.length, 0),
      pairsTested: this.subproblems.reduce((s, u) => s + u.probes.reduce((t, p) => t + p.tests.length, 0), 0),
      pairsWithoutKeys: this.subproblems.reduce((s, u) => s + u.eastSide.halves.length * u.westSide.halves.length, 0),
    };
  }

  /**
   * The steps of the pairs that fit, in order: each pair is a solution of its row choice, and
   * counts for as many solutions as its class holds row choices.
   */
  get fittingPairs(): readonly number[] {
    if (this.fitting === undefined) {
      this.fitting = [];
      for (const choice of this.subproblems) {
        // The row choice's own step, its sides' lists, then the buckets.
        let at = choice.start + 1 + listSteps(choice.eastSide, choice.westSide) + 1;
        for (const probe of choice.probes) {
          at++;
          for (const test of probe.tests) {
            if (test.fits) this.fitting.push(at);
            at++;
          }
        }
      }
    }
    return this.fitting;
  }

  /** Step `number`, 0 to `last`. */
  step(number: number): JoinStep {
    const base = { number, side: null, part: null, index: -1, test: -1 } as const;
    if (number >= this.last)
      return { ...base, number: this.last, kind: 'done', subproblem: -1, pairs: 0, total: this.sums.total };
    let lo = 0;
    let hi = this.subproblems.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.subproblems[mid].start <= number) lo = mid;
      else hi = mid - 1;
    }
    const choice = this.subproblems[lo];
    const at = { ...base, subproblem: lo, pairs: 0, total: choice.before };
    let rest = number - choice.start;
    if (rest === 0) return { ...at, kind: 'choice' };
    rest--;
    for (const [name, side] of [
      ['east', choice.eastSide],
      ['west', choice.westSide],
    ] as const) {
      if (rest < side.north.length) return { ...at, kind: 'quarter', side: name, part: 'north', index: rest };
      rest -= side.north.length;
      if (rest < side.south.length) return { ...at, kind: 'quarter', side: name, part: 'south', index: rest };
      rest -= side.south.length;
      if (rest < side.candidates.length) return { ...at, kind: 'join', side: name, index: rest };
      rest -= side.candidates.length;
    }
    if (rest === 0) return { ...at, kind: 'buckets', side: 'east' };
    rest--;
    for (const [i, probe] of choice.probes.entries()) {
      if (rest === 0) return { ...at, kind: 'west', side: 'west', index: i, pairs: probe.before };
      rest--;
      if (rest < probe.tests.length) {
        const pairs = probe.before + probe.tests.slice(0, rest + 1).filter((t) => t.fits).length;
        return { ...at, kind: 'pair', side: 'west', index: i, test: rest, pairs };
      }
      rest -= probe.tests.length;
    }
    return { ...at, kind: 'sum', pairs: choice.pairs, total: choice.before + choice.pairs * choice.classSize };
  }

  /** The variables a step's line of the code shows, by their names there (join-code.ts). */
  values(step: JoinStep): Record<string, unknown> {
    if (step.kind === 'done') return { total: step.total };
    const choice = this.subproblems[step.subproblem];
    const side = step.side === 'west' ? choice.westSide : choice.eastSide;
    switch (step.kind) {
      case 'choice':
        return { east: choice.east, west: choice.west, middle: choice.middle, classSize: choice.classSize };
      case 'quarter': {
        const { queens, cols, first, second } = (step.part === 'north' ? side.north : side.south)[step.index];
        return { queens, cols, first, second };
      }
      case 'join':
        return { clash: side.candidates[step.index].clash };
      case 'buckets':
        return {};
      case 'west':
        return { w: choice.westSide.halves[choice.probes[step.index].west] };
      case 'pair': {
        const test = choice.probes[step.index].tests[step.test];
        return { e: choice.eastSide.halves[test.east], fits: test.fits };
      }
      case 'sum':
        return { pairs: step.pairs, total: step.total };
    }
  }
}
