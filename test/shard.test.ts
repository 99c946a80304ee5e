// Shards: deterministic slices of the subproblem list that add up to the whole.
import { describe, expect, it } from 'vitest';
import { count, countSync } from '../src/index.js';
import type { Subproblems } from '../src/kernel/subproblems.js';
import { plan } from '../src/plan/plan.js';
import type { Queen } from '../src/types.js';
import { ENGINES } from './helpers/engines.js';

describe.each(ENGINES)('engine %s', (engine) => {
  it.each([
    [8, [1, 2, 3, 5, 7, 100]],
    [11, [1, 2, 4, 9, 64]],
    [13, [3, 17]],
  ])('n = %i: the shards of each split add up to the whole count', (n, splits) => {
    const whole = countSync(n, { engine }).exact.total;
    for (const m of splits) {
      let sum = 0n;
      for (let index = 0; index < m; index++) {
        const part = countSync(n, { engine, shard: { index, count: m } }).exact;
        expect(part.unique).toBeNull();
        sum += part.total;
      }
      expect({ m, sum }).toEqual({ m, sum: whole });
    }
  });

  it('shards of a count with placed queens add up to that count', () => {
    const placed: Queen[] = [
      [4, 3],
      [9, 7],
    ];
    const whole = countSync(12, { engine, placed }).total;
    let sum = 0;
    for (let index = 0; index < 6; index++) sum += countSync(12, { engine, placed, shard: { index, count: 6 } }).total;
    expect(sum).toBe(whole);
  });
});

describe('shards', () => {
  it('of a split are disjoint and together hold every subproblem exactly once, in a fixed order', () => {
    for (const [n, placed] of [
      [12, null],
      [11, [[3, 4]]],
    ] as const) {
      const all = plan(n, placed as Queen[] | null, null).subproblems;
      const key = (list: Subproblems, i: number) =>
        list.queens.slice(i * list.width * 2, (i + 1) * list.width * 2).join();
      const seen = new Map<string, number>();
      for (let i = 0; i < all.count; i++) seen.set(key(all, i), 0);
      for (let index = 0; index < 5; index++) {
        const shard = plan(n, placed as Queen[] | null, { index, count: 5 }).subproblems;
        const again = plan(n, placed as Queen[] | null, { index, count: 5 }).subproblems;
        expect(again).toEqual(shard);
        for (let i = 0; i < shard.count; i++) seen.set(key(shard, i), seen.get(key(shard, i))! + 1);
      }
      expect(seen.size).toBe(all.count);
      expect([...seen.values()].every((times) => times === 1)).toBe(true);
    }
  });

  it('count the same on both engines, every time', () => {
    const totals = [0, 1, 2, 3].map((index) => countSync(12, { shard: { index, count: 4 } }).total);
    expect(totals.every((t) => t > 0)).toBe(true);
    expect([0, 1, 2, 3].map((index) => countSync(12, { shard: { index, count: 4 } }).total)).toEqual(totals);
    expect([0, 1, 2, 3].map((index) => countSync(12, { engine: 'js', shard: { index, count: 4 } }).total)).toEqual(
      totals,
    );
  });

  it('count and countSync agree on a shard', async () => {
    const shard = { index: 2, count: 5 };
    expect((await count(13, { shard })).total).toBe(countSync(13, { shard }).total);
  });
});
