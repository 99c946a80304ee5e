// The watch panel's code (demo/src/search-code.ts) against its search (demo/src/stepper.ts): the
// code, run as shown with each step's mark made a call, takes the steps the panel shows, and the
// panel lights, at each step, the line that took it.

import { describe, expect, it } from 'vitest';
import { litLines, shownLine } from '../demo/src/code-marks.js';
import { FIRST, SECOND } from '../demo/src/diagonals.js';
import { CODE, type CodeForm, lineOf } from '../demo/src/search-code.js';
import { searchTree, unpruned } from '../demo/src/search-tree.js';
import { describeStep } from '../demo/src/step-view.js';
import { Search } from '../demo/src/stepper.js';
import { maskRows, STACK_COLUMNS, stackRows } from '../demo/src/watch-view.js';
import { knownCounts } from './helpers/known-counts.js';
import { traced } from './helpers/traced-code.js';

/** The lines at which the code, run as shown, passes a step's mark, in order; and what it returns. */
function run(form: CodeForm, n: number): { lines: number[]; solutions: number } {
  const lines: number[] = [];
  const source = traced(CODE[form]);
  const solve = new Function('trace', `${source}\nreturn solve;`)((line: number) => lines.push(line));
  return { lines, solutions: solve(n) };
}

/** The line the panel lights at each step of the search of n, from the first to the last. */
function lit(form: CodeForm, n: number): number[] {
  const search = new Search(n);
  const lines = [lineOf(form, search.kind, search.row === 0)];
  while (search.next()) lines.push(lineOf(form, search.kind, search.row === 0));
  return lines;
}

/** What the explicit-stack loop, run as shown, had at each step: the values its mark names, and the panel's state. */
function runWithValues(n: number): { values: Record<string, number>; state: Record<string, number | Uint32Array> }[] {
  const steps: { values: Record<string, number>; state: Record<string, number | Uint32Array> }[] = [];
  const source = traced(CODE.stack, ['cols', 'first', 'second', 'free', 'row', 'stack']);
  const solve = new Function('trace', `${source}\nreturn solve;`)(
    (_line: number, values: Record<string, number>, state: Record<string, number | Uint32Array>) =>
      steps.push({ values: { ...values }, state: structuredClone(state) }),
  );
  solve(n);
  return steps;
}

/** A mask as the panel writes it: column 0 first, lowest bit first. */
const binary = (mask: number, n: number) => [...Array(n).keys()].map((c) => (mask >> c) & 1).join('');

/** The code's name for what a column or row of the panel shows: its first word, arrows aside. */
const codeName = (label: string) => label.split(' ')[0];

