// Counting: the completions of one record. assembly/count.ts and src/kernel/js/count.ts are the
// same algorithm, step for step and name for name. Counts are doubles, exact up to 2^53 per
// record, far beyond any record that finishes; the runner adds them up as BigInt.

import { REC_LEVELS, REC_MASK, REC_SHIFT } from '../../../assembly/layout.js';

// The hot loop, over one stack frame per level. A frame holds the level's constants (written once
// per record, so that one index reaches everything and no level number is kept) and the state
// saved when the search goes below the level:
const F_FREE = 0; // candidates of this level not tried yet
const F_COLS = 1; // the masks as they were on entering this level
const F_LEFT = 2;
const F_RIGHT = 3;
const F_NEXT_MASK = 4; // open squares of the next level
const F_SHIFT = 5; // rows from this level to the next
const F_COUNT = 6; // 1 at the level before the last: its candidates are counted, not descended into
const F_DESCEND = 7; // all ones where candidates are descended into, 0 where they are counted
const F_BACK = 8; // the frame to return to: the nearest level above that has candidates left
export const FRAME_WORDS = 16;

// A candidate is descended into only when the next row keeps a free square, the level before the
// last counts its completions without a branch, and a level whose last candidate is being tried
// keeps no frame: returning goes straight to the nearest level above with candidates left.
export function completions(records: Int32Array, record: number, frames: Int32Array): number {
  const levels = records[record + REC_LEVELS];
  if (levels === 0) return 1;
  const masks = record + REC_MASK;
  const shifts = record + REC_SHIFT;
  const last = levels - 1;
  let free = records[masks];
  if (last === 0) return popcount(free);
  for (let level = 0; level < last; level++) {
    const at = (level + 1) * FRAME_WORDS;
    frames[at + F_NEXT_MASK] = records[masks + level + 1];
    frames[at + F_SHIFT] = records[shifts + level];
    frames[at + F_COUNT] = level + 1 === last ? 1 : 0;
    frames[at + F_DESCEND] = level + 1 === last ? 0 : -1;
  }

  let count = 0;
  let cols = 0;
  let left = 0;
  let right = 0;
  let frame = FRAME_WORDS; // frame 0 stays unused: BACK = 0 means nothing is left
  frames[frame + F_BACK] = 0;
  for (;;) {
    if (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const shift = frames[frame + F_SHIFT];
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >>> shift;
      let nextFree = frames[frame + F_NEXT_MASK] & ~(nextCols | nextLeft | nextRight);
      count += (nextFree !== 0 ? 1 : 0) & frames[frame + F_COUNT];
      nextFree &= frames[frame + F_DESCEND];
      if (nextFree !== 0) {
        frames[frame + F_FREE] = free;
        frames[frame + F_COLS] = cols;
        frames[frame + F_LEFT] = left;
        frames[frame + F_RIGHT] = right;
        frames[frame + FRAME_WORDS + F_BACK] = free !== 0 ? frame : frames[frame + F_BACK];
        frame += FRAME_WORDS;
        cols = nextCols;
        left = nextLeft;
        right = nextRight;
        free = nextFree;
      }
    } else {
      frame = frames[frame + F_BACK];
      if (frame === 0) break;
      free = frames[frame + F_FREE];
      cols = frames[frame + F_COLS];
      left = frames[frame + F_LEFT];
      right = frames[frame + F_RIGHT];
    }
  }
  return count;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
