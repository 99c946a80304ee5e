// Counting: the completions of one record. assembly/count.ts and src/kernel/js/count.ts are the
// same algorithm, step for step and name for name. Counts are doubles, exact up to 2^53 per
// record, far beyond any record that finishes; the runner adds them up as BigInt.

import { MAX_N, REC_LEVELS, REC_MASK, REC_SHIFT } from '../../../assembly/layout.js';
import { forwardCompletions, laneOffset, popcount } from './forward.js';

// Records that fit in lanes go to forward checking (forward.ts), the others to the bitmask search
// below, as in assembly/count.ts.
export function completions(records: Int32Array, record: number): number {
  const low = laneOffset(records, record);
  return low >= 0 ? forwardCompletions(records, record, low) : bitmaskCompletions(records, record);
}

// The hot loop, over one stack frame per level. A frame holds the level's constants (written once
// per record) and the state saved when the search goes below the level. Here each field is its
// own typed array indexed by the frame number, at module level: V8 optimizes that better than
// offsets into one array (n = 16: 2.6 s -> 1.85 s); assembly/count.ts keeps the same fields side
// by side in one frame of linear memory. The arrays are shared by every JsKernel of the thread,
// which is safe because a search runs to its end without yielding.
const LEVELS = MAX_N + 2;
const frameFree = new Int32Array(LEVELS); // candidates of this level not tried yet
const frameCols = new Int32Array(LEVELS); // the masks as they were on entering this level
const frameLeft = new Int32Array(LEVELS);
const frameRight = new Int32Array(LEVELS);
const frameNextMask = new Int32Array(LEVELS); // open squares of the next level
const frameShift = new Int32Array(LEVELS); // rows from this level to the next
const frameCount = new Int32Array(LEVELS); // 1 at the level before the last: its candidates are counted
const frameDescend = new Int32Array(LEVELS); // all ones where candidates are descended into, 0 where counted
const frameBack = new Int32Array(LEVELS); // the frame to return to: the nearest level above with candidates left

// A candidate is descended into only when the next row keeps a free square, the level before the
// last counts its completions without a branch, and a level whose last candidate is being tried
// keeps no frame: returning goes straight to the nearest level above with candidates left.
export function bitmaskCompletions(records: Int32Array, record: number): number {
  const levels = records[record + REC_LEVELS];
  if (levels === 0) return 1;
  const masks = record + REC_MASK;
  const shifts = record + REC_SHIFT;
  const last = levels - 1;
  let free = records[masks];
  if (last === 0) return popcount(free);
  for (let level = 0; level < last; level++) {
    const at = level + 1;
    frameNextMask[at] = records[masks + level + 1];
    frameShift[at] = records[shifts + level];
    frameCount[at] = level + 1 === last ? 1 : 0;
    frameDescend[at] = level + 1 === last ? 0 : -1;
  }

  let count = 0;
  let cols = 0;
  let left = 0;
  let right = 0;
  let frame = 1; // frame 0 stays unused: BACK = 0 means nothing is left
  frameBack[frame] = 0;
  for (;;) {
    if (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const shift = frameShift[frame];
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >>> shift;
      let nextFree = frameNextMask[frame] & ~(nextCols | nextLeft | nextRight);
      count += (nextFree !== 0 ? 1 : 0) & frameCount[frame];
      nextFree &= frameDescend[frame];
      if (nextFree !== 0) {
        frameFree[frame] = free;
        frameCols[frame] = cols;
        frameLeft[frame] = left;
        frameRight[frame] = right;
        frameBack[frame + 1] = free !== 0 ? frame : frameBack[frame];
        frame++;
        cols = nextCols;
        left = nextLeft;
        right = nextRight;
        free = nextFree;
      }
    } else {
      frame = frameBack[frame];
      if (frame === 0) break;
      free = frameFree[frame];
      cols = frameCols[frame];
      left = frameLeft[frame];
      right = frameRight[frame];
    }
  }
  return count;
}
