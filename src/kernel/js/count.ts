// Counting a batch of records: for each, its completions, and for the records that ask for them
// (REC_FIXED) the completions a half turn and a quarter turn leave unchanged. assembly/count.ts
// is the same driver, step for step and name for name (the reasons are written there); the scope
// of batchCounter() holds what is the module's memory in wasm.

import {
  FIXED_HALF_TURN,
  FIXED_QUARTER_TURN,
  RECORD_WORDS,
  REC_FIXED,
  RESULT_COMPLETIONS,
  RESULT_HALF_TURNS,
  RESULT_QUARTER_TURNS,
  RESULT_WORDS,
} from '../../../assembly/layout.js';
import { bitmaskSearch } from './bitmask.js';
import { forwardSearch, laneOffset } from './forward.js';
import { HALF_TURN, QUARTER_TURN, symmetricSearch } from './symmetric.js';

export interface BatchCounter {
  /** Starts a batch: records 0..count-1 of `records`, results into `results`. */
  startBatch(count: number): void;
  /** Counts on for at most `budget` steps of search; returns the number of records finished. */
  countSteps(budget: number): number;
}

export function batchCounter(records: Int32Array, results: Float64Array): BatchCounter {
  const forward = forwardSearch();
  const bitmask = bitmaskSearch();
  const symmetric = symmetricSearch();
  // Where the batch stands between two calls: the record being counted, and which of its searches.
  const START = 0; // nothing started yet
  const FORWARD = 1; // its completions, by forward checking
  const BITMASK = 2; // its completions, by the bitmask search
  const HALF_TURNS = 3; // its completions fixed by a half turn
  const QUARTER_TURNS = 4; // its completions fixed by a quarter turn
  let batchSize = 0;
  let next = 0;
  let phase = START;

  function result(word: number): number {
    return next * RESULT_WORDS + word;
  }

  function fixedWanted(record: number, bit: number): boolean {
    return (records[record + REC_FIXED] & bit) !== 0;
  }

  // The phase after the record's completions, or after its half-turn count; starting its search,
  // or storing a result that needed none. START means the record is finished.
  function afterCompletions(record: number): number {
    if (fixedWanted(record, FIXED_HALF_TURN)) {
      if (symmetric.start(records, record, HALF_TURN)) return HALF_TURNS;
      results[result(RESULT_HALF_TURNS)] = symmetric.count();
    }
    return afterHalfTurns(record);
  }

  function afterHalfTurns(record: number): number {
    if (fixedWanted(record, FIXED_QUARTER_TURN)) {
      if (symmetric.start(records, record, QUARTER_TURN)) return QUARTER_TURNS;
      results[result(RESULT_QUARTER_TURNS)] = symmetric.count();
    }
    next++;
    return START;
  }

  function startBatch(count: number): void {
    batchSize = count;
    next = 0;
    phase = START;
  }

  function countSteps(budget: number): number {
    while (next < batchSize) {
      const record = next * RECORD_WORDS;
      if (phase === START) {
        results[result(RESULT_HALF_TURNS)] = 0;
        results[result(RESULT_QUARTER_TURNS)] = 0;
        const low = laneOffset(records, record);
        if (low >= 0) {
          if (forward.start(records, record, low)) {
            phase = FORWARD;
            continue;
          }
          results[result(RESULT_COMPLETIONS)] = forward.count();
        } else {
          if (bitmask.start(records, record)) {
            phase = BITMASK;
            continue;
          }
          results[result(RESULT_COMPLETIONS)] = bitmask.count();
        }
        phase = afterCompletions(record);
      } else if (phase === FORWARD) {
        budget = forward.run(budget);
        if (budget < 0) break;
        results[result(RESULT_COMPLETIONS)] = forward.count();
        phase = afterCompletions(record);
      } else if (phase === BITMASK) {
        budget = bitmask.run(budget);
        if (budget < 0) break;
        results[result(RESULT_COMPLETIONS)] = bitmask.count();
        phase = afterCompletions(record);
      } else if (phase === HALF_TURNS) {
        budget = symmetric.run(budget);
        if (budget < 0) break;
        results[result(RESULT_HALF_TURNS)] = symmetric.count();
        phase = afterHalfTurns(record);
      } else {
        budget = symmetric.run(budget);
        if (budget < 0) break;
        results[result(RESULT_QUARTER_TURNS)] = symmetric.count();
        next++;
        phase = START;
      }
    }
    return next;
  }

  return { startBatch, countSteps };
}
