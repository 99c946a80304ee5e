// The runner adds the kernels' results as numbers while every sum is exact and as BigInt beyond:
// both ways, and the moves between them, must give the exact totals, for each counting method. A
// kernel whose results are given makes the sizes that no real count reaches in a test.
import { describe, expect, it } from 'vitest';
import { BATCH, RESULT_WORDS } from '../assembly/layout.js';
import { RangeCounter, UNBOUNDED } from '../src/kernel/count-range.js';
import type { Subproblems } from '../src/kernel/subproblems.js';
import { addTallies, emptyTally } from '../src/kernel/tally.js';
import { compileKernelSync } from '../src/kernel/wasm/compile.js';
import { wasmKernel } from '../src/kernel/wasm/kernel.js';
import { instantiateKernelSync } from '../src/kernel/wasm/module.js';
import { HALF_TURN, QUARTER_TURN, SYMMETRIES, THREE_QUARTER_TURN } from '../src/symmetry.js';
import type { Method } from '../src/types.js';
import { type Given, givenKernel } from './helpers/given-kernel.js';

/** The given subproblems as a list: frames of a backtracking count, or a join's row choices (east rows 1). */
function listOf(given: readonly Given[], method: Method): Subproblems {
  return {
    count: given.length,
    width: 1,
    queens: new Int8Array(given.length * 2).fill(-1),
    weight: Uint8Array.from(given, (g) => g.weight),
    stabilizer: Uint8Array.from(given, (g) => g.stabilizer),
    choice: new Uint32Array(given.length).fill(method === 'join' ? 1 : 0),
  };
}

/** The expected counts, in BigInt throughout: Burnside's lemma written out for each frame. */
function expected(given: readonly Given[]): { total: bigint; unique: bigint } {
  let total = 0n;
  let unique = 0n;
  for (const g of given) {
    total += BigInt(g.weight) * g.completions;
    if (g.stabilizer === 0) continue;
    let fixed = 0n;
    let size = 0n;
    for (let s = 0; s < SYMMETRIES; s++) {
      if ((g.stabilizer & (1 << s)) === 0) continue;
      size++;
      if (s === 0) fixed += g.completions;
      else if (s === HALF_TURN) fixed += g.halfTurns;
      else if (s === QUARTER_TURN || s === THREE_QUARTER_TURN) fixed += g.quarterTurns;
    }
    unique += fixed / size;
  }
  return { total, unique };
}

/** A join's expected tally: each unit's count weight times, and weight times F180 + 2 F90 as `unique`. */
function expectedJoin(given: readonly Given[]): { total: bigint; unique: bigint } {
  let total = 0n;
  let unique = 0n;
  for (const g of given) {
    total += BigInt(g.weight) * g.completions;
    unique += BigInt(g.weight) * (g.halfTurns + 2n * g.quarterTurns);
  }
  return { total, unique };
}

/** Counts the list in calls of `perCall` subproblems, taking the tally after every call, as a job does. */
function countAll(given: readonly Given[], perCall: number, method: Method = 'backtrack') {
  const counter = new RangeCounter(
    givenKernel(given, perCall),
    { n: 20, subproblems: listOf(given, method), method, countsUnique: true, listRoom: 0 },
    0,
    given.length,
  );
  const tally = emptyTally();
  while (!counter.done) {
    counter.step(UNBOUNDED);
    addTallies(tally, counter.takeTally());
  }
  return tally;
}

// A frame with the identity alone (weight 8), one fixed by a half turn (weight 4), one by every
// rotation (weight 2); their fixed counts add up to a multiple of the stabilizer's size, as
// Burnside's lemma has them on a real board.
const frame = (c: bigint, kind: number): Given =>
  kind === 0
    ? { completions: c, halfTurns: 0n, quarterTurns: 0n, weight: 8, stabilizer: 1 }
    : kind === 1
      ? { completions: c, halfTurns: c - 2n * (c / 4n), quarterTurns: 0n, weight: 4, stabilizer: 1 | (1 << HALF_TURN) }
      : rotations(c - (c % 2n));

