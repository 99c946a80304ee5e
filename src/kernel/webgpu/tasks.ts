// The GPU's share of a range of subproblems, prepared on the host: each subproblem as a record (the
// open squares of every free row and the row distance to the next, as the CPU kernels have them),
// and tasks: states of the bitmask search after the first free rows of a record are placed, taken
// breadth-first until there are enough to keep the device busy. The kernel packs these into its
// buffers (placement-kernel.ts); a task is searched to its end by the GPU. Completions met while splitting
// are counted here.

import { RECORD_WORDS as CPU_RECORD_WORDS, MAX_N, REC_LEVELS, REC_MASK, REC_SHIFT } from '../../../assembly/layout.js';
import { InternalError } from '../../errors.js';
import { popcnt } from '../js/bits.js';
import { expandRecord } from '../js/expand.js';
import type { Subproblems } from '../subproblems.js';

/** Split until there are this many tasks, unless asked for another number. */
export const TARGET_TASKS = 1 << 14;
/** Rows a task leaves to the GPU at least: splitting further would do the GPU's work on the host. */
const MIN_GPU_LEVELS = 4;

export interface GpuWork {
  /** Subproblems given, one record each. */
  readonly recordCount: number;
  /** Per record, MAX_N levels: the open squares of each free row (0 past its last). */
  readonly masks: Uint32Array;
  /** Per record, MAX_N levels: rows from each free row to the next (0 past the last but one). */
  readonly shifts: Uint32Array;
  /** Per record, its free rows. */
  readonly levels: Uint8Array;
  /** The most free rows of any record. */
  readonly depth: number;
  readonly taskCount: number;
  /** Per task: its record, the level it starts at, and the search's masks there. */
  readonly owner: Uint32Array;
  readonly level: Uint8Array;
  readonly cols: Uint32Array;
  readonly left: Uint32Array;
  readonly right: Uint32Array;
  /** The squares to try on its first level: the record's mask less cols, left and right. */
  readonly free: Uint32Array;
  /** Per record, the completions counted here while splitting. */
  readonly hostCounts: number[];
}

/** Search states, in parallel typed arrays that grow; taken from the front, added at the back. */
class States {
  owner = new Uint32Array(1024);
  level = new Uint8Array(1024);
  cols = new Uint32Array(1024);
  left = new Uint32Array(1024);
  right = new Uint32Array(1024);
  free = new Uint32Array(1024);
  head = 0;
  tail = 0;

  get size(): number {
    return this.tail - this.head;
  }

  push(owner: number, level: number, cols: number, left: number, right: number, free: number): void {
    if (this.tail === this.owner.length) this.grow();
    const t = this.tail++;
    this.owner[t] = owner;
    this.level[t] = level;
    this.cols[t] = cols;
    this.left[t] = left;
    this.right[t] = right;
    this.free[t] = free;
  }

  private grow(): void {
    const twice = <T extends Uint32Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (size: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.owner = twice(this.owner);
    this.level = twice(this.level);
    this.cols = twice(this.cols);
    this.left = twice(this.left);
    this.right = twice(this.right);
    this.free = twice(this.free);
  }
}

/** The records and tasks of subproblems `picked` (indices into `list`) of an n×n count. */
export function gpuWork(n: number, list: Subproblems, picked: readonly number[], targetTasks = TARGET_TASKS): GpuWork {
  const split = new Split(n, list, picked, targetTasks);
  while (!split.step(Infinity));
  return split.work();
}

/** Records expanded, or states split, between two looks at the clock. */
const CHUNK = 256;

/**
 * The split of GpuWork, a step at a time: the calling thread can split the next wave in slices
 * while the device counts the one before.
 */
export class Split {
  private readonly recordCount: number;
  private readonly masks: Uint32Array;
  private readonly shifts: Uint32Array;
  private readonly levels: Uint8Array;
  private readonly hostCounts: number[];
  private readonly frontier = new States();
  private readonly kept = new States();
  private depth = 1;
  /** Records expanded so far. */
  private expanded = 0;
  private result: GpuWork | null = null;

  constructor(
    private readonly n: number,
    private readonly list: Subproblems,
    private readonly picked: readonly number[],
    private readonly targetTasks: number,
  ) {
    this.recordCount = picked.length;
    this.masks = new Uint32Array(Math.max(1, this.recordCount) * MAX_N);
    this.shifts = new Uint32Array(Math.max(1, this.recordCount) * MAX_N);
    this.levels = new Uint8Array(this.recordCount);
    this.hostCounts = new Array<number>(this.recordCount).fill(0);
  }

  /** Splits for about `ms` milliseconds; true once the work is ready. */
  step(ms: number): boolean {
    const until = performance.now() + ms;
    while (this.result === null) {
      if (this.expanded < this.recordCount) this.expand(Math.min(this.recordCount, this.expanded + CHUNK));
      else if (this.frontier.size > 0 && this.frontier.size + this.kept.size < this.targetTasks)
        this.splitStates(CHUNK);
      else this.result = this.finish();
      if (performance.now() >= until) break;
    }
    return this.result !== null;
  }

  /** The work, once step() has said it is ready. */
  work(): GpuWork {
    if (this.result === null) throw new InternalError('the split of the GPU tasks was read before it was finished');
    return this.result;
  }

