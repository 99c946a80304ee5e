// The plan of a join (src/plan/join-subproblems.ts): its subproblems are the least row choice of each class,
// made from their rank, with half the class's size as weight. Checked against the definition
// (test/helpers/row-choices.ts): every unit of n = 6 to 18, and sampled units to n = 32; the number
// of units against Burnside's count of the classes at every n; shards, which take every count-th
// unit, against the whole; and counts by the join of the boards past 26, planned, checkpointed and
// resumed (their units are counted in the join tier: test/join/).

import { describe, expect, it } from 'vitest';
import { makeCheckpoint } from '../src/checkpoint.js';
import { count } from '../src/index.js';
import { subproblemsIn } from '../src/kernel/subproblems.js';
import { joinSubproblems } from '../src/plan/join-subproblems.js';
import { plan } from '../src/plan/plan.js';
import { joinPlan } from './helpers/join-subproblem.js';
import { randomInt, seededRandom } from './helpers/random.js';
import { before, classOf, leastChoices, type RowChoice } from './helpers/row-choices.js';

function binomial(a: number, b: number): number {
  let r = 1;
  for (let i = 1; i <= b; i++) r = (r * (a - b + i)) / i;
  return r;
}

/**
 * The classes of row choices, by Burnside's lemma over the mirrors {identity, left to right, top to
 * bottom, both}: on k pairs of rows (an even board, or an odd one's middle queen on the middle
 * row), the mirror fixes no choice, the flip the choices whose pairs are both east or both west
 * (C(k, k/2) where k is even), and both mirrors those whose pairs are split (2^k). Off the middle
 * row, only the identity fixes a choice, and the flip moves the middle queen from row m to row
 * n - 1 - m: the C(2k, k) choices of each of those two rows fall in classes of four.
 */
function classes(n: number): number {
  const k = n >> 1;
  const paired = (binomial(2 * k, k) + (k % 2 === 0 ? binomial(k, k / 2) : 0) + 2 ** k) / 4;
  return n % 2 === 0 ? paired : paired + (k * 2 * binomial(2 * k, k)) / 4;
}

/** Unit i of n's plan: its row choice and weight. */
function unitAt(n: number, i: number): RowChoice & { weight: number } {
  const list = subproblemsIn(joinSubproblems(n, null), i, i + 1);
  return { eastRows: list.choice[0]!, middleRow: list.width > 0 ? list.queens[0]! : -1, weight: list.weight[0]! };
}

function ones(x: number): number {
  let count = 0;
  for (let r = x >>> 0; r !== 0; r = (r & (r - 1)) >>> 0) count++;
  return count;
}

