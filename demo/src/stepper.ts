// The backtracking search as a sequence of steps to watch: Richards' bitmasks, row by row, with
// no symmetry and no tricks, so that every placement and every backtrack is visible. Its steps are
// those of the explicit-stack loop the wasm kernel is built on (search-code.ts shows it, and the
// recursive form of the tutorials, line by line): each step is one line of that code.
// It is a state machine rather than a generator so that a step costs no allocation: going back
// one step replays the search from the start (timeline.ts), and n = 10 has 175,520 steps.

/**
 * What a step did: `open`, entered a row and worked out its open squares; `try`, put a queen on
 * the lowest square still to try; `solution`, that queen completed a solution; `down`, pushed the
 * row onto the stack and went one row down; `exhausted`, found nothing left to try in the row;
 * `back`, popped the row above off the stack; `done`, found nothing left to try in row 0.
 */
export type StepKind = 'open' | 'try' | 'solution' | 'down' | 'exhausted' | 'back' | 'done';

/** Words per level of the stack: the masks on entering the row, and its squares still to try. */
export const LEVEL_WORDS = 4;

/** The search, paused after a step. Starts with row 0's open squares worked out. */
export class Search {
  readonly all: number;
  kind: StepKind = 'open';
  /** The row the search is in. */
  row = 0;
  /** The column of the queen tried last in `row` (`try`, `solution`), or taken off it (`back`); else -1. */
  col = -1;
  /**
   * The masks of `row`: the columns, the first diagonals (↗, r + c constant) and the second
   * diagonals (↘, r − c constant) that the queens above attack, bit c for column c.
   */
  cols = 0;
  first = 0;
  second = 0;
  /** The squares of `row` still to try. */
  free: number;
  /** Per row above `row`: its cols, first, second and free, as it was when the search went down. */
  readonly stack: Uint32Array;
  /** Column per row, -1 where there is no queen. */
  readonly queens: Int8Array;
  solutions = 0;
  /** The columns of the latest solution found, or null before the first. */
  last: Int8Array | null = null;

  constructor(readonly n: number) {
    this.all = (1 << n) - 1;
    this.free = this.all;
    this.stack = new Uint32Array(n * LEVEL_WORDS);
    this.queens = new Int8Array(n).fill(-1);
  }

  /** The bit of the queen tried last, as the code names it. */
  get bit(): number {
    return this.col < 0 ? 0 : 1 << this.col;
  }

  /**
   * The step entered a row with no square open: the queen above it is a dead end of the search
   * tree (search-tree.ts). A row that runs out of squares after trying some is not one.
   */
  get deadEnd(): boolean {
    return this.kind === 'open' && this.free === 0;
  }

  /** Takes the next step; false once the search is done. */
  next(): boolean {
    switch (this.kind) {
      case 'open':
      case 'back':
      case 'solution':
        if (this.free === 0) {
          // Every square of the row is tried: its last queen is gone with them.
          this.queens[this.row] = -1;
          this.col = -1;
          this.kind = 'exhausted';
        } else this.tryLowest();
        return true;
      case 'try':
        if (this.row === this.n - 1) {
          this.solutions++;
          this.last = this.queens.slice();
          this.kind = 'solution';
        } else this.goDown();
        return true;
      case 'down':
        this.free = this.all & ~(this.cols | this.first | this.second);
        this.kind = 'open';
        return true;
      case 'exhausted':
        if (this.row === 0) this.kind = 'done';
        else this.goBack();
        return true;
      case 'done':
        return false;
    }
  }

  private tryLowest(): void {
    const bit = this.free & -this.free;
    this.free ^= bit;
    this.col = 31 - Math.clz32(bit);
    this.queens[this.row] = this.col;
    this.kind = 'try';
  }

  private goDown(): void {
    const at = this.row * LEVEL_WORDS;
    this.stack[at] = this.cols;
    this.stack[at + 1] = this.first;
    this.stack[at + 2] = this.second;
    this.stack[at + 3] = this.free;
    const bit = this.bit;
    this.cols |= bit;
    // A row down, a first diagonal is a column to the left and a second one a column to the right.
    this.first = (this.first | bit) >> 1;
    this.second = ((this.second | bit) << 1) & this.all;
    this.row++;
    this.col = -1;
    this.kind = 'down';
  }

  private goBack(): void {
    this.row--;
    const at = this.row * LEVEL_WORDS;
    this.cols = this.stack[at];
    this.first = this.stack[at + 1];
    this.second = this.stack[at + 2];
    this.free = this.stack[at + 3];
    // The row's queen comes off: its level was pushed with that square already tried.
    this.col = this.queens[this.row];
    this.queens[this.row] = -1;
    this.kind = 'back';
  }
}
