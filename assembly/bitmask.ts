// Martin Richards' bitmask backtracking, for the first levels of a record with more free rows
// than forward checking takes (forward.ts): at each placement on the last of those levels it
// stops and hands the rest over, with its masks, to forward checking. Given every level, it
// counts the completions itself (the benchmark's second path). src/kernel/js/bitmask.ts is the
// same algorithm, step for step and name for name. Like forward checking it is resumable:
// bitmaskRun stops when its budget of backtracks is spent and keeps its state, and the next call
// continues.

import { MAX_N, REC_LEVELS, REC_MASK, REC_SHIFT } from './layout';
import { CountingNodes, nodesVisited } from './nodes';

// The hot loop, over one slot per level. A slot holds the level's constants (written once per
// record, so that one pointer reaches everything and no level index is kept) and the state saved
// when the search goes below the level:
const L_FREE = 0; // candidates of this level not tried yet
const L_COLS = 4; // the masks as they were on entering this level
const L_LEFT = 8;
const L_RIGHT = 12;
const L_NEXT_MASK = 16; // open squares of the next level
const L_SHIFT = 20; // rows from this level to the next
const L_COUNT = 24; // 1 at the level before the last: its candidates are counted, not descended into
const L_DESCEND = 28; // all ones where candidates are descended into, 0 where they are counted
const L_BACK = 32; // the slot to return to: the nearest level above that has candidates left
const L_HANDOFF = 36; // 1 at the last level searched here: its placements are handed over
const SLOT_BYTES = 64;
const SLOTS = memory.data((MAX_N + 2) * SLOT_BYTES, 64);

// The search between two calls: its registers, and the completions counted so far.
let savedSlot: usize = 0;
let savedFree: u32 = 0;
let savedCols: u32 = 0;
let savedLeft: u32 = 0;
let savedRight: u32 = 0;
let savedCount: u64 = 0;
// Where a placement is handed over: the masks at the first level that forward checking takes.
let handedOff = false;
let handoffCols: u32 = 0;
let handoffLeft: u32 = 0;
let handoffRight: u32 = 0;

/** The completions counted, once bitmaskRun has finished (with nothing handed over). */
export function bitmaskCount(): u64 {
  return savedCount;
}

/** Whether the last bitmaskRun stopped at a placement to hand over, and its masks. */
export function bitmaskHandedOff(): bool {
  return handedOff;
}
export function bitmaskHandoffCols(): u32 {
  return handoffCols;
}
export function bitmaskHandoffLeft(): u32 {
  return handoffLeft;
}
export function bitmaskHandoffRight(): u32 {
  return handoffRight;
}

/**
 * Sets up the search of a record's levels up to `handoff` (its number of levels: the whole
 * search). Returns false when the record alone decides the count (bitmaskCount() has it), true
 * when bitmaskRun must search.
 */
export function bitmaskStart(record: usize, handoff: i32): bool {
  savedCount = 0;
  handedOff = false;
  const levels = load<i32>(record + (REC_LEVELS << 2));
  if (levels == 0) {
    savedCount = 1;
    return false;
  }
  const masks = record + (REC_MASK << 2);
  const shifts = record + (REC_SHIFT << 2);
  const last = levels - 1;
  const free = load<u32>(masks);
  if (last == 0) {
    savedCount = <u64>popcnt<u32>(free);
    return false;
  }
  for (let level = 0; level < last; level++) {
    const at = SLOTS + <usize>(level + 1) * SLOT_BYTES;
    store<u32>(at, load<u32>(masks + ((<usize>(level + 1)) << 2)), L_NEXT_MASK);
    store<u32>(at, load<u32>(shifts + ((<usize>level) << 2)), L_SHIFT);
    store<u32>(at, level + 1 == last ? 1 : 0, L_COUNT);
    store<u32>(at, level + 1 == last || level + 1 == handoff ? 0 : 0xffffffff, L_DESCEND);
    store<u32>(at, level + 1 == handoff ? 1 : 0, L_HANDOFF);
  }
  savedSlot = SLOTS + SLOT_BYTES; // slot 0 stays unused: BACK = 0 means nothing is left
  store<u32>(savedSlot, 0, L_BACK);
  savedFree = free;
  savedCols = 0;
  savedLeft = 0;
  savedRight = 0;
  return true;
}

// A candidate is descended into only when the next row keeps a free square, the level before the
// last counts its completions without a branch, and a level whose last candidate is being tried
// keeps no slot: returning goes straight to the nearest level above with candidates left.
/**
 * Runs the search set up by bitmaskStart for at most `budget` backtracks. Returns the budget
 * left, or -1 when it was spent first (the next call continues it). With budget left, the search
 * has ended, or stopped at a placement to hand over (bitmaskHandedOff(); the next call goes on
 * after it).
 */
export function bitmaskRun<Build>(budget: i32): i32 {
  handedOff = false;
  let slot = savedSlot;
  let free = savedFree;
  let cols = savedCols;
  let left = savedLeft;
  let right = savedRight;
  let count = savedCount;
  while (true) {
    if (free != 0) {
      const bit = free & (0 - free);
      free ^= bit;
      if (sizeof<Build>() == sizeof<CountingNodes>()) nodesVisited++;
      const shift = load<u32>(slot, L_SHIFT);
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >> shift;
      let nextFree = load<u32>(slot, L_NEXT_MASK) & ~(nextCols | nextLeft | nextRight);
      count += <u64>((<u32>(nextFree != 0)) & load<u32>(slot, L_COUNT));
      if (((<u32>(nextFree != 0)) & load<u32>(slot, L_HANDOFF)) != 0) {
        handedOff = true;
        handoffCols = nextCols;
        handoffLeft = nextLeft;
        handoffRight = nextRight;
        break;
      }
      nextFree &= load<u32>(slot, L_DESCEND);
      if (nextFree != 0) {
        store<u32>(slot, free, L_FREE);
        store<u32>(slot, cols, L_COLS);
        store<u32>(slot, left, L_LEFT);
        store<u32>(slot, right, L_RIGHT);
        store<u32>(slot + SLOT_BYTES, free != 0 ? <u32>slot : load<u32>(slot, L_BACK), L_BACK);
        slot += SLOT_BYTES;
        cols = nextCols;
        left = nextLeft;
        right = nextRight;
        free = nextFree;
      }
    } else {
      if (--budget < 0) break;
      slot = load<u32>(slot, L_BACK);
      if (slot == 0) break;
      free = load<u32>(slot, L_FREE);
      cols = load<u32>(slot, L_COLS);
      left = load<u32>(slot, L_LEFT);
      right = load<u32>(slot, L_RIGHT);
    }
  }
  savedSlot = slot;
  savedFree = free;
  savedCols = cols;
  savedLeft = left;
  savedRight = right;
  savedCount = count;
  return budget;
}
