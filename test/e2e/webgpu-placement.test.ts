// The "placement" kernel (src/kernel/webgpu/placement-*.ts) run directly on Dawn's adapter, where
// the engine's own counts cannot reach: dispatches of a few steps each on a changing number of
// invocations, so that nearly every search is saved and resumed many times, by invocations that
// come and go; and both of its pipeline shapes, the one for tasks of up to 21 levels and the one
// for deeper tasks (boards past n = 23, which no test can count whole), on real boards and on
// made-up records whose tasks span up to 31 levels. Every count is checked per record against
// the same tasks searched on the CPU (test/helpers/gpu-tasks.ts), and real boards' totals against
// the known counts and the wasm engine.
//
// Without an adapter the tests are skipped, saying why, unless REQUIRE_GPU=1 (CI sets it).

import { describe, expect, it } from 'vitest';
import { MAX_N } from '../../assembly/layout.js';
import { count } from '../../src/index.js';
import { DispatchBudget } from '../../src/kernel/webgpu/budget.js';
import { acquireGpu, pipelineFor } from '../../src/kernel/webgpu/device.js';
import { packPlacement, runPlacement } from '../../src/kernel/webgpu/placement-kernel.js';
import { DEEP, type PlacementShape, SHALLOW } from '../../src/kernel/webgpu/placement-shader.js';
import { type GpuWork, gpuWork } from '../../src/kernel/webgpu/tasks.js';
import { plan } from '../../src/plan/plan.js';
import type { Queen } from '../../src/types.js';
import { dawnGpu } from '../helpers/dawn-gpu.js';
import { taskCompletions } from '../helpers/gpu-tasks.js';
import { knownCounts } from '../helpers/known-counts.js';
import { randomInt, randomQueens, seededRandom } from '../helpers/random.js';

const { run: RUN } = await dawnGpu('test/e2e/webgpu-placement.test.ts');

/**
 * A budget that ignores how long dispatches take: each gets 1 to `maxSteps` steps and 1 to 8
 * workgroups' worth of invocations, drawn at random, so that searches are cut at every point of
 * the loop and resumed with more or fewer invocations around them.
 */
class ScriptedBudget extends DispatchBudget {
  dispatches = 0;

  constructor(
    private readonly random: () => number,
    private readonly maxSteps: number,
  ) {
    super({ placements: 1, minPlacements: 1, invocations: 32, maxInvocations: 256 });
  }

  override startWave(): void {}

  override adjust(): void {
    this.dispatches++;
    this.placements = randomInt(this.random, 1, this.maxSteps);
    this.invocations = 32 * randomInt(this.random, 1, 8);
  }
}

/** The completions per record the kernel counts over `work`'s tasks, with `shape` forced when given. */
async function countPlacement(work: GpuWork, budget: DispatchBudget, shape?: PlacementShape): Promise<number[]> {
  const gpu = await acquireGpu();
  const { pipeline } = await pipelineFor(gpu);
  const packed = packPlacement(work);
  const counts = await runPlacement(
    gpu,
    pipeline,
    budget,
    work,
    shape === undefined ? packed : { ...packed, shape },
    () => false,
  );
  if (counts === null) throw new Error('the count stopped');
  return Array.from(counts.low, (low, k) => low + counts.high[k] * 2 ** 32);
}

/** The GpuWork of every subproblem of n (with queens placed), split towards `target` tasks. */
function boardWork(n: number, placed: readonly Queen[] | null, target: number) {
  const list = plan(n, placed, null).subproblems;
  const all = Array.from({ length: list.count }, (_, i) => i);
  return { list, work: gpuWork(n, list, all, target) };
}

/** Σ weight × (host's completions + the kernel's) over the subproblems: the board's total. */
function weightedTotal(list: { weight: Uint8Array }, work: GpuWork, found: number[]): bigint {
  let total = 0n;
  for (let k = 0; k < work.recordCount; k++) total += BigInt(list.weight[k]) * BigInt(work.hostCounts[k] + found[k]);
  return total;
}

/** The masks after a queen on `bit`, `shift` rows above the next row. */
function place(cols: number, left: number, right: number, bit: number, shift: number): [number, number, number] {
  return [(cols | bit) >>> 0, ((left | bit) << shift) >>> 0, (right | bit) >>> shift];
}

