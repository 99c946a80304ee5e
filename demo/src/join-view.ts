// What the join's panel shows at a step, worked out without the DOM (test/join-view.test.ts): the
// step in words, the board with its rows' sides and the queens the step is about, the words in
// binary, the buckets, the row choices summed so far, and at the end Burnside's sum. The panel
// only draws it.

import { joinLineOf } from './join-code.js';
import { type Half, type JoinStep, type JoinWalk, KEY_BUCKETS, type Quarter, type Unit } from './join-walk.js';
import { plural } from './plural.js';

/** A word in binary, lowest bit first, as the board numbers its columns and diagonals. */
export interface Word {
  name: string;
  bits: string;
  /** What the row is: a side's word, the AND of two, or the key. */
  role: 'north' | 'south' | 'west' | 'east' | 'and' | 'word';
}

export interface Bucket {
  key: number;
  /** Its key bits, up n − 1, up n, down n − 1, down n. */
  bits: string;
  size: number;
  /** At a west half-board: whether it meets the bucket or skips it; else ''. */
  state: 'meets' | 'skips' | '';
}

export interface JoinFrame {
  kind: JoinStep['kind'];
  number: number;
  last: number;
  message: string;
  /** The variables of the step's line, as `name = value` pairs. */
  values: string;
  line: number;
  /** A letter per row: E (its queen east), W (west) or M (the middle column's queen). */
  sides: string[];
  /** The queens the step is about: column per row, undefined where none is shown. */
  queens: (number | undefined)[];
  /** The rows the step is about. */
  focus: number[];
  /** The board in words, for a reader who cannot see it. */
  summary: string;
  /** The row choice's class, each as its letters, this one first; and its weight. */
  choices: string[];
  weight: number;
  unit: number;
  units: number;
  words: Word[];
  buckets: Bucket[];
  /** At a west half-board or a pair: the pairs it tests and those the buckets spare it. */
  tested: number;
  skipped: number;
  /** The row choices summed so far: east rows, pairs, weight. */
  tally: { east: string; pairs: number; weight: number }[];
  total: number;
  pairs: number;
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

function sidesOf(n: number, unit: Unit): string[] {
  return [...Array(n).keys()].map((r) => (r === unit.middle ? 'M' : unit.east.includes(r) ? 'E' : 'W'));
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
    if (name === 'up' || name === 'down') return binary(value, 2 * n - 1);
    return String(value);
  }
  if (typeof value === 'object' && value !== null) {
    const half = value as Half;
    return `{ key: ${binary(half.key, 4)}, queens: [${half.queens.join(', ')}] }`;
  }
  return String(value);
}

