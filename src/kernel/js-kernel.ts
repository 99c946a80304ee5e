// The TypeScript kernel: the same algorithm as assembly/index.ts, step for step and name for name,
// over typed arrays with int32 arithmetic. Counts are doubles, exact up to 2^53 per subproblem
// (far beyond any subproblem that finishes); the runner adds them up as BigInt.

import {
  BATCH,
  MAX_N,
  RECORD_WORDS,
  REC_BOARD,
  REC_LEVELS,
  REC_MASK,
  REC_ROW,
  REC_SHIFT,
  REC_SIZE,
  RESULT_WORDS,
} from '../../assembly/layout.js';
import type { Kernel } from './kernel.js';

const FRAME_WORDS = 4; // one stack frame: free, cols, left, right

export class JsKernel implements Kernel {
  readonly engine = 'js' as const;
  readonly records = new Int32Array(BATCH * RECORD_WORDS);
  private readonly results = new Float64Array(BATCH * RESULT_WORDS);
  private readonly stack = new Int32Array((MAX_N + 2) * FRAME_WORDS);
  private readonly board = new Int32Array(MAX_N);

  countBatch(count: number): void {
    for (let i = 0; i < count; i++) {
      this.results[i * RESULT_WORDS] = completions(this.records, i * RECORD_WORDS, this.stack);
    }
  }

  countSymmetricBatch(count: number): void {
    for (let i = 0; i < count; i++) {
      symmetricCompletions(this.records, i * RECORD_WORDS, this.stack, this.board, this.results, i * RESULT_WORDS);
    }
  }

  result(record: number, word: number): bigint {
    return BigInt(this.results[record * RESULT_WORDS + word]);
  }
}

// The hot loop. A placement is pushed only when the next row still has a free square, and the
// last row is counted without a branch, so the deepest level never touches the stack.
function completions(records: Int32Array, record: number, stack: Int32Array): number {
  const levels = records[record + REC_LEVELS];
  if (levels === 0) return 1;
  const masks = record + REC_MASK;
  const shifts = record + REC_SHIFT;
  const last = levels - 1;
  let free = records[masks];
  if (last === 0) return popcount(free);

  let count = 0;
  let level = 0;
  let cols = 0;
  let left = 0;
  let right = 0;
  let frame = 0;
  for (;;) {
    if (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      const shift = records[shifts + level];
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >>> shift;
      const nextFree = records[masks + level + 1] & ~(nextCols | nextLeft | nextRight);
      if (level + 1 === last) {
        count += nextFree !== 0 ? 1 : 0;
        continue;
      }
      if (nextFree === 0) continue;
      stack[frame] = free;
      stack[frame + 1] = cols;
      stack[frame + 2] = left;
      stack[frame + 3] = right;
      frame += FRAME_WORDS;
      level++;
      cols = nextCols;
      left = nextLeft;
      right = nextRight;
      free = nextFree;
    } else {
      if (level === 0) break;
      frame -= FRAME_WORDS;
      level--;
      free = stack[frame];
      cols = stack[frame + 1];
      left = stack[frame + 2];
      right = stack[frame + 3];
    }
  }
  return count;
}

// Only for the few records whose pre-placed queens a half turn maps onto themselves: it visits
// every leaf and checks the whole board, so it favours plainness over speed.
function symmetricCompletions(
  records: Int32Array,
  record: number,
  stack: Int32Array,
  board: Int32Array,
  out: Float64Array,
  at: number,
): void {
  const n = records[record + REC_SIZE];
  const levels = records[record + REC_LEVELS];
  const masks = record + REC_MASK;
  const shifts = record + REC_SHIFT;
  const rows = record + REC_ROW;
  board.set(records.subarray(record + REC_BOARD, record + REC_BOARD + n));

  let count = 0;
  let halfTurns = 0;
  let quarterTurns = 0;
  if (levels === 0) {
    count = 1;
    halfTurns = fixedByHalfTurn(board, n) ? 1 : 0;
    quarterTurns = fixedByQuarterTurn(board, n) ? 1 : 0;
  } else {
    const last = levels - 1;
    let level = 0;
    let cols = 0;
    let left = 0;
    let right = 0;
    let free = records[masks];
    let frame = 0;
    for (;;) {
      if (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        board[records[rows + level]] = 31 - Math.clz32(bit);
        if (level === last) {
          count++;
          halfTurns += fixedByHalfTurn(board, n) ? 1 : 0;
          quarterTurns += fixedByQuarterTurn(board, n) ? 1 : 0;
          continue;
        }
        const shift = records[shifts + level];
        stack[frame] = free;
        stack[frame + 1] = cols;
        stack[frame + 2] = left;
        stack[frame + 3] = right;
        frame += FRAME_WORDS;
        level++;
        cols |= bit;
        left = (left | bit) << shift;
        right = (right | bit) >>> shift;
        free = records[masks + level] & ~(cols | left | right);
      } else {
        if (level === 0) break;
        frame -= FRAME_WORDS;
        level--;
        free = stack[frame];
        cols = stack[frame + 1];
        left = stack[frame + 2];
        right = stack[frame + 3];
      }
    }
  }
  out[at] = count;
  out[at + 1] = halfTurns;
  out[at + 2] = quarterTurns;
}

// (r, c) -> (n-1-r, n-1-c) maps the board onto itself.
function fixedByHalfTurn(board: Int32Array, n: number): boolean {
  for (let r = 0; r < n; r++) {
    if (board[n - 1 - r] !== n - 1 - board[r]) return false;
  }
  return true;
}

// (r, c) -> (c, n-1-r) maps the board onto itself.
function fixedByQuarterTurn(board: Int32Array, n: number): boolean {
  for (let r = 0; r < n; r++) {
    if (board[board[r]] !== n - 1 - r) return false;
  }
  return true;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
