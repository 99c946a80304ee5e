// The join (assembly/join.ts and src/kernel/js/join.ts) at k = 10 and 11 columns a side (n = 20 to
// 23) on a random sample of its plans' subproblems, drawn anew on every run: over many runs CI
// checks more of the plan than a fixed list would. The seed is printed (JOIN_SEED=...), and setting
// JOIN_SEED to it draws the same sample again.
//
// The reference is the search counter (test/helpers/search-subproblem.ts, proven in the fast tier
// against every subproblem of n = 6 to 11): a backtracking over the whole board that shares nothing
// with the join. Its cost varies by thousands of times between the row choices of one board, so it
// searches each drawn subproblem for at most MOST squares, and one it cannot finish there is left
// for the next draw. Both kernels count each subproblem the search finishes three ways: whole, in
// parts (lists of JOIN_ROOM_MIN half-boards, the least room, up to n = 21; from n = 22 on, where the
// least room takes thousands of parts and minutes, 2% more) and in calls of 1 to 64 steps.
//
// The fixed subproblems of n = 24 to 29, n = 21 in full and a shard of n = 24 are the full tier's
// (test/join/full/): minutes each.

import { describe, expect, it } from 'vitest';
import type { Kernel } from '../../src/kernel/kernel.js';
import { joinUnits } from '../../src/plan/join-units.js';
import { countUnit, kernels, leastRoom, unitOf } from '../helpers/join-unit.js';
import type { JoinUnit } from '../helpers/naive-join.js';
import { randomInt, seededRandom } from '../helpers/random.js';
import { sampleSeed } from '../helpers/sample-seed.js';
import { searchSubproblem } from '../helpers/search-subproblem.js';

const SEED = sampleSeed('JOIN_SEED');

/**
 * Per board: the subproblems to check, the squares the search may visit for one (tens of millions
 * a second on one core), and the draws it may take to find them.
 */
const SAMPLE: Record<number, { subproblems: number; most: number; draws: number }> = {
  20: { subproblems: 4, most: 1.5e9, draws: 8 },
  21: { subproblems: 4, most: 1.5e9, draws: 8 },
  22: { subproblems: 1, most: 1.5e9, draws: 4 },
  23: { subproblems: 1, most: 1.5e9, draws: 4 },
};

/** Steps per call drawn from 1 to 64 by a seeded random: counts stop and resume everywhere. */
function tinyBudgets(seed: number): () => number {
  const random = seededRandom(seed);
  return () => randomInt(random, 1, 64);
}

/** The room a subproblem is counted in parts with (see the header). */
function partsRoom(kernel: Kernel, subproblem: JoinUnit): number {
  return subproblem.n < 22 ? 0 : Math.ceil(leastRoom(kernel, subproblem) * 1.02);
}

function threeWays(make: () => Kernel, subproblem: JoinUnit, seed: number) {
  return {
    whole: countUnit(make(), subproblem, 1 << 30, 2 ** 30),
    parts: countUnit(make(), subproblem, 1 << 30, partsRoom(make(), subproblem)),
    steps: countUnit(make(), subproblem, tinyBudgets(seed), 2 ** 30),
  };
}

// A draw's search stops at MOST squares (a minute or two on a loaded core), and counting a
// subproblem three ways on both kernels takes seconds: a limit well past the most a board's draws
// can take.
const BOARD_TIMEOUT_MS = 10 * 60_000;

describe(`the join at k = 10 and 11 on subproblems drawn with JOIN_SEED=${SEED}, against a search of the whole board`, () => {
  for (const [n, { subproblems, most, draws }] of Object.entries(SAMPLE).map(([n, s]) => [Number(n), s] as const)) {
    it(
      `n = ${n}: both kernels count what the search counts on ${subproblems} drawn subproblem${subproblems === 1 ? '' : 's'}, whole, in parts and in calls of 1 to 64 steps`,
      () => {
        const random = seededRandom(SEED ^ (n << 24));
        const planned = joinUnits(n, null).count;
        const checked: number[] = [];
        const beyondSearch: number[] = [];
        while (checked.length < subproblems && checked.length + beyondSearch.length < draws) {
          const index = randomInt(random, 0, planned - 1);
          const subproblem = unitOf(n, index);
          const search = searchSubproblem(subproblem, most);
          if (search === null) {
            beyondSearch.push(index);
            continue;
          }
          const named = { n, index, eastRows: subproblem.eastRows, middleRow: subproblem.middleRow };
          const everyWay = { whole: search, parts: search, steps: search };
          const seed = subproblem.eastRows ^ (n << 24);
          expect({ ...named, wasm: threeWays(kernels.wasm, subproblem, seed) }).toEqual({ ...named, wasm: everyWay });
          expect({ ...named, js: threeWays(kernels.js, subproblem, seed) }).toEqual({ ...named, js: everyWay });
          checked.push(index);
        }
        console.log(
          `n = ${n}: subproblems ${checked.join(', ')} of ${planned} checked; ${beyondSearch.join(', ') || 'none'} beyond the search's ${most} squares`,
        );
        expect({ n, checked: checked.length }).toEqual({ n, checked: subproblems });
      },
      BOARD_TIMEOUT_MS,
    );
  }
});
