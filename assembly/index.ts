// The wasm kernel: Martin Richards' bitmask backtracking over the free rows of one subproblem.
// src/kernel/js-kernel.ts is the same algorithm in TypeScript, step for step and name for name.
//
// Memory is a few static regions reserved at compile time: the stack frames, a batch of records
// written by the caller, and the results. Nothing is allocated at run time.

import {
  MAX_N,
  REC_LEVELS,
  REC_SIZE,
  REC_MASK,
  REC_SHIFT,
  REC_ROW,
  REC_BOARD,
  RECORD_WORDS,
  BATCH,
  RESULT_WORDS,
} from "./layout";

const RECORD_BYTES = RECORD_WORDS << 2;
const RESULT_BYTES = RESULT_WORDS << 3;
const SAVE_BYTES = 16; // one saved state of the symmetric pass: free, cols, left, right

const STACK = memory.data((MAX_N + 2) * SAVE_BYTES, 64);
const RECORDS = memory.data(BATCH * RECORD_BYTES, 64);
const RESULTS = memory.data(BATCH * RESULT_BYTES, 64);
const BOARD = memory.data(MAX_N << 2, 64); // scratch board for the symmetry checks

/** Byte offset of the record batch the caller fills in. */
export function recordsOffset(): usize {
  return RECORDS;
}

/** Byte offset of the results: RESULT_WORDS u64 per record. */
export function resultsOffset(): usize {
  return RESULTS;
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
  return nodes;
}

// The two builds of the search: the type argument is resolved at compile time, so the plain one
// carries no trace of the counter.
type Plain = u8;
type CountingNodes = u16;
let nodes: u64 = 0;

/** Counts completions and those fixed by a half and a quarter turn; all three result words. */
export function countSymmetricBatch(count: i32): void {
  for (let i = 0; i < count; i++) {
    symmetricCompletions(RECORDS + <usize>(i * RECORD_BYTES), RESULTS + <usize>(i * RESULT_BYTES));
  }
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
@inline function completions<Build>(record: usize): u64 {
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
      if (sizeof<Build>() == sizeof<CountingNodes>()) nodes++;
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

// Only for the few records whose pre-placed queens a half turn maps onto themselves: it visits
// every leaf and checks the whole board, so it favours plainness over speed.
function symmetricCompletions(record: usize, out: usize): void {
  const n = load<i32>(record + (REC_SIZE << 2));
  const levels = load<i32>(record + (REC_LEVELS << 2));
  const masks = record + (REC_MASK << 2);
  const shifts = record + (REC_SHIFT << 2);
  const rows = record + (REC_ROW << 2);
  memory.copy(BOARD, record + (REC_BOARD << 2), <usize>n << 2);

  let count: u64 = 0;
  let halfTurns: u64 = 0;
  let quarterTurns: u64 = 0;
  if (levels == 0) {
    count = 1;
    halfTurns = <u64>fixedByHalfTurn(n);
    quarterTurns = <u64>fixedByQuarterTurn(n);
  } else {
    const last = levels - 1;
    let level = 0;
    let cols: u32 = 0;
    let left: u32 = 0;
    let right: u32 = 0;
    let free = load<u32>(masks);
    let frame = STACK;
    while (true) {
      if (free != 0) {
        const bit = free & (0 - free);
        free ^= bit;
        store<i32>(BOARD + (<usize>load<i32>(rows + (<usize>level << 2)) << 2), ctz<u32>(bit));
        if (level == last) {
          count++;
          halfTurns += <u64>fixedByHalfTurn(n);
          quarterTurns += <u64>fixedByQuarterTurn(n);
          continue;
        }
        const shift = load<u32>(shifts + (<usize>level << 2));
        store<u32>(frame, free);
        store<u32>(frame, cols, 4);
        store<u32>(frame, left, 8);
        store<u32>(frame, right, 12);
        frame += SAVE_BYTES;
        level++;
        cols |= bit;
        left = (left | bit) << shift;
        right = (right | bit) >> shift;
        free = load<u32>(masks + (<usize>level << 2)) & ~(cols | left | right);
      } else {
        if (level == 0) break;
        frame -= SAVE_BYTES;
        level--;
        free = load<u32>(frame);
        cols = load<u32>(frame, 4);
        left = load<u32>(frame, 8);
        right = load<u32>(frame, 12);
      }
    }
  }
  store<u64>(out, count);
  store<u64>(out, halfTurns, 8);
  store<u64>(out, quarterTurns, 16);
}

// (r, c) -> (n-1-r, n-1-c) maps the board onto itself.
function fixedByHalfTurn(n: i32): bool {
  for (let r = 0; r < n; r++) {
    if (load<i32>(BOARD + (<usize>(n - 1 - r) << 2)) != n - 1 - load<i32>(BOARD + (<usize>r << 2))) return false;
  }
  return true;
}

// (r, c) -> (c, n-1-r) maps the board onto itself.
function fixedByQuarterTurn(n: i32): bool {
  for (let r = 0; r < n; r++) {
    const c = load<i32>(BOARD + (<usize>r << 2));
    if (load<i32>(BOARD + (<usize>c << 2)) != n - 1 - r) return false;
  }
  return true;
}