/**
 * A made-up record of `rows` free rows over 32 columns, at distances of 1 to 3 rows, whose search
 * is as deep as a board of n = 32 has and small enough to count: a placement of a queen on every
 * row is planted (found by a randomised search), and each row gets one more open square, to the
 * right of the planted one and free of the planted queens above it. Searched lowest square first,
 * the planted path keeps a square left on nearly every level, so its stack grows about a level a
 * row. Null when no placement was found.
 */
function deepRecord(random: () => number, rows: number): { masks: number[]; shifts: number[] } | null {
  const shifts = Array.from({ length: rows - 1 }, () => (random() < 0.8 ? 1 : randomInt(random, 2, 3)));
  const planted: number[] = [];
  const plant = (row: number, cols: number, left: number, right: number): boolean => {
    if (row === rows) return true;
    const open: number[] = [];
    for (let c = 0; c < 32; c++) if (((cols | left | right) & (1 << c)) === 0) open.push(c);
    open.sort(() => random() - 0.5);
    for (const c of open.slice(0, 4)) {
      planted[row] = c;
      if (plant(row + 1, ...place(cols, left, right, 1 << c, shifts[row] ?? 1))) return true;
    }
    return false;
  };
  if (!plant(0, 0, 0, 0)) return null;
  const masks: number[] = [];
  let [cols, left, right] = [0, 0, 0];
  for (let row = 0; row < rows; row++) {
    const others: number[] = [];
    for (let c = planted[row] + 1; c < 32; c++) if (((cols | left | right) & (1 << c)) === 0) others.push(c);
    let mask = 1 << planted[row];
    if (others.length > 0) mask |= 1 << others[randomInt(random, 0, others.length - 1)];
    masks.push(mask >>> 0);
    [cols, left, right] = place(cols, left, right, 1 << planted[row], shifts[row] ?? 1);
  }
  return { masks, shifts };
}

/** `records` made-up deep records (deepRecord); their tasks start at levels 0 to 3, as the host's split leaves them. */
function deepWork(random: () => number, records: number): GpuWork {
  const masks = new Uint32Array(records * MAX_N);
  const shifts = new Uint32Array(records * MAX_N);
  const levels = new Uint8Array(records);
  const tasks: { owner: number; level: number; cols: number; left: number; right: number; free: number }[] = [];
  for (let k = 0; k < records; ) {
    const rows = randomInt(random, 22, 32);
    const record = deepRecord(random, rows);
    if (record === null) continue;
    levels[k] = rows;
    masks.set(record.masks, k * MAX_N);
    shifts.set(record.shifts, k * MAX_N);
    const start = randomInt(random, 0, 3);
    const walk = (level: number, cols: number, left: number, right: number) => {
      const free = (masks[k * MAX_N + level] & ~(cols | left | right)) >>> 0;
      if (free === 0) return;
      if (level === start) tasks.push({ owner: k, level, cols, left, right, free });
      else
        for (let f = free; f !== 0; f &= f - 1)
          walk(level + 1, ...place(cols, left, right, f & -f, shifts[k * MAX_N + level]));
    };
    walk(0, 0, 0, 0);
    k++;
  }
  const column = (key: 'owner' | 'cols' | 'left' | 'right' | 'free') => Uint32Array.from(tasks, (t) => t[key]);
  return {
    recordCount: records,
    masks,
    shifts,
    levels,
    depth: Math.max(...levels),
    taskCount: tasks.length,
    owner: column('owner'),
    level: Uint8Array.from(tasks, (t) => t.level),
    cols: column('cols'),
    left: column('left'),
    right: column('right'),
    free: column('free'),
    hostCounts: new Array<number>(records).fill(0),
  };
}

/**
 * A task's search walked as the kernel walks it: its steps (one a queen placed), and its deepest
 * stack (the most levels with squares left below the one searched).
 */
