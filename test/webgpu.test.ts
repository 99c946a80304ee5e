// The 'webgpu' engine's set-up, against a navigator.gpu that the tests control: it refuses clearly
// where no adapter comes, never half-starts a count, honours the signal while a set-up hangs, fails
// a set-up that hangs past its time limit (naming the step), and keeps no set-up that failed or
// that every caller gave up on. And the host's half of the engine:
// the tasks it makes (kernel/webgpu/tasks.ts), each searched to its end as the GPU kernels do, add
// up with the completions it counted itself to every subproblem's count, in the order the
// kernels want them; the dispatch budget (kernel/webgpu/budget.ts) sizes dispatches as it says.
// The GPU's half runs on a real adapter in test/webgpu-dawn.test.ts (Dawn on Vulkan) and
// test/browser/webgpu.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_N } from '../assembly/layout.js';
import { compareEngines, count, countSync, WebGPUUnavailableError } from '../src/index.js';
import { popcnt } from '../src/kernel/js/bits.js';
import { pickSubproblems } from '../src/kernel/subproblems.js';
import { DISPATCH_MS, DispatchBudget, MAX_PLACEMENTS } from '../src/kernel/webgpu/budget.js';
import { acquireGpu, SET_UP_MS } from '../src/kernel/webgpu/device.js';
import { packPlacement } from '../src/kernel/webgpu/placement-kernel.js';
import { DEEP, PLACEMENT_SHADER, RECORD_BITS, SHALLOW } from '../src/kernel/webgpu/placement-shader.js';
import { type GpuWork, gpuWork } from '../src/kernel/webgpu/tasks.js';
import { plan } from '../src/plan/plan.js';
import type { Queen } from '../src/types.js';
import { completions } from './helpers/gpu-tasks.js';
import { randomInt, seededRandom } from './helpers/random.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A signal aborted after `ms` by a timer that keeps the process alive (AbortSignal.timeout's does not). */
function abortAfter(ms: number, reason: unknown = new Error(`gave up after ${ms} ms`)): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(reason), ms);
  return controller.signal;
}

/** A device that accepts the kernel and does nothing else: enough for a set-up to finish. */
function idleDevice() {
  return {
    createShaderModule: () => ({ getCompilationInfo: async () => ({ messages: [] }) }),
    createComputePipelineAsync: async () => ({}),
    destroy: vi.fn(),
    lost: new Promise(() => {}),
  };
}

