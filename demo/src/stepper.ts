// The backtracking search as a sequence of steps to watch: Richards' bitmasks, row by row, with
// no symmetry and no tricks, so that every placement and every backtrack is visible.
// It is a state machine rather than a generator so that a step costs no allocation: going back
// one step replays the search from the start (timeline.ts), and n = 10 has 140,707 steps.

export type StepKind = 'row' | 'place' | 'solution' | 'remove' | 'dead-end' | 'done';

/** The search, paused after a step. Starts with row 0 entered. */
export class Search {
  readonly all: number;
  kind: StepKind = 'row';
  /** The row the last step was about. */
  row = 0;
  /** The column the last step put a queen on or took one off, in `row`. */
  col = -1;
  /** Column per row, -1 where there is no queen. */
  readonly queens: Int8Array;
  /** Per row down to `row`: the open squares not tried yet. */
  readonly free: Uint32Array;
  solutions = 0;
  /** The columns of the latest solution found, or null before the first. */
  last: Int8Array | null = null;

  constructor(readonly n: number) {
    this.all = (1 << n) - 1;
    this.queens = new Int8Array(n).fill(-1);
    this.free = new Uint32Array(n);
    this.enter(0);
  }

  /** Takes the next step; false once the search is done. */
  next(): boolean {
    switch (this.kind) {
      case 'row':
      case 'remove':
        this.tryNext();
        return true;
      case 'place':
        this.enter(this.row + 1);
        return true;
      case 'solution':
        this.remove();
        return true;
      case 'dead-end':
        if (this.row === 0) this.kind = 'done';
        else {
          this.row--;
          this.remove();
        }
        return true;
      case 'done':
        return false;
    }
  }

  /** The masks of `row` as the queens above it leave them. */
  masks(row: number): { cols: number; left: number; right: number } {
    let cols = 0;
    let left = 0;
    let right = 0;
    for (let above = 0; above < row; above++) {
      const c = this.queens[above];
      const d = row - above;
      cols |= 1 << c;
      if (c + d < this.n) left |= 1 << (c + d);
      if (c - d >= 0) right |= 1 << (c - d);
    }
    return { cols, left, right };
  }

  private enter(row: number): void {
    const { cols, left, right } = this.masks(row);
    this.row = row;
    this.col = -1;
    this.free[row] = this.all & ~(cols | left | right);
    this.kind = 'row';
  }

  private tryNext(): void {
    const free = this.free[this.row];
    if (free === 0) {
      this.kind = 'dead-end';
      return;
    }
    const bit = free & -free;
    this.free[this.row] = free ^ bit;
    this.col = 31 - Math.clz32(bit);
    this.queens[this.row] = this.col;
    if (this.row < this.n - 1) this.kind = 'place';
    else {
      this.solutions++;
      this.last = this.queens.slice();
      this.kind = 'solution';
    }
  }

  private remove(): void {
    this.col = this.queens[this.row];
    this.queens[this.row] = -1;
    this.kind = 'remove';
  }
}
