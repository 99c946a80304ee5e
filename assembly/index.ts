// The wasm kernel's exports (the release build). The algorithms live in count.ts (with forward.ts,
// bitmask.ts, symmetric.ts and join.ts) and solutions.ts; src/kernel/js/ holds the same files in TypeScript.

import { EAST_ROWS, ENUM_RECORD, ENUM_STATE, FIXED, RESULTS, SOLUTIONS, SUBPROBLEMS } from './memory';
import { countSteps as countStepsOf } from './count';
import { Plain } from './nodes';
export { startBatch } from './count';
export { joinShortfall } from './join';
export { startSolutions, nextSolutions } from './solutions';

/** Byte offset of the subproblems the caller fills in. */
export function subproblemsOffset(): usize {
  return SUBPROBLEMS;
}

/** Byte offset of the FIXED_* bits per subproblem, which the caller fills in. */
export function fixedOffset(): usize {
  return FIXED;
}

/** Byte offset of the row choice (u32) per subproblem of a join batch, which the caller fills in. */
export function eastRowsOffset(): usize {
  return EAST_ROWS;
}

/** Byte offset of the results: RESULT_WORDS u64 per record. */
export function resultsOffset(): usize {
  return RESULTS;
}

/** Byte offset of a listing's record (RECORD_WORDS words), and of its state (ENUM_WORDS words). */
export function enumRecordOffset(): usize {
  return ENUM_RECORD;
}
export function enumStateOffset(): usize {
  return ENUM_STATE;
}

/** Byte offset of the solutions that nextSolutions writes. */
export function solutionsOffset(): usize {
  return SOLUTIONS;
}

/** Counts on in the batch begun by startBatch for at most `budget` steps; returns the records finished. */
export function countSteps(budget: i32): i32 {
  return countStepsOf<Plain>(budget);
}
