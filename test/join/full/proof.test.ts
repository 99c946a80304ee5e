// The join (assembly/join.ts and src/kernel/js/join.ts) at the side widths the fast tier cannot
// prove against an independent count: k = 10 to 14 (n = 20 to 29), where one subproblem's naive
// all-pairs test takes minutes. Here the reference is the search counter
// (test/helpers/search-subproblem.ts, proven in the fast tier against every subproblem of n = 6 to
// 11): a backtracking over the whole board, which shares nothing with the join, and takes seconds
// on the subproblems chosen here.
//
// The subproblems: row choices taken from solutions (a seeded random solution of the board, and
// the row choice its queens make), so that each counts at least that solution; and subproblems of
// the plan whose search is short and whose count is not 0, found by scanning the plan once (the
// scan's cost is why their row choices are listed: the reference still counts each here). Each is
// counted by both kernels three ways (test/helpers/three-ways.ts): whole, in parts (the least
// room), and in calls of 1 to 64 steps with the room it wants.
//
// And one subproblem of n = 26 (k = 13), the first board whose rests take a word for each of the
// first and second diagonals (the wide form), found by scanning the first subproblems in an earlier
// order of the plan (the first with a count that is not 0): its search takes minutes. (Those of
// n = 24 and 25 found so take seconds: CI checks them, test/join/wide.test.ts.) In the least room
// its half-boards come in thousands of parts (minutes); with 2% more, in tens of parts (seconds).
//
// At k = 14 (n = 28, 29) the search counter did not finish a subproblem of n = 29 in 13 minutes,
// and the naive counter (test/helpers/naive-join.ts: each side by plain backtracking, every pair
// tested) cannot test a subproblem that counts anything: of the first 24 subproblems of n = 29 and
// the last 21, the 11 that do each have a side of over 2 million half-boards. What it can test is
// the first subproblem, whose sides are nearly 14-queens solutions of a square (69,516 and 365,596
// half-boards, 2.5·10^10 pair tests, about a minute) and which counts 0: that both kernels find no
// pair there, whole and in parts. No test proves k = 15 and 16: their shortest lists are longer
// still (n = 31's first subproblem has 2,279,184 half-boards on its west side alone).

import { describe, expect, it } from 'vitest';
import type { Kernel } from '../../../src/kernel/kernel.js';
import { countSubproblem, kernels } from '../../helpers/join-subproblem.js';
import { type JoinSubproblem, naiveSubproblemCount } from '../../helpers/naive-join.js';
import { randomInt, seededRandom } from '../../helpers/random.js';
import { searchSubproblem } from '../../helpers/search-subproblem.js';
import { partsRoom, threeWays } from '../../helpers/three-ways.js';

/** A solution of the n×n board (its queens' columns, row by row), by a search that tries columns in a seeded order. */
function seededSolution(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  const orders = Array.from({ length: n }, () => {
    const columns = Array.from({ length: n }, (_, c) => c);
    for (let i = n - 1; i > 0; i--) {
      const j = randomInt(random, 0, i);
      [columns[i], columns[j]] = [columns[j], columns[i]];
    }
    return columns;
  });
  const placed: number[] = [];
  const fits = (row: number, column: number) =>
    placed.every((c, r) => c !== column && Math.abs(c - column) !== row - r);
  const place = (row: number): boolean => {
    if (row === n) return true;
    for (const column of orders[row]) {
      if (!fits(row, column)) continue;
      placed.push(column);
      if (place(row + 1)) return true;
      placed.pop();
    }
    return false;
  };
  if (!place(0)) throw new Error(`no solution of n = ${n}`);
  return placed;
}

/** The row choice a solution makes: the rows whose queen stands in the east half, and the middle queen's row. */
function subproblemOfSolution(n: number, columns: number[]): JoinSubproblem {
  const k = n >> 1;
  const middleRow = n % 2 === 1 ? columns.indexOf((n - 1) >> 1) : -1;
  let eastRows = 0;
  columns.forEach((column, row) => {
    if (row !== middleRow && column >= n - k) eastRows |= 1 << row;
  });
  return { n, eastRows: eastRows >>> 0, middleRow };
}

