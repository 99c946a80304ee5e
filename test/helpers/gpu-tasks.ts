// The GPU kernels' work done on the CPU: each task of a GpuWork (kernel/webgpu/tasks.ts) searched to
// its end as the kernels search it, so that tests can check the host's split, or stand in for a
// device, without one.

import { MAX_N } from '../../assembly/layout.js';
import { popcnt } from '../../src/kernel/js/bits.js';
import type { GpuWork } from '../../src/kernel/webgpu/tasks.js';

/** A task searched to its end by the bitmask search over its record's rows, as both GPU kernels search it. */
export function searchTask(work: GpuWork, t: number): number {
  const record = work.owner[t] * MAX_N;
  const last = work.levels[work.owner[t]] - 1;
  const walk = (level: number, cols: number, left: number, right: number, free: number): number => {
    if (level === last) return popcnt(free);
    let found = 0;
    for (; free !== 0; free &= free - 1) {
      const bit = free & -free;
      const shift = work.shifts[record + level];
      const c = cols | bit;
      const l = (left | bit) << shift;
      const r = (right | bit) >>> shift;
      found += walk(level + 1, c, l, r, work.masks[record + level + 1] & ~(c | l | r));
    }
    return found;
  };
  return walk(work.level[t], work.cols[t], work.left[t], work.right[t], work.free[t]);
}

/** Every record's completions found by its tasks, as a kernel counts them (without the host's). */
export function taskCompletions(work: GpuWork): number[] {
  const out = new Array<number>(work.recordCount).fill(0);
  for (let t = 0; t < work.taskCount; t++) out[work.owner[t]] += searchTask(work, t);
  return out;
}

/** Every subproblem's completions: the host's counts plus its tasks'. */
export function completions(work: GpuWork, subproblems: number): number[] {
  const tasks = taskCompletions(work);
  return work.hostCounts.slice(0, subproblems).map((host, k) => host + tasks[k]);
}
