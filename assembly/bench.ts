// The benchmark's build of the kernel (build/bench.wasm, never shipped): the release exports, and
// a batch count that also counts the queen placements it tries.

import { countSteps } from './count';
import { BitmaskOnly, CountingNodes, nodesVisited as visited } from './nodes';
export * from './index';

/** countSteps, also adding the placements it tries to nodesVisited(). */
export function countStepsCountingNodes(budget: i32): i32 {
  return countSteps<CountingNodes>(budget);
}

/** Queen placements tried by countStepsCountingNodes since the module started. */
export function nodesVisited(): u64 {
  return visited;
}

/** countSteps, counting every record by the bitmask search alone (the second path). */
export function countStepsBitmaskOnly(budget: i32): i32 {
  return countSteps<BitmaskOnly>(budget);
}