// Fixed by every rotation: c + h + 2q = 2c, a multiple of 4 for an even c.
const rotations = (c: bigint): Given => ({
  completions: c,
  halfTurns: c - 2n * (c / 4n),
  quarterTurns: c / 4n,
  weight: 2,
  stabilizer: 1 | (1 << QUARTER_TURN) | (1 << HALF_TURN) | (1 << THREE_QUARTER_TURN),
});

describe('adding up subproblems', () => {
  it('results just below 2^49, summed past 2^53 many times over, come out exact', () => {
    const given = Array.from({ length: 3 * BATCH + 17 }, (_, i) => frame(2n ** 49n - 1n - BigInt(i), i % 3));
    const tally = countAll(given, 50);
    expect(tally.total).toBeGreaterThan(2n ** 60n);
    expect(tally).toEqual(expected(given));
  });

  it('results above 2^53, and between 2^49 and 2^53, among small ones, come out exact', () => {
    const sizes = [7n, 2n ** 49n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 64n - 5n, 123456789n];
    const given = Array.from({ length: 600 }, (_, i) => frame(sizes[i % sizes.length], i % 3));
    const tally = countAll(given, 7);
    expect(tally).toEqual(expected(given));
  });

  it('subproblems that stand only for themselves (no stabilizer) add no unique count', () => {
    const given: Given[] = Array.from({ length: 40 }, (_, i) => ({
      completions: BigInt(i) * 2n ** 47n,
      halfTurns: 0n,
      quarterTurns: 0n,
      weight: 1,
      stabilizer: 0,
    }));
    const tally = countAll(given, 3);
    expect(tally.unique).toBe(0n);
    expect(tally.total).toBe(expected(given).total);
  });
});

describe("adding up a join's units", () => {
  // A unit of weight 1 or 2 (a class of two or four row choices); F180 and F90 as a rotated
  // frame's would be, of any size.
  const unit = (c: bigint, i: number): Given => ({
    completions: c,
    halfTurns: c / 3n,
    quarterTurns: c / 7n,
    weight: 1 + (i % 2),
    stabilizer: 0,
  });

  it('results just below 2^49, summed past 2^53 many times over, come out exact', () => {
    const given = Array.from({ length: 3 * BATCH + 17 }, (_, i) => unit(2n ** 49n - 1n - BigInt(i), i));
    const tally = countAll(given, 50, 'join');
    expect(tally.total).toBeGreaterThan(2n ** 59n);
    expect(tally).toEqual(expectedJoin(given));
  });

  it('rotations whose F180 + 2 F90 alone passes 2^49, and results past 2^53, come out exact', () => {
    const sizes = [7n, 2n ** 48n, 2n ** 49n - 1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 64n - 5n, 123456789n];
    const given = Array.from({ length: 600 }, (_, i) => ({
      ...unit(sizes[i % sizes.length], i),
      // F90 near the completions: the weighted sum passes 2^49 where the completions do not.
      quarterTurns: sizes[i % sizes.length] - 1n,
    }));
    const tally = countAll(given, 7, 'join');
    expect(tally).toEqual(expectedJoin(given));
  });
});

describe('the wasm kernel reading its u64 results', () => {
  it('gives numbers exactly below 2^53 and Infinity from there on, and bigResult every value exactly', () => {
    const exports = instantiateKernelSync(compileKernelSync());
    const kernel = wasmKernel(exports);
    const results = new BigUint64Array(exports.memory.buffer, exports.resultsOffset(), BATCH * RESULT_WORDS);
    const values = [
      0n,
      1n,
      2n ** 32n - 1n,
      2n ** 32n,
      2n ** 32n + 7n,
      2n ** 49n + 3n,
      2n ** 53n - 1n,
      2n ** 53n,
      2n ** 63n + 5n,
      2n ** 64n - 1n,
    ];
    values.forEach((v, k) => {
      results[k * RESULT_WORDS + 1] = v;
    });
    values.forEach((v, k) => {
      expect(kernel.result(k, 1)).toBe(v < 2n ** 53n ? Number(v) : Infinity);
      expect(kernel.bigResult(k, 1)).toBe(v);
    });
  });
});
