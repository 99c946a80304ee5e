// A subproblem of the join counted three ways on one kernel: whole; in parts (lists of
// JOIN_ROOM_MIN half-boards in the least room, or a little more room, so that the table and the
// streamed side come in many parts); and in calls of 1 to 64 steps, so that the count stops and
// resumes everywhere. What the test/join/ tiers check each subproblem with.

import type { Kernel } from '../../src/kernel/kernel.js';
import { countSubproblem, leastRoom } from './join-subproblem.js';
import type { JoinSubproblem } from './naive-join.js';
import { randomInt, seededRandom } from './random.js';

/** Steps per call drawn from 1 to 64 by a seeded random. */
function tinyBudgets(seed: number): () => number {
  const random = seededRandom(seed);
  return () => randomInt(random, 1, 64);
}

/**
 * The room to count `subproblem` in parts with: the least where `spare` is 1, else `spare` times
 * it (from n = 22 on the least room takes thousands of parts and minutes; 2% more, tens).
 */
export function partsRoom(make: () => Kernel, subproblem: JoinSubproblem, spare: number): number {
  return spare === 1 ? 0 : Math.ceil(leastRoom(make(), subproblem) * spare);
}

/**
 * `subproblem` counted on one kernel from `make`, three times in a row: whole, in parts of the
 * room `spare` times the least, and in calls of 1 to 64 steps drawn from `seed`.
 */
export function threeWays(make: () => Kernel, subproblem: JoinSubproblem, seed: number, spare: number) {
  const kernel = make();
  return {
    whole: countSubproblem(kernel, subproblem, 1 << 30, 2 ** 30),
    parts: countSubproblem(kernel, subproblem, 1 << 30, partsRoom(make, subproblem, spare)),
    steps: countSubproblem(kernel, subproblem, tinyBudgets(seed), 2 ** 30),
  };
}
