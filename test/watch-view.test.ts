// What the search's panel shows beside the board (demo/src/watch-view.ts), in Node: the masks, the
// stack and the tree as reached, at steps the timeline seeks to and goes back from.
import { describe, expect, it } from 'vitest';
import { searchTree } from '../demo/src/search-tree.js';
import { Timeline } from '../demo/src/timeline.js';
import { maskRows, stackRows, treeState } from '../demo/src/watch-view.js';

describe('the search panel’s views', () => {
  it('n = 6, step 4: a queen at (0, 0) and one at (1, 2); the stack holds row 0, row 1 is the loop’s', () => {
    const timeline = new Timeline(6);
    timeline.seek(4);
    const s = timeline.current;
    expect(stackRows(s, 6)).toEqual([
      { cells: ['0: 0', '000000', '000000', '000000', '011111'], current: false },
      { cells: ['▶ 1: 2', '100000', '000000', '010000', '000111'], current: true },
    ]);
    const masks = Object.fromEntries(maskRows(s, 6).map((m) => [m.name, m.bits.join('')]));
    // Row 1 under a queen at (0, 0): column 0, and the square below-right on its second diagonal ↘; 2 tried.
    expect(masks).toEqual({
      cols: '100000',
      'first ↗': '000000',
      'second ↘': '010000',
      open: '001111',
      'to try': '000111',
    });
    expect(maskRows(s, 6).map((m) => m.kind)).toEqual(['on', 'on', 'on', 'open', 'free']);
  });

  it('going back a step from a step shows what seeking to the step before afresh shows', () => {
    const stepped = new Timeline(7);
    const sought = new Timeline(7);
    const tree = searchTree(7);
    stepped.seek(120);
    for (let at = 119; at >= 100; at--) {
      stepped.seek(stepped.position - 1);
      sought.seek(at);
      for (const view of [
        (t: Timeline) => stackRows(t.current, 7),
        (t: Timeline) => maskRows(t.current, 7),
        (t: Timeline) => treeState(tree, t.position, t.current),
      ])
        expect(view(stepped)).toEqual(view(sought));
    }
  });

  it('the tree: reached grows with the steps, the path runs root to the current queen, and the end has every node', () => {
    const tree = searchTree(8);
    const timeline = new Timeline(8);
    let before = 0;
    for (const at of [0, 1, 10, 100, 1000, 5000]) {
      timeline.seek(at);
      const state = treeState(tree, at, timeline.current);
      expect(state.reached).toBeGreaterThanOrEqual(before);
      before = state.reached;
      expect(state.path[0]).toBe(0);
      const queens = timeline.current.queens.filter((c) => c !== undefined).length;
      expect(state.path).toHaveLength(queens + 1);
      for (const [i, node] of state.path.entries()) expect(tree.nodes[node].depth).toBe(i);
    }
    timeline.seek(timeline.last);
    const end = treeState(tree, timeline.last, timeline.current);
    expect(end.reached).toBe(2057);
    expect(end.path).toEqual([]);
    expect(end.depths.map((row) => row[1])).toEqual([1, 8, 42, 140, 344, 568, 550, 312, 92]);
    expect(end.depths.map((row) => row[4])).toEqual([1, 8, 56, 336, 1680, 6720, 20160, 40320, 40320]);
    expect(end.depths.map((row) => row[1])).toEqual(end.depths.map((row) => row[3]));
    expect(end.depths.reduce((sum, row) => sum + row[2], 0)).toBe(tree.nodes.filter((node) => node.deadEnd).length);
  });
});
