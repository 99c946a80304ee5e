// The join (assembly/join.ts and src/kernel/js/join.ts) at every width of a side, against a naive
// counter that shares nothing with its design (test/helpers/naive-join.ts: each side's half-boards
// by plain backtracking, every east one tested against every west one).
//
// - The naive counter is proven first: every unit of n = 6 to 11 counts what the reference over
//   all solutions counts (referenceUnit).
// - The side widths the join meets are k = 3 to JOIN_MAX_N >> 1, on n = 2k and 2k + 1 within
//   JOIN_MIN_N .. JOIN_MAX_N. At each width proven here, the units with the shortest lists, the
//   shortest with a non-zero count (the shortest count 0), and the longest lists (east + west, by
//   the naive lister) are counted by both kernels four ways: whole, with the least room (lists of
//   JOIN_ROOM_MIN half-boards: longer ones in parts), in calls of 1 to 64 steps (so that counts
//   stop and resume all through every phase), and both; each must be the naive count. The units
//   measured: every unit where the plan has at most EVERY_UNIT_UP_TO; else its first and last
//   END_UNITS (short lists) and a seeded sample of SAMPLED_UNITS.
// - Proven here: k = 3 to NAIVE_WIDEST = 9 (n = 6 to 19); not here: k = 10 to JOIN_MAX_N >> 1. The
//   naive test of a width's longest lists is |east| x |west| pair tests: 4·10^7 at k = 9 (n = 18,
//   0.1 s on the 2-core development machine), 2.3 to 2.7·10^9 at k = 10 (n = 20, 5 to 7 s), and
//   the kernels take those lists with the least room in 50 s (wasm) and 100 s (js), their parts
//   being many; from n = 24 on (k = 12) one unit takes the kernels 2 to 35 s (wasm) and 12 to 160 s
//   (js) even whole. That is past this file's share of the fast tier (about 20 s): k = 10 to 13
//   are proven in the join tier (test/join/proof.test.ts) against the search counter
//   (test/helpers/search-subproblem.ts), which this file proves against every unit of n = 6 to 11.
// - Random units of every n from JOIN_MIN_N to RANDOM_UP_TO_N = 23 (k up to 11: the widest boards
//   whose units the kernels count in about a second), RANDOM_UNITS per n, counted by both kernels,
//   which must agree, and by the naive counter too where both lists are short (NAIVE_LIST_MOST).

import { describe, expect, it } from 'vitest';
import { JOIN_MAX_N, JOIN_MIN_N } from '../assembly/layout.js';
import type { Kernel } from '../src/kernel/kernel.js';
import { countSubproblem, joinPlan, kernels, referenceUnit, subproblemOf } from './helpers/join-subproblem.js';
import { countPairs, type JoinSubproblem, naiveSubproblemCount, unitLists } from './helpers/naive-join.js';
import { randomInt, seededRandom } from './helpers/random.js';
import { referenceSolutions } from './helpers/reference.js';
import { searchSubproblem } from './helpers/search-subproblem.js';

/** The side widths the join meets: k = n >> 1 for n from JOIN_MIN_N to JOIN_MAX_N. */
const widths: number[] = [];
for (let k = JOIN_MIN_N >> 1; k <= JOIN_MAX_N >> 1; k++) widths.push(k);

/** The boards of side width k that the join counts: n = 2k and 2k + 1, within JOIN_MIN_N .. JOIN_MAX_N. */
const boardsOf = (k: number) => [2 * k, 2 * k + 1].filter((n) => n >= JOIN_MIN_N && n <= JOIN_MAX_N);

/**
 * The widest side checked against the naive counter here: the all-pairs test of its longest lists,
 * and the kernels' count of them in parts of the least room, each take well under a second up to
 * k = 9, and k = 10 takes 5 s and 50 to 100 s (see the header).
 */
const NAIVE_WIDEST = 9;

