// solutions, solveNQueens: every solution, valid, distinct, in lexicographic order, lazily.
import { describe, expect, it } from 'vitest';
import { countSync, findSolution, isSolution, solutions, solveNQueens } from '../src/index.js';
import type { Queen } from '../src/types.js';
import { ENGINES } from './helpers/engines.js';
import { knownCounts } from './helpers/known-counts.js';
import { randomInt, seededRandom } from './helpers/random.js';
import { referenceSolutions } from './helpers/reference.js';

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

describe.each(ENGINES)('solutions on engine %s', (engine) => {
  it('n = 1..10: as many as OEIS says, every one valid, all distinct, in lexicographic order', () => {
    for (let n = 1; n <= 10; n++) {
      const all = [...solutions(n, { engine })];
      expect(BigInt(all.length)).toBe(knownCounts.get(n)!.total);
      for (const cols of all) expect(isSolution(cols)).toBe(true);
      for (let i = 1; i < all.length; i++) expect(lexLess(all[i - 1], all[i])).toBe(true);
      expect(new Set(all.map((s) => s.join())).size).toBe(all.length);
    }
  });

  it('equals the plain reference listing, board for board, for n = 1..9', () => {
    for (let n = 1; n <= 9; n++) expect([...solutions(n, { engine })]).toEqual(referenceSolutions(n));
  });

  it('with placed queens: exactly the solutions a brute-force filter keeps, in order (60 random cases)', () => {
    const random = seededRandom(4242);
    for (let k = 0; k < 60; k++) {
      const n = randomInt(random, 4, 10);
      const placed: Queen[] = [];
      const want = randomInt(random, 1, 3);
      for (let tries = 0; placed.length < want && tries < 50; tries++) {
        const r = randomInt(random, 0, n - 1);
        const c = randomInt(random, 0, n - 1);
        if (!placed.some(([pr, pc]) => pr === r || pc === c || Math.abs(pr - r) === Math.abs(pc - c)))
          placed.push([r, c]);
      }
      const expected = referenceSolutions(n).filter((cols) => placed.every(([r, c]) => cols[r] === c));
      expect({ n, placed, got: [...solutions(n, { engine, placed })] }).toEqual({ n, placed, got: expected });
    }
  });

  it('a full valid placement lists itself once; all rows placed on a dead board lists nothing', () => {
    const board: Queen[] = [
      [0, 1],
      [1, 3],
      [2, 0],
      [3, 2],
    ];
    expect([...solutions(4, { engine, placed: board })]).toEqual([[1, 3, 0, 2]]);
    expect([...solutions(4, { engine, placed: [[0, 0]] })]).toEqual([]);
    expect([...solutions(1, { engine, placed: [[0, 0]] })]).toEqual([[0]]);
  });

  it('the first solution of n = 32 comes without listing the rest, and breaking early is clean', () => {
    const iterator = solutions(32, { engine });
    const first = iterator.next();
    expect(first.done).toBe(false);
    expect(isSolution(first.value as number[])).toBe(true);
    expect((first.value as number[]).slice(0, 5)).toEqual([0, 2, 4, 1, 3]);
    expect(iterator.return?.(undefined)).toEqual({ done: true, value: undefined });
    expect(iterator.next()).toEqual({ done: true, value: undefined });
    // The kernel is free for other work afterwards.
    expect(countSync(10, { engine }).total).toBe(724);
    // The TS search of n = 32 finds its first solution in 2 to 4 s on the 2-core development machine.
  }, 20_000);

  it('several enumerations can take turns without disturbing each other', () => {
    const a = solutions(8, { engine });
    const b = solutions(9, { engine });
    const gotA: number[][] = [];
    const gotB: number[][] = [];
    for (;;) {
      const x = a.next();
      const y = b.next();
      if (!x.done) gotA.push(x.value);
      if (!y.done) gotB.push(y.value);
      if (x.done && y.done) break;
    }
    expect(gotA).toEqual(referenceSolutions(8));
    expect(gotB).toEqual(referenceSolutions(9));
  });

  it('gives each board as a fresh array the caller owns: changing one changes no other', () => {
    const reference = referenceSolutions(8);
    const iterator = solutions(8, { engine });
    const first = iterator.next().value as number[];
    expect(first).toEqual(reference[0]);
    first.fill(7);
    expect(iterator.next().value).toEqual(reference[1]);
    expect(iterator.next().value).toEqual(reference[2]);
    expect(solutions(8, { engine }).next().value).toEqual(reference[0]);
  });
});

describe('solveNQueens', () => {
  it("n = 4 is LeetCode 51's expected output", () => {
    expect(solveNQueens(4)).toEqual([
      ['.Q..', '...Q', 'Q...', '..Q.'],
      ['..Q.', 'Q...', '...Q', '.Q..'],
    ]);
  });

  it('n = 1 and n = 3', () => {
    expect(solveNQueens(1)).toEqual([['Q']]);
    expect(solveNQueens(3)).toEqual([]);
  });

  it('has every solution of n = 8 in the order of solutions()', () => {
    const boards = solveNQueens(8);
    expect(boards).toHaveLength(92);
    expect(boards.map((b) => b.map((row) => row.indexOf('Q')))).toEqual([...solutions(8)]);
  });
});

describe('findSolution', () => {
  it('gives a valid solution for every n from 1 to 2000, and null for 2 and 3', () => {
    for (let n = 1; n <= 2000; n++) {
      const cols = findSolution(n);
      if (n === 2 || n === 3) expect(cols).toBeNull();
      else expect({ n, ok: cols !== null && cols.length === n && isSolution(cols) }).toEqual({ n, ok: true });
    }
  });

  it('builds a valid solution of n = 1,000,000', () => {
    const cols = findSolution(1_000_000)!;
    expect(cols).toHaveLength(1_000_000);
    expect(isSolution(cols)).toBe(true);
  });
});

describe('isSolution', () => {
  it('accepts full valid placements, as arrays or typed arrays', () => {
    expect(isSolution([0])).toBe(true);
    expect(isSolution([1, 3, 0, 2])).toBe(true);
    expect(isSolution(new Uint8Array([2, 0, 3, 1]))).toBe(true);
    expect(isSolution(findSolution(50)!)).toBe(true);
  });

  it.each([
    ['empty', []],
    ['short: a 4-board solution without its last row', [1, 3, 0]],
    ['a column out of range', [1, 3, 0, 4]],
    ['a negative column', [-1, 3, 0, 2]],
    ['a fractional column', [1, 3, 0, 2.5]],
    ['a column that is not a number', [1, '3', 0, 2]],
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    ['a hole', [1, , 0, 2]],
    ['two queens in one column', [1, 3, 1, 2]],
    ['two queens on a diagonal', [0, 1, 3, 2]],
    ['two queens on an anti-diagonal', [2, 1, 3, 0]],
    ['n = 2 has no solution', [0, 1]],
  ])('rejects %s', (_label, cols) => {
    expect(isSolution(cols as number[])).toBe(false);
  });
});
