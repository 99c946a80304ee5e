// Counting a batch of subproblems: for each, its completions, and for those that ask for them
// (fixed) the completions a half turn and a quarter turn leave unchanged; with FIXED_ONLY, only
// those; with FIXED_JOIN, the solutions of its row choice, by the join. assembly/count.ts
// is the same driver, step for step and name for name (the reasons are written there); the scope
// of batchCounter() holds what is the module's memory in wasm.

import {
  BITMASK,
  FORWARD,
  HALF_TURNS,
  HANDED_OVER,
  HANDOVER_STEPS,
  JOINING,
  QUARTER_TURNS,
  START,
} from '../../../assembly/batch-phases.js';
import {
  FIXED_HALF_TURN,
  FIXED_JOIN,
  FIXED_ONLY,
  FIXED_QUARTER_TURN,
  JOIN_MIN_N,
  REC_FIXED,
  REC_LEVELS,
  RECORD_WORDS,
  RESULT_COMPLETIONS,
  RESULT_HALF_TURNS,
  RESULT_QUARTER_TURNS,
  RESULT_WORDS,
} from '../../../assembly/layout.js';
import { bitmaskSearch } from './bitmask.js';
import { expandRecord } from './expand.js';
import { forwardSearch, LANES } from './forward.js';
import { joinCounter } from './join.js';
import { HALF_TURN, QUARTER_TURN, symmetricSearch } from './symmetric.js';

export interface BatchCounter {
  /**
   * Starts a batch: subproblems 0..count-1 of `subproblems` (n×n, `width` queens each), results
   * into `results`; joins among them use lists of at most about `joinRoom` bytes.
   */
  startBatch(count: number, n: number, width: number, joinRoom: number): void;
  /**
   * Counts on for at most `budget` steps of search; returns the number of records finished, or -1
   * where a join could not have the memory it needs (shortfall says how much).
   */
  countSteps(budget: number): number;
  /** The bytes of lists the last join needed and could not have, or 0. */
  shortfall(): number;
  /** Bytes the join's lists hold now. */
  heldBytes(): number;
}

export function batchCounter(
  subproblems: Int8Array,
  fixed: Uint8Array,
  eastRows: Uint32Array,
  results: Float64Array,
): BatchCounter {
  // The record of the subproblem being counted.
  const records = new Int32Array(RECORD_WORDS);
  const forward = forwardSearch();
  const bitmask = bitmaskSearch();
  const symmetric = symmetricSearch();
  const join = joinCounter();
  // Where the batch stands between two calls (its phases in assembly/batch-phases.ts).
  let batchSize = 0;
  let batchN = 0;
  let batchWidth = 0;
  let next = 0;
  let phase = START;
  let handedOver = 0;

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

  function startBatch(count: number, n: number, width: number, joinRoom: number): void {
    batchSize = count;
    batchN = n;
    batchWidth = width;
    next = 0;
    phase = START;
    if (n >= JOIN_MIN_N) join.start(n, joinRoom);
  }

  function startJoin(): number {
    results[result(RESULT_HALF_TURNS)] = 0;
    results[result(RESULT_QUARTER_TURNS)] = 0;
    return join.begin(batchN, eastRows[next], batchWidth > 0 ? subproblems[next * batchWidth * 2] : -1);
  }

  // Expands the record's subproblem and starts the search of its completions; returns the phase
  // it goes on in, storing the results that needed no search.
  function startSearch(record: number): number {
    expandRecord(subproblems, next * batchWidth * 2, batchWidth, batchN, fixed[next], records, record);
    results[result(RESULT_HALF_TURNS)] = 0;
    results[result(RESULT_QUARTER_TURNS)] = 0;
    if (fixedWanted(record, FIXED_ONLY)) {
      results[result(RESULT_COMPLETIONS)] = 0;
      return afterCompletions(record);
    }
    const levels = records[record + REC_LEVELS];
    if (levels > LANES) {
      handedOver = 0;
      if (bitmask.start(records, record, levels - LANES)) return BITMASK;
      results[result(RESULT_COMPLETIONS)] = bitmask.count();
    } else {
      if (forward.start(records, record)) return FORWARD;
      results[result(RESULT_COMPLETIONS)] = forward.count();
    }
    return afterCompletions(record);
  }

  function countSteps(budget: number): number {
    while (next < batchSize) {
      const record = 0;
      if (phase === START) {
        if ((fixed[next] & FIXED_JOIN) !== 0) {
          const took = startJoin();
          // The join could not have the memory its lists need: join.shortfall says how much.
          if (took < 0) return -1;
          budget -= took;
          phase = JOINING;
          if (budget < 0) break;
          continue;
        }
        phase = startSearch(record);
      } else if (phase === FORWARD) {
        budget = forward.run(budget);
        if (budget < 0) break;
        results[result(RESULT_COMPLETIONS)] = forward.count();
        phase = afterCompletions(record);
      } else if (phase === BITMASK) {
        budget = bitmask.run(budget);
        if (budget < 0) break;
        if (bitmask.handedOff()) {
          budget -= HANDOVER_STEPS;
          const level = records[record + REC_LEVELS] - LANES;
          if (
            forward.handoff(
              records,
              record,
              level,
              bitmask.handoffCols(),
              bitmask.handoffLeft(),
              bitmask.handoffRight(),
            )
          )
            phase = HANDED_OVER;
          else handedOver += forward.count();
          continue;
        }
        results[result(RESULT_COMPLETIONS)] = bitmask.count() + handedOver;
        phase = afterCompletions(record);
      } else if (phase === HANDED_OVER) {
        budget = forward.run(budget);
        if (budget < 0) break;
        handedOver += forward.count();
        phase = BITMASK;
      } else if (phase === JOINING) {
        budget = join.run(budget);
        // The join could not have the memory its lists need: join.shortfall says how much.
        if (join.refused()) return -1;
        if (budget < 0) break;
        results[result(RESULT_COMPLETIONS)] = join.pairs();
        next++;
        phase = START;
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

  return { startBatch, countSteps, shortfall: join.shortfall, heldBytes: join.heldBytes };
}
