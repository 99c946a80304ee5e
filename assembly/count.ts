// Counting: the completions of one record. assembly/count.ts and src/kernel/js/count.ts are the
// same algorithm, step for step and name for name.

import { MAX_N, REC_LEVELS, REC_MASK, REC_SHIFT } from "./layout";
import { forwardCompletions, laneOffset } from "./forward";
import { CountingNodes, nodesVisited } from "./nodes";

// Records that fit in lanes (every count of n <= 18, and most subproblems with queens placed) go
// to forward checking (forward.ts), which visits 3-4x fewer placements; the others to the bitmask
// search below.
@inline export function completions<Build>(record: usize): u64 {
  const low = laneOffset(record);
  return low >= 0 ? forwardCompletions<Build>(record, low) : bitmaskCompletions<Build>(record);
}

// The hot loop, over one stack frame per level. A frame holds the level's constants (written once
// per record, so that one pointer reaches everything and no level index is kept) and the state
// saved when the search goes below the level:
const F_FREE = 0; // candidates of this level not tried yet
const F_COLS = 4; // the masks as they were on entering this level
const F_LEFT = 8;
const F_RIGHT = 12;
const F_NEXT_MASK = 16; // open squares of the next level
const F_SHIFT = 20; // rows from this level to the next
const F_COUNT = 24; // 1 at the level before the last: its candidates are counted, not descended into
const F_DESCEND = 28; // all ones where candidates are descended into, 0 where they are counted
const F_BACK = 32; // the frame to return to: the nearest level above that has candidates left
const FRAME_BYTES = 64;
const FRAMES = memory.data((MAX_N + 2) * FRAME_BYTES, 64);

// A candidate is descended into only when the next row keeps a free square, the level before the
// last counts its completions without a branch, and a level whose last candidate is being tried
// keeps no frame: returning goes straight to the nearest level above with candidates left.
export function bitmaskCompletions<Build>(record: usize): u64 {
  const levels = load<i32>(record + (REC_LEVELS << 2));
  if (levels == 0) return 1;
  const masks = record + (REC_MASK << 2);
  const shifts = record + (REC_SHIFT << 2);
  const last = levels - 1;
  let free = load<u32>(masks);
  if (last == 0) return <u64>popcnt<u32>(free);
  for (let level = 0; level < last; level++) {
    const at = FRAMES + <usize>(level + 1) * FRAME_BYTES;
    store<u32>(at, load<u32>(masks + (<usize>(level + 1) << 2)), F_NEXT_MASK);
    store<u32>(at, load<u32>(shifts + (<usize>level << 2)), F_SHIFT);
    store<u32>(at, level + 1 == last ? 1 : 0, F_COUNT);
    store<u32>(at, level + 1 == last ? 0 : 0xffffffff, F_DESCEND);
  }

  let count: u64 = 0;
  let cols: u32 = 0;
  let left: u32 = 0;
  let right: u32 = 0;
  let frame = FRAMES + FRAME_BYTES; // frame 0 stays unused: BACK = 0 means nothing is left
  store<u32>(frame, 0, F_BACK);
  while (true) {
    if (free != 0) {
      const bit = free & (0 - free);
      free ^= bit;
      if (sizeof<Build>() == sizeof<CountingNodes>()) nodesVisited++;
      const shift = load<u32>(frame, F_SHIFT);
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >> shift;
      let nextFree = load<u32>(frame, F_NEXT_MASK) & ~(nextCols | nextLeft | nextRight);
      count += <u64>(<u32>(nextFree != 0) & load<u32>(frame, F_COUNT));
      nextFree &= load<u32>(frame, F_DESCEND);
      if (nextFree != 0) {
        store<u32>(frame, free, F_FREE);
        store<u32>(frame, cols, F_COLS);
        store<u32>(frame, left, F_LEFT);
        store<u32>(frame, right, F_RIGHT);
        store<u32>(frame + FRAME_BYTES, free != 0 ? <u32>frame : load<u32>(frame, F_BACK), F_BACK);
        frame += FRAME_BYTES;
        cols = nextCols;
        left = nextLeft;
        right = nextRight;
        free = nextFree;
      }
    } else {
      frame = load<u32>(frame, F_BACK);
      if (frame == 0) break;
      free = load<u32>(frame, F_FREE);
      cols = load<u32>(frame, F_COLS);
      left = load<u32>(frame, F_LEFT);
      right = load<u32>(frame, F_RIGHT);
    }
  }
  return count;
}
