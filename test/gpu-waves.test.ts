// The GPU engine's waves (run/wave-sizes.ts, run/gpu-methods/backtrack.ts): a count's first wave is
// one subproblem, so its first progress and first checkpoint come after one subproblem's time on
// any device; later waves grow towards WAVE_MS of the device's time, GROWTH-fold at most. Checked
// on the rule alone, and on the engine's own loop over a stand-in device: the kernel's run replaced
// by the same tasks searched on the CPU, taking the time the test gives it on a clock the test
// moves (performance.now), so no test reads the wall clock.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireKernel, releaseKernel } from '../src/kernel/instances.js';
import { resolveEngine } from '../src/kernel/select.js';
import type { Gpu } from '../src/kernel/webgpu/device.js';
import type { GpuWork } from '../src/kernel/webgpu/tasks.js';
import { plan } from '../src/plan/plan.js';
import { countOnGpu } from '../src/run/gpu-methods/backtrack.js';
import { Job } from '../src/run/job.js';
import { FIRST_WAVE, GROWTH, WAVE_MS, WaveSizes } from '../src/run/wave-sizes.js';
import { taskCompletions } from './helpers/gpu-tasks.js';
import { knownCounts } from './helpers/known-counts.js';

/** What the stand-in device does with a wave: its time, by the wave's records. */
const device = vi.hoisted(() => ({
  msFor: (_records: number): number => 0,
  clock: 0,
  waves: [] as number[],
}));

vi.mock('../src/kernel/webgpu/placement-kernel.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/kernel/webgpu/placement-kernel.js')>();
  const runPlacement = async (...args: unknown[]) => {
    const work = args[3] as GpuWork;
    device.waves.push(work.recordCount);
    device.clock += device.msFor(work.recordCount);
    const found = taskCompletions(work);
    return { low: Float64Array.from(found), high: new Float64Array(found.length) };
  };
  return { ...real, runPlacement };
});

afterEach(() => {
  vi.restoreAllMocks();
  device.waves = [];
  device.clock = 0;
});

/** A GPU whose device compiles any kernel and runs none: the kernels' runs are stood in for above. */
function standInGpu(): Gpu {
  const device = {
    createShaderModule: () => ({ getCompilationInfo: async () => ({ messages: [] }) }),
    createComputePipelineAsync: async () => ({}),
  };
  return {
    entry: {} as GPU,
    device: device as unknown as GPUDevice,
    adapter: { name: 'a stand-in', software: true },
    subgroup: 32,
    pipelines: new Map(),
  };
}

/**
 * n counted through the engine's loop on the stand-in device, whose clock moves only by
 * `msFor(records)` a wave: the total, and the clock at the first progress. With `stopAtFirst`, the
 * count is aborted at its first progress: then the checkpoint it leaves, and the clock then.
 */
async function countOnStandIn(n: number, msFor: (records: number) => number, stopAtFirst = false) {
  device.msFor = msFor;
  vi.spyOn(performance, 'now').mockImplementation(() => device.clock);
  const p = plan(n, null, null);
  const controller = new AbortController();
  let firstProgress: number | null = null;
  let checkpoint: { done: (readonly [number, number])[]; at: number } | null = null;
  const job = new Job(p.subproblems.count, {
    signal: controller.signal,
    onProgress: ({ done }) => {
      if (done === 0 || firstProgress !== null) return;
      firstProgress = device.clock;
      if (stopAtFirst) controller.abort(new Error('stopped'));
    },
    onCheckpoint: ({ done }) => {
      checkpoint ??= { done: done.map(([from, to]) => [from, to] as const), at: device.clock };
    },
  });
  const kernel = await acquireKernel((await resolveEngine('wasm')).engine);
  try {
    await countOnGpu(job, p, standInGpu(), kernel);
    const tally = await job.promise.catch(() => null);
    return { tally, firstProgress, checkpoint };
  } finally {
    releaseKernel(kernel);
  }
}

