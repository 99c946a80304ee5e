// The demo's join walk-through (demo/src/join-walk.ts) against independent counts: every row
// choice's pairs against the solutions a brute-force search finds with that choice, the sums
// against OEIS, the symmetric solutions against the boards' own rotations; and its code
// (demo/src/join-code.ts), run as shown, against its steps and the values it shows.

import { describe, expect, it } from 'vitest';
import { linesOf, litLines, shownLine } from '../demo/src/code-marks.js';
import { JOIN_CODE, joinLineOf } from '../demo/src/join-code.js';
import { JoinWalk, KEY_BUCKETS } from '../demo/src/join-walk.js';
import { knownCounts } from './helpers/known-counts.js';
import { traced } from './helpers/traced-code.js';

/** Every solution of n, column per row, by a plain search with no bit tricks. */
function solutions(n: number): number[][] {
  const found: number[][] = [];
  const cols: number[] = [];
  const extend = (): void => {
    const row = cols.length;
    if (row === n) {
      found.push(cols.slice());
      return;
    }
    for (let c = 0; c < n; c++)
      if (cols.every((other, r) => other !== c && Math.abs(other - c) !== row - r)) {
        cols.push(c);
        extend();
        cols.pop();
      }
  };
  extend();
  return found;
}

/** A solution's row choice, named as the walk names it: the middle queen's row, then the east rows. */
function choiceOf(board: readonly number[]): string {
  const n = board.length;
  const k = n >> 1;
  const middle = n % 2 ? board.indexOf(k) : -1;
  const east = board.flatMap((c, r) => (c >= n - k ? [r] : []));
  return [middle, ...east].join();
}

const rotate = (board: readonly number[]) => {
  // A quarter turn clockwise moves the queen at (r, c) to (c, n − 1 − r).
  const out = new Array<number>(board.length);
  board.forEach((c, r) => {
    out[c] = board.length - 1 - r;
  });
  return out;
};

const SIZES = [4, 5, 6, 7, 8, 9, 10];

