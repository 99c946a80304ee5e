// Exact totals and unique counts against OEIS, and against a reference that lists solutions.
import { describe, expect, it } from 'vitest';
import { countSync, totalNQueens } from '../src/index.js';
import { ENGINES } from './helpers/engines.js';
import { knownCounts } from './helpers/known-counts.js';
import { referenceSolutions, referenceUnique } from './helpers/reference.js';

describe.each(ENGINES)('engine %s', (engine) => {
  // The TS kernel counts n = 15 in 2 to 3 s and n = 16 in 10 to 20 s, in one thread of the 2-core
  // development machine.
  const LIMITS: Record<number, number> = engine === 'js' ? { 15: 20_000, 16: 60_000 } : {};
  for (let n = 1; n <= 16; n++) {
    it(
      `n = ${n}: total and unique equal OEIS A000170 / A002562`,
      () => {
        const result = countSync(n, { engine });
        const known = knownCounts.get(n)!;
        expect(result.engine).toBe(engine);
        expect(result.exact.total).toBe(known.total);
        expect(result.exact.unique).toBe(known.unique);
      },
      LIMITS[n],
    );
  }

  it('agrees with a reference that lists and canonicalises every solution, n = 1..10', () => {
    for (let n = 1; n <= 10; n++) {
      const result = countSync(n, { engine });
      expect(result.total).toBe(referenceSolutions(n).length);
      expect(result.unique).toBe(referenceUnique(n));
    }
  });
});

describe('public results', () => {
  it('count results are numbers with the documented fields', () => {
    const r = countSync(8);
    expect(r).toEqual({
      n: 8,
      total: 92,
      unique: 12,
      exact: { total: 92n, unique: 12n },
      engine: 'wasm',
      method: 'backtrack',
      workers: 1,
      elapsedMs: expect.any(Number),
      resumed: false,
    });
    expect(r.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('totalNQueens is the LeetCode 52 count', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(totalNQueens)).toEqual([1, 0, 0, 2, 10, 4, 40, 92, 352]);
  });
});
