// The join on the 'webgpu' engine in Node, through Dawn (in CI on Mesa's lavapipe): exact totals
// and unique counts, agreeing with the GPU's search and the CPU's join; row choices of larger
// boards sampled against the wasm kernel's join; shards, progress, checkpoints that resume on the
// other engines and back, aborts between dispatches, a lost device, and maxMemory.
//
// Without an adapter the tests are skipped, saying why, unless REQUIRE_GPU=1 (CI sets it).

import { describe, expect, it, vi } from 'vitest';
import { uniqueOf } from '../../src/count.js';
import { type Checkpoint, compareEngines, count, GpuLostError, JoinMemoryError } from '../../src/index.js';
import type { Tally } from '../../src/kernel/tally.js';
import { acquireGpu, type Gpu } from '../../src/kernel/webgpu/device.js';
import { JoinWave, joinTile, runJoin } from '../../src/kernel/webgpu/join-kernel.js';
import { plan } from '../../src/plan/plan.js';
import { JoinListers } from '../../src/run/gpu-methods/join-listers.js';
import { Job } from '../../src/run/job.js';
import { countWithGpu } from '../../src/run/with-gpu.js';
import { dawnGpu } from '../helpers/dawn-gpu.js';
import { joinPlan, kernels, subproblemOf, unitCount } from '../helpers/join-subproblem.js';
import { knownCounts } from '../helpers/known-counts.js';
import { randomInt, seededRandom } from '../helpers/random.js';

const { run: RUN } = await dawnGpu('test/e2e/webgpu-join.test.ts');

