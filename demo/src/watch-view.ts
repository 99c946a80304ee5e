// What the search's panel shows beside the board at a step, worked out without the DOM
// (test/watch-view.test.ts): the current row's masks, the explicit stack, and how far the search
// tree has been reached. The panel only draws it.

import { FIRST, SECOND } from './diagonals.js';
import { type SearchTree, unpruned } from './search-tree.js';
import type { Step } from './step-view.js';

/** A mask of the current row, a bit per column, column 0 first. */
export interface MaskRow {
  /** Its name on the page, a diagonal's with the arrow of its direction. */
  name: 'cols' | typeof FIRST | typeof SECOND | 'open' | 'to try';
  /** Its name in the code: the variable it is, or `open` for what the code works out of them. */
  code: 'cols' | 'first' | 'second' | 'open' | 'free';
  bits: number[];
  /** How a set bit reads: attacked (`on`), open, or still to try (`free`). */
  kind: 'on' | 'open' | 'free';
}

/** A row of the stack table: the row and its queen, then its masks in binary. */
export interface StackRow {
  cells: string[];
  /** The row being searched, whose masks are the loop's variables, not on the stack. */
  current: boolean;
}

/** How far the search tree has been reached at a step. */
export interface TreeState {
  /** The nodes reached, which are the first ones (nodes are in the order reached). */
  reached: number;
  /** The nodes of the current path, root first. */
  path: number[];
  /** Per depth: depth, reached, of them dead ends, all, unpruned (n!/(n − d)!). */
  depths: number[][];
}

const bitsOf = (mask: number, n: number) => [...Array(n)].map((_, c) => (mask >> c) & 1);

export function maskRows(s: Step, n: number): MaskRow[] {
  return [
    { name: 'cols', code: 'cols', bits: bitsOf(s.cols, n), kind: 'on' },
    { name: FIRST, code: 'first', bits: bitsOf(s.first, n), kind: 'on' },
    { name: SECOND, code: 'second', bits: bitsOf(s.second, n), kind: 'on' },
    { name: 'open', code: 'open', bits: bitsOf(s.open, n), kind: 'open' },
    { name: 'to try', code: 'free', bits: bitsOf(s.free, n), kind: 'free' },
  ];
}

/** The stack table's columns: the row and its queen, then the level's words by their names in the code. */
export const STACK_COLUMNS = ['row: queen', 'cols', FIRST, SECOND, 'free'] as const;

export function stackRows(s: Step, n: number): StackRow[] {
  const binary = (mask: number) => bitsOf(mask, n).join('');
  const rows = s.stack.map((level) => ({
    cells: [`${level.row}: ${level.queen}`, ...[level.cols, level.first, level.second, level.free].map(binary)],
    current: false,
  }));
  if (s.row >= 0)
    rows.push({
      cells: [`▶ ${s.row}: ${s.queens[s.row] ?? '–'}`, ...[s.cols, s.first, s.second, s.free].map(binary)],
      current: true,
    });
  return rows;
}

/** The tree as reached at step `position`, which `s` is. */
export function treeState(tree: SearchTree, position: number, s: Step): TreeState {
  let reached = 0;
  while (reached < tree.nodes.length && tree.nodes[reached].step <= position) reached++;
  const onBoard = s.queens.filter((c) => c !== undefined).length;
  const path: number[] = [];
  if (s.kind !== 'done')
    for (let i = reached - 1; i >= 0; i = tree.nodes[i].parent) if (tree.nodes[i].depth <= onBoard) path.unshift(i);
  const seen = new Array<number>(tree.n + 1).fill(0);
  const dead = new Array<number>(tree.n + 1).fill(0);
  for (let i = 0; i < reached; i++) {
    seen[tree.nodes[i].depth]++;
    if (tree.nodes[i].deadEnd) dead[tree.nodes[i].depth]++;
  }
  return {
    reached,
    path,
    depths: tree.perDepth.map((all, d) => [d, seen[d], dead[d], all, unpruned(tree.n, d)]),
  };
}