/** Plans of at most this many units have every unit's lists measured. */
const EVERY_UNIT_UP_TO = 1000;
/** Units measured, by a seeded random, in larger plans (n = 15 on: 3,299 to 231,073 units up to k = 9). */
const SAMPLED_UNITS = 200;
/**
 * And the plan's first and last units, this many each, measured too: their east rows are packed
 * together (odd n: below the middle queen on the top row, first; even n: all but row 0 next to it,
 * last), so that each side is nearly a k-queens solution of a square, with shorter lists than most
 * (east and west together, n = 18: the last two 2,132 and 2,788, the shortest of 100 sampled 3,606;
 * n = 19: the first two 416 and 312, the shortest of 100 sampled 2,352).
 */
const END_UNITS = 10;

/** The widest board whose random units are counted here: at n = 24 one unit takes the kernels seconds to minutes. */
const RANDOM_UP_TO_N = Math.min(JOIN_MAX_N, 23);
/** Random units per board. */
const RANDOM_UNITS = 3;
/** The naive counter checks a random unit where neither list is longer: at most 2.5·10^7 pair tests, 0.1 s. */
const NAIVE_LIST_MOST = 5000;

// The time a test may take, where the default 5 s is too short on the 2-core development machine:
// listing the 220 measured units of n = 18 and counting its longest in calls of 1 to 64 steps with
// the least room take about 1.5 s, more while other files run; at n = 22, a random unit's lists of
// up to 700,000 half-boards take the js kernel up to 2 s.
const WIDTH_TIMEOUT_MS = 15_000;
const RANDOM_TIMEOUT_MS = 20_000;

/** A unit with the lengths of its lists by the naive lister. */
interface Measured {
  readonly i: number;
  readonly unit: JoinSubproblem;
  readonly east: number;
  readonly west: number;
}

/** The units of n's plan whose lists are measured: every unit, or the first ones and a seeded sample. */
function candidates(n: number): number[] {
  const count = joinPlan(n).count;
  if (count <= EVERY_UNIT_UP_TO) return Array.from({ length: count }, (_, i) => i);
  const random = seededRandom(n);
  const picked = new Set<number>();
  for (let i = 0; i < END_UNITS; i++) picked.add(i).add(count - 1 - i);
  while (picked.size < 2 * END_UNITS + SAMPLED_UNITS) picked.add(Math.floor(random() * count));
  return [...picked].sort((a, b) => a - b);
}

/**
 * The units of n to check: the shortest lists (east + west), the shortest with a non-zero count
 * (the shortest often count 0: two k×k corner quarters always share a diagonal), and the longest.
 */
function chosenUnits(n: number): { label: string; measured: Measured }[] {
  const measured = candidates(n).map((i): Measured => {
    const unit = subproblemOf(n, i);
    const lists = unitLists(unit)!;
    return { i, unit, east: lists.east.count, west: lists.west.count };
  });
  const bySize = [...measured].sort((a, b) => a.east + a.west - (b.east + b.west) || a.i - b.i);
  const chosen = [{ label: 'shortest lists', measured: bySize[0] }];
  const counting = bySize.find((m) => naiveSubproblemCount(m.unit) > 0n);
  if (counting !== undefined && counting !== bySize[0])
    chosen.push({ label: 'shortest lists with a non-zero count', measured: counting });
  chosen.push({ label: 'longest lists', measured: bySize[bySize.length - 1] });
  return chosen;
}

/** Steps per call drawn from 1 to 64 by a seeded random: counts stop and resume everywhere. */
function tinyBudgets(seed: number): () => number {
  const random = seededRandom(seed);
  return () => randomInt(random, 1, 64);
}

/**
 * A unit counted on one kernel four ways: whole; with the least room (lists of JOIN_ROOM_MIN
 * half-boards, so longer ones are taken in parts); in calls of 1 to 64 steps; and both.
 */
