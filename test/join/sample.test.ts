// The join (assembly/join.ts and src/kernel/js/join.ts) at k = 10 and 11 columns a side (n = 20 to
// 23) on a random sample of its plans' subproblems, drawn anew on every run: over many runs CI
// checks more of the plan than a fixed list would. The seed is printed (JOIN_SEED=...), and setting
// JOIN_SEED to it draws the same sample again.
//
// The reference is the search counter (test/helpers/search-subproblem.ts, proven in the fast tier
// against every subproblem of n = 6 to 11): a backtracking over the whole board that shares nothing
// with the join. Its cost varies by tens of times between the row choices of one board, and from
// n = 22 on a search may take minutes: a draw whose search passes MOST squares is passed over for
// the next, and the last of DRAWS is searched to its end, so that a run's time stays near the
// cost of a cheap search and no seed leaves a board unchecked. Both kernels count each subproblem
// that the search counted three ways (test/helpers/three-ways.ts): whole, in parts (the least room
// up to n = 21; from n = 22 on, where the least room takes thousands of parts and minutes, 2% more)
// and in calls of 1 to 64 steps.
//
// Two fixed subproblems of n = 24 and 25 are checked beside this (wide.test.ts); those of n = 20 to
// 23, 26 and 29, n = 21 in full and a shard of n = 24 are the full tier's (test/join/full/).

import { describe, expect, it } from 'vitest';
import { joinSubproblems } from '../../src/plan/join-subproblems.js';
import { kernels, subproblemOf } from '../helpers/join-subproblem.js';
import { randomInt, seededRandom } from '../helpers/random.js';
import { sampleSeed } from '../helpers/sample-seed.js';
import { searchSubproblem } from '../helpers/search-subproblem.js';
import { threeWays } from '../helpers/three-ways.js';

const SEED = sampleSeed('JOIN_SEED');

/** Per board: the subproblems to check. */
const SAMPLE: Record<number, number> = { 20: 4, 21: 4, 22: 1, 23: 1 };

/** The squares a search may visit before the next draw is tried: about 1.5 times the most a search of n = 21 visits. */
const MOST = 1.5e9;
/** The draws for one subproblem: the last is searched to its end, however long it takes. */
const DRAWS = 4;

/**
 * The first of subproblems of n's plan drawn by `draw` whose search ends within MOST squares, or
 * else the last of DRAWS drawn, searched to its end: its index, itself, its count, and the draws
 * passed over.
 */
function firstSearched(n: number, draw: () => number) {
  const passed: number[] = [];
  for (;;) {
    const index = draw();
    const subproblem = subproblemOf(n, index);
    const search = searchSubproblem(subproblem, passed.length === DRAWS - 1 ? Number.POSITIVE_INFINITY : MOST);
    if (search !== null) return { index, subproblem, search, passed };
    passed.push(index);
  }
}

// Up to DRAWS - 1 searches stopped at MOST squares (a minute or two each on a loaded core) and one
// to its end (minutes at most), and counting a subproblem three ways on both kernels takes
// seconds: a limit well past that, so that only a hang fails.
const BOARD_TIMEOUT_MS = 20 * 60_000;

describe(`the join at k = 10 and 11 on subproblems drawn with JOIN_SEED=${SEED}, against a search of the whole board`, () => {
  for (const [n, subproblems] of Object.entries(SAMPLE).map(([n, count]) => [Number(n), count] as const)) {
    it(
      `n = ${n}: both kernels count what the search counts on ${subproblems} drawn subproblem${subproblems === 1 ? '' : 's'}, whole, in parts and in calls of 1 to 64 steps`,
      () => {
        const random = seededRandom(SEED ^ (n << 24));
        // In parts: the least room up to n = 21, 2% more from n = 22 on (see the header).
        const spare = n < 22 ? 1 : 1.02;
        const planned = joinSubproblems(n, null).count;
        for (let i = 0; i < subproblems; i++) {
          const { index, subproblem, search, passed } = firstSearched(n, () => randomInt(random, 0, planned - 1));
          const after = passed.length > 0 ? ` (passed over: ${passed.join(', ')})` : '';
          console.log(`n = ${n}: subproblem ${index} of ${planned}${after}`);
          const named = { n, index, eastRows: subproblem.eastRows, middleRow: subproblem.middleRow };
          const everyWay = { whole: search, parts: search, steps: search };
          const seed = subproblem.eastRows ^ (n << 24);
          expect({ ...named, wasm: threeWays(kernels.wasm, subproblem, seed, spare) }).toEqual({
            ...named,
            wasm: everyWay,
          });
          expect({ ...named, js: threeWays(kernels.js, subproblem, seed, spare) }).toEqual({ ...named, js: everyWay });
        }
      },
      BOARD_TIMEOUT_MS,
    );
  }
});
