// Counting a batch of subproblems: for each, its completions, and for those that ask for them
// (FIXED) the completions a half turn and a quarter turn leave unchanged; with FIXED_ONLY, only
// those (the GPU counts the completions). src/kernel/js/count.ts is the same driver, step for step
// and name for name.
//
// Every search here is resumable, and so is the batch: countSteps runs until its budget is spent
// and returns how many subproblems are finished; the next call continues where it stopped. A caller
// on an event loop can so keep every call short, whatever the size of a record.

import { forwardCount, forwardHandoff, forwardRun, forwardStart, LANES } from './forward';
import {
  bitmaskCount,
  bitmaskHandedOff,
  bitmaskHandoffCols,
  bitmaskHandoffLeft,
  bitmaskHandoffRight,
  bitmaskRun,
  bitmaskStart,
} from './bitmask';
import { BitmaskOnly } from './nodes';
import { HALF_TURN, QUARTER_TURN, symmetricCount, symmetricRun, symmetricStart } from './symmetric';
import {
  BITMASK,
  FORWARD,
  HALF_TURNS,
  HANDED_OVER,
  HANDOVER_STEPS,
  JOINING,
  QUARTER_TURNS,
  START,
} from './batch-phases';
import {
  FIXED_HALF_TURN,
  FIXED_JOIN,
  FIXED_ONLY,
  FIXED_QUARTER_TURN,
  JOIN_MIN_N,
  REC_FIXED,
  REC_LEVELS,
  RESULT_COMPLETIONS,
  RESULT_HALF_TURNS,
  RESULT_QUARTER_TURNS,
} from './layout';
import { expandRecord } from './expand';
import { joinBegin, joinPairs, joinRefused, joinRun, joinStart } from './join';
import { EAST_ROWS, FIXED, RECORD, RESULTS, RESULT_BYTES, SUBPROBLEMS } from './memory';

// Where the batch stands between two calls (its phases in batch-phases.ts); the counts handed over
// to forward checking add up in `handedOver`.
let batchSize: i32 = 0;
let batchN: i32 = 0;
let batchWidth: i32 = 0;
let next: i32 = 0;
let phase: i32 = START;
let handedOver: u64 = 0;

/**
 * Starts a batch: subproblems 0..count-1 of SUBPROBLEMS (n×n, `width` queens each), results into
 * RESULTS; joins among them use lists of at most about `joinRoom` bytes.
 */
export function startBatch(count: i32, n: i32, width: i32, joinRoom: f64): void {
  batchSize = count;
  batchN = n;
  batchWidth = width;
  next = 0;
  phase = START;
  if (n >= JOIN_MIN_N) joinStart(n, joinRoom);
}


@inline function result(word: i32): usize {
  return RESULTS + <usize>next * RESULT_BYTES + ((<usize>word) << 3);
}

// Starts the join of the record's row choice (its other results are 0); returns the steps it took.
function startJoin(): i32 {
  const queens = SUBPROBLEMS + <usize>(next * batchWidth * 2);
  store<u64>(result(RESULT_HALF_TURNS), 0);
  store<u64>(result(RESULT_QUARTER_TURNS), 0);
  return joinBegin(batchN, load<u32>(EAST_ROWS + ((<usize>next) << 2)), batchWidth > 0 ? <i32>load<i8>(queens) : -1);
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

// Expands the record's subproblem and starts the search of its completions; returns the phase
// it goes on in, storing the results that needed no search.
@inline function startSearch<Build>(record: usize): i32 {
  expandRecord(SUBPROBLEMS + <usize>(next * batchWidth * 2), batchWidth, batchN, load<u8>(FIXED + <usize>next), record);
  store<u64>(result(RESULT_HALF_TURNS), 0);
  store<u64>(result(RESULT_QUARTER_TURNS), 0);
  if (fixedWanted(record, FIXED_ONLY)) {
    store<u64>(result(RESULT_COMPLETIONS), 0);
    return afterCompletions(record);
  }
  const levels = load<i32>(record + (REC_LEVELS << 2));
  if (sizeof<Build>() == sizeof<BitmaskOnly>() || levels > LANES) {
    handedOver = 0;
    if (bitmaskStart(record, sizeof<Build>() == sizeof<BitmaskOnly>() ? levels : levels - LANES)) return BITMASK;
    store<u64>(result(RESULT_COMPLETIONS), bitmaskCount());
  } else {
    if (forwardStart(record)) return FORWARD;
    store<u64>(result(RESULT_COMPLETIONS), forwardCount());
  }
  return afterCompletions(record);
}

/**
 * Counts on in the batch for at most `budget` steps of search (expansions, backtracks or
 * candidates, depending on the search). Returns the number of records finished: the batch is done
 * when it equals the count given to startBatch; -1 where a join could not have the memory it
 * needs (joinShortfall says how much; the batch is then over).
 */
export function countSteps<Build>(budget: i32): i32 {
  while (next < batchSize) {
    const record = RECORD;
    if (phase == START) {
      if ((load<u8>(FIXED + <usize>next) & FIXED_JOIN) != 0) {
        const took = startJoin();
        // The join could not have the memory its lists need: joinShortfall says how much.
        if (took < 0) return -1;
        budget -= took;
        phase = JOINING;
        if (budget < 0) break;
        continue;
      }
      phase = startSearch<Build>(record);
    } else if (phase == FORWARD) {
      budget = forwardRun<Build>(budget);
      if (budget < 0) break;
      store<u64>(result(RESULT_COMPLETIONS), forwardCount());
      phase = afterCompletions(record);
    } else if (phase == BITMASK) {
      budget = bitmaskRun<Build>(budget);
      if (budget < 0) break;
      if (bitmaskHandedOff()) {
        budget -= HANDOVER_STEPS;
        const level = load<i32>(record + (REC_LEVELS << 2)) - LANES;
        if (forwardHandoff(record, level, bitmaskHandoffCols(), bitmaskHandoffLeft(), bitmaskHandoffRight()))
          phase = HANDED_OVER;
        else handedOver += forwardCount();
        continue;
      }
      store<u64>(result(RESULT_COMPLETIONS), bitmaskCount() + handedOver);
      phase = afterCompletions(record);
    } else if (phase == HANDED_OVER) {
      budget = forwardRun<Build>(budget);
      if (budget < 0) break;
      handedOver += forwardCount();
      phase = BITMASK;
    } else if (phase == JOINING) {
      budget = joinRun(budget);
      // The join could not have the memory its lists need: joinShortfall says how much.
      if (joinRefused()) return -1;
      if (budget < 0) break;
      store<u64>(result(RESULT_COMPLETIONS), joinPairs());
      next++;
      phase = START;
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