describe("engine: 'webgpu' where navigator.gpu gives no GPU", () => {
  it('says when it finds no adapter, or fails; no progress is reported; a failure is not kept (the next call asks again)', async () => {
    const requestAdapter = vi.fn(async () => null);
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const onProgress = vi.fn();
    const onCheckpoint = vi.fn();
    const refusal = count(8, { engine: 'webgpu', onProgress, onCheckpoint, checkpointEveryMs: 1 });
    await expect(refusal).rejects.toThrow(WebGPUUnavailableError);
    await expect(refusal).rejects.toMatchObject({
      code: 'ERR_NQUEENS_WEBGPU_UNAVAILABLE',
      engine: 'webgpu',
      instead: 'wasm',
    });
    await expect(refusal).rejects.toThrow(
      "the 'webgpu' engine is unavailable here (navigator.gpu.requestAdapter() found no adapter); use engine: 'wasm'",
    );
    requestAdapter.mockImplementation(async () => {
      throw new Error('the GPU process crashed');
    });
    await expect(count(8, { engine: 'webgpu' })).rejects.toThrow(
      'navigator.gpu.requestAdapter() failed: the GPU process crashed',
    );
    expect(requestAdapter).toHaveBeenCalledTimes(2);
    expect(await count(10)).toMatchObject({ total: 724, engine: 'wasm' });
    // Nothing of the refused count came before, nor while a count after it ran.
    expect(onProgress).not.toHaveBeenCalled();
    expect(onCheckpoint).not.toHaveBeenCalled();
  });

  it('an already-aborted signal rejects with its reason before any adapter is asked for', async () => {
    const requestAdapter = vi.fn(async () => null);
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const reason = new Error('stop');
    await expect(count(8, { engine: 'webgpu', signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(requestAdapter).not.toHaveBeenCalled();
  });

  it('countSync refuses it at once, asynchronous as the GPU is', () => {
    expect(() => countSync(8, { engine: 'webgpu' })).toThrow(TypeError);
  });
});

describe('a set-up that never ends (requestAdapter may never settle)', () => {
  it("rejects a count with its signal's reason when the signal is aborted, and the next count asks again", async () => {
    const controller = new AbortController();
    const reason = new Error('too slow');
    // The set-up hangs on its first question; the caller gives up while it waits for the answer.
    const requestAdapter = vi.fn(() => {
      if (requestAdapter.mock.calls.length === 1) setImmediate(() => controller.abort(reason));
      return new Promise<null>(() => {});
    });
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    await expect(count(12, { engine: 'webgpu', signal: controller.signal })).rejects.toBe(reason);
    await expect(count(12, { engine: 'webgpu', signal: abortAfter(50) })).rejects.toThrow('gave up after 50 ms');
    expect(requestAdapter).toHaveBeenCalledTimes(2);
  });

  it('is shared by counts waiting together: one giving up leaves the other waiting, and the set-up kept', async () => {
    const adapter = deferred<null>();
    const requestAdapter = vi.fn(() => adapter.promise);
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const patient = count(8, { engine: 'webgpu' });
    await expect(count(8, { engine: 'webgpu', signal: abortAfter(30) })).rejects.toThrow('gave up after 30 ms');
    adapter.resolve(null);
    await expect(patient).rejects.toThrow('found no adapter');
    expect(requestAdapter).toHaveBeenCalledTimes(1);
  });

  it('one that every caller gave up on is not kept, and a device that comes late is destroyed', async () => {
    const late = deferred<unknown>();
    const requestAdapter = vi.fn(() => late.promise);
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    await expect(count(8, { engine: 'webgpu', signal: abortAfter(30) })).rejects.toThrow('gave up');
    const device = idleDevice();
    late.resolve({ info: { description: 'late adapter' }, requestDevice: async () => device });
    await vi.waitFor(() => expect(device.destroy).toHaveBeenCalledTimes(1));
  });

  it('compareEngines does not look for a GPU unless asked, and when asked honours its signal', async () => {
    const requestAdapter = vi.fn(() => new Promise<null>(() => {}));
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const r = await compareEngines(7, { runs: 1 });
    expect(r.total).toBe(40);
    expect('webgpu' in r).toBe(false);
    expect(requestAdapter).not.toHaveBeenCalled();
    const reason = new Error('no GPU in time');
    await expect(compareEngines(7, { runs: 1, webgpu: true, signal: abortAfter(100, reason) })).rejects.toBe(reason);
    expect(requestAdapter).toHaveBeenCalledTimes(1);
  });
});

describe('a set-up that never settles, with nobody to give up on it: it has SET_UP_MS in all', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether the promise has settled yet, as the test sees it. */
  function watch(promise: Promise<unknown>): { readonly settled: boolean } {
    const state = { settled: false };
    promise.then(
      () => (state.settled = true),
      () => (state.settled = true),
    );
    return state;
  }

  it('fails with WebGPUUnavailableError naming requestAdapter() once the time is up, not before; the next count asks again', async () => {
    vi.useFakeTimers();
    const asked = deferred<void>();
    const requestAdapter = vi.fn(() => {
      asked.resolve();
      return requestAdapter.mock.calls.length === 1 ? new Promise<null>(() => {}) : Promise.resolve(null);
    });
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const stuck = count(8, { engine: 'webgpu' });
    const seen = watch(stuck);
    await asked.promise;
    await vi.advanceTimersByTimeAsync(SET_UP_MS - 1);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stuck).rejects.toThrow(WebGPUUnavailableError);
    await expect(stuck).rejects.toThrow(`navigator.gpu.requestAdapter() did not answer within ${SET_UP_MS / 1000} s`);
    await expect(count(8, { engine: 'webgpu' })).rejects.toThrow('navigator.gpu.requestAdapter() found no adapter');
    expect(requestAdapter).toHaveBeenCalledTimes(2);
  });

  it('names requestDevice() when the device never comes, counting the time from the start of the set-up; a device that comes late is destroyed', async () => {
    vi.useFakeTimers();
    const device = idleDevice();
    const late = deferred<typeof device>();
    const askedForDevice = deferred<void>();
    const adapter = deferred<unknown>();
    const asked = deferred<void>();
    const requestAdapter = vi.fn(() => {
      asked.resolve();
      return adapter.promise;
    });
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const stuck = count(8, { engine: 'webgpu' });
    const seen = watch(stuck);
    await asked.promise;
    // The adapter answers with a third of the time spent; the device takes the rest of it.
    const third = Math.floor(SET_UP_MS / 3);
    await vi.advanceTimersByTimeAsync(third);
    adapter.resolve({
      info: { description: 'slow adapter' },
      requestDevice: () => {
        askedForDevice.resolve();
        return late.promise;
      },
    });
    await askedForDevice.promise;
    await vi.advanceTimersByTimeAsync(SET_UP_MS - third - 1);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stuck).rejects.toThrow(`the adapter's requestDevice() did not answer within ${SET_UP_MS / 1000} s`);
    expect(device.destroy).not.toHaveBeenCalled();
    late.resolve(device);
    await vi.advanceTimersByTimeAsync(0);
    expect(device.destroy).toHaveBeenCalledTimes(1);
  });

  it('names the kernel when its compilation never finishes, and destroys the device it had', async () => {
    vi.useFakeTimers();
    const compiling = deferred<void>();
    const device = {
      ...idleDevice(),
      createComputePipelineAsync: () => {
        compiling.resolve();
        return new Promise(() => {});
      },
    };
    const requestAdapter = vi.fn(async () => ({ info: { description: 'a GPU' }, requestDevice: async () => device }));
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const stuck = count(8, { engine: 'webgpu' });
    const seen = watch(stuck);
    await compiling.promise;
    await vi.advanceTimersByTimeAsync(SET_UP_MS - 1);
    expect(seen.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(stuck).rejects.toThrow(/compiling the GPU kernel did not answer within 30 s/);
    expect(device.destroy).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer behind once every caller gave up on it, nor once it settled', async () => {
    vi.useFakeTimers();
    const asked = deferred<void>();
    const requestAdapter = vi.fn(() => {
      asked.resolve();
      return new Promise<null>(() => {});
    });
    vi.stubGlobal('navigator', { gpu: { requestAdapter } });
    const controller = new AbortController();
    const stopped = count(8, { engine: 'webgpu', signal: controller.signal });
    await asked.promise;
    expect(vi.getTimerCount()).toBe(1);
    controller.abort(new Error('no more waiting'));
    await expect(stopped).rejects.toThrow('no more waiting');
    expect(vi.getTimerCount()).toBe(0);
    requestAdapter.mockImplementation(async () => null);
    await expect(count(8, { engine: 'webgpu' })).rejects.toThrow('found no adapter');
    expect(vi.getTimerCount()).toBe(0);
  });
});

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
      const one = countSync(n, { placed: queensOf(list.queens, list.width, i) }).exact.total;
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
        if (!placed.some(([qr, qc]) => qr === r || qc === c || Math.abs(qr - r) === Math.abs(qc - c)))
          placed.push([r, c]);
      }
      const list = plan(n, placed, null).subproblems;
      const picked = Array.from({ length: list.count }, (_, i) => i).filter(() => random() < 0.5);
      const work = gpuWork(
        n,
        pickSubproblems(list, picked),
        picked.map((_, k) => k),
        randomInt(random, 1, 4096),
      );
      const gpu = completions(work, picked.length);
      picked.forEach((i, k) => {
        expect(BigInt(gpu[k])).toBe(countSync(n, { placed: queensOf(list.queens, list.width, i) }).exact.total);
      });
    }
  });
});

