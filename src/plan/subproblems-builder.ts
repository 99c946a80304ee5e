// Collecting subproblems as the planner finds them, into the flat form they are counted in
// (kernel/subproblems.ts).

import type { Subproblems } from '../kernel/subproblems.js';

/** Collects subproblems of one width into flat arrays. */
export class SubproblemsBuilder {
  private queens: Int8Array;
  private weight: Uint8Array;
  private stabilizer: Uint8Array;
  private count = 0;

  constructor(
    private readonly width: number,
    capacity = 64,
  ) {
    this.queens = new Int8Array(capacity * width * 2);
    this.weight = new Uint8Array(capacity);
    this.stabilizer = new Uint8Array(capacity);
  }

  /**
   * Adds one subproblem: its queens as [row, col, row, col, ...] (at most width of them; rows of -1
   * after them are padding).
   */
  add(queens: ArrayLike<number>, weight: number, stabilizer: number): void {
    if (this.count === this.weight.length) this.grow();
    const at = this.count * this.width * 2;
    // Copied by the typed arrays' own methods: planning often runs before anything is compiled,
    // and a loop here would be what the engine compiles first.
    this.queens.set(queens, at);
    this.queens.fill(-1, at + queens.length, at + this.width * 2);
    this.weight[this.count] = weight;
    this.stabilizer[this.count] = stabilizer;
    this.count++;
  }

  finish(): Subproblems {
    const { count, width } = this;
    return {
      count,
      width,
      queens: this.queens.slice(0, count * width * 2),
      weight: this.weight.slice(0, count),
      stabilizer: this.stabilizer.slice(0, count),
      choice: new Uint32Array(count),
    };
  }

  private grow(): void {
    const capacity = this.weight.length * 2;
    const queens = new Int8Array(capacity * this.width * 2);
    const weight = new Uint8Array(capacity);
    const stabilizer = new Uint8Array(capacity);
    queens.set(this.queens);
    weight.set(this.weight);
    stabilizer.set(this.stabilizer);
    this.queens = queens;
    this.weight = weight;
    this.stabilizer = stabilizer;
  }
}