describe("a join's plan", () => {
  it('n = 6 to 18: its units are the least choice of every class, each once, weighted by half the class', () => {
    for (let n = 6; n <= 18; n++) {
      const list = joinPlan(n);
      const units = Array.from({ length: list.count }, (_, i) => ({
        middleRow: list.width > 0 ? list.queens[2 * i]! : -1,
        eastRows: list.choice[i]!,
        weight: list.weight[i]!,
      }));
      const key = (c: RowChoice & { weight: number }) => `${c.middleRow}:${c.eastRows}:${c.weight}`;
      const expected = leastChoices(n).map(key).sort();
      expect({ n, units: units.map(key).sort() }).toEqual({ n, units: expected });
    }
  });

  it('n = 6 to 32: as many units as Burnside counts classes', () => {
    for (let n = 6; n <= 32; n++)
      expect({ n, units: joinSubproblems(n, null).count }).toEqual({ n, units: classes(n) });
  });

  it('n = 19 to 32: 500 random units each are the least of their class, weighted by half of it, and all different', () => {
    const random = seededRandom(4327);
    for (let n = 19; n <= 32; n++) {
      const count = joinSubproblems(n, null).count;
      const ranks = new Set<number>();
      const seen = new Set<string>();
      for (let t = 0; t < 500; t++) {
        const i = t < 2 ? t * (count - 1) : randomInt(random, 0, count - 1);
        const unit = unitAt(n, i);
        const named = { n, unit: i, ...unit };
        const members = classOf(n, unit);
        const odd = n % 2 === 1;
        expect({
          ...named,
          eastRowsOnBoard: unit.eastRows < 2 ** n,
          eastRows: ones(unit.eastRows),
          middleFree: !odd || ((unit.eastRows >>> unit.middleRow) & 1) === 0,
          least: !members.some((m) => before(m, unit)),
          weight: members.length / 2,
        }).toEqual({
          ...named,
          eastRowsOnBoard: true,
          eastRows: n >> 1,
          middleFree: true,
          least: true,
          weight: unit.weight,
        });
        if (odd) expect(unit.middleRow).toBeGreaterThanOrEqual(0);
        ranks.add(i);
        seen.add(`${unit.middleRow}:${unit.eastRows}`);
      }
      // A rank drawn twice gives its unit twice: as many distinct units as distinct ranks.
      expect({ n, distinct: seen.size }).toEqual({ n, distinct: ranks.size });
    }
  });

  it('n = 16, 17 and 27: the shards of 5 take every 5th unit (at n = 27, of the first 1000), and together the whole plan', () => {
    for (const n of [16, 17, 27]) {
      const whole = joinSubproblems(n, null);
      const count = n === 27 ? 1000 : whole.count;
      const all = subproblemsIn(whole, 0, count);
      for (let index = 0; index < 5; index++) {
        const shard = plan(n, null, { index, count: 5 }, 'join').subproblems;
        expect(shard.count).toBe(Math.ceil((whole.count - index) / 5));
        const taken = subproblemsIn(shard, 0, Math.ceil((count - index) / 5));
        for (let j = 0; j < taken.count; j++) {
          expect({ n, index, j, eastRows: taken.choice[j] }).toEqual({
            n,
            index,
            j,
            eastRows: all.choice[index + 5 * j],
          });
        }
      }
    }
  });
});

describe('counts by the join past n = 26', () => {
  it('n = 27 to 32: a count plans at once, resumes from its checkpoint, refuses one of another board, and (to 29) asks for the memory its lists need', async () => {
    for (let n = 27; n <= 32; n++) {
      const started = performance.now();
      const p = plan(n, null, null, 'join');
      expect({ n, planned: performance.now() - started < 1000 }).toEqual({ n, planned: true });
      // The unique count's frames follow the units.
      const units = joinSubproblems(n, null).count;
      expect(p.subproblems.count).toBeGreaterThan(units);
      // A finished count's checkpoint: resuming it gives its result, counting nothing.
      const finished = makeCheckpoint(p, {
        done: [[0, p.subproblems.count]],
        tally: { total: 40n, unique: 16n },
        elapsedMs: 1,
      });
      const resumed = await count(n, { method: 'join', resume: finished });
      expect({ n, ...resumed.exact, resumed: resumed.resumed }).toEqual({ n, total: 40n, unique: 7n, resumed: true });
      await expect(
        count(n, { method: 'join', resume: { ...finished, n: n === 32 ? 31 : n + 1 } }),
      ).rejects.toMatchObject({ code: 'ERR_CHECKPOINT_MISMATCH' });
      // A shard of the last unit alone, in a mebibyte: more is needed, and said. (Saying it lists
      // the unit's quarter-boards: 0.1 to 0.5 s up to n = 29, 1 to 21 s past it.)
      if (n > 29) continue;
      const outcome = count(n, {
        method: 'join',
        workers: 1,
        maxMemory: 2 ** 20,
        shard: { index: units - 1, count: units },
      });
      await expect(outcome).rejects.toMatchObject({ code: 'ERR_NQUEENS_JOIN_MEMORY', n, allowedBytes: 2 ** 20 });
      expect(((await outcome.catch((e: unknown) => e)) as { needBytes: number }).needBytes).toBeGreaterThan(2 ** 20);
    }
  }, 20_000);
});