describe('the order of the tasks', () => {
  it("biggest first: by rows left, then by squares open on the first; in record order within a size; each starts from its record's mask", () => {
    const n = 14;
    const list = plan(n, null, null).subproblems;
    const all = Array.from({ length: list.count }, (_, i) => i);
    const work = gpuWork(n, list, all, 1 << 14);
    const key = (t: number) => [work.levels[work.owner[t]] - work.level[t], popcnt(work.free[t]), -work.owner[t]];
    let mixed = 0;
    for (let t = 1; t < work.taskCount; t++) {
      const [a, b] = [key(t - 1), key(t)];
      const order = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
      expect(order).toBeGreaterThanOrEqual(0);
      if (a[0] !== b[0]) mixed++;
    }
    // Breadth-first splitting stops part-way through a level: tasks of two depths, deeper ones last.
    expect(mixed).toBeGreaterThan(0);
    for (let t = 0; t < work.taskCount; t++) {
      const mask = work.masks[work.owner[t] * MAX_N + work.level[t]];
      expect(work.free[t]).toBe((mask & ~(work.cols[t] | work.left[t] | work.right[t])) >>> 0);
    }
  });
});

describe('the kernel an adapter gets', () => {
  it('the placement kernel, compiled once at set-up, on every adapter, software ones included', async () => {
    for (const description of [
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'nvidia hopper NVIDIA H100 80GB HBM3',
      'SwiftShader Device (Subzero)',
    ]) {
      const lost = deferred<{ reason: string; message: string }>();
      const shaders: string[] = [];
      const device = {
        ...idleDevice(),
        createShaderModule: ({ code }: { code: string }) => {
          shaders.push(code);
          return { getCompilationInfo: async () => ({ messages: [] }) };
        },
        lost: lost.promise,
      };
      vi.stubGlobal('navigator', {
        gpu: { requestAdapter: async () => ({ info: { description }, requestDevice: async () => device }) },
      });
      const gpu = await acquireGpu();
      expect({ description, shaders, pipelines: gpu.pipelines.size }).toEqual({
        description,
        shaders: [PLACEMENT_SHADER],
        pipelines: 1,
      });
      // The device goes, so that the next adapter's set-up is a new one.
      lost.resolve({ reason: 'destroyed', message: '' });
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});

describe("the placement kernel's buffers", () => {
  /** One record of `rows` free rows (masks and shifts numbered so that each is told apart), one task at `level`. */
  function oneTask(rows: number, level: number): GpuWork {
    const masks = new Uint32Array(MAX_N).map((_, i) => (i < rows ? 0x100 + i : 0));
    const shifts = new Uint32Array(MAX_N).map((_, i) => (i < rows - 1 ? 1 + (i % 3) : 0));
    return {
      recordCount: 1,
      masks,
      shifts,
      levels: Uint8Array.of(rows),
      depth: rows,
      taskCount: 1,
      owner: Uint32Array.of(0),
      level: Uint8Array.of(level),
      cols: Uint32Array.of(0),
      left: Uint32Array.of(0),
      right: Uint32Array.of(0),
      free: Uint32Array.of(masks[level]),
      hostCounts: [0],
    };
  }

  it('a wave whose tasks span up to 21 levels gets the shallow shape, one spanning more the deep one', () => {
    expect(packPlacement(oneTask(22, 0)).shape).toBe(SHALLOW);
    expect(packPlacement(oneTask(23, 0)).shape).toBe(DEEP);
    expect(packPlacement(oneTask(23, 1)).shape).toBe(SHALLOW);
    expect(packPlacement(oneTask(32, 0)).shape).toBe(DEEP);
    expect([packPlacement(oneTask(22, 0)).span, packPlacement(oneTask(32, 0)).span]).toEqual([21, 31]);
  });

  it("both shapes' stacks fit WebGPU's 16 KiB of workgroup memory, and the deep one holds a task of any board", () => {
    // Per invocation and level: 16 bytes of stack, 8 of what the level needs; per invocation, 8 for the sums.
    for (const { workgroup, depth } of [SHALLOW, DEEP]) expect(workgroup * (depth * 24 + 8)).toBeLessThanOrEqual(16384);
    expect(DEEP.depth).toBeGreaterThanOrEqual(MAX_N - 1);
    expect(SHALLOW.workgroup % 32).toBe(0);
  });

  it("the table holds, per record, the first level's open squares, then each level's next row and the rows to it; a task its record and levels", () => {
    const packed = packPlacement(oneTask(9, 2));
    expect(packed.table[0]).toBe(0x100);
    for (let level = 0; level < 8; level++)
      expect([packed.table[2 * (level + 1)], packed.table[2 * (level + 1) + 1]]).toEqual([
        0x100 + level + 1,
        1 + (level % 3),
      ]);
    expect(packed.tasks[0]).toBe((0 | (2 << RECORD_BITS) | (8 << (RECORD_BITS + 5))) >>> 0);
  });
});

describe('the dispatch budget', () => {
  const limits = { placements: 1024, minPlacements: 256, invocations: 256, maxInvocations: 1 << 18 };

  it('doubles the invocations while that makes the device markedly faster, then goes back to the fewer and sizes the steps', () => {
    const budget = new DispatchBudget(limits);
    // A device that runs 1024 invocations at once: 1 ms per 2^20 steps when full, no faster beyond.
    const msFor = () => (Math.max(budget.invocations, 1024) * budget.placements) / 2 ** 20;
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) {
      seen.push(budget.invocations);
      budget.adjust(msFor(), true);
    }
    expect(seen.slice(0, 4)).toEqual([256, 512, 1024, 2048]);
    expect(budget.invocations).toBe(1024);
    const ms = msFor();
    expect(ms).toBeGreaterThanOrEqual(DISPATCH_MS / 2);
    expect(ms).toBeLessThanOrEqual(DISPATCH_MS * 2);
  });

  it('grows the steps at the end of a wave, and starts the next wave from the steps a full device took', () => {
    const budget = new DispatchBudget({ ...limits, maxInvocations: 256 });
    budget.adjust(DISPATCH_MS, true);
    const steady = budget.placements;
    for (let i = 0; i < 5; i++) budget.adjust(1, false);
    expect(budget.placements).toBe(steady * 32);
    budget.startWave();
    expect(budget.placements).toBe(steady);
    for (let i = 0; i < 20; i++) budget.adjust(10 * DISPATCH_MS, true);
    expect(budget.placements).toBe(limits.minPlacements);
  });

  it("never gives more steps than keep a dispatch's count within 32 bits", () => {
    const budget = new DispatchBudget({ ...limits, maxInvocations: 256 });
    for (let i = 0; i < 40; i++) budget.adjust(0, false);
    expect(budget.placements).toBe(MAX_PLACEMENTS);
    expect(MAX_PLACEMENTS * 32).toBeLessThanOrEqual(2 ** 32);
  });
});

function queensOf(queens: Int8Array, width: number, i: number): Queen[] {
  const out: Queen[] = [];
  for (let q = 0; q < width; q++)
    if (queens[(i * width + q) * 2] >= 0) out.push([queens[(i * width + q) * 2], queens[(i * width + q) * 2 + 1]]);
  return out;
}
