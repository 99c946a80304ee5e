import { plural } from './plural.js';
import type { Search, StepKind } from './stepper.js';

/** What the page shows of the search after a step. */
export interface Step {
  kind: StepKind;
  /** The row the step is about; -1 once the search is done. */
  row: number;
  /** The queens on the board: column per row, undefined where there is none. */
  queens: (number | undefined)[];
  /** The masks of `row`, as the queens above it leave them. */
  cols: number;
  left: number;
  right: number;
  /** The squares of `row` that no queen above attacks: ~(cols | left | right). */
  open: number;
  /** Of those, the ones still to try. */
  free: number;
  solutions: number;
  message: string;
}

const columns = (queens: ArrayLike<number>) => Array.from(queens, (c) => (c < 0 ? undefined : c));

export function describeStep(s: Search): Step {
  const bits = (mask: number) => [...Array(s.n)].map((_, c) => (mask >> c) & 1).join('');
  if (s.kind === 'done') {
    // The board keeps the last solution found, so that the end of the search still shows one.
    const last = s.last === null ? [] : columns(s.last);
    const shown = s.last === null ? '' : `; the board shows the last one, columns ${last.join(', ')}`;
    return {
      kind: 'done',
      row: -1,
      queens: last,
      cols: 0,
      left: 0,
      right: 0,
      open: 0,
      free: 0,
      solutions: s.solutions,
      message: `Done: ${plural(s.solutions, 'solution', 'solutions')} for n = ${s.n}${shown}`,
    };
  }
  const { row, col } = s;
  const { cols, left, right } = s.masks(row);
  const open = s.all & ~(cols | left | right);
  const free = s.free[row];
  const queens = columns(s.queens);
  const message = {
    row: () =>
      free === 0
        ? `Row ${row}: open = ~(cols | left | right) = ${bits(free)} (column 0 first); every square is attacked, none to try`
        : `Row ${row}: open = ~(cols | left | right) = ${bits(free)} (column 0 first); all of it to try`,
    place: () => `Row ${row}: the lowest square to try, free & -free, is column ${col}; go one row down`,
    solution: () => `Solution ${s.solutions}: columns ${queens.join(', ')}`,
    remove: () => `Row ${row}: take the queen off column ${col}${free ? ' and try the next square' : ''}`,
    'dead-end': () =>
      row === 0
        ? 'Row 0 has nothing left to try: the search is complete'
        : `Row ${row} has no square left to try: back to row ${row - 1}`,
  }[s.kind]();
  return { kind: s.kind, row, queens, cols, left, right, open, free, solutions: s.solutions, message };
}
