// Counts past 2^53 (n = 26 and 27 have them, and shards and placed counts of bigger boards): the
// result's `total` and `unique` are numbers, rounded there, and `exact` carries the counts as
// bigint, exactly; JSON.stringify writes them as decimal strings. No real count gets there in a
// test, so the kernel that counts is one that reports given results.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Given, givenKernel } from './helpers/given-kernel.js';

const given = { current: null as Given[] | null };

// The kernel instances hand out the given kernel while a test sets one.
vi.mock('../src/kernel/instances.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/kernel/instances.js')>();
  return {
    ...real,
    acquireKernelSync: (engine: Parameters<typeof real.acquireKernelSync>[0]) =>
      given.current === null ? real.acquireKernelSync(engine) : givenKernel(given.current, 1),
    acquireKernel: async (engine: Parameters<typeof real.acquireKernel>[0]) =>
      given.current === null ? real.acquireKernel(engine) : givenKernel(given.current, 1),
    releaseKernel: (kernel: Parameters<typeof real.releaseKernel>[0]) =>
      given.current === null ? real.releaseKernel(kernel) : undefined,
  };
});

const { count, countSync } = await import('../src/index.js');

afterEach(() => {
  given.current = null;
});

// n = 8 is planned as one subproblem, the empty board, which all eight symmetries fix: Burnside's
// lemma gives unique = (completions + halfTurns + 2 quarterTurns) / 8.
const completions = 2n ** 60n + 8n;
const halfTurns = 2n ** 60n + 8n;
const quarterTurns = 2n ** 59n + 4n;
const whole: Given = { completions, halfTurns, quarterTurns, weight: 1, stabilizer: 0xff };
const unique = (completions + halfTurns + 2n * quarterTurns) / 8n;

describe('a count past 2^53', () => {
  it('is neither total nor unique exactly as a number, so the test means something', () => {
    expect(BigInt(Number(completions))).not.toBe(completions);
    expect(BigInt(Number(unique))).not.toBe(unique);
  });

  it.each([
    ['countSync', () => countSync(8)],
    ['count', () => count(8)],
  ])(
    '%s: total and unique are the numbers nearest, exact the counts as bigint, and JSON has them as decimal strings',
    async (_label, run) => {
      given.current = [whole];
      const result = await run();
      expect(result.exact.total).toBe(completions);
      expect(result.exact.unique).toBe(unique);
      expect(result.total).toBe(Number(completions));
      expect(result.unique).toBe(Number(unique));
      expect(JSON.parse(JSON.stringify(result)).exact).toEqual({ total: String(completions), unique: String(unique) });
    },
  );

  it('of a shard: exact.unique is null, exact.total exact', () => {
    // A shard of n = 8 is the same one subproblem (shard 0 of 1), counted without the unique count.
    given.current = [whole];
    const result = countSync(8, { shard: { index: 0, count: 1 } });
    expect(result.exact).toEqual({ total: completions, unique: null });
    expect(result.unique).toBeNull();
    expect(JSON.parse(JSON.stringify(result)).exact).toEqual({ total: String(completions), unique: null });
  });
});

describe('an ordinary count', () => {
  it('has exact equal to its numbers', async () => {
    const result = await count(12);
    expect(result.exact).toEqual({ total: 14200n, unique: 1787n });
    expect(result).toMatchObject({ total: 14200, unique: 1787 });
  });
});

describe('a join past 2^53', () => {
  it('adds each row choice times its weight, and the unique count (total + F180 + 2 F90) / 8, exactly', async () => {
    const { plan } = await import('../src/plan/plan.js');
    const { subproblemsIn } = await import('../src/kernel/subproblems.js');
    const planned = plan(8, null, null, 'join').subproblems;
    const list = subproblemsIn(planned, 0, planned.count);
    // The row choices first, then the empty board, searched for the solutions rotations fix.
    const each = 2n ** 57n + 8n;
    const half = 2n ** 59n + 8n;
    const quarter = 2n ** 58n + 8n;
    const units = list.count - 1;
    given.current = [
      ...Array.from({ length: units }, () => ({
        completions: each,
        halfTurns: 0n,
        quarterTurns: 0n,
        weight: 1,
        stabilizer: 0,
      })),
      { completions: 0n, halfTurns: half, quarterTurns: quarter, weight: 1, stabilizer: 0xff },
    ];
    const weights = [...list.weight.subarray(0, units)].reduce((sum, w) => sum + BigInt(w), 0n);
    expect(weights).toBe(35n); // half of every choice of 4 rows of 8
    const result = countSync(8, { method: 'join' });
    expect(result.exact).toEqual({ total: each * weights, unique: (each * weights + half + 2n * quarter) / 8n });
    expect(BigInt(Number(result.exact.total))).not.toBe(result.exact.total);
  });
});