describe.skipIf(!RUN)("method: 'join' on engine: 'webgpu', through Dawn", () => {
  it('counts n = 6..15 exactly, totals and unique counts, as the GPU search does', async () => {
    for (let n = 6; n <= 15; n++) {
      const known = knownCounts.get(n)!;
      const joined = await count(n, { engine: 'webgpu', method: 'join' });
      expect({ n, total: joined.exact.total, unique: joined.exact.unique, method: joined.method }).toEqual({
        n,
        total: known.total,
        unique: known.unique,
        method: 'join',
      });
      if (n <= 12) {
        const searched = await count(n, { engine: 'webgpu', method: 'backtrack' });
        expect(searched.exact).toEqual(joined.exact);
      }
    }
  });

  it('counts sampled row choices of n = 18..21 as the wasm kernel joins them', async () => {
    const gpu = await acquireGpu();
    const wasm = kernels.wasm();
    const random = seededRandom(5501);
    for (const [n, picks] of [
      [18, 6],
      [19, 4],
      [20, 3],
      [21, 2],
    ] as const) {
      const plan = joinPlan(n);
      const picked = Array.from({ length: picks }, () => randomInt(random, 0, plan.count - 1));
      const wave = new JoinWave(
        n,
        picked.map((i) => subproblemOf(n, i)),
        2 ** 30,
        joinTile(gpu),
      );
      while (!wave.list(1000));
      const counts = (await runJoin(gpu, wave.take(), () => false))!;
      expect(wave.done).toBe(true);
      picked.forEach((i, c) => {
        const gpuCount = BigInt(counts.low[c]!) + BigInt(counts.high[c]!) * 2n ** 32n;
        expect(gpuCount, `n = ${n}, row choice ${i}`).toBe(unitCount(wasm, n, i, 1 << 22, 1 << 28));
      });
    }
  });

  it('counts row choices exactly with tiles of every width a subgroup of 4 to 64 gives, both word forms', async () => {
    const gpu = await acquireGpu();
    const wasm = kernels.wasm();
    const random = seededRandom(5530);
    // n = 13: two words a half-board; 16 and 19: one narrow word.
    for (const n of [13, 16, 19]) {
      const plan = joinPlan(n);
      const picked = Array.from({ length: 3 }, () => randomInt(random, 0, plan.count - 1));
      const expected = picked.map((i) => unitCount(wasm, n, i, 1 << 22, 1 << 28));
      for (const tile of [16, 32, 64, 128, 256]) {
        const wave = new JoinWave(
          n,
          picked.map((i) => subproblemOf(n, i)),
          2 ** 30,
          tile,
        );
        while (!wave.list(1000));
        const counts = (await runJoin(gpu, wave.take(), () => false))!;
        picked.forEach((i, c) => {
          const gpuCount = BigInt(counts.low[c]!) + BigInt(counts.high[c]!) * 2n ** 32n;
          expect(gpuCount, `n = ${n}, row choice ${i}, tiles of ${tile}`).toBe(expected[c]);
        });
      }
    }
  });

  it('counts a sampled row choice each of n = 22 and 23 as the wasm kernel joins it', async () => {
    const gpu = await acquireGpu();
    const wasm = kernels.wasm();
    const random = seededRandom(5523);
    for (const n of [22, 23]) {
      const i = randomInt(random, 0, joinPlan(n).count - 1);
      const wave = new JoinWave(n, [subproblemOf(n, i)], 2 ** 30, joinTile(gpu));
      while (!wave.list(1000));
      const counts = (await runJoin(gpu, wave.take(), () => false))!;
      const gpuCount = BigInt(counts.low[0]!) + BigInt(counts.high[0]!) * 2n ** 32n;
      expect(gpuCount, `n = ${n}, row choice ${i}`).toBe(unitCount(wasm, n, i, 1 << 22, 1 << 28));
    }
  }, 180_000);

  it('shards of n = 14 add up to the whole, each as the CPU join counts it', async () => {
    let sum = 0n;
    for (let index = 0; index < 3; index++) {
      const shard = { index, count: 3 };
      const onGpu = await count(14, { engine: 'webgpu', method: 'join', shard });
      const onCpu = await count(14, { engine: 'wasm', method: 'join', shard });
      expect(onGpu.exact.total).toBe(onCpu.exact.total);
      sum += onGpu.exact.total;
    }
    expect(sum).toBe(knownCounts.get(14)!.total);
  });

  it('reports progress up to the whole, and a checkpoint it leaves on an abort resumes on wasm, and back', async () => {
    const controller = new AbortController();
    let checkpoint: Checkpoint | undefined;
    const seen: number[] = [];
    await count(15, {
      engine: 'webgpu',
      method: 'join',
      signal: controller.signal,
      onCheckpoint: (c) => (checkpoint = c),
      onProgress: ({ done, total }) => {
        seen.push(done / total);
        if (done > total / 3) controller.abort();
      },
    }).catch(() => {});
    expect(seen.length).toBeGreaterThan(0);
    expect(checkpoint!.method).toBe('join');
    const onWasm = await count(15, { engine: 'wasm', resume: JSON.parse(JSON.stringify(checkpoint)) as Checkpoint });
    expect([onWasm.exact.total, onWasm.exact.unique, onWasm.resumed, onWasm.method]).toEqual([
      2279184n,
      285053n,
      true,
      'join',
    ]);
    // A checkpoint of the CPU's join goes on on the GPU.
    const cpu = new AbortController();
    let fromCpu: Checkpoint | undefined;
    await count(15, {
      engine: 'wasm',
      method: 'join',
      workers: 1,
      signal: cpu.signal,
      onCheckpoint: (c) => (fromCpu = c),
      checkpointEveryMs: 1,
      onProgress: ({ done, total }) => done > total / 2 && cpu.abort(),
    }).catch(() => {});
    const onGpu = await count(15, { engine: 'webgpu', resume: fromCpu! });
    expect([onGpu.exact.total, onGpu.exact.unique, onGpu.resumed, onGpu.method]).toEqual([
      2279184n,
      285053n,
      true,
      'join',
    ]);
  });

  it('an abort between dispatches rejects with its reason, and the GPU gets no more work', async () => {
    const gpu = await acquireGpu();
    const queue = gpu.device.queue;
    const submit = queue.submit;
    let submits = 0;
    queue.submit = function (this: GPUQueue, ...args: Parameters<GPUQueue['submit']>) {
      submits++;
      return submit.apply(this, args);
    };
    try {
      const reason = new Error('enough');
      const controller = new AbortController();
      let submitsAtAbort = -1;
      const pending = count(16, {
        engine: 'webgpu',
        method: 'join',
        signal: controller.signal,
        onProgress: ({ done }) => {
          if (done > 0 && submitsAtAbort === -1) {
            submitsAtAbort = submits;
            controller.abort(reason);
          }
        },
      });
      await expect(pending).rejects.toBe(reason);
      expect(submitsAtAbort).toBeGreaterThan(0);
      await queue.onSubmittedWorkDone();
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      // At most the dispatch under way when the abort came, and its read.
      expect(submits - submitsAtAbort).toBeLessThanOrEqual(2);
    } finally {
      queue.submit = submit;
    }
  });

  it('a device destroyed in the middle of a join rejects it with GpuLostError, and the next count is exact', async () => {
    const gpu = await acquireGpu();
    const lost = await count(16, {
      engine: 'webgpu',
      method: 'join',
      onProgress: ({ done }) => done > 0 && gpu.device.destroy(),
    }).then(
      (r) => `resolved with ${r.total}`,
      (error: unknown) => error,
    );
    expect(lost).toBeInstanceOf(GpuLostError);
    const next = await count(13, { engine: 'webgpu', method: 'join' });
    expect([next.total, next.unique]).toEqual([73712, 9233]);
  });

  it('compareEngines times the GPU by the join when the CPU engines join', async () => {
    const r = await compareEngines(12, { webgpu: true, method: 'join', runs: 1 });
    expect(r.method).toBe('join');
    expect(r.total).toBe(14200);
    expect(r.webgpu!.medianMs).toBeGreaterThan(0);
  });

  it('counts in batches that fit a small maxMemory, exactly', async () => {
    const r = await count(16, { engine: 'webgpu', method: 'join', maxMemory: 2 ** 20 });
    expect([r.exact.total, r.exact.unique]).toEqual([14772512n, 1846955n]);
  });

  it('refuses, with JoinMemoryError, a join one of whose row choices does not fit maxMemory', async () => {
    const refused = await count(22, { engine: 'webgpu', method: 'join', maxMemory: 2 ** 20 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JoinMemoryError);
    expect(refused).toMatchObject({ code: 'ERR_NQUEENS_JOIN_MEMORY', n: 22, allowedBytes: 2 ** 20 });
    expect((refused as JoinMemoryError).needBytes).toBeGreaterThan(2 ** 20);
    expect((refused as Error).message).toMatch(
      /^nqueens-wasm: the join of n = 22 on the GPU needs [\d.]+ MiB of lists for one row choice, more than the 1\.0 MiB that options\.maxMemory allows: raise options\.maxMemory \(--max-memory\)$/,
    );
  });

  describe('on a hardware GPU, where worker threads list the row choices', () => {
    /** lavapipe's device, described as a hardware adapter: the engine then lists on threads. */
    async function asHardware(): Promise<Gpu> {
      const gpu = await acquireGpu();
      return { ...gpu, adapter: { ...gpu.adapter, software: false } };
    }

    /** A count through the engine as count() runs it, on `gpu`: its tally, or what it failed with. */
    async function countOn(gpu: Gpu, n: number, options: { maxMemory?: number; signal?: AbortSignal } = {}) {
      const p = plan(n, null, null, 'join', options.maxMemory ?? 2 ** 30);
      const job = new Job(p.subproblems.count, { signal: options.signal });
      countWithGpu(job, p, gpu);
      return { p, job, tally: await job.promise.catch((e: unknown) => e) };
    }

    it('counts exactly, the lists coming from threads, which stop at the end', async () => {
      const start = vi.spyOn(JoinListers, 'start');
      const end = vi.spyOn(JoinListers.prototype, 'end');
      try {
        const { p, tally } = await countOn(await asHardware(), 16);
        expect(await start.mock.results[0]!.value).toBeInstanceOf(JoinListers);
        expect(end).toHaveBeenCalledTimes(1);
        const { total } = tally as Tally;
        expect([total, uniqueOf(p, tally as Tally)]).toEqual([14772512n, 1846955n]);
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('an abort settles the count at once and stops the threads', async () => {
      const end = vi.spyOn(JoinListers.prototype, 'end');
      try {
        const controller = new AbortController();
        const reason = new Error('enough');
        const counting = countOn(await asHardware(), 17, { signal: controller.signal });
        setTimeout(() => controller.abort(reason), 300);
        expect((await counting).tally).toBe(reason);
        await vi.waitFor(() => expect(end).toHaveBeenCalledTimes(1));
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('a row choice a thread lists too big for maxMemory is JoinMemoryError', async () => {
      const { tally } = await countOn(await asHardware(), 22, { maxMemory: 2 ** 20 });
      expect(tally).toBeInstanceOf(JoinMemoryError);
      expect(tally).toMatchObject({ n: 22, allowedBytes: 2 ** 20 });
    });
  });
});
