// The subproblems of a count, the unit of work for kernels, threads, progress, shards and
// checkpoints: each is some queens placed in advance whose completions are counted. They are kept
// in flat typed arrays, so that a list of tens of thousands costs little to build, to fingerprint
// and to send to a worker thread. The planner builds them (plan/); everything that counts them
// (the kernels, the runner, the pool) reads them in this form.

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
  /**
   * A join's list (plan/join-units.ts): per subproblem, its row choice, the rows whose queen
   * stands in the east half, counted by the join; 0 for the one subproblem that is searched
   * instead (the rotations' fixed points, for the unique count). null in a backtracking list.
   */
  readonly eastRows: Uint32Array | null;
}

/**
 * A list of subproblems to count: on an n×n board, whether their results add up to a unique
 * count, and the bytes of lists a join may hold in each thread.
 */
export interface CountWork {
  readonly n: number;
  readonly subproblems: Subproblems;
  readonly countsUnique: boolean;
  readonly joinRoom: number;
}

/** Subproblems from..to-1 of a list, as a list of their own (a copy: it is sent to threads as is). */
export function sliceSubproblems(list: Subproblems, from: number, to: number): Subproblems {
  return {
    count: to - from,
    width: list.width,
    queens: list.queens.slice(from * list.width * 2, to * list.width * 2),
    weight: list.weight.slice(from, to),
    stabilizer: list.stabilizer.slice(from, to),
    eastRows: list.eastRows?.slice(from, to) ?? null,
  };
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
    eastRows: list.eastRows === null ? null : new Uint32Array(indices.length),
  };
  indices.forEach((i, k) => {
    out.queens.set(list.queens.subarray(i * pairs, (i + 1) * pairs), k * pairs);
    out.weight[k] = list.weight[i];
    out.stabilizer[k] = list.stabilizer[i];
    if (out.eastRows !== null && list.eastRows !== null) out.eastRows[k] = list.eastRows[i];
  });
  return out;
}
