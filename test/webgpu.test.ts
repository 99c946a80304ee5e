// The 'webgpu' engine in Node, where there is no GPU: it refuses clearly, never half-starts a count,
// and tries again on the next call. And the host's half of the engine (kernel/webgpu/tasks.ts):
// the tasks it makes, each searched to its end as the GPU kernel does, add up with the completions
// it counted itself to every subproblem's count. The GPU's half runs in Chromium
// (test/browser/webgpu.test.ts).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countExactSync } from '../src/count.js';
import { compareEngines, count, countSync } from '../src/index.js';
import { popcnt } from '../src/kernel/js/bits.js';
import { RECORD_WORDS, TASK } from '../src/kernel/webgpu/shader.js';
import { gpuWork, type GpuWork } from '../src/kernel/webgpu/tasks.js';
import { plan } from '../src/plan/plan.js';
import { pickSubproblems } from '../src/plan/subproblem.js';
import type { Queen } from '../src/types.js';
import { randomInt, seededRandom } from './helpers/random.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("engine: 'webgpu' without a GPU", () => {
  it('rejects with WebGPUUnavailableError where there is no navigator.gpu; no progress is reported, nothing is left running', async () => {
    const onProgress = vi.fn();
    const onCheckpoint = vi.fn();
    await expect(count(10, { engine: 'webgpu', onProgress, onCheckpoint, checkpointEveryMs: 1 })).rejects.toMatchObject({
      name: 'WebGPUUnavailableError',
      message: "the 'webgpu' engine is unavailable here (there is no navigator.gpu); use engine: 'wasm'",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onProgress).not.toHaveBeenCalled();
    expect(onCheckpoint).not.toHaveBeenCalled();
    expect(await count(10)).toMatchObject({ total: 724, engine: 'wasm' });
  });

  it('says when navigator.gpu finds no adapter, or fails; a failure is not kept (the next call asks again)', async () => {
    const requestAdapter = vi.fn(async () => null);
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    await expect(count(8, { engine: 'webgpu' })).rejects.toThrow("the 'webgpu' engine is unavailable here (navigator.gpu.requestAdapter() found no adapter); use engine: 'wasm'");
    requestAdapter.mockImplementation(async () => {
      throw new Error('the GPU process crashed');
    });
    await expect(count(8, { engine: 'webgpu' })).rejects.toThrow('navigator.gpu.requestAdapter() failed: the GPU process crashed');
    expect(requestAdapter).toHaveBeenCalledTimes(2);
  });

  it('an already-aborted signal rejects with its reason before any adapter is asked for', async () => {
    const requestAdapter = vi.fn(async () => null);
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const reason = new Error('stop');
    await expect(count(8, { engine: 'webgpu', signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(requestAdapter).not.toHaveBeenCalled();
  });

  it('compareEngines times the two CPU engines and has no webgpu column', async () => {
    const r = await compareEngines(7, { runs: 1 });
    expect(r.total).toBe(40);
    expect('webgpu' in r).toBe(false);
  });

  it('countSync refuses it at once, asynchronous as the GPU is', () => {
    expect(() => countSync(8, { engine: 'webgpu' })).toThrow(TypeError);
  });

  it('the CLI exits with code 1 and the reason', async () => {
    const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [bin, '10', '--engine', 'webgpu'], (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
    });
    expect(r).toEqual({ code: 1, stdout: '', stderr: "nqueens: the 'webgpu' engine is unavailable here (there is no navigator.gpu); use engine: 'wasm'\n" });
  });
});

/** A task searched to its end, step for step as the GPU kernel (shader.ts) searches it. */
function searchTask(work: GpuWork, t: number): number {
  const at = t * work.stride;
  const record = work.tasks[at + TASK.record] * RECORD_WORDS;
  const last = work.tasks[at + TASK.levels] - 1;
  const mask = (level: number) => work.records[record + level];
  const shift = (level: number) => work.records[record + 32 + level];
  const walk = (level: number, cols: number, left: number, right: number, free: number): number => {
    if (level === last) return popcnt(free);
    let found = 0;
    for (; free !== 0; free &= free - 1) {
      const bit = free & -free;
      const c = cols | bit;
      const l = (left | bit) << shift(level);
      const r = (right | bit) >>> shift(level);
      found += walk(level + 1, c, l, r, mask(level + 1) & ~(c | l | r));
    }
    return found;
  };
  return walk(work.tasks[at + TASK.level], work.tasks[at + TASK.cols], work.tasks[at + TASK.left], work.tasks[at + TASK.right], work.tasks[at + TASK.free]);
}

/** Every subproblem's completions: the host's counts plus its tasks'. */
function completions(work: GpuWork, subproblems: number): number[] {
  const out = work.hostCounts.slice(0, subproblems);
  for (let t = 0; t < work.taskCount; t++) out[work.owner[t]] += searchTask(work, t);
  return out;
}

describe('the host split into GPU tasks', () => {
  it.each([
    [6, 1 << 14],
    [9, 1 << 14],
    [12, 1 << 14],
    [12, 50],
    [13, 1 << 16],
  ])('frames of n = %i, split towards %i tasks: every frame counts what the CPU kernel counts', (n, target) => {
    const list = plan(n, null, null).subproblems;
    const all = Array.from({ length: list.count }, (_, i) => i);
    const work = gpuWork(n, list, all, target);
    if (n >= 12) expect(work.taskCount).toBeGreaterThanOrEqual(Math.min(target, list.count));
    const gpu = completions(work, list.count);
    for (let i = 0; i < list.count; i++) {
      const one = countExactSync(n, { placed: queensOf(list.queens, list.width, i) }).total;
      expect(BigInt(gpu[i])).toBe(one);
    }
  });

  it('placements with 0 to n queens (every row placed, dead boards) on n = 1..16, a few picked at a time', () => {
    const random = seededRandom(715);
    for (let round = 0; round < 60; round++) {
      const n = randomInt(random, 1, 16);
      const placed: Queen[] = [];
      const k = randomInt(random, 0, n);
      for (let tries = 0; placed.length < k && tries < 400; tries++) {
        const r = randomInt(random, 0, n - 1);
        const c = randomInt(random, 0, n - 1);
        if (!placed.some(([qr, qc]) => qr === r || qc === c || Math.abs(qr - r) === Math.abs(qc - c))) placed.push([r, c]);
      }
      const list = plan(n, placed, null).subproblems;
      const picked = Array.from({ length: list.count }, (_, i) => i).filter(() => random() < 0.5);
      const work = gpuWork(n, pickSubproblems(list, picked), picked.map((_, k) => k), randomInt(random, 1, 4096));
      const gpu = completions(work, picked.length);
      picked.forEach((i, k) => {
        expect(BigInt(gpu[k])).toBe(countExactSync(n, { placed: queensOf(list.queens, list.width, i) }).total);
      });
    }
  });
});

function queensOf(queens: Int8Array, width: number, i: number): Queen[] {
  const out: Queen[] = [];
  for (let q = 0; q < width; q++) if (queens[(i * width + q) * 2] >= 0) out.push([queens[(i * width + q) * 2], queens[(i * width + q) * 2 + 1]]);
  return out;
}
