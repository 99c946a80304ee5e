// Counting a batch of records: for each, its completions, and for the records that ask for them
// (REC_FIXED) the completions a half turn and a quarter turn leave unchanged. src/kernel/js/count.ts
// is the same driver, step for step and name for name.
//
// Every search here is resumable, and so is the batch: countSteps runs until its budget is spent
// and returns how many records are finished; the next call continues where it stopped. A caller
// on an event loop can so keep every call short, whatever the size of a record.

import { forwardCount, forwardRun, forwardStart, laneOffset } from "./forward";
import { bitmaskCount, bitmaskRun, bitmaskStart } from "./bitmask";
import { HALF_TURN, QUARTER_TURN, symmetricCount, symmetricRun, symmetricStart } from "./symmetric";
import { FIXED_HALF_TURN, FIXED_QUARTER_TURN, REC_FIXED, RESULT_COMPLETIONS, RESULT_HALF_TURNS, RESULT_QUARTER_TURNS } from "./layout";
import { RECORDS, RECORD_BYTES, RESULTS, RESULT_BYTES } from "./memory";

// Where the batch stands between two calls: the record being counted, and which of its searches.
const START = 0; // nothing started yet
const FORWARD = 1; // its completions, by forward checking
const BITMASK = 2; // its completions, by the bitmask search
const HALF_TURNS = 3; // its completions fixed by a half turn
const QUARTER_TURNS = 4; // its completions fixed by a quarter turn
let batchSize: i32 = 0;
let next: i32 = 0;
let phase: i32 = START;

/** Starts a batch: records 0..count-1 of RECORDS, results into RESULTS. */
export function startBatch(count: i32): void {
  batchSize = count;
  next = 0;
  phase = START;
}

@inline function result(word: i32): usize {
  return RESULTS + <usize>next * RESULT_BYTES + (<usize>word << 3);
}

@inline function fixedWanted(record: usize, bit: i32): bool {
  return (load<i32>(record + (REC_FIXED << 2)) & bit) != 0;
}

// The phase after the record's completions, or after its half-turn count; starting its search,
// or storing a result that needed none. START means the record is finished.
function afterCompletions(record: usize): i32 {
  if (fixedWanted(record, FIXED_HALF_TURN)) {
    if (symmetricStart(record, HALF_TURN)) return HALF_TURNS;
    store<u64>(result(RESULT_HALF_TURNS), symmetricCount());
  }
  return afterHalfTurns(record);
}

function afterHalfTurns(record: usize): i32 {
  if (fixedWanted(record, FIXED_QUARTER_TURN)) {
    if (symmetricStart(record, QUARTER_TURN)) return QUARTER_TURNS;
    store<u64>(result(RESULT_QUARTER_TURNS), symmetricCount());
  }
  next++;
  return START;
}

/**
 * Counts on in the batch for at most `budget` steps of search (expansions, backtracks or
 * candidates, depending on the search). Returns the number of records finished: the batch is done
 * when it equals the count given to startBatch.
 */
export function countSteps<Build>(budget: i32): i32 {
  while (next < batchSize) {
    const record = RECORDS + <usize>next * RECORD_BYTES;
    if (phase == START) {
      store<u64>(result(RESULT_HALF_TURNS), 0);
      store<u64>(result(RESULT_QUARTER_TURNS), 0);
      const low = laneOffset(record);
      if (low >= 0) {
        if (forwardStart(record, low)) {
          phase = FORWARD;
          continue;
        }
        store<u64>(result(RESULT_COMPLETIONS), forwardCount());
      } else {
        if (bitmaskStart(record)) {
          phase = BITMASK;
          continue;
        }
        store<u64>(result(RESULT_COMPLETIONS), bitmaskCount());
      }
      phase = afterCompletions(record);
    } else if (phase == FORWARD) {
      budget = forwardRun<Build>(budget);
      if (budget < 0) break;
      store<u64>(result(RESULT_COMPLETIONS), forwardCount());
      phase = afterCompletions(record);
    } else if (phase == BITMASK) {
      budget = bitmaskRun<Build>(budget);
      if (budget < 0) break;
      store<u64>(result(RESULT_COMPLETIONS), bitmaskCount());
      phase = afterCompletions(record);
    } else if (phase == HALF_TURNS) {
      budget = symmetricRun(budget);
      if (budget < 0) break;
      store<u64>(result(RESULT_HALF_TURNS), symmetricCount());
      phase = afterHalfTurns(record);
    } else {
      budget = symmetricRun(budget);
      if (budget < 0) break;
      store<u64>(result(RESULT_QUARTER_TURNS), symmetricCount());
      next++;
      phase = START;
    }
  }
  return next;
}
