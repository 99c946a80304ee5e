// What the join's panel shows at a step, worked out without the DOM (test/join-view.test.ts): the
// step in words, the board with its rows' sides and the queens the step is about, the words in
// binary, the buckets, the row choices summed so far, and at the end Burnside's sum. The panel
// only draws it.

import { diagonalName, FIRST, SECOND } from './diagonals.js';
import { joinLineOf } from './join-code.js';
import {
  type Half,
  type JoinStep,
  type JoinWalk,
  KEY_BUCKETS,
  type Quarter,
  type Side,
  type Subproblem,
} from './join-walk.js';
import { plural } from './plural.js';
import type { WalkModel } from './walk-controller.js';

/** A word in binary, lowest bit first, as the board numbers its columns and diagonals. */
export interface Word {
  name: string;
  bits: string;
  /** What the row is: a side's word, the AND of two, or the key. */
  role: 'north' | 'south' | 'west' | 'east' | 'and' | 'word';
}

export interface Bucket {
  key: number;
  /** Its key bits: first diagonals n − 1 and n, second diagonals n − 1 and n. */
  bits: string;
  size: number;
  /** At a west half-board: whether it meets the bucket or skips it; else ''. */
  state: 'meets' | 'skips' | '';
}

/** A diagonal drawn on the board: one of the key's four, or the one a refused pair shares. */
export interface DrawnDiagonal {
  role: 'key' | 'shared';
  direction: 'first' | 'second';
  /** Its bit in a diagonal word: first r + c, second r − c + n − 1. */
  bit: number;
  name: string;
  /** Its squares, [row, column], top row first. */
  squares: [number, number][];
}

/** What the join's panel shows at a step (a view, not the glossary's view of a search). */
export interface JoinView {
  n: number;
  kind: JoinStep['kind'];
  number: number;
  last: number;
  message: string;
  /** Why the stage the step is in works, in a sentence or two, its words defined. */
  why: string;
  /** The variables of the step's line, as `name = value` pairs. */
  values: string;
  line: number;
  /** A letter per row: E (its queen east), W (west) or M (the middle column's queen). */
  sides: string[];
  /** The queens the step is about: column per row, undefined where none is shown. */
  queens: (number | undefined)[];
  /** The rows the step is about. */
  focus: number[];
  /** The diagonals drawn on the board: the key's at the stages that read keys, and a refused pair's shared one. */
  diagonals: DrawnDiagonal[];
  /** The first south row: the line between the north and south quarters runs above it. */
  southFrom: number;
  /** The board in words, for a reader who cannot see it. */
  summary: string;
  /** The row choice's class, each as its letters, this one first; and its class size. */
  choices: string[];
  classSize: number;
  /** The row choice's number, -1 once done; how many there are. */
  subproblem: number;
  subproblems: number;
  words: Word[];
  buckets: Bucket[];
  /** At a west half-board or a pair: the pairs it tests and those the buckets spare it. */
  tested: number;
  skipped: number;
  /** The row choices summed so far: east rows, pairs, class size. */
  tally: { east: string; pairs: number; classSize: number }[];
  total: number;
  pairs: number;
  /** The solutions found so far: the total before this row choice, and its pairs so far × its class size. */
  found: number;
  /** How `found` is made, in words; '' where no row choice is under way. */
  foundHow: string;
  /** At the end: Burnside's sum, and the solutions a half turn and a quarter turn keep. */
  burnside: string | null;
  kept: { halfTurn: number[][]; quarterTurn: number[][] } | null;
}

