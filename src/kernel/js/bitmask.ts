// Martin Richards' bitmask backtracking, for the first levels of a record with more free rows
// than forward checking takes, handing each placement on the last of them over; or, given every
// level, counting the completions itself. assembly/bitmask.ts is the same algorithm, step for step
// and name for name; the scope of bitmaskSearch() holds what is the module's memory in wasm, one
// per kernel instance. Counts are doubles, exact up to 2^53 per record, far beyond any record
// that finishes.

import { MAX_N, REC_LEVELS, REC_MASK, REC_SHIFT } from '../../../assembly/layout.js';
import { popcnt } from './bits.js';

export interface BitmaskSearch {
  /** Sets up the search of a record's levels up to `handoff`; false when the record alone decides the count. */
  start(records: Int32Array, record: number, handoff: number): boolean;
  /**
   * Runs for at most `budget` backtracks: the budget left, or -1 when it was spent first. With
   * budget left the search has ended, or stopped at a placement to hand over (handedOff()).
   */
  run(budget: number): number;
  /** The completions counted, once run has finished (with nothing handed over). */
  count(): number;
  /** Whether the last run stopped at a placement to hand over, and its masks. */
  handedOff(): boolean;
  handoffCols(): number;
  handoffLeft(): number;
  handoffRight(): number;
}

export function bitmaskSearch(): BitmaskSearch {
  // The hot loop, over one slot per level. A slot holds the level's constants (written once per
  // record) and the state saved when the search goes below the level. Here each field is its own
  // typed array indexed by the slot number; assembly/bitmask.ts keeps the same fields side by side
  // in one slot of linear memory.
  const SLOTS = MAX_N + 2;
  const slotFree = new Int32Array(SLOTS); // candidates of this level not tried yet
  const slotCols = new Int32Array(SLOTS); // the masks as they were on entering this level
  const slotLeft = new Int32Array(SLOTS);
  const slotRight = new Int32Array(SLOTS);
  const slotNextMask = new Int32Array(SLOTS); // open squares of the next level
  const slotShift = new Int32Array(SLOTS); // rows from this level to the next
  const slotCount = new Int32Array(SLOTS); // 1 at the level before the last: its candidates are counted
  const slotDescend = new Int32Array(SLOTS); // all ones where candidates are descended into, 0 where counted
  const slotBack = new Int32Array(SLOTS); // the slot to return to: the nearest level above with candidates left
  const slotHandoff = new Int32Array(SLOTS); // 1 at the last level searched here: its placements are handed over
  // The search between two calls: its registers, and the completions counted so far.
  let savedSlot = 0;
  let savedFree = 0;
  let savedCols = 0;
  let savedLeft = 0;
  let savedRight = 0;
  let savedCount = 0;
  // Where a placement is handed over: the masks at the first level that forward checking takes.
  let handedOff = false;
  let handoffCols = 0;
  let handoffLeft = 0;
  let handoffRight = 0;

  function start(records: Int32Array, record: number, handoff: number): boolean {
    savedCount = 0;
    handedOff = false;
    const levels = records[record + REC_LEVELS];
    if (levels === 0) {
      savedCount = 1;
      return false;
    }
    const masks = record + REC_MASK;
    const shifts = record + REC_SHIFT;
    const last = levels - 1;
    const free = records[masks];
    if (last === 0) {
      savedCount = popcnt(free);
      return false;
    }
    for (let level = 0; level < last; level++) {
      const at = level + 1;
      slotNextMask[at] = records[masks + level + 1];
      slotShift[at] = records[shifts + level];
      slotCount[at] = level + 1 === last ? 1 : 0;
      slotDescend[at] = level + 1 === last || level + 1 === handoff ? 0 : -1;
      slotHandoff[at] = level + 1 === handoff ? 1 : 0;
    }
    savedSlot = 1; // slot 0 stays unused: BACK = 0 means nothing is left
    slotBack[savedSlot] = 0;
    savedFree = free;
    savedCols = 0;
    savedLeft = 0;
    savedRight = 0;
    return true;
  }

  // A candidate is descended into only when the next row keeps a free square, the level before
  // the last counts its completions without a branch, and a level whose last candidate is being
  // tried keeps no slot: returning goes straight to the nearest level above with candidates left.
  function run(budget: number): number {
    handedOff = false;
    let slot = savedSlot;
    let free = savedFree;
    let cols = savedCols;
    let left = savedLeft;
    let right = savedRight;
    let count = savedCount;
    for (;;) {
      if (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        const shift = slotShift[slot];
        const nextCols = cols | bit;
        const nextLeft = (left | bit) << shift;
        const nextRight = (right | bit) >>> shift;
        let nextFree = slotNextMask[slot] & ~(nextCols | nextLeft | nextRight);
        count += (nextFree !== 0 ? 1 : 0) & slotCount[slot];
        if (((nextFree !== 0 ? 1 : 0) & slotHandoff[slot]) !== 0) {
          handedOff = true;
          handoffCols = nextCols;
          handoffLeft = nextLeft;
          handoffRight = nextRight;
          break;
        }
        nextFree &= slotDescend[slot];
        if (nextFree !== 0) {
          slotFree[slot] = free;
          slotCols[slot] = cols;
          slotLeft[slot] = left;
          slotRight[slot] = right;
          slotBack[slot + 1] = free !== 0 ? slot : slotBack[slot];
          slot++;
          cols = nextCols;
          left = nextLeft;
          right = nextRight;
          free = nextFree;
        }
      } else {
        if (--budget < 0) break;
        slot = slotBack[slot];
        if (slot === 0) break;
        free = slotFree[slot];
        cols = slotCols[slot];
        left = slotLeft[slot];
        right = slotRight[slot];
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

  return {
    start,
    run,
    count: () => savedCount,
    handedOff: () => handedOff,
    handoffCols: () => handoffCols,
    handoffLeft: () => handoffLeft,
    handoffRight: () => handoffRight,
  };
}