describe('the sizes of GPU waves', () => {
  it('the first is one subproblem, and nothing is sized by speed before a wave is counted', () => {
    const sizes = new WaveSizes();
    expect(sizes.measured).toBe(false);
    expect(sizes.next()).toBe(FIRST_WAVE);
    expect(FIRST_WAVE).toBe(1);
    // Unmeasured, a wave may only grow GROWTH-fold.
    expect(sizes.next()).toBe(GROWTH);
  });

  it('grow GROWTH-fold on a fast device until a wave takes about WAVE_MS, then stay there', () => {
    // 2 ms a wave, 0.01 ms a subproblem: 25,000 subproblems take WAVE_MS.
    const msFor = (size: number) => 2 + 0.01 * size;
    const sizes = new WaveSizes();
    const seen = [sizes.next()];
    sizes.countedWave(seen[0], msFor(seen[0]));
    for (let i = 0; i < 12; i++) {
      seen.push(sizes.next());
      sizes.countedWave(seen.at(-1)!, msFor(seen.at(-1)!));
    }
    expect(seen.slice(0, 6)).toEqual([1, 4, 16, 64, 256, 1024]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeLessThanOrEqual(GROWTH * seen[i - 1]);
    const last = msFor(seen.at(-1)!);
    expect(last).toBeGreaterThan(WAVE_MS / 2);
    expect(last).toBeLessThanOrEqual(WAVE_MS);
  });

  it('stay one subproblem where one takes longer than WAVE_MS', () => {
    const sizes = new WaveSizes();
    for (let i = 0; i < 5; i++) {
      expect(sizes.next()).toBe(1);
      sizes.countedWave(1, 3 * WAVE_MS);
    }
  });

  it('are sized for twice the time the host takes to split a wave, where that is longer than WAVE_MS', () => {
    const sizes = new WaveSizes();
    sizes.next();
    sizes.countedWave(1, 1);
    for (let i = 0; i < 10; i++) sizes.next(2 * WAVE_MS);
    // 1 ms a subproblem: 4 * WAVE_MS of them.
    expect(sizes.next(2 * WAVE_MS)).toBe(4 * WAVE_MS);
  });
});

describe("the engine's waves on a stand-in device", () => {
  it('a fast device: the first wave is one subproblem, later ones grow as the rule says, and the count is exact', async () => {
    const n = 12;
    const msFor = (records: number) => 1 + 0.05 * records;
    const { tally, firstProgress } = await countOnStandIn(n, msFor);
    expect(tally?.total).toBe(knownCounts.get(n)!.total);
    expect(tally?.unique).toBe(knownCounts.get(n)!.unique);
    const waves = device.waves;
    expect(waves[0]).toBe(1);
    expect(firstProgress).toBe(msFor(1));
    // The rule, fed what the loop saw: the second wave is taken once the first is counted, each
    // later one while the wave before it counts, so it is sized by the waves before that one.
    const total = plan(n, null, null).subproblems.count;
    const sizes = new WaveSizes();
    const expected = [sizes.next()];
    sizes.countedWave(waves[0], msFor(waves[0]));
    for (let k = 1, taken = expected[0]; taken < total; k++) {
      expected.push(Math.min(sizes.next(), total - taken));
      taken += expected[k];
      if (k >= 2) sizes.countedWave(waves[k - 1], msFor(waves[k - 1]));
    }
    expect(waves).toEqual(expected);
    expect(waves.length).toBeGreaterThan(5);
    expect(Math.max(...waves.map(msFor))).toBeLessThanOrEqual(WAVE_MS);
  });

  it('a stop at the first progress keeps the first wave, one subproblem, in its checkpoint', async () => {
    const msFor = (records: number) => 200 * records;
    const { tally, firstProgress, checkpoint } = await countOnStandIn(12, msFor, true);
    expect(tally).toBeNull();
    expect(firstProgress).toBe(200);
    expect(checkpoint).toEqual({ done: [[0, 1]], at: 200 });
    expect(device.waves).toEqual([1]);
  });

  it('a slow device (a subproblem takes 3 s): every wave is one subproblem, the first progress after one', async () => {
    const n = 11;
    const msFor = (records: number) => 3000 * records;
    const { tally, firstProgress } = await countOnStandIn(n, msFor);
    expect(tally?.total).toBe(knownCounts.get(n)!.total);
    expect(device.waves.every((w) => w === 1)).toBe(true);
    expect(device.waves.length).toBe(plan(n, null, null).subproblems.count);
    expect(firstProgress).toBe(3000);
  });
});
