import { plural } from './plural.js';
import { LEVEL_WORDS, type Search, type StepKind } from './stepper.js';

/** A level of the explicit stack: a row above the current one, as the search left it going down. */
export interface Level {
  row: number;
  /** The column of the row's queen. */
  queen: number;
  cols: number;
  first: number;
  second: number;
  /** The row's squares still to try. */
  free: number;
}

/** What the page shows of the search after a step. */
export interface Step {
  kind: StepKind;
  /** The row the step is about; -1 once the search is done. */
  row: number;
  /** The queens on the board: column per row, undefined where there is none. */
  queens: (number | undefined)[];
  /** The masks of `row`, as the queens above it leave them. */
  cols: number;
  first: number;
  second: number;
  /** The squares of `row` that no queen above attacks: ~(cols | first | second). */
  open: number;
  /** Of those, the ones still to try. */
  free: number;
  /** The explicit stack, row 0 first. */
  stack: Level[];
  solutions: number;
  message: string;
  /** The values of the variables the step's line sets, as `name = value` pairs. */
  values: string;
  /** The current row in words, for a reader who cannot see the board. */
  summary: string;
}

const columns = (queens: ArrayLike<number>) => Array.from(queens, (c) => (c < 0 ? undefined : c));

/** The columns of a mask in words: "column 2", "columns 1, 4 and 6". */
export function columnsInWords(mask: number, n: number): string {
  const list = [...Array(n).keys()].filter((c) => (mask >> c) & 1);
  if (list.length === 1) return `column ${list[0]}`;
  return `columns ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

export function describeStep(s: Search): Step {
  const n = s.n;
  const bits = (mask: number) => [...Array(n)].map((_, c) => (mask >> c) & 1).join('');
  if (s.kind === 'done') {
    // The board keeps the last solution found, so that the end of the search still shows one.
    const last = s.last === null ? [] : columns(s.last);
    const shown = s.last === null ? '' : `; the board shows the last one, columns ${last.join(', ')}`;
    return {
      kind: 'done',
      row: -1,
      queens: last,
      cols: 0,
      first: 0,
      second: 0,
      open: 0,
      free: 0,
      stack: [],
      solutions: s.solutions,
      message: `Done: ${plural(s.solutions, 'solution', 'solutions')} for n = ${n}${shown}`,
      values: `solutions = ${s.solutions}`,
      summary: `The search is complete: ${plural(s.solutions, 'solution', 'solutions')}.`,
    };
  }
  const { row, col, cols, first, second, free } = s;
  const open = s.all & ~(cols | first | second);
  const queens = columns(s.queens);
  const stack: Level[] = [];
  for (let level = 0; level < row; level++) {
    const at = level * LEVEL_WORDS;
    stack.push({
      row: level,
      queen: s.queens[level],
      cols: s.stack[at],
      first: s.stack[at + 1],
      second: s.stack[at + 2],
      free: s.stack[at + 3],
    });
  }
  const toTry = free === 0 ? 'nothing left to try' : `${columnsInWords(free, n)} still to try`;
  const message = {
    open: () =>
      row === 0
        ? `Row 0: free = all = ${bits(free)} (column 0 first): every square to try`
        : free === 0
          ? `Row ${row}: free = all & ~(cols | first | second) = ${bits(free)}: every square is attacked, so the queen on row ${row - 1} is a dead end`
          : `Row ${row}: free = all & ~(cols | first | second) = ${bits(free)}: ${toTry}`,
    try: () => `Row ${row}: bit = free & -free, the lowest square still to try: column ${col}`,
    solution: () => `Solution ${s.solutions}: columns ${queens.join(', ')}`,
    down: () => `Row ${row - 1} goes onto the stack; the masks move one row down, to row ${row}`,
    exhausted: () =>
      row === 0 ? 'Row 0 has nothing left to try: the search is complete' : `Row ${row} has nothing left to try`,
    back: () =>
      `Back to row ${row}: its level (the row's cols, first, second and free, saved going down) comes off the stack, and its queen off column ${col}; ${toTry}`,
  }[s.kind]();
  const values = {
    open: () => `free = ${bits(free)}`,
    try: () => `bit = ${bits(1 << col)}, free = ${bits(free)}`,
    solution: () => `solutions = ${s.solutions}`,
    down: () => `row = ${row}, cols = ${bits(cols)}, first = ${bits(first)}, second = ${bits(second)}`,
    exhausted: () => `free = ${bits(free)}`,
    back: () => `row = ${row}, free = ${bits(free)}`,
  }[s.kind]();
  const queen = queens[row];
  // Going down, free still holds the row above's: the new row's open squares are the next step.
  const summary =
    s.kind === 'down'
      ? `Row ${row}: no queen yet; its open squares come next.`
      : `Row ${row}: ${queen === undefined ? 'no queen' : `queen at column ${queen}`}; ${toTry}.`;
  return {
    kind: s.kind,
    row,
    queens,
    cols,
    first,
    second,
    open,
    free,
    stack,
    solutions: s.solutions,
    message,
    values,
    summary,
  };
}
