// The kernel's memory: static regions reserved at compile time, and past them the join's lists
// (join.ts), which grow with the board. The caller writes subproblems and reads results through
// the offsets that index.ts exports.

import { BATCH, ENUM_WORDS, MAX_N, RECORD_WORDS, RESULT_WORDS, SOLUTION_BYTES, SUBPROBLEM_BYTES } from './layout';

export const RECORD_BYTES = RECORD_WORDS << 2;
export const RESULT_BYTES = RESULT_WORDS << 3;

/** A batch of subproblems' queens, written by the caller. */
export const SUBPROBLEMS = memory.data(BATCH * SUBPROBLEM_BYTES, 64);
/** The FIXED_* bits of each subproblem of the batch, written by the caller. */
export const FIXED = memory.data(BATCH, 64);
/** Per subproblem of a join batch, its row choice: the rows whose queen stands in the east half. */
export const EAST_ROWS = memory.data(BATCH * 4, 64);
/** RESULT_WORDS u64 per subproblem. */
export const RESULTS = memory.data(BATCH * RESULT_BYTES, 64);
/** The record of the subproblem being counted. */
export const RECORD = memory.data(RECORD_BYTES, 64);
/** The record of a listing, and its state: copied in and out by the caller around each call. */
export const ENUM_RECORD = memory.data(RECORD_BYTES, 64);
export const ENUM_STATE = memory.data(ENUM_WORDS << 2, 64);
/** Solutions written by one call; the slack lets the last board be stored as whole words. */
export const SOLUTIONS = memory.data(SOLUTION_BYTES + MAX_N, 64);

/** Where the join's lists begin: past all static data. */
@inline export function joinHeap(): usize {
  return __heap_base;
}