function fourWays(kernel: Kernel, unit: JoinSubproblem, seed: number) {
  return {
    whole: countSubproblem(kernel, unit, 1 << 30, 2 ** 30),
    parts: countSubproblem(kernel, unit, 1 << 30, 0),
    steps: countSubproblem(kernel, unit, tinyBudgets(seed), 2 ** 30),
    partsInSteps: countSubproblem(kernel, unit, tinyBudgets(seed + 1), 0),
  };
}

// The two counters the kernels are checked against, each proven first against the reference.
const independentCounters: [string, (unit: JoinSubproblem) => bigint | null][] = [
  ['naive', naiveSubproblemCount],
  ['search', (unit) => searchSubproblem(unit)],
];

describe('the independent counters of a join unit', () => {
  for (const [name, counter] of independentCounters) {
    it(`the ${name} counter counts every unit of n = 6 to 11 as the reference over all solutions does`, () => {
      for (let n = 6; n <= 11; n++) {
        const solutions = referenceSolutions(n);
        for (let i = 0; i < joinPlan(n).count; i++) {
          const unit = subproblemOf(n, i);
          expect({ n, unit: i, [name]: counter(unit) }).toEqual({
            n,
            unit: i,
            [name]: referenceUnit(n, unit.eastRows, unit.middleRow, solutions),
          });
        }
      }
    });
  }

  it('the search counter gives up past its limit: unit 0 of n = 11 takes more than ten squares', () => {
    expect(searchSubproblem(subproblemOf(11, 0), 10)).toBeNull();
    expect(searchSubproblem(subproblemOf(11, 0))).not.toBeNull();
  });
});

describe('the join at every side width against the naive counter', () => {
  for (const k of widths.filter((w) => w <= NAIVE_WIDEST)) {
    for (const n of boardsOf(k)) {
      it(
        `k = ${k}, n = ${n}: the units with the shortest lists, the shortest with a non-zero count and the longest lists count on both kernels what the naive counter counts: whole, with the least room, in calls of 1 to 64 steps, and both`,
        () => {
          for (const { label, measured } of chosenUnits(n)) {
            const { i, unit, east, west } = measured;
            // The unit is named in full (its row choice, its middle queen's row, its lists' lengths) where it fails.
            const named = { label, n, unit: i, eastRows: unit.eastRows, middleRow: unit.middleRow, east, west };
            const naive = naiveSubproblemCount(unit);
            const everyWay = { whole: naive, parts: naive, steps: naive, partsInSteps: naive };
            const seed = 1000 * n + i;
            expect({ ...named, wasm: fourWays(kernels.wasm(), unit, seed) }).toEqual({ ...named, wasm: everyWay });
            expect({ ...named, js: fourWays(kernels.js(), unit, seed) }).toEqual({ ...named, js: everyWay });
          }
        },
        WIDTH_TIMEOUT_MS,
      );
    }
  }
});

describe('random units of every board the join counts here', () => {
  for (let n = JOIN_MIN_N; n <= RANDOM_UP_TO_N; n++) {
    it(
      `n = ${n}: ${RANDOM_UNITS} random units count the same on both kernels, and what the naive counter counts where both lists have at most ${NAIVE_LIST_MOST} half-boards`,
      () => {
        const random = seededRandom(4300 + n);
        const wasm = kernels.wasm();
        const js = kernels.js();
        for (let t = 0; t < RANDOM_UNITS; t++) {
          const i = Math.floor(random() * joinPlan(n).count);
          const unit = subproblemOf(n, i);
          const got = {
            n,
            unit: i,
            eastRows: unit.eastRows,
            middleRow: unit.middleRow,
            wasm: countSubproblem(wasm, unit, 1 << 30, 2 ** 30),
            js: countSubproblem(js, unit, 1 << 30, 2 ** 30),
          };
          expect(got).toEqual({ ...got, js: got.wasm });
          const lists = unitLists(unit, NAIVE_LIST_MOST);
          if (lists !== null) expect({ ...got, naive: countPairs(lists) }).toEqual({ ...got, naive: got.wasm });
        }
      },
      RANDOM_TIMEOUT_MS,
    );
  }
});