  private expand(to: number): void {
    const { list, masks, shifts, levels } = this;
    const scratch = new Int32Array(CPU_RECORD_WORDS);
    const pairs = list.width;
    for (let k = this.expanded; k < to; k++) {
      expandRecord(list.queens, this.picked[k] * pairs * 2, pairs, this.n, 0, scratch, 0);
      const free = scratch[REC_LEVELS];
      levels[k] = free;
      this.depth = Math.max(this.depth, free);
      const at = k * MAX_N;
      for (let level = 0; level < free; level++) {
        masks[at + level] = scratch[REC_MASK + level];
        // The last level has no next row: the CPU's scratch may hold another record's value there.
        if (level < free - 1) shifts[at + level] = scratch[REC_SHIFT + level];
      }
      if (free === 0)
        this.hostCounts[k] = 1; // every row placed: the placement itself
      else addState(this.frontier, this.hostCounts, k, free, 0, 0, 0, 0, masks[at]);
    }
    this.expanded = to;
  }

  /**
   * Breadth-first, so that the tasks of a record are alike in size. States too close to their
   * last row to split are set aside as tasks as they are.
   */
  private splitStates(count: number): void {
    const { frontier, kept, levels, masks, shifts, hostCounts } = this;
    for (let c = 0; c < count && frontier.size > 0 && frontier.size + kept.size < this.targetTasks; c++) {
      const i = frontier.head++;
      const owner = frontier.owner[i];
      const level = frontier.level[i];
      const cols = frontier.cols[i];
      const left = frontier.left[i];
      const right = frontier.right[i];
      if (levels[owner] - (level + 1) < MIN_GPU_LEVELS) {
        kept.push(owner, level, cols, left, right, frontier.free[i]);
        continue;
      }
      const at = owner * MAX_N;
      const shift = shifts[at + level];
      const mask = masks[at + level + 1];
      for (let free = frontier.free[i]; free !== 0; free &= free - 1) {
        const bit = free & -free;
        const nextCols = cols | bit;
        const nextLeft = (left | bit) << shift;
        const nextRight = (right | bit) >>> shift;
        addState(
          frontier,
          hostCounts,
          owner,
          levels[owner],
          level + 1,
          nextCols,
          nextLeft,
          nextRight,
          mask & ~(nextCols | nextLeft | nextRight),
        );
      }
    }
  }

  private finish(): GpuWork {
    const { frontier, kept, levels, recordCount } = this;
    for (let i = frontier.head; i < frontier.tail; i++) {
      kept.push(
        frontier.owner[i],
        frontier.level[i],
        frontier.cols[i],
        frontier.left[i],
        frontier.right[i],
        frontier.free[i],
      );
    }
    // The biggest tasks first, so that the last ones to finish are small and few invocations idle
    // at the end (the longest-first rule of scheduling): a task's size is guessed by the rows it
    // has left, then by the squares open on its first. Within a size, in the order of their
    // records: neighbouring invocations then read the same record, and add to the same count.
    const taskCount = kept.size;
    const order = biggestFirst(kept, levels, recordCount);
    const pick = <T extends Uint32Array | Uint8Array>(from: T): T => {
      const out = new (from.constructor as new (size: number) => T)(taskCount);
      for (let t = 0; t < taskCount; t++) out[t] = from[order[t]];
      return out;
    };
    return {
      recordCount,
      masks: this.masks,
      shifts: this.shifts,
      levels,
      depth: this.depth,
      taskCount,
      owner: pick(kept.owner),
      level: pick(kept.level),
      cols: pick(kept.cols),
      left: pick(kept.left),
      right: pick(kept.right),
      free: pick(kept.free),
      hostCounts: this.hostCounts,
    };
  }
}

/**
 * The states' indices, sorted by their rows left, then by their open squares, most first, and by
 * record within a size: two counting sorts, by record, then (stable) by size.
 */
function biggestFirst(states: States, levels: Uint8Array, records: number): Uint32Array {
  const count = states.size;
  const byRecord = countingSort(count, records, (t) => states.owner[t]);
  const top = (MAX_N + 1) * (MAX_N + 1);
  const keys = new Uint16Array(count);
  for (let t = 0; t < count; t++)
    keys[t] = top - 1 - ((levels[states.owner[t]] - states.level[t]) * (MAX_N + 1) + popcnt(states.free[t]));
  const bySize = countingSort(count, top, (i) => keys[byRecord[i]]);
  return bySize.map((i) => byRecord[i]);
}

/** 0..count-1 sorted by key (below `keys`), stable. */
function countingSort(count: number, keys: number, key: (i: number) => number): Uint32Array {
  const start = new Uint32Array(keys + 1);
  for (let i = 0; i < count; i++) start[key(i) + 1]++;
  for (let k = 0; k < keys; k++) start[k + 1] += start[k];
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[start[key(i)]++] = i;
  return order;
}

/** A state with squares to try becomes a task; on the last free row its squares are completions. */
function addState(
  frontier: States,
  hostCounts: number[],
  owner: number,
  levels: number,
  level: number,
  cols: number,
  left: number,
  right: number,
  free: number,
): void {
  if (free === 0) return;
  if (level === levels - 1) hostCounts[owner] += popcnt(free);
  else frontier.push(owner, level, cols, left, right, free);
}