describe('the watch panel’s code', () => {
  it.each([4, 5, 6, 7, 8])(
    'n = %i: each step shows the values, masks and stack the explicit-stack loop had there, each under its name in the code',
    (n) => {
      const ran = runWithValues(n);
      const search = new Search(n);
      // What the panel shows and what the code had, a line per step, compared once at the end.
      const shown: string[] = [];
      const had: string[] = [];
      let i = 0;
      do {
        const step = describeStep(search);
        const { values, state } = ran[i++];
        const named = Object.entries(values).map(
          ([name, value]) => `${name} = ${name === 'row' || name === 'solutions' ? value : binary(value, n)}`,
        );
        shown.push(step.values);
        had.push(named.join(', '));
        if (step.kind === 'done') continue;
        const word = (name: string) => state[name] as number;
        const masks = maskRows(step, n);
        shown.push(masks.map((mask) => `${codeName(mask.name)} ${mask.bits.join('')}`).join(', '));
        had.push(
          masks
            .map((mask) => {
              const value =
                mask.code === 'open'
                  ? (2 ** n - 1) & ~(word('cols') | word('first') | word('second'))
                  : word(mask.code);
              // The page's name of a mask is the code's, but for what the code calls free and works out as open.
              const name = mask.code === 'free' ? 'to' : mask.code;
              return `${name} ${binary(value, n)}`;
            })
            .join(', '),
        );
        const stack = state.stack as Uint32Array;
        const rows = stackRows(step, n);
        shown.push(rows.map((row) => row.cells.slice(1).join(' ')).join(' / '));
        had.push(
          [...Array(word('row') + 1).keys()]
            .map((level) =>
              (level === word('row')
                ? [word('cols'), word('first'), word('second'), word('free')]
                : [...stack.subarray(4 * level, 4 * level + 4)]
              )
                .map((w) => binary(w, n))
                .join(' '),
            )
            .join(' / '),
        );
      } while (search.next());
      expect(i).toBe(ran.length);
      expect(shown).toEqual(had);
      expect(STACK_COLUMNS.slice(1).map(codeName)).toEqual(['cols', 'first', 'second', 'free']);
    },
  );

  it('names each diagonal mask by the arrow of its direction on the board drawn rows top to bottom', () => {
    // [row step, column step] of an arrow on a board drawn row 0 at the top, column 0 at the left.
    const arrows: Record<string, [number, number]> = { '↗': [-1, 1], '↘': [1, 1] };
    const n = 8;
    const search = new Search(n);
    let checked = 0;
    while (search.next()) {
      if (search.kind !== 'down') continue;
      // The queen that just went on the row above; each diagonal mask marks the square it attacks in this row.
      const row = search.row;
      const queen = search.queens[row - 1];
      for (const [label, mask] of [
        [FIRST, search.first],
        [SECOND, search.second],
      ] as const) {
        const [dr, dc] = arrows[label.split(' ')[1]];
        for (const c of [queen - 1, queen + 1]) {
          if (c < 0 || c >= n) continue;
          // The square (row, c) is on the queen's diagonal in the arrow's direction when the step
          // from it to the queen is a multiple of the arrow.
          const along = (row - 1 - row) * dc === (queen - c) * dr;
          if (along) {
            expect((mask >> c) & 1).toBe(1);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  for (const form of ['stack', 'recursive'] as const) {
    it.each([1, 2, 3, 4, 5, 6, 7, 8])(`${form}: n = %i, each step lights the line whose mark the code passed`, (n) => {
      const ran = run(form, n);
      expect(BigInt(ran.solutions)).toBe(knownCounts.get(n)!.total);
      expect(lit(form, n)).toEqual(ran.lines);
    });
  }

  it('shows the code without its marks, and lights the further lines of a step', () => {
    for (const form of ['stack', 'recursive'] as const)
      for (const line of CODE[form]) expect(shownLine(line)).not.toMatch(/[⟨⟩]/);
    const back = lineOf('stack', 'back', false);
    expect(CODE.stack[back]).toContain('stack.subarray');
    expect(litLines(CODE.stack, 'back', back).map((i) => shownLine(CODE.stack[i]).trim())).toEqual([
      'row--;',
      '[cols, first, second, free] = stack.subarray(4 * row, 4 * row + 4);',
    ]);
    expect(lineOf('stack', 'open', true)).toBeLessThan(lineOf('stack', 'open', false));
  });
});

/**
 * Placements of queens on the first d rows of an n×n board, none attacking another, by brute
 * force; and of those (d < n), the ones that leave no square of row d open.
 */
function placements(n: number, d: number): { all: number; stuck: number } {
  let all = 0;
  let stuck = 0;
  const cols: number[] = [];
  const fits = (row: number, c: number) => cols.every((other, r) => other !== c && Math.abs(other - c) !== row - r);
  const extend = (): void => {
    const row = cols.length;
    if (row === d) {
      all++;
      if (d < n && ![...Array(n).keys()].some((c) => fits(d, c))) stuck++;
      return;
    }
    for (let c = 0; c < n; c++)
      if (fits(row, c)) {
        cols.push(c);
        extend();
        cols.pop();
      }
  };
  extend();
  return { all, stuck };
}

describe('the watch panel’s search tree', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'n = %i: nodes per depth are the placements of that many queens on the top rows, dead ends those that leave the next row no square',
    (n) => {
      const tree = searchTree(n);
      const expected = [...Array(n + 1).keys()].map((d) => placements(n, d));
      expect(tree.perDepth).toEqual(expected.map((p) => p.all));
      const deadEnds = expected.map(() => 0);
      for (const node of tree.nodes) if (node.deadEnd) deadEnds[node.depth]++;
      expect(deadEnds).toEqual(expected.map((p) => p.stuck));
      expect(tree.perDepth.map((count, d) => count <= unpruned(n, d))).toEqual(tree.perDepth.map(() => true));
      expect(tree.nodes.filter((node) => node.solution).length).toBe(Number(knownCounts.get(n)!.total));
    },
  );

  it('n = 8 has 2,057 nodes, each spanning the leaves below it, within its parent’s span', () => {
    const tree = searchTree(8);
    expect(tree.nodes.length).toBe(2057);
    const children = tree.nodes.map(() => 0);
    for (const node of tree.nodes) if (node.parent >= 0) children[node.parent]++;
    expect(tree.leaves).toBe(children.filter((c) => c === 0).length);
    expect(tree.nodes[0]).toMatchObject({ from: 0, leaves: tree.leaves });
    for (const node of tree.nodes.slice(1)) {
      const parent = tree.nodes[node.parent];
      expect(node.depth).toBe(parent.depth + 1);
      expect(node.from).toBeGreaterThanOrEqual(parent.from);
      expect(node.from + node.leaves).toBeLessThanOrEqual(parent.from + parent.leaves);
      expect(node.step).toBeGreaterThan(parent.step);
    }
  });
});
