// The subproblems of a count, the unit of work for kernels, threads, progress, shards and
// checkpoints: each is some queens placed in advance whose completions are counted. They are kept
// in flat typed arrays, so that a list of tens of thousands costs little to build, to fingerprint
// and to send to a worker thread.

export interface Subproblems {
  /** How many there are. */
  readonly count: number;
  /** Queens per subproblem; shorter ones are padded with rows of -1. */
  readonly width: number;
  /** count * width (row, col) pairs, each subproblem's queens in turn. */
  readonly queens: Int8Array;
  /** How many solutions of the whole board each completion stands for. */
  readonly weight: Uint8Array;
  /**
   * For a symmetry frame: bit g set when board symmetry g (symmetry.ts) maps the frame onto
   * itself. 0 for subproblems that stand for themselves only.
   */
  readonly stabilizer: Uint8Array;
}

/** Subproblems from..to-1 of a list, as a list of their own (a copy: it is sent to threads as is). */
export function sliceSubproblems(list: Subproblems, from: number, to: number): Subproblems {
  return {
    count: to - from,
    width: list.width,
    queens: list.queens.slice(from * list.width * 2, to * list.width * 2),
    weight: list.weight.slice(from, to),
    stabilizer: list.stabilizer.slice(from, to),
  };
}

/** The subproblems whose index i has i % count === index: one shard of a split. */
export function everyNth(list: Subproblems, index: number, count: number): Subproblems {
  const size = list.count > index ? Math.ceil((list.count - index) / count) : 0;
  const pairs = list.width * 2;
  const out = {
    count: size,
    width: list.width,
    queens: new Int8Array(size * pairs),
    weight: new Uint8Array(size),
    stabilizer: new Uint8Array(size),
  };
  for (let k = 0, i = index; k < size; k++, i += count) {
    out.queens.set(list.queens.subarray(i * pairs, (i + 1) * pairs), k * pairs);
    out.weight[k] = list.weight[i];
    out.stabilizer[k] = list.stabilizer[i];
  }
  return out;
}

/** The subproblems at `indices` of a list, as a list of their own. */
export function pickSubproblems(list: Subproblems, indices: readonly number[]): Subproblems {
  const pairs = list.width * 2;
  const out = {
    count: indices.length,
    width: list.width,
    queens: new Int8Array(indices.length * pairs),
    weight: new Uint8Array(indices.length),
    stabilizer: new Uint8Array(indices.length),
  };
  indices.forEach((i, k) => {
    out.queens.set(list.queens.subarray(i * pairs, (i + 1) * pairs), k * pairs);
    out.weight[k] = list.weight[i];
    out.stabilizer[k] = list.stabilizer[i];
  });
  return out;
}

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