/** Subproblems of the plan with a short search and a count that is not 0 (see the header): east rows, middle queen's row. */
const PLAN_SUBPROBLEMS: Record<number, [number, number][]> = {
  20: [
    [0x1eaf, -1],
    [0x8d77, -1],
  ],
  21: [
    [0xf6883, 2],
    [0xb8ee, 4],
  ],
  22: [[0x77e6, -1]],
  26: [[0xdfb7, -1]],
};
/** Seeds of the solutions whose row choices are counted: their searches take 2 to 5 s at n = 20 and 21, 35 s at 23. */
const SOLUTION_SEEDS: Record<number, number[]> = { 20: [1, 2], 21: [1, 2], 23: [1] };

/** The room a subproblem is counted in parts with: the least, or from n = 24 on 2% more (see the header). */
const spareRoom = (n: number) => (n < 24 ? 1 : 1.02);

// A subproblem's search takes up to two minutes (n = 26), its count in parts up to a minute (n = 23).
const SUBPROBLEM_TIMEOUT_MS = 10 * 60_000;

describe('the join at k = 10 to 13 against a search of the whole board', () => {
  for (const n of [20, 21, 22, 23, 26]) {
    const subproblems = [
      ...(SOLUTION_SEEDS[n] ?? []).map((seed) => ({
        label: `the row choice of solution seed ${seed}`,
        subproblem: subproblemOfSolution(n, seededSolution(n, seed)),
      })),
      ...(PLAN_SUBPROBLEMS[n] ?? []).map(([eastRows, middleRow]) => ({
        label: `the row choice 0x${eastRows.toString(16)}`,
        subproblem: { n, eastRows, middleRow },
      })),
    ];
    for (const { label, subproblem } of subproblems) {
      it(
        `n = ${n}, ${label}: both kernels count what the search counts, whole, in parts and in calls of 1 to 64 steps`,
        () => {
          const named = { n, label, eastRows: subproblem.eastRows, middleRow: subproblem.middleRow };
          const search = searchSubproblem(subproblem);
          expect(search).not.toBeNull();
          // A subproblem of the plan was chosen for its count; a solution's row choice counts that solution
          // (unless both its halves hold a queen on a longest diagonal, which none here does).
          expect({ ...named, counted: (search as bigint) > 0n }).toEqual({ ...named, counted: true });
          const everyWay = { whole: search, parts: search, steps: search };
          const seed = subproblem.eastRows ^ (n << 24);
          expect({ ...named, wasm: threeWays(kernels.wasm, subproblem, seed, spareRoom(n)) }).toEqual({
            ...named,
            wasm: everyWay,
          });
          expect({ ...named, js: threeWays(kernels.js, subproblem, seed, spareRoom(n)) }).toEqual({
            ...named,
            js: everyWay,
          });
        },
        SUBPROBLEM_TIMEOUT_MS,
      );
    }
  }
});

/** Subproblems of the plan at k = 14 counted against the naive counter (see the header): east rows, middle queen's row. */
const NAIVE_SUBPROBLEMS: Record<number, [number, number][]> = { 29: [[0x7ffe, 0]] };

// The naive count of the subproblem of n = 29 takes about a minute on one core, the kernels seconds.
const NAIVE_TIMEOUT_MS = 5 * 60_000;

describe('the join at k = 14 against the naive counter', () => {
  for (const [n, subproblems] of Object.entries(NAIVE_SUBPROBLEMS).map(
    ([n, subproblems]) => [Number(n), subproblems] as const,
  )) {
    for (const [eastRows, middleRow] of subproblems) {
      it(
        `n = ${n}, the row choice 0x${eastRows.toString(16)}: both kernels count what the naive counter counts, whole and in parts`,
        () => {
          const subproblem = { n, eastRows, middleRow };
          const naive = naiveSubproblemCount(subproblem);
          const bothWays = (make: () => Kernel) => ({
            whole: countSubproblem(make(), subproblem, 1 << 30, 2 ** 31),
            parts: countSubproblem(make(), subproblem, 1 << 30, partsRoom(make, subproblem, spareRoom(n))),
          });
          expect({ ...subproblem, wasm: bothWays(kernels.wasm) }).toEqual({
            ...subproblem,
            wasm: { whole: naive, parts: naive },
          });
          expect({ ...subproblem, js: bothWays(kernels.js) }).toEqual({
            ...subproblem,
            js: { whole: naive, parts: naive },
          });
        },
        NAIVE_TIMEOUT_MS,
      );
    }
  }
});
