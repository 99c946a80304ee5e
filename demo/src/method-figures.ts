// What each method does to count a small board, in the units each works in: the figures of the
// join panel's side-by-side table and of its table of how the two grow from n = 6 to 10.

import { JoinWalk } from './join-walk.js';
import { Search } from './stepper.js';

export interface MethodFigures {
  n: number;
  backtracking: {
    /** The walk-through's steps, start to end: the code lines the search runs. */
    steps: number;
    /** The search tree's nodes: its root and each queen placed. */
    nodes: number;
    deadEnds: number;
    solutions: number;
  };
  join: {
    steps: number;
    quarterBoards: number;
    candidates: number;
    halfBoards: number;
    pairsTested: number;
    pairsWithoutKeys: number;
    solutions: number;
  };
}

/** Both methods' figures for n; `walk`, the join's walk of n where the caller has one already. */
export function methodFigures(n: number, walk: JoinWalk = new JoinWalk(n)): MethodFigures {
  const search = new Search(n);
  let steps = 0;
  let placed = 0;
  let deadEnds = 0;
  while (search.next()) {
    steps++;
    if (search.kind === 'try') placed++;
    else if (search.deadEnd) deadEnds++;
  }
  const { sums } = walk;
  return {
    n,
    backtracking: {
      steps,
      nodes: placed + 1,
      deadEnds,
      solutions: search.solutions,
    },
    join: {
      steps: walk.last,
      quarterBoards: sums.quarterBoards,
      candidates: sums.candidates,
      halfBoards: sums.halfBoards,
      pairsTested: sums.pairsTested,
      pairsWithoutKeys: sums.pairsWithoutKeys,
      solutions: sums.total,
    },
  };
}
