// Counting the completions that a half turn or a quarter turn of the board leaves unchanged, for
// the unique count. assembly/symmetric.ts and src/kernel/js/symmetric.ts are the same algorithm.

import { MAX_N, REC_BOARD, REC_LEVELS, REC_MASK, REC_ROW, REC_SHIFT, REC_SIZE } from "./layout";

const SAVE_BYTES = 16; // one saved state: free, cols, left, right
const STACK = memory.data((MAX_N + 2) * SAVE_BYTES, 64);
const BOARD = memory.data(MAX_N << 2, 64); // the board being checked

// Only for the few records whose pre-placed queens a half turn maps onto themselves: it visits
// every leaf and checks the whole board, so it favours plainness over speed.
export function symmetricCompletions(record: usize, out: usize): void {
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
