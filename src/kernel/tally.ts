// Adds the results of subproblems up to the whole board's counts.
//
// A join's list (plan/join-units.ts) adds up differently: each unit's count (its row choice's,
// weighed as assembly/join.ts says) counts weight times in the total, and the unique count comes from Burnside's lemma over all eight
// symmetries of the board at once: unique = (total + F180 + 2 F90) / 8, where F180 and F90 are the
// solutions a half turn and a quarter turn leave unchanged (reflections fix none, and the two
// quarter turns fix the same ones). Those come from the frames that a half turn maps onto
// themselves: a solution fixed by a rotation has such a frame, and each of the frame's `weight`
// images holds as many (the half turn commutes with every symmetry, and a quarter turn becomes
// one of the two). Its tally's `unique` holds F180 + 2 F90 until the count ends (joinUnique).
//
// A frame stands for its whole symmetry class: weight = 8 / |stabilizer| frames, so each completion
// counts weight times in the total. For the unique count, Burnside's lemma over the stabilizer H:
// the completions of the frame fall into (sum over h in H of the completions h leaves unchanged) / |H|
// classes, and each class is one unique solution. The rotations' fixed completions come from the
// kernel's symmetric search; reflections fix no solution of a board larger than 1×1 (a mirrored or
// transposed solution would need two queens on one line).

import { FIXED_HALF_TURN, FIXED_JOIN, FIXED_ONLY, FIXED_QUARTER_TURN } from '../../assembly/layout.js';
import { InternalError } from '../errors.js';
import { HALF_TURN, isReflection, QUARTER_TURN, SYMMETRIES, THREE_QUARTER_TURN } from '../symmetry.js';
import type { Subproblems } from './subproblems.js';

export interface Tally {
  total: bigint;
  unique: bigint;
}

export function emptyTally(): Tally {
  return { total: 0n, unique: 0n };
}

/** Adds one tally to another. */
export function addTallies(into: Tally, from: Tally): void {
  into.total += from.total;
  into.unique += from.unique;
}

/** The fixed-completion counts (FIXED_* bits) a subproblem needs for the unique count: those of the rotations that fix it. */
export function fixedCountsFor(stabilizer: number, countsUnique: boolean): number {
  if (!countsUnique) return 0;
  return (
    ((stabilizer >> HALF_TURN) & 1 ? FIXED_HALF_TURN : 0) | ((stabilizer >> QUARTER_TURN) & 1 ? FIXED_QUARTER_TURN : 0)
  );
}

/**
 * The FIXED_* bits of subproblem i of a join's list: a row choice is joined; the frames after
 * the row choices are searched for the completions their rotations leave unchanged, only.
 */
export function joinFixedCounts(list: Subproblems, i: number): number {
  return list.eastRows![i] !== 0 ? FIXED_JOIN : fixedCountsFor(list.stabilizer[i], true) | FIXED_ONLY;
}

/**
 * Burnside's lemma for a frame's stabilizer: how many of its symmetries leave every completion
 * unchanged (the identity; on a 1×1 board all eight), how many are the half turn and how many
 * quarter turns (their fixed completions are counted by the kernel), and its size.
 */
interface Burnside {
  readonly all: number;
  readonly half: number;
  readonly quarter: number;
  readonly size: number;
}

function burnside(n: number, stabilizer: number): Burnside {
  let all = 0;
  let half = 0;
  let quarter = 0;
  let size = 0;
  for (let g = 0; g < SYMMETRIES; g++) {
    if ((stabilizer & (1 << g)) === 0) continue;
    size++;
    if (g === HALF_TURN) half++;
    else if (g === QUARTER_TURN || g === THREE_QUARTER_TURN) quarter++;
    else if (!isReflection(g) || n === 1) all++;
  }
  return { all, half, quarter, size };
}

/**
 * The unique solutions among a frame's completions, given those a half turn and a quarter turn
 * leave unchanged; exact when the three are below 2^49 (every sum stays below 2^53).
 */
export function classes(
  n: number,
  stabilizer: number,
  completions: number,
  halfTurns: number,
  quarterTurns: number,
): number {
  if (stabilizer === 1) return completions; // the identity alone: most frames
  const b = burnside(n, stabilizer);
  return (b.all * completions + b.half * halfTurns + b.quarter * quarterTurns) / b.size;
}

/**
 * A join's unique count of the n×n board, from its finished tally. Burnside's sum counts every
 * class eight times, so a sum that 8 does not divide is a wrong count, never rounded: an
 * InternalError naming the count.
 */
export function joinUnique(tally: Tally, n: number): bigint {
  const sum = tally.total + tally.unique;
  if (sum % 8n !== 0n)
    throw new InternalError(
      `the join's count of n = ${n} does not add up: total ${tally.total} + (F180 + 2 F90 = ${tally.unique}) ` +
        `= ${sum}, which 8 does not divide`,
    );
  return sum / 8n;
}

/** Adds the results of subproblem i of the list, as BigInt: exact at any size. */
export function addSubproblem(
  tally: Tally,
  n: number,
  list: Subproblems,
  i: number,
  countsUnique: boolean,
  completions: bigint,
  halfTurns: bigint,
  quarterTurns: bigint,
): void {
  tally.total += BigInt(list.weight[i]) * completions;
  if (list.eastRows !== null) {
    if (countsUnique) tally.unique += BigInt(list.weight[i]) * (halfTurns + 2n * quarterTurns);
    return;
  }
  const stabilizer = list.stabilizer[i];
  if (!countsUnique || stabilizer === 0) return;
  const b = burnside(n, stabilizer);
  tally.unique +=
    (BigInt(b.all) * completions + BigInt(b.half) * halfTurns + BigInt(b.quarter) * quarterTurns) / BigInt(b.size);
}