function searchShape(work: GpuWork, t: number): { steps: number; deepest: number } {
  const at = work.owner[t] * MAX_N;
  const last = work.levels[work.owner[t]] - 1;
  let steps = 0;
  let deepest = 0;
  const walk = (level: number, cols: number, left: number, right: number, free: number, kept: number) => {
    deepest = Math.max(deepest, kept);
    for (let f = free; f !== 0; f &= f - 1) {
      steps++;
      const [c, l, r] = place(cols, left, right, f & -f, work.shifts[at + level]);
      const below = (work.masks[at + level + 1] & ~(c | l | r)) >>> 0;
      if (below !== 0 && level + 1 < last) walk(level + 1, c, l, r, below, kept + ((f & (f - 1)) !== 0 ? 1 : 0));
    }
  };
  walk(work.level[t], work.cols[t], work.left[t], work.right[t], work.free[t], 0);
  return { steps, deepest };
}

/** The most steps any one task of `work` takes. */
function longestTask(work: GpuWork): number {
  let longest = 0;
  for (let t = 0; t < work.taskCount; t++) longest = Math.max(longest, searchShape(work, t).steps);
  return longest;
}

describe.skipIf(!RUN)('the placement kernel on Dawn, searches saved and resumed at every step', () => {
  it.each([
    ['shallow', SHALLOW],
    ['deep', DEEP],
  ] as const)(
    'frames of n = 11..13 in the %s shape, dispatches of 1 to 7 steps on 32 to 256 invocations: each record as the CPU counts it, the totals known',
    async (_name, shape) => {
      const random = seededRandom(shape === DEEP ? 3101 : 3100);
      for (const n of [11, 12, 13]) {
        const { list, work } = boardWork(n, null, randomInt(random, 64, 512));
        const budget = new ScriptedBudget(random, 7);
        const found = await countPlacement(work, budget, shape);
        expect({ n, found }).toEqual({ n, found: taskCompletions(work) });
        expect({ n, total: weightedTotal(list, work, found) }).toEqual({ n, total: knownCounts.get(n)!.total });
        // The longest task is cut into ten dispatches or more: saved and resumed at least as often.
        const longest = longestTask(work);
        expect(longest).toBeGreaterThan(10 * 7);
        expect(budget.dispatches).toBeGreaterThanOrEqual(longest / 7);
      }
    },
  );

  it('10 random placements (n = 12..15, 1 to 3 queens), a few steps a dispatch: as the CPU counts each record, and as wasm counts the board', async () => {
    const random = seededRandom(3102);
    let nonZero = 0;
    for (let i = 0; i < 10; i++) {
      const n = randomInt(random, 12, 15);
      const placed = randomQueens(random, n, randomInt(random, 1, 3));
      const { list, work } = boardWork(n, placed, randomInt(random, 16, 2048));
      const found = await countPlacement(work, new ScriptedBudget(random, 40));
      expect({ n, placed, found }).toEqual({ n, placed, found: taskCompletions(work) });
      const wasm = await count(n, { placed, engine: 'wasm', workers: 1 });
      expect({ n, placed, total: weightedTotal(list, work, found) }).toEqual({ n, placed, total: wasm.exact.total });
      if (wasm.total > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(5);
  });

  it('tasks spanning 22 to 31 levels get the deep shape and are counted exactly, in one dispatch each or in dispatches of a few steps', async () => {
    const random = seededRandom(3103);
    const work = deepWork(random, 24);
    expect(packPlacement(work).shape).toBe(DEEP);
    let deepest = 0;
    for (let t = 0; t < work.taskCount; t++) deepest = Math.max(deepest, searchShape(work, t).deepest);
    // The made-up searches fill the deep shape's stack beyond what the shallow one holds.
    expect(deepest).toBeGreaterThan(SHALLOW.depth);
    const expected = taskCompletions(work);
    expect(expected.filter((c) => c > 0).length).toBeGreaterThan(4);
    const whole = new DispatchBudget({
      placements: 1 << 24,
      minPlacements: 1 << 24,
      invocations: 64,
      maxInvocations: 64,
    });
    expect(await countPlacement(work, whole)).toEqual(expected);
    const budget = new ScriptedBudget(random, 5);
    expect(await countPlacement(work, budget)).toEqual(expected);
    expect(budget.dispatches).toBeGreaterThanOrEqual(longestTask(work) / 5);
  });
});
