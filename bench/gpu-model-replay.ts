// The GPU kernels' loops replayed on the CPU, lane by lane, in lockstep groups of 32 (a warp): how
// many iterations each kernel's loop takes per solution, and how many of a warp's lanes are busy in
// them. Each replay follows its WGSL step for step over the same tasks the kernel is given, fetching
// them in the order the kernel does (a shared counter, each lane taking the next as it needs one),
// and counts what the kernel counts, so that its count is checked against the known one.
//
// - The engine's kernel (src/kernel/webgpu/placement-shader.ts): one flat loop; a lane with no
//   search fetches a task and places its first queen in the same iteration; every iteration places
//   one queen. A warp runs while any lane has a search or tasks are left.
// - The reference (bench/gpu-reference.ts, after ygch/n_queens): a loop over tasks around the
//   search loop; a warp's lanes each take a task, then run the search loop together until every
//   one's stack is empty (a lane done early waits), then take the next.

import { MAX_N } from '../assembly/layout.js';
import type { GpuWork } from '../src/kernel/webgpu/tasks.js';

export const WARP = 32;

export interface Replay {
  /** Loop iterations in which a lane worked, summed over lanes. */
  steps: number;
  /** Loop iterations of the warps, times 32: the lane slots they offered. */
  slots: number;
  /** Completions counted (per record for the engine's kernel: unweighted). */
  found: number;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The engine's kernel over `work`'s tasks on `lanes` invocations (a multiple of 32), one dispatch
 * with no budget. Returns the completions per record too, for checking.
 */
export function replayPlacement(work: GpuWork, lanes: number): Replay & { perRecord: Float64Array } {
  const warps = Math.ceil(lanes / WARP);
  const total = warps * WARP;
  // Per lane: the level searched, in registers, and its stack of levels with squares left.
  const cols = new Uint32Array(total);
  const left = new Uint32Array(total);
  const right = new Uint32Array(total);
  const free = new Uint32Array(total);
  const level = new Uint8Array(total); // the level searched (absolute)
  const last = new Uint8Array(total);
  const owner = new Uint32Array(total);
  const depth = new Uint8Array(total); // entries on the stack
  const busy = new Uint8Array(total);
  const stack = new Uint32Array(total * MAX_N * 5); // (cols, left, right, rest, level) per entry
  const perRecord = new Float64Array(work.recordCount);
  const { masks, shifts } = work;
  let next = 0;
  let steps = 0;
  let slots = 0;
  let found = 0;
  const active = new Uint8Array(warps).fill(1);
  let running = warps;
  while (running > 0) {
    for (let w = 0; w < warps; w++) {
      if (active[w] === 0) continue;
      let any = false;
      for (let i = w * WARP, end = i + WARP; i < end; i++) {
        if (busy[i] === 0) {
          if (next >= work.taskCount) continue;
          const t = next++;
          owner[i] = work.owner[t];
          level[i] = work.level[t];
          last[i] = work.levels[owner[i]] - 1;
          cols[i] = work.cols[t];
          left[i] = work.left[t];
          right[i] = work.right[t];
          free[i] = work.free[t];
          depth[i] = 0;
          busy[i] = 1;
        }
        any = true;
        steps++;
        // One placement: the lowest square left; the row below counted, entered, or neither.
        const at = owner[i] * MAX_N + level[i];
        const f = free[i];
        const bit = f & -f;
        const rest = (f ^ bit) >>> 0;
        const s = shifts[at];
        const c = (cols[i] | bit) >>> 0;
        const l = ((left[i] | bit) << s) >>> 0;
        const r = (right[i] | bit) >>> s;
        const below = (masks[at + 1] & ~(c | l | r)) >>> 0;
        if (level[i] + 1 === last[i]) {
          const k = popcount(below);
          found += k;
          perRecord[owner[i]] += k;
        } else if (below !== 0) {
          if (rest !== 0) {
            const e = (i * MAX_N + depth[i]++) * 5;
            stack[e] = cols[i];
            stack[e + 1] = left[i];
            stack[e + 2] = right[i];
            stack[e + 3] = rest;
            stack[e + 4] = level[i];
          }
          cols[i] = c;
          left[i] = l;
          right[i] = r;
          free[i] = below;
          level[i]++;
          continue;
        }
        if (rest !== 0) {
          free[i] = rest;
        } else if (depth[i] > 0) {
          const e = (i * MAX_N + --depth[i]) * 5;
          cols[i] = stack[e];
          left[i] = stack[e + 1];
          right[i] = stack[e + 2];
          free[i] = stack[e + 3];
          level[i] = stack[e + 4];
        } else busy[i] = 0;
      }
      if (any) slots += WARP;
      else {
        active[w] = 0;
        running--;
      }
    }
  }
  return { steps, slots, found, perRecord };
}

/**
 * The reference over its subproblems (three words each: columns, diagonals) for an n×n board, on
 * `lanes` invocations. Iterations counted are those of the search loop, each one placement.
 */
export function replayReference(tasks: Uint32Array, n: number, lanes: number): Replay {
  const all = n === 32 ? 0xffffffff : (1 << n) - 1;
  const warps = Math.ceil(lanes / WARP);
  const count = tasks.length / 3;
  const room = (n + 1) * 4;
  // Per lane, its stack: (cols, left, right, squares left) per entry, and how many entries.
  const stack = new Uint32Array(warps * WARP * room);
  const top = new Int32Array(warps * WARP);
  let next = 0;
  let steps = 0;
  let slots = 0;
  let found = 0;
  // Warps are replayed in lockstep: each round, every warp runs one iteration of its search loop,
  // so the order in which they take tasks follows their progress. A warp whose lanes are all done
  // takes a task per lane (an empty one is skipped at once) before its next search iteration.
  const active = new Uint8Array(warps).fill(1);
  const searching = new Uint8Array(warps);
  let running = warps;
  while (running > 0) {
    for (let w = 0; w < warps; w++) {
      if (active[w] === 0) continue;
      const first = w * WARP;
      if (searching[w] === 0) {
        let any = false;
        for (let i = first; i < first + WARP; i++) {
          top[i] = 0;
          while (next < count) {
            const t = next++;
            const c = tasks[3 * t];
            const l = tasks[3 * t + 1];
            const r = tasks[3 * t + 2];
            const open = (all & ~(c | l | r)) >>> 0;
            if (open === 0) continue;
            const e = i * room;
            stack[e] = c;
            stack[e + 1] = l;
            stack[e + 2] = r;
            stack[e + 3] = open;
            top[i] = 1;
            any = true;
            break;
          }
        }
        if (!any) {
          active[w] = 0;
          running--;
          continue;
        }
        searching[w] = 1;
      }
      let any = false;
      for (let i = first; i < first + WARP; i++) {
        const height = top[i];
        if (height === 0) continue;
        any = true;
        steps++;
        const e = i * room + (height - 1) * 4;
        const v = stack[e + 3];
        const bit = v & -v;
        const rest = (v - bit) >>> 0;
        stack[e + 3] = rest;
        const below = rest === 0 ? height - 1 : height;
        const c = (stack[e] | bit) >>> 0;
        const l = ((stack[e + 1] | bit) << 1) >>> 0;
        const r = (stack[e + 2] | bit) >>> 1;
        const open = (all & ~(c | l | r)) >>> 0;
        if (open === 0) top[i] = below;
        else if (popcount(c) === n - 1) {
          found += popcount(open);
          top[i] = below;
        } else {
          const p = i * room + below * 4;
          stack[p] = c;
          stack[p + 1] = l;
          stack[p + 2] = r;
          stack[p + 3] = open;
          top[i] = below + 1;
        }
      }
      if (any) slots += WARP;
      else searching[w] = 0;
    }
  }
  return { steps, slots, found: n === 1 ? 1 : 2 * found };
}
