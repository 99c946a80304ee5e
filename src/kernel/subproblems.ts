// The subproblems of a count, the unit of work for kernels, threads, progress, shards and
// checkpoints: each is some queens placed in advance whose completions are counted. They are kept
// in flat typed arrays, so that a list of tens of thousands costs little to build, to fingerprint
// and to send to a worker thread. The planner builds them (plan/); everything that counts them
// (the kernels, the runner, the pool) reads them in this form.

import type { Method } from '../types.js';

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
   * Per subproblem, its choice: a word its method gives it besides its queens (the join's row
   * choice, plan/join-subproblems.ts: the rows whose queen stands in the east half). 0 where it is
   * searched from its queens: every subproblem of a backtracking count, and the frames a join
   * searches for the unique count.
   */
  readonly choice: Uint32Array;
}

/**
 * Subproblems made when they are counted instead of kept: where a list would not fit (a join's
 * row choices: plan/join-subproblems.ts). Subproblem i is written by `write`, into arrays the size of `width`.
 */
export interface MadeSubproblems {
  readonly count: number;
  readonly width: number;
  /** Writes subproblem i at position `at` of `out`. */
  write(i: number, out: Subproblems, at: number): void;
}

/** A plan's subproblems: kept in arrays, or made from their index when they are counted. */
export type PlannedSubproblems = Subproblems | MadeSubproblems;

export function isMade(list: PlannedSubproblems): list is MadeSubproblems {
  return 'write' in list;
}

/**
 * A list of subproblems to count: on an n×n board, the method they are counted by (which says what
 * they ask of a kernel and how their results add up: kernel/methods/), whether they add up to a
 * unique count, and the bytes of lists a method may hold in each thread (`listRoom`).
 */
export interface CountWork {
  readonly n: number;
  readonly subproblems: PlannedSubproblems;
  readonly method: Method;
  readonly countsUnique: boolean;
  readonly listRoom: number;
}

/** Subproblems from..to-1 of made subproblems, in arrays of their own. */
function make(list: MadeSubproblems, from: number, to: number): Subproblems {
  const count = to - from;
  const out = {
    count,
    width: list.width,
    queens: new Int8Array(count * list.width * 2),
    weight: new Uint8Array(count),
    stabilizer: new Uint8Array(count),
    choice: new Uint32Array(count),
  };
  for (let i = 0; i < count; i++) list.write(from + i, out, i);
  return out;
}

/**
 * Subproblems from..to-1 of a planned list, to read: views of a kept list's arrays (nothing is
 * copied), or made.
 */
export function subproblemsIn(list: PlannedSubproblems, from: number, to: number): Subproblems {
  if (isMade(list)) return make(list, from, to);
  if (from === 0 && to === list.count) return list;
  const pairs = list.width * 2;
  return {
    count: to - from,
    width: list.width,
    queens: list.queens.subarray(from * pairs, to * pairs),
    weight: list.weight.subarray(from, to),
    stabilizer: list.stabilizer.subarray(from, to),
    choice: list.choice.subarray(from, to),
  };
}

/**
 * Subproblems from..to-1 of a planned list, as a list of their own (arrays of their own: it is
 * sent to threads as is, and a view would send the whole list).
 */
export function sliceSubproblems(list: PlannedSubproblems, from: number, to: number): Subproblems {
  if (isMade(list)) return make(list, from, to);
  return {
    count: to - from,
    width: list.width,
    queens: list.queens.slice(from * list.width * 2, to * list.width * 2),
    weight: list.weight.slice(from, to),
    stabilizer: list.stabilizer.slice(from, to),
    choice: list.choice.slice(from, to),
  };
}

/** Every count-th subproblem of a made list from `index` on, as made subproblems of their own. */
export function strideSubproblems(list: MadeSubproblems, index: number, count: number): MadeSubproblems {
  return {
    count: Math.max(0, Math.ceil((list.count - index) / count)),
    width: list.width,
    write: (i, out, at) => list.write(index + i * count, out, at),
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
    choice: new Uint32Array(indices.length),
  };
  indices.forEach((i, k) => {
    out.queens.set(list.queens.subarray(i * pairs, (i + 1) * pairs), k * pairs);
    out.weight[k] = list.weight[i];
    out.stabilizer[k] = list.stabilizer[i];
    out.choice[k] = list.choice[i];
  });
  return out;
}
