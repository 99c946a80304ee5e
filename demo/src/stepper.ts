// The backtracking search as a sequence of steps to watch: Richards' bitmasks, row by row, with
// no symmetry and no tricks, so that every placement and every backtrack is visible.

export type StepKind = 'row' | 'place' | 'solution' | 'remove' | 'dead-end' | 'done';

export interface Step {
  kind: StepKind;
  /** The row the step is about. */
  row: number;
  /** The queens on the board after the step: column per row, undefined where there is none. */
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

export function* search(n: number): Generator<Step, void, undefined> {
  const all = (1 << n) - 1;
  const queens: (number | undefined)[] = new Array(n).fill(undefined);
  let solutions = 0;
  const bits = (mask: number) => [...Array(n)].map((_, c) => (mask >> c) & 1).join('');
  const step = (kind: StepKind, row: number, cols: number, left: number, right: number, free: number, message: string): Step => ({
    kind, row, queens: [...queens], cols, left, right, open: all & ~(cols | left | right), free, solutions, message,
  });

  function* visit(row: number, cols: number, left: number, right: number): Generator<Step, void, undefined> {
    let free = all & ~(cols | left | right);
    yield step('row', row, cols, left, right, free, `Row ${row}: open = ~(cols | left | right) = ${bits(free)} (column 0 first); all of it to try`);
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const col = 31 - Math.clz32(bit);
      queens[row] = col;
      if (row === n - 1) {
        solutions++;
        yield step('solution', row, cols, left, right, free, `Solution ${solutions}: columns ${queens.join(', ')}`);
      } else {
        yield step('place', row, cols, left, right, free, `Row ${row}: the lowest square to try, free & -free, is column ${col}; go one row down`);
        yield* visit(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
      }
      queens[row] = undefined;
      yield step('remove', row, cols, left, right, free, `Row ${row}: take the queen off column ${col}${free ? ' and try the next square' : ''}`);
    }
    yield step('dead-end', row, cols, left, right, 0, row === 0 ? 'Row 0 has nothing left to try: the search is complete' : `Row ${row} has no square left to try: back to row ${row - 1}`);
  }

  yield* visit(0, 0, 0, 0);
  yield step('done', 0, 0, 0, 0, 0, `Done: ${solutions} solutions for n = ${n}`);
}
