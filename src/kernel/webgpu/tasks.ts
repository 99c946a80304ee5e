// The GPU's share of a range of subproblems, prepared on the host: each subproblem as a record (the
// open squares of every free row and the row distance to the next, as the CPU kernels have them),
// and tasks: states of the bitmask search after the first free rows of a record are placed, taken
// breadth-first until there are enough to fill the device. A task is counted by one invocation of
// the GPU kernel (shader.ts); completions met while splitting are counted here.

import { RECORD_WORDS as CPU_RECORD_WORDS, REC_LEVELS, REC_MASK, REC_SHIFT } from '../../../assembly/layout.js';
import type { Subproblems } from '../../plan/subproblem.js';
import { popcnt } from '../js/bits.js';
import { expandRecord } from '../js/expand.js';
import { RECORD_WORDS, TASK, TASK_HEAD } from './shader.js';

/** Split until there are this many tasks (the device counts them in parallel). */
export const TARGET_TASKS = 1 << 14;
/** Rows a task leaves to the GPU at least: splitting further would do the GPU's work on the host. */
const MIN_GPU_LEVELS = 4;

export interface GpuWork {
  /** Records, RECORD_WORDS words each, one per subproblem given. */
  readonly records: Uint32Array<ArrayBuffer>;
  /** Tasks, `stride` words each. */
  readonly tasks: Uint32Array<ArrayBuffer>;
  readonly taskCount: number;
  readonly stride: number;
  /** Stack levels per task: the most free rows of any record. */
  readonly depth: number;
  /** Per task, the index (among the subproblems given) of its subproblem. */
  readonly owner: Int32Array;
  /** Per subproblem given, the completions counted here while splitting. */
  readonly hostCounts: number[];
}

/** States of the search, in parallel arrays, taken from the front and added at the back. */
class Frontier {
  readonly owner: number[] = [];
  readonly level: number[] = [];
  readonly cols: number[] = [];
  readonly left: number[] = [];
  readonly right: number[] = [];
  readonly free: number[] = [];
  head = 0;

  get size(): number {
    return this.owner.length - this.head;
  }

  push(owner: number, level: number, cols: number, left: number, right: number, free: number): void {
    this.owner.push(owner);
    this.level.push(level);
    this.cols.push(cols);
    this.left.push(left);
    this.right.push(right);
    this.free.push(free);
  }
}

/** The records and tasks of subproblems `picked` (indices into `list`) of an n×n count. */
export function gpuWork(n: number, list: Subproblems, picked: readonly number[], targetTasks = TARGET_TASKS): GpuWork {
  const records = new Uint32Array(Math.max(1, picked.length) * RECORD_WORDS);
  const levelsOf = new Int32Array(picked.length);
  const hostCounts = new Array<number>(picked.length).fill(0);
  const scratch = new Int32Array(CPU_RECORD_WORDS);
  const frontier = new Frontier();
  const pairs = list.width;
  let depth = 1;
  for (let k = 0; k < picked.length; k++) {
    expandRecord(list.queens, picked[k] * pairs * 2, pairs, n, 0, scratch, 0);
    const levels = scratch[REC_LEVELS];
    levelsOf[k] = levels;
    depth = Math.max(depth, levels);
    const at = k * RECORD_WORDS;
    for (let level = 0; level < levels; level++) {
      records[at + level] = scratch[REC_MASK + level];
      records[at + 32 + level] = scratch[REC_SHIFT + level];
    }
    if (levels === 0) hostCounts[k] = 1; // every row placed: the placement itself
    else addState(frontier, hostCounts, k, levels, 0, 0, 0, 0, scratch[REC_MASK]);
  }

  // Breadth-first, so that the tasks of a record are alike in size. States too close to their
  // last row to split are set aside as tasks as they are.
  const kept = new Frontier();
  while (frontier.size > 0 && frontier.size + kept.size < targetTasks) {
    const i = frontier.head++;
    const owner = frontier.owner[i];
    const levels = levelsOf[owner];
    const level = frontier.level[i];
    const cols = frontier.cols[i];
    const left = frontier.left[i];
    const right = frontier.right[i];
    if (levels - (level + 1) < MIN_GPU_LEVELS) {
      kept.push(owner, level, cols, left, right, frontier.free[i]);
      continue;
    }
    const at = owner * RECORD_WORDS;
    const shift = records[at + 32 + level];
    for (let free = frontier.free[i]; free !== 0; free &= free - 1) {
      const bit = free & -free;
      const nextCols = cols | bit;
      const nextLeft = (left | bit) << shift;
      const nextRight = (right | bit) >>> shift;
      addState(frontier, hostCounts, owner, levels, level + 1, nextCols, nextLeft, nextRight, records[at + level + 1] & ~(nextCols | nextLeft | nextRight));
    }
  }
  for (let i = frontier.head; i < frontier.owner.length; i++) {
    kept.push(frontier.owner[i], frontier.level[i], frontier.cols[i], frontier.left[i], frontier.right[i], frontier.free[i]);
  }

  const stride = TASK_HEAD + 4 * depth;
  const taskCount = kept.size;
  const tasks = new Uint32Array(Math.max(1, taskCount) * stride);
  const owner = new Int32Array(taskCount);
  for (let t = 0; t < taskCount; t++) {
    const at = t * stride;
    owner[t] = kept.owner[t];
    tasks[at + TASK.record] = kept.owner[t];
    tasks[at + TASK.levels] = levelsOf[kept.owner[t]];
    tasks[at + TASK.level] = kept.level[t];
    tasks[at + TASK.cols] = kept.cols[t];
    tasks[at + TASK.left] = kept.left[t];
    tasks[at + TASK.right] = kept.right[t];
    tasks[at + TASK.free] = kept.free[t];
    tasks[at + TASK.start] = kept.level[t];
  }
  return { records, tasks, taskCount, stride, depth, owner, hostCounts };
}

/** A state with squares to try becomes a task; on the last free row its squares are completions. */
function addState(frontier: Frontier, hostCounts: number[], owner: number, levels: number, level: number, cols: number, left: number, right: number, free: number): void {
  if (free === 0) return;
  if (level === levels - 1) hostCounts[owner] += popcnt(free);
  else frontier.push(owner, level, cols, left, right, free);
}
