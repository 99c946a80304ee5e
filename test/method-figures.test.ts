// The figures the join panel's two comparison tables show (demo/src/method-figures.ts), read
// against the search tree, the timelines both walk-throughs play, and OEIS.

import { describe, expect, it } from 'vitest';
import { JoinWalk } from '../demo/src/join-walk.js';
import { methodFigures } from '../demo/src/method-figures.js';
import { searchTree } from '../demo/src/search-tree.js';
import { Timeline } from '../demo/src/timeline.js';
import { knownCounts } from './helpers/known-counts.js';

describe('methodFigures', () => {
  for (const n of [6, 7, 8, 9, 10]) {
    const walk = new JoinWalk(n);
    const f = methodFigures(n, walk);

    it(`n = ${n}: both methods find OEIS's solutions`, () => {
      expect(BigInt(f.backtracking.solutions)).toBe(knownCounts.get(n)!.total);
      expect(f.join.solutions).toBe(f.backtracking.solutions);
    });

    it(`n = ${n}: the search's nodes and dead ends are the tree's, its steps the timeline's`, () => {
      const tree = searchTree(n);
      expect(f.backtracking.nodes).toBe(tree.nodes.length);
      expect(f.backtracking.deadEnds).toBe(tree.nodes.filter((node) => node.deadEnd).length);
      expect(f.backtracking.steps).toBe(new Timeline(n).last);
    });

    it(`n = ${n}: the join's steps and units are its walk's`, () => {
      expect(f.join).toEqual({
        steps: walk.last,
        quarterBoards: walk.sums.quarterBoards,
        candidates: walk.sums.candidates,
        halfBoards: walk.sums.halfBoards,
        pairsTested: walk.sums.pairsTested,
        pairsWithoutKeys: walk.sums.pairsWithoutKeys,
        solutions: walk.sums.total,
      });
      // Without a walk given, it walks the same join.
      expect(methodFigures(n)).toEqual(f);
    });

    it(`n = ${n}: the join tests fewer pairs than the search places queens, as the growth table says`, () => {
      expect(f.join.pairsTested).toBeLessThan(f.backtracking.nodes);
    });
  }
});
