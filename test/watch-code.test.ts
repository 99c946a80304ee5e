// The watch panel's code (demo/src/search-code.ts) against its search (demo/src/stepper.ts): the
// code, run as shown with each step's mark made a call, takes the steps the panel shows, and the
// panel lights, at each step, the line that took it.

import { describe, expect, it } from 'vitest';
import { litLines, shownLine } from '../demo/src/code-marks.js';
import { CODE, type CodeForm, lineOf } from '../demo/src/search-code.js';
import { searchTree, unpruned } from '../demo/src/search-tree.js';
import { Search } from '../demo/src/stepper.js';
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

describe('the watch panel’s code', () => {
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
      '[cols, left, right, free] = stack.subarray(4 * row, 4 * row + 4);',
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