describe('the join walk-through’s figures', () => {
  it.each(SIZES)(
    'n = %i: each row choice counts the solutions with that choice, and so does each of its images',
    (n) => {
      const perChoice = new Map<string, number>();
      for (const board of solutions(n)) perChoice.set(choiceOf(board), (perChoice.get(choiceOf(board)) ?? 0) + 1);
      const walk = new JoinWalk(n);
      const seen = new Set<string>();
      for (const choice of walk.subproblems) {
        for (const image of choice.images) {
          const name = [image.middle, ...image.east].join();
          expect(seen.has(name)).toBe(false);
          seen.add(name);
          expect(choice.pairs).toBe(perChoice.get(name) ?? 0);
        }
        const own = new Set(choice.solutions.map((b) => b.join()));
        expect(own.size).toBe(choice.pairs);
        for (const board of choice.solutions) expect(choiceOf(board)).toBe([choice.middle, ...choice.east].join());
      }
      // The classes cover every row choice once: half the rows east, of those beside the middle queen.
      const k = n >> 1;
      const binomial = (a: number, b: number): number => (b === 0 ? 1 : (binomial(a - 1, b - 1) * a) / b);
      expect(seen.size).toBe(n % 2 ? n * binomial(n - 1, k) : binomial(n, k));
    },
  );

  it.each(SIZES)(
    'n = %i: the sum by class size is A000170, and Burnside’s sum with the kept solutions A002562',
    (n) => {
      const all = solutions(n);
      const { sums } = new JoinWalk(n);
      expect(BigInt(sums.total)).toBe(knownCounts.get(n)!.total);
      expect(sums.total).toBe(all.length);
      const halfTurn = all.filter((b) => rotate(rotate(b)).join() === b.join());
      const quarterTurn = all.filter((b) => rotate(b).join() === b.join());
      expect(sums.halfTurn).toBe(halfTurn.length);
      expect(sums.quarterTurn).toBe(quarterTurn.length);
      expect(new Set(sums.halfTurnBoards.map((b) => b.join()))).toEqual(new Set(halfTurn.map((b) => b.join())));
      expect(new Set(sums.quarterTurnBoards.map((b) => b.join()))).toEqual(new Set(quarterTurn.map((b) => b.join())));
      expect(BigInt(sums.unique)).toBe(knownCounts.get(n)!.unique);
    },
  );

  it('n = 8: 12 = (92 + 4 + 0) / 8', () => {
    const { sums } = new JoinWalk(8);
    expect([sums.unique, sums.total, sums.halfTurn, sums.quarterTurn]).toEqual([12, 92, 4, 0]);
  });

  it.each(SIZES)('n = %i: the buckets skip only pairs that clash, and test every pair that shares no key bit', (n) => {
    const walk = new JoinWalk(n);
    let tested = 0;
    let everyPair = 0;
    for (const choice of walk.subproblems) {
      const east = choice.eastSide.halves;
      let fits = 0;
      for (const [i, probe] of choice.probes.entries()) {
        const w = choice.westSide.halves[probe.west];
        expect(probe.west).toBe(i);
        const met = east.flatMap((e, j) => ((e.key & w.key) === 0 ? [j] : []));
        expect(probe.tests.map((t) => t.east).sort((a, b) => a - b)).toEqual(met);
        tested += met.length;
        for (const e of east) if ((w.first & e.first) === 0 && (w.second & e.second) === 0) fits++;
      }
      expect(choice.pairs).toBe(fits);
      everyPair += east.length * choice.westSide.halves.length;
      expect(choice.buckets).toHaveLength(KEY_BUCKETS);
      for (const [key, bucket] of choice.buckets.entries()) for (const j of bucket) expect(east[j].key).toBe(key);
      expect(choice.buckets.flat().length).toBe(east.length);
    }
    expect(walk.sums.pairsTested).toBe(tested);
    expect(walk.sums.pairsWithoutKeys).toBe(everyPair);
    if (n >= 8) expect(tested).toBeLessThan(everyPair);
  });

  it.each(SIZES)(
    'n = %i: every candidate is a north and a south quarter-board, refused exactly when they share a column or a diagonal',
    (n) => {
      for (const choice of new JoinWalk(n).subproblems)
        for (const side of [choice.eastSide, choice.westSide]) {
          expect(side.candidates.length).toBe(side.north.length * side.south.length);
          let halves = 0;
          for (const c of side.candidates) {
            const a = side.north[c.north];
            const b = side.south[c.south];
            const squares = [
              ...side.northRows.map((r, t) => [r, a.queens[t]]),
              ...side.southRows.map((r, t) => [r, b.queens[t]]),
            ];
            const column = new Set(squares.map(([, col]) => col)).size < squares.length;
            const diagonal = squares.some(([r, col], i) =>
              squares.some(([r2, col2], j) => j > i && Math.abs(r - r2) === Math.abs(col - col2)),
            );
            expect(c.clash).toBe(column ? 'column' : diagonal ? 'diagonal' : '');
            if (c.clash === '') expect(side.halves[halves++].queens).toEqual([...a.queens, ...b.queens]);
          }
          expect(halves).toBe(side.halves.length);
        }
    },
  );
});

describe('the join walk-through’s code', () => {
  /** The lines at which the code, run as shown, passes a step's mark, the values there, and its total. */
  function run(n: number): { steps: [number, Record<string, unknown>][]; total: number } {
    const steps: [number, Record<string, unknown>][] = [];
    // Arrays and objects are copied when passed, as the code goes on changing some of them.
    const trace = (line: number, values: Record<string, unknown>) => steps.push([line, structuredClone(values)]);
    const count = new Function('trace', `${traced(JOIN_CODE)}\nreturn countByJoin;`)(trace);
    return { steps, total: count(n) };
  }

  it.each(SIZES)(
    'n = %i: each step lights the line whose mark the code passed, with the values the code had there',
    (n) => {
      const ran = run(n);
      const walk = new JoinWalk(n);
      expect(ran.total).toBe(walk.sums.total);
      const steps = Array.from({ length: walk.last + 1 }, (_, i) => walk.step(i));
      expect(steps.map((step) => step.number)).toEqual(steps.map((_, i) => i));
      expect(steps.map((step) => joinLineOf(step.kind))).toEqual(ran.steps.map(([line]) => line));
      expect(steps.map((step) => walk.values(step))).toEqual(ran.steps.map(([, values]) => values));
    },
  );

  it('marks each kind of step on one line, and shows the code without its marks', () => {
    for (const kind of ['choice', 'quarter', 'join', 'buckets', 'west', 'pair', 'sum', 'done'])
      expect(linesOf(JOIN_CODE, kind)).toHaveLength(1);
    for (const line of JOIN_CODE) expect(shownLine(line)).not.toMatch(/[⟨⟩]/);
    const pair = joinLineOf('pair');
    expect(litLines(JOIN_CODE, 'pair', pair)).toEqual([pair]);
    expect(shownLine(JOIN_CODE[pair]).trim()).toBe(
      'const fits = (w.first & e.first) === 0 && (w.second & e.second) === 0;',
    );
  });
});
