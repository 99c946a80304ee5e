// The tree of placements the search visits: the root (the empty board), and a node for each
// queen it tries, below the node of the queens above it. Laid out as an icicle: a node spans the
// leaves below it, one band per depth, so that the whole tree of n = 8 (2,057 nodes) fits a panel.

import { Search } from './stepper.js';

/** A node of the tree, root first, in the order the search reaches them. */
export interface TreeNode {
  /** Queens placed: 0 for the root, row + 1 for a queen on `row`. */
  depth: number;
  /** The queen's column (-1 for the root). */
  col: number;
  /** The parent's index (-1 for the root). */
  parent: number;
  /** The step that tried this queen (0 for the root). */
  step: number;
  /** A solution: a queen on every row. */
  solution: boolean;
  /** A dead end: no square of the next row is open. */
  deadEnd: boolean;
  /** The leaves before this node's first leaf, and its leaves: where it spans. */
  from: number;
  leaves: number;
}

export interface SearchTree {
  n: number;
  nodes: TreeNode[];
  leaves: number;
  /** Nodes per depth, 0 to n. */
  perDepth: number[];
}

/** The tree of the search of n. */
export function searchTree(n: number): SearchTree {
  const nodes: TreeNode[] = [
    { depth: 0, col: -1, parent: -1, step: 0, solution: false, deadEnd: false, from: 0, leaves: 0 },
  ];
  // The node of each row's current queen: path[row + 1]; path[0] is the root.
  const path = [0];
  const search = new Search(n);
  for (let step = 1; search.next(); step++) {
    if (search.kind === 'try') {
      path.length = search.row + 1;
      path.push(nodes.length);
      nodes.push({
        depth: search.row + 1,
        col: search.col,
        parent: path[search.row],
        step,
        solution: search.row === n - 1,
        deadEnd: false,
        from: 0,
        leaves: 0,
      });
    }
  }
  // Leaves in the order reached; a node spans from its first leaf, over all of its leaves.
  const children = nodes.map(() => 0);
  for (const node of nodes) if (node.parent >= 0) children[node.parent]++;
  let leaves = 0;
  for (let i = 0; i < nodes.length; i++) {
    nodes[i].deadEnd = children[i] === 0 && !nodes[i].solution;
    if (children[i] === 0) {
      nodes[i].from = leaves++;
      for (let up = i; up >= 0; up = nodes[up].parent) {
        if (nodes[up].leaves === 0) nodes[up].from = nodes[i].from;
        nodes[up].leaves++;
      }
    }
  }
  const perDepth = new Array<number>(n + 1).fill(0);
  for (const node of nodes) perDepth[node.depth]++;
  return { n, nodes, leaves, perDepth };
}

/** Placements of d queens, one per row on d rows of n columns, without pruning: n!/(n-d)!. */
export function unpruned(n: number, d: number): number {
  let product = 1;
  for (let i = 0; i < d; i++) product *= n - i;
  return product;
}