/** What the panel shows at step `number` of `walk`. */
export function joinFrame(walk: JoinWalk, number: number): JoinFrame {
  const n = walk.n;
  const step = walk.step(number);
  const width = 2 * n - 1;
  const values = Object.entries(walk.values(step))
    .map(([name, value]) => `${name} = ${shown(name, value, n)}`)
    .join(', ');
  const done = step.kind === 'done';
  const unit = done ? null : walk.units[step.unit];
  const tally = walk.units
    .slice(0, done ? walk.units.length : step.kind === 'sum' ? step.unit + 1 : step.unit)
    .map((u) => ({ east: u.east.join(', '), pairs: u.pairs, weight: u.weight }));
  const frame: JoinFrame = {
    kind: step.kind,
    number: step.number,
    last: walk.last,
    message: '',
    values,
    line: joinLineOf(step.kind),
    sides: unit ? sidesOf(n, unit) : [],
    queens: new Array(n).fill(undefined),
    focus: [],
    summary: '',
    choices: unit ? unit.images.map((c) => choiceLetters(n, c.east, c.middle)) : [],
    weight: unit?.weight ?? 0,
    unit: step.unit,
    units: walk.units.length,
    words: [],
    buckets: [],
    tested: 0,
    skipped: 0,
    tally,
    total: step.total,
    pairs: step.pairs,
    burnside: null,
    kept: null,
  };
  if (unit === null) {
    const { total, halfTurn, quarterTurn, unique } = walk.sums;
    frame.message = `Done: ${plural(total, 'solution', 'solutions')} for n = ${n}, ${unique} unique`;
    frame.burnside = `${unique} = (${total} + ${halfTurn} + 2 × ${quarterTurn}) / 8`;
    frame.kept = { halfTurn: walk.sums.halfTurnBoards, quarterTurn: walk.sums.quarterTurnBoards };
    frame.summary = `The join is complete: ${plural(total, 'solution', 'solutions')}.`;
    return frame;
  }
  const k = n >> 1;
  if (unit.middle >= 0) frame.queens[unit.middle] = k;
  const place = (rows: readonly number[], queens: readonly number[]) =>
    rows.forEach((r, i) => {
      frame.queens[r] = queens[i];
    });
  const sideName = step.side === 'west' ? 'West' : 'East';
  const side = step.side === 'west' ? unit.westSide : unit.eastSide;
  const quarterWords = (q: Quarter, role: 'north' | 'south') => [
    { name: `${role} cols`, bits: binary(q.cols, n), role },
    { name: `${role} up`, bits: binary(q.up, width), role },
    { name: `${role} down`, bits: binary(q.down, width), role },
  ];
  const halfWords = (h: Half, role: 'west' | 'east') => [
    { name: `${role} up`, bits: binary(h.up, width), role },
    { name: `${role} down`, bits: binary(h.down, width), role },
  ];
  const ofUnit = `row choice ${step.unit + 1} of ${walk.units.length}`;
  switch (step.kind) {
    case 'choice': {
      const middle = unit.middle >= 0 ? `, the middle column's queen on row ${unit.middle}` : '';
      frame.message = `${ofUnit[0].toUpperCase()}${ofUnit.slice(1)}: rows ${list(unit.east)} east${middle}; its class holds ${plural(unit.weight, 'choice', 'choices')}, so each of its pairs counts ${unit.weight} times`;
      frame.focus = unit.east;
      break;
    }
    case 'quarter': {
      const q = (step.part === 'north' ? side.north : side.south)[step.index];
      const rows = step.part === 'north' ? side.northRows : side.southRows;
      const count = step.part === 'north' ? side.north.length : side.south.length;
      place(rows, q.queens);
      frame.focus = rows;
      frame.words = quarterWords(q, step.part!);
      const queens =
        rows.length === 0
          ? `the side has no row in this half, so one empty quarter-board`
          : rows.length === 1
            ? `a queen on row ${rows[0]} at column ${q.queens[0]}`
            : `queens on rows ${list(rows)} at columns ${list(q.queens)}`;
      frame.message = `${sideName}, ${step.part} quarter-board ${step.index + 1} of ${count}: ${queens}`;
      break;
    }
    case 'join': {
      const c = side.candidates[step.index];
      const a = side.north[c.north];
      const b = side.south[c.south];
      place(side.northRows, a.queens);
      place(side.southRows, b.queens);
      frame.focus = side.rows;
      frame.words = [
        ...quarterWords(a, 'north'),
        ...quarterWords(b, 'south'),
        c.clash === 'column'
          ? { name: 'cols AND', bits: binary(a.cols & b.cols, n), role: 'and' as const }
          : { name: 'diagonals AND', bits: binary((a.up & b.up) | (a.down & b.down), width), role: 'and' as const },
      ];
      const verdict =
        c.clash === 'column'
          ? 'refused: they share a column'
          : c.clash === 'diagonal'
            ? 'refused: they share a diagonal'
            : `accepted: half-board ${side.candidates.slice(0, step.index + 1).filter((x) => x.clash === '').length}`;
      frame.message = `${sideName}: north quarter-board ${c.north + 1} meets south ${c.south + 1}, ${verdict}`;
      break;
    }
    case 'buckets': {
      frame.buckets = bucketsOf(unit, -1);
      frame.message = `The ${plural(unit.eastSide.halves.length, 'east half-board', 'east half-boards')} sorted into ${KEY_BUCKETS} buckets by key: the queens they have on the four longest diagonals`;
      break;
    }
    case 'west':
    case 'pair': {
      const probe = unit.probes[step.index];
      const w = unit.westSide.halves[probe.west];
      place(unit.west, w.queens);
      frame.buckets = bucketsOf(unit, w.key);
      frame.tested = probe.tests.length;
      frame.skipped = unit.eastSide.halves.length - probe.tests.length;
      frame.words = [{ name: 'west key', bits: binary(w.key, 4), role: 'west' }, ...halfWords(w, 'west')];
      if (step.kind === 'west') {
        frame.focus = unit.west;
        frame.message = `West half-board ${probe.west + 1} of ${unit.westSide.halves.length}, key ${binary(w.key, 4)}: it meets ${plural(frame.tested, 'east half-board', 'east half-boards')} in the buckets whose key shares no bit with its own, and skips ${frame.skipped}`;
        break;
      }
      const test = probe.tests[step.test];
      const e = unit.eastSide.halves[test.east];
      place(unit.east, e.queens);
      frame.focus = [...Array(n).keys()];
      frame.words = [
        ...halfWords(w, 'west'),
        ...halfWords(e, 'east'),
        { name: 'up AND', bits: binary(w.up & e.up, width), role: 'and' },
        { name: 'down AND', bits: binary(w.down & e.down, width), role: 'and' },
      ];
      frame.message = test.fits
        ? `West ${probe.west + 1} against east ${test.east + 1}: both ANDs are zero, a solution (pair ${step.pairs} of this row choice)`
        : `West ${probe.west + 1} against east ${test.east + 1}: they share a diagonal`;
      break;
    }
    case 'sum':
      frame.message = `${ofUnit[0].toUpperCase()}${ofUnit.slice(1)}: ${plural(unit.pairs, 'pair', 'pairs')} × ${unit.weight} = ${unit.pairs * unit.weight}; total ${step.total}`;
      break;
  }
  const placed = frame.queens.flatMap((c, r) => (c === undefined ? [] : [`row ${r} column ${c}`]));
  frame.summary = `Rows ${list(unit.east)} east, ${list(unit.west)} west${unit.middle >= 0 ? `, ${unit.middle} the middle column's` : ''}; ${placed.length ? `queens at ${list(placed)}` : 'no queen shown'}.`;
  return frame;
}

function bucketsOf(unit: Unit, westKey: number): Bucket[] {
  return unit.buckets.map((bucket, key) => ({
    key,
    bits: binary(key, 4),
    size: bucket.length,
    state: westKey < 0 ? '' : (key & westKey) === 0 ? 'meets' : 'skips',
  }));
}
