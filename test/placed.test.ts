// Counting the completions of queens fixed in advance, on random placements.
import { describe, expect, it } from 'vitest';
import { countSync } from '../src/index.js';
import type { Queen } from '../src/types.js';
import { randomInt, randomQueens, seededRandom } from './helpers/random.js';
import { referenceSolutions } from './helpers/reference.js';

describe('placed queens', () => {
  const random = seededRandom(20261121);
  const cases = Array.from({ length: 120 }, () => {
    const n = randomInt(random, 4, 12);
    return { n, placed: randomQueens(random, n, randomInt(random, 1, Math.min(4, n - 2)), 100) };
  });

  it('wasm, TS and the reference agree on 120 random placements (n = 4..12, 1..4 queens)', () => {
    let nonZero = 0;
    for (const { n, placed } of cases) {
      const expected = referenceSolutions(n, placed).length;
      const wasm = countSync(n, { engine: 'wasm', placed });
      const js = countSync(n, { engine: 'js', placed });
      expect({ n, placed, wasm: wasm.total, js: js.total }).toEqual({ n, placed, wasm: expected, js: expected });
      expect(wasm.unique).toBeNull();
      expect(js.unique).toBeNull();
      if (expected > 0) nonZero++;
    }
    // The sample must exercise real completions, not only dead ends.
    expect(nonZero).toBeGreaterThan(30);
  });

  it('a full valid placement has exactly one completion; a dead one has none', () => {
    const solution: Queen[] = [
      [0, 0],
      [1, 4],
      [2, 7],
      [3, 5],
      [4, 2],
      [5, 6],
      [6, 1],
      [7, 3],
    ];
    expect(countSync(8, { placed: solution }).total).toBe(1);
    expect(
      countSync(8, {
        placed: [
          [0, 0],
          [1, 2],
        ],
      }).total,
    ).toBe(
      referenceSolutions(8, [
        [0, 0],
        [1, 2],
      ]).length,
    );
    // 4×4: [1, 3, 0, 2] is the only completion of its first two queens; no solution uses a corner.
    expect(
      countSync(4, {
        placed: [
          [0, 1],
          [1, 3],
        ],
      }).total,
    ).toBe(1);
    expect(countSync(4, { placed: [[0, 0]] }).total).toBe(0);
  });

  it('order of the placed queens does not matter; an empty list counts every solution, with no unique count', () => {
    const placed: Queen[] = [
      [5, 2],
      [1, 7],
      [8, 4],
    ];
    const reversed = [...placed].reverse();
    expect(countSync(10, { placed }).total).toBe(countSync(10, { placed: reversed }).total);
    expect(countSync(8, { placed: [] })).toMatchObject({ total: 92, unique: null });
  });
});
