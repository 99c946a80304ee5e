// The wasm kernel's exports. The algorithms live in count.ts, symmetric.ts and solutions.ts;
// src/kernel/js/ holds the same three in TypeScript.

import { RECORDS, RECORD_BYTES, RESULTS, RESULT_BYTES, ENUM_STATE, SOLUTIONS } from "./memory";
import { completions } from "./count";
import { CountingNodes, Plain, nodesVisited as visited } from "./nodes";
import { symmetricCompletions } from "./symmetric";
export { startSolutions, nextSolutions } from "./solutions";

/** Byte offset of the record batch the caller fills in. */
export function recordsOffset(): usize {
  return RECORDS;
}

/** Byte offset of the results: RESULT_WORDS u64 per record. */
export function resultsOffset(): usize {
  return RESULTS;
}

/** Byte offset of the enumeration state (ENUM_WORDS words). */
export function enumStateOffset(): usize {
  return ENUM_STATE;
}

/** Byte offset of the solutions that nextSolutions writes. */
export function solutionsOffset(): usize {
  return SOLUTIONS;
}

/** Counts the completions of records 0..count-1; result word 0 of each record. */
export function countBatch(count: i32): void {
  for (let i = 0; i < count; i++) {
    store<u64>(RESULTS + <usize>(i * RESULT_BYTES), completions<Plain>(RECORDS + <usize>(i * RECORD_BYTES)));
  }
}

/** countBatch, also adding the nodes it visits to nodesVisited() (for the benchmark). */
export function countBatchCountingNodes(count: i32): void {
  for (let i = 0; i < count; i++) {
    store<u64>(RESULTS + <usize>(i * RESULT_BYTES), completions<CountingNodes>(RECORDS + <usize>(i * RECORD_BYTES)));
  }
}

/** Queen placements tried by countBatchCountingNodes since the module started. */
export function nodesVisited(): u64 {
  return visited;
}

/** Counts completions and those fixed by a half and a quarter turn; all three result words. */
export function countSymmetricBatch(count: i32): void {
  for (let i = 0; i < count; i++) {
    symmetricCompletions(RECORDS + <usize>(i * RECORD_BYTES), RESULTS + <usize>(i * RESULT_BYTES));
  }
}