const list = (items: readonly (number | string)[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function binary(value: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) out += (value >>> i) & 1;
  return out;
}

function sidesOf(n: number, choice: Subproblem): string[] {
  return [...Array(n).keys()].map((r) => (r === choice.middle ? 'M' : choice.east.includes(r) ? 'E' : 'W'));
}

function choiceLetters(n: number, east: readonly number[], middle: number): string {
  return [...Array(n).keys()].map((r) => (r === middle ? 'M' : east.includes(r) ? 'E' : 'W')).join('');
}

/** Shows a value of the code as the code would print it, masks in binary lowest bit first. */
function shown(name: string, value: unknown, n: number): string {
  if (Array.isArray(value)) return `[${value.join(', ')}]`;
  if (typeof value === 'string') return value === '' ? "''" : `'${value}'`;
  if (typeof value === 'number') {
    if (name === 'cols') return binary(value, n);
    if (name === 'first' || name === 'second') return binary(value, 2 * n - 1);
    return String(value);
  }
  if (typeof value === 'object' && value !== null) {
    const half = value as Half;
    return `{ key: ${binary(half.key, 4)}, queens: [${half.queens.join(', ')}] }`;
  }
  return String(value);
}

/** What the panel shows at step `number` of `walk`. */
export function joinView(walk: JoinWalk, number: number): JoinView {
  const n = walk.n;
  const step = walk.step(number);
  const width = 2 * n - 1;
  const values = Object.entries(walk.values(step))
    .map(([name, value]) => `${name} = ${shown(name, value, n)}`)
    .join(', ');
  const done = step.kind === 'done';
  const choice = done ? null : walk.subproblems[step.subproblem];
  const tally = walk.subproblems
    .slice(0, done ? walk.subproblems.length : step.kind === 'sum' ? step.subproblem + 1 : step.subproblem)
    .map((u) => ({
      east: u.east.join(', '),
      pairs: u.pairs,
      classSize: u.classSize,
    }));
  const view: JoinView = {
    n,
    kind: step.kind,
    number: step.number,
    last: walk.last,
    message: '',
    why: whyOf(step.kind, n, choice?.classSize ?? 0),
    values,
    line: joinLineOf(step.kind),
    sides: choice ? sidesOf(n, choice) : [],
    queens: new Array(n).fill(undefined),
    focus: [],
    diagonals: [],
    southFrom: Math.ceil(n / 2),
    summary: '',
    choices: choice ? choice.images.map((c) => choiceLetters(n, c.east, c.middle)) : [],
    classSize: choice?.classSize ?? 0,
    subproblem: step.subproblem,
    subproblems: walk.subproblems.length,
    words: [],
    buckets: [],
    tested: 0,
    skipped: 0,
    tally,
    total: step.total,
    pairs: step.pairs,
    found: done ? step.total : choice!.before + step.pairs * choice!.classSize,
    foundHow: '',
    burnside: null,
    kept: null,
  };
  if (choice === null) {
    const { total, halfTurn, quarterTurn, unique } = walk.sums;
    view.message = `Done: ${plural(total, 'solution', 'solutions')} for n = ${n}, ${unique} unique`;
    view.burnside = `${unique} = (${total} + ${halfTurn} + 2 × ${quarterTurn}) / 8`;
    view.kept = {
      halfTurn: walk.sums.halfTurnBoards,
      quarterTurn: walk.sums.quarterTurnBoards,
    };
    view.summary = `The join is complete: ${plural(total, 'solution', 'solutions')}.`;
    return view;
  }
  const k = n >> 1;
  if (choice.middle >= 0) view.queens[choice.middle] = k;
  const place = (rows: readonly number[], queens: readonly number[]) =>
    rows.forEach((r, i) => {
      view.queens[r] = queens[i];
    });
  const sideName = step.side === 'west' ? 'West' : 'East';
  const side = step.side === 'west' ? choice.westSide : choice.eastSide;
  const quarterWords = (q: Quarter, role: 'north' | 'south') => [
    { name: `${role} cols`, bits: binary(q.cols, n), role },
    { name: `${role} ${FIRST}`, bits: binary(q.first, width), role },
    { name: `${role} ${SECOND}`, bits: binary(q.second, width), role },
  ];
  const halfWords = (h: Half, role: 'west' | 'east') => [
    { name: `${role} ${FIRST}`, bits: binary(h.first, width), role },
    { name: `${role} ${SECOND}`, bits: binary(h.second, width), role },
  ];
  const ofChoice = `row choice ${step.subproblem + 1} of ${walk.subproblems.length}`;
  switch (step.kind) {
    case 'choice': {
      const middle = choice.middle >= 0 ? `, the middle column's queen on row ${choice.middle}` : '';
      view.message = `${ofChoice[0].toUpperCase()}${ofChoice.slice(1)}: rows ${list(choice.east)} east${middle}; its class holds ${plural(choice.classSize, 'choice', 'choices')}, so each of its pairs counts ${choice.classSize} times`;
      const empty =
        emptySide(n, 'east', choice.eastSide, choice.middle) || emptySide(n, 'west', choice.westSide, choice.middle);
      if (empty !== '') view.message += `. It has no pair, so its lists are short: ${empty}`;
      view.focus = choice.east;
      break;
    }
    case 'quarter': {
      const q = (step.part === 'north' ? side.north : side.south)[step.index];
      const rows = step.part === 'north' ? side.northRows : side.southRows;
      const count = step.part === 'north' ? side.north.length : side.south.length;
      place(rows, q.queens);
      view.focus = rows;
      view.words = quarterWords(q, step.part!);
      const queens =
        rows.length === 0
          ? `the side has no row in this half, so one empty quarter-board`
          : rows.length === 1
            ? `a queen on row ${rows[0]} at column ${q.queens[0]}`
            : `queens on rows ${list(rows)} at columns ${list(q.queens)}`;
      view.message = `${sideName}, ${step.part} quarter-board ${step.index + 1} of ${count}: ${queens}`;
      break;
    }
    case 'join': {
      const c = side.candidates[step.index];
      const a = side.north[c.north];
      const b = side.south[c.south];
      place(side.northRows, a.queens);
      place(side.southRows, b.queens);
      view.focus = side.rows;
      view.words = [
        ...quarterWords(a, 'north'),
        ...quarterWords(b, 'south'),
        c.clash === 'column'
          ? {
              name: 'cols AND',
              bits: binary(a.cols & b.cols, n),
              role: 'and' as const,
            }
          : {
              name: `(${FIRST} AND) | (${SECOND} AND)`,
              bits: binary((a.first & b.first) | (a.second & b.second), width),
              role: 'and' as const,
            },
      ];
      const verdict =
        c.clash === 'column'
          ? 'refused: they share a column'
          : c.clash === 'diagonal'
            ? `refused: they share ${sharedName(n, a.first & b.first, a.second & b.second)}`
            : `accepted: half-board ${side.candidates.slice(0, step.index + 1).filter((x) => x.clash === '').length}`;
      if (c.clash === 'diagonal') view.diagonals = [shared(n, a.first & b.first, a.second & b.second)];
      view.message = `${sideName}: north quarter-board ${c.north + 1} meets south ${c.south + 1}, ${verdict}`;
      break;
    }
    case 'buckets': {
      view.diagonals = keyDiagonals(n);
      view.buckets = bucketsOf(choice, -1);
      view.message = `The ${plural(choice.eastSide.halves.length, 'east half-board', 'east half-boards')} sorted into ${KEY_BUCKETS} buckets by key: which of the four key diagonals they have a queen on`;
      break;
    }
    case 'west':
    case 'pair': {
      const probe = choice.probes[step.index];
      const w = choice.westSide.halves[probe.west];
      place(choice.west, w.queens);
      view.buckets = bucketsOf(choice, w.key);
      view.diagonals = keyDiagonals(n);
      view.tested = probe.tests.length;
      view.skipped = choice.eastSide.halves.length - probe.tests.length;
      view.words = [{ name: 'west key', bits: binary(w.key, 4), role: 'west' }, ...halfWords(w, 'west')];
      if (step.kind === 'west') {
        view.focus = choice.west;
        view.message = `West half-board ${probe.west + 1} of ${choice.westSide.halves.length}, key ${binary(w.key, 4)}: it meets ${plural(view.tested, 'east half-board', 'east half-boards')} in the buckets whose key shares no bit with its own, and skips ${view.skipped}`;
        break;
      }
      const test = probe.tests[step.test];
      const e = choice.eastSide.halves[test.east];
      place(choice.east, e.queens);
      view.focus = [...Array(n).keys()];
      view.words = [
        ...halfWords(w, 'west'),
        ...halfWords(e, 'east'),
        {
          name: `${FIRST} AND`,
          bits: binary(w.first & e.first, width),
          role: 'and',
        },
        {
          name: `${SECOND} AND`,
          bits: binary(w.second & e.second, width),
          role: 'and',
        },
      ];
      view.message = test.fits
        ? `West ${probe.west + 1} against east ${test.east + 1}: both ANDs are zero, so the pair fits: pair ${step.pairs} of this row choice, ${plural(choice.classSize, 'solution', 'solutions')} with its class, ${view.found} so far`
        : `West ${probe.west + 1} against east ${test.east + 1}: they share ${sharedName(n, w.first & e.first, w.second & e.second)}`;
      if (!test.fits) view.diagonals.push(shared(n, w.first & e.first, w.second & e.second));
      break;
    }
    case 'sum':
      view.message = `${ofChoice[0].toUpperCase()}${ofChoice.slice(1)}: ${plural(choice.pairs, 'pair', 'pairs')} × ${choice.classSize} = ${choice.pairs * choice.classSize}; total ${step.total}`;
      break;
  }
  if (step.kind !== 'choice')
    view.foundHow = `${choice.before} before this row choice + ${plural(step.pairs, 'pair', 'pairs')} × class size ${choice.classSize}`;
  const placed = view.queens.flatMap((c, r) => (c === undefined ? [] : [`row ${r} column ${c}`]));
  view.summary = `Rows ${list(choice.east)} east, ${list(choice.west)} west${choice.middle >= 0 ? `, ${choice.middle} the middle column's` : ''}; ${placed.length ? `queens at ${list(placed)}` : 'no queen shown'}.${diagonalsSaid(view.diagonals)}`;
  return view;
}

/** Why the stage of a step of `kind` works, said once per stage, its words defined where they are first met. */
function whyOf(kind: JoinStep['kind'], n: number, classSize: number): string {
  switch (kind) {
    case 'choice':
      return `Why one row choice of each mirror class: mirroring the board left to right swaps east and west, and top to bottom reverses the rows; each maps solutions one to one, so the row choices it makes of this one (its mirror class, ${classSize} in all) have as many solutions each, and counting this one's pairs ${classSize} times counts them all.`;
    case 'quarter':
      return "Why quarter-boards: a side's queens are listed a half at a time, a queen on each of its rows in the top half (north) or the bottom half (south), on the side's columns and attacking none of the others nor the middle column's queen; two short lists are quicker to make than one long one.";
    case 'join':
      return 'Why meet them: every north quarter-board of the side meets every south one (the quarter-boards met), and the two make a half-board, a queen on each of the side’s rows, only where they share no column and no diagonal: the AND of their words is zero.';
    case 'buckets':
      return `Why keys: the key says which of four diagonals a half-board has a queen on: ${diagonalName('first', n - 1, n)} (the longest) and ${n}, and ${diagonalName('second', n - 1, n)} (the longest) and 1, its bits in that order. Two half-boards with a queen on the same diagonal clash, so a west half-board reads no east one in a bucket whose key shares a bit with its own.`;
    case 'west':
      return 'Why it skips the ✗ buckets unread: each of their east half-boards has a queen on a key diagonal that this west half-board has a queen on too, so every pair with them would clash.';
    case 'pair':
      return "Why a pair that fits is a solution: the west half-board's queens stand on the west columns and the east's on the east ones, on rows of their own, so they cannot share a row or a column, only a diagonal, which the two ANDs test.";
    case 'sum':
      return `Why × class size: each of the ${classSize} row choices of the class has as many solutions as this one, the mirror images of its own, so this one's pairs count ${classSize} times.`;
    case 'done':
      return 'Why Burnside divides by 8: the board has eight symmetries, the identity (the board as it is), three turns and four mirrors. Burnside counts the classes of solutions (the unique ones) as the average, over the eight, of the solutions each keeps unchanged: the identity keeps all (the total); no mirror keeps any, as no solution is its own mirror image; the half turn keeps F180; and the two quarter turns keep the same F90 boards, as each undoes the other.';
  }
}

/** Why a side of a row choice makes no half-board, where it makes none; '' where it makes some. */
function emptySide(n: number, name: 'east' | 'west', side: Side, middle: number): string {
  const columns = `columns ${side.base} to ${side.base + (n >> 1) - 1}`;
  const attacking =
    middle >= 0
      ? ", none attacking another or the middle column's queen"
      : ' without two sharing a column or a diagonal';
  for (const [part, rows, boards] of [
    ['north', side.northRows, side.north],
    ['south', side.southRows, side.south],
  ] as const)
    if (boards.length === 0)
      return `the ${name} side has no ${part} quarter-board, as no queens fit on rows ${list(rows)} in ${columns}${attacking}; so no ${name} half-board`;
  if (side.halves.length === 0)
    return `every north quarter-board of the ${name} side shares a column or a diagonal with every south one; so no ${name} half-board`;
  return '';
}

/** A diagonal of the board by its bit, with its squares. */
function diagonal(role: DrawnDiagonal['role'], direction: 'first' | 'second', bit: number, n: number): DrawnDiagonal {
  const squares: [number, number][] = [];
  for (let r = 0; r < n; r++) {
    const c = direction === 'first' ? bit - r : r + n - 1 - bit;
    if (c >= 0 && c < n) squares.push([r, c]);
  }
  return {
    role,
    direction,
    bit,
    name: diagonalName(direction, bit, n),
    squares,
  };
}

/** The four diagonals a key's bits stand for, in the bits' order (see keyOf in join-walk.ts). */
function keyDiagonals(n: number): DrawnDiagonal[] {
  return [
    diagonal('key', 'first', n - 1, n),
    diagonal('key', 'first', n, n),
    diagonal('key', 'second', n - 1, n),
    diagonal('key', 'second', n, n),
  ];
}

/** The lowest diagonal two boards share, by the ANDs of their words. */
function shared(n: number, first: number, second: number): DrawnDiagonal {
  const lowest = (word: number) => 31 - Math.clz32(word & -word);
  return first !== 0 ? diagonal('shared', 'first', lowest(first), n) : diagonal('shared', 'second', lowest(second), n);
}

function sharedName(n: number, first: number, second: number): string {
  return shared(n, first, second).name;
}

/** The diagonals drawn, in words, for a reader who cannot see the board. */
function diagonalsSaid(diagonals: readonly DrawnDiagonal[]): string {
  const keys = diagonals.filter((d) => d.role === 'key').map((d) => d.name);
  const clash = diagonals.find((d) => d.role === 'shared');
  return (
    (keys.length ? ` Key diagonals marked with their arrows: ${list(keys)}.` : '') +
    (clash ? ` Marked ✕: the ${clash.name}, which both boards have a queen on.` : '')
  );
}

function bucketsOf(choice: Subproblem, westKey: number): Bucket[] {
  return choice.buckets.map((bucket, key) => ({
    key,
    bits: binary(key, 4),
    size: bucket.length,
    state: westKey < 0 ? '' : (key & westKey) === 0 ? 'meets' : 'skips',
  }));
}

/** The join's walk as the panel's controller moves it: each step drawn from its number alone. */
export class JoinTimeline implements WalkModel<JoinView> {
  private at = 0;

  constructor(readonly walk: JoinWalk) {}

  get n(): number {
    return this.walk.n;
  }

  get last(): number {
    return this.walk.last;
  }

  seek(step: number): boolean {
    if (!Number.isInteger(step) || step < 0 || step > this.walk.last) return false;
    this.at = step;
    return true;
  }

  view(): JoinView {
    return joinView(this.walk, this.at);
  }
}
