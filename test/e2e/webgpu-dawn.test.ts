// The 'webgpu' engine in Node, on a real WebGPU implementation: Dawn's Node binding (the package
// `webgpu`) on whatever Vulkan driver the machine has; in CI, Mesa's lavapipe (Vulkan on the CPU).
// The kernel (test/e2e/webgpu-placement.test.ts goes further with it) counts
// n = 1..14 and random placements and shards exactly; aborts are honoured during set-up and between
// dispatches; checkpoints resume; a device lost in the middle of a count rejects it and the next
// count is exact on a new one; and the CLI counts with it.
//
// Without an adapter the tests are skipped, saying why, unless REQUIRE_GPU=1 (CI sets it): then
// they run, and fail.

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Checkpoint, count, GpuLostError } from '../../src/index.js';
import { acquireGpu } from '../../src/kernel/webgpu/device.js';
import type { ResumeState } from '../../src/run/job.js';
import type { Queen, Shard } from '../../src/types.js';
import { dawnGpu } from '../helpers/dawn-gpu.js';
import { countOnGpuEngine } from '../helpers/gpu-engine.js';
import { knownCounts } from '../helpers/known-counts.js';
import { randomInt, randomQueens, seededRandom } from '../helpers/random.js';

const { missing, run: RUN } = await dawnGpu('test/e2e/webgpu-dawn.test.ts');

const bin = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** A built script run as a user runs it: its exit code and output. */
function runNode(script: string, args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { encoding: 'utf8' }, (error, stdout) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout });
    });
  });
}

/** A signal and the function that aborts it with `reason`. */
function controlled(reason: unknown) {
  const controller = new AbortController();
  return { signal: controller.signal, abort: () => controller.abort(reason) };
}

describe.skipIf(!RUN)("engine: 'webgpu' in Node, through Dawn", () => {
  it('has an adapter', async () => {
    expect(missing).toBeNull();
    const gpu = await acquireGpu();
    expect(gpu.adapter.name).not.toBe('');
  });

  it('the kernel counts n = 1..14 exactly: totals and unique counts', async () => {
    for (let n = 1; n <= 14; n++) {
      const known = knownCounts.get(n)!;
      expect({ n, ...(await countOnGpuEngine(n)) }).toEqual({ n, total: known.total, unique: known.unique });
    }
  });

  it('count() runs the default kernel: n = 1..14 exact, engine webgpu, one worker', async () => {
    for (let n = 1; n <= 14; n++) {
      const known = knownCounts.get(n)!;
      const r = await count(n, { engine: 'webgpu' });
      expect({ n, total: r.exact.total, unique: r.exact.unique, engine: r.engine, workers: r.workers }).toEqual({
        n,
        total: known.total,
        unique: known.unique,
        engine: 'webgpu',
        workers: 1,
      });
    }
  });

  it('the kernel counts 30 random placements (n = 6..15, 1 to 5 queens) and shards of n = 13 and 14 as wasm does', async () => {
    const random = seededRandom(2325);
    const cases: { n: number; placed?: Queen[]; shard?: Shard }[] = [];
    for (let i = 0; i < 30; i++) {
      const n = randomInt(random, 6, 15);
      cases.push({ n, placed: randomQueens(random, n, randomInt(random, 1, 5)) });
    }
    for (const [n, index, shards] of [
      [13, 0, 7],
      [13, 4, 7],
      [14, 2, 5],
      [14, 9, 10],
    ])
      cases.push({ n, shard: { index, count: shards } });
    let nonZero = 0;
    for (const { n, ...options } of cases) {
      const cpu = await count(n, { ...options, engine: 'wasm', workers: 1 });
      const gpu = await countOnGpuEngine(n, options);
      expect({ n, ...options, ...gpu }).toEqual({ n, ...options, total: cpu.exact.total, unique: cpu.exact.unique });
      if (cpu.total > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(20);
  });

  it('an abort during the set-up rejects with its reason before any progress, and the next count sets up a device and is exact', async () => {
    // A set-up of its own: the device in use goes away first, so the next count must set one up.
    const old = await acquireGpu();
    old.device.destroy();
    await old.device.lost;
    const reason = new Error('no time for a set-up');
    const { signal, abort } = controlled(reason);
    let progressed = 0;
    const pending = count(12, { engine: 'webgpu', signal, onProgress: () => progressed++ });
    // The set-up asks Dawn for an adapter and a device, and compiles the kernel: it is under way
    // at the next turn of the event loop.
    setImmediate(abort);
    await expect(pending).rejects.toBe(reason);
    expect(progressed).toBe(0);
    const next = await count(12, { engine: 'webgpu' });
    expect([next.total, next.unique]).toEqual([14200, 1787]);
    expect(await acquireGpu()).not.toBe(old);
  });

  it('the kernel: an abort between dispatches rejects before another dispatch, and the GPU gets no more work', async () => {
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
      const { signal, abort } = controlled(reason);
      let submitsAtAbort = -1;
      const pending = countOnGpuEngine(16, {
        control: {
          signal,
          onProgress: ({ done }) => {
            if (done > 0 && submitsAtAbort === -1) {
              submitsAtAbort = submits;
              abort();
            }
          },
        },
      });
      await expect(pending).rejects.toBe(reason);
      expect(submitsAtAbort).toBeGreaterThan(0);
      expect(submits).toBe(submitsAtAbort);
      // Everything submitted has run, and what waited on it (the count's loop, had it gone on)
      // has had its turns: nothing more was submitted.
      await queue.onSubmittedWorkDone();
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(submits).toBe(submitsAtAbort);
    } finally {
      queue.submit = submit;
    }
  });

  it('the kernel resumes from the checkpoint an abort leaves, to the exact count', async () => {
    const { signal, abort } = controlled(new Error('stop'));
    let checkpoint: ResumeState | undefined;
    await countOnGpuEngine(14, {
      control: {
        signal,
        onCheckpoint: (state) => (checkpoint = state),
        onProgress: ({ done, total }) => done > total / 3 && abort(),
      },
    }).catch(() => {});
    expect(checkpoint!.done.length).toBeGreaterThan(0);
    expect(await countOnGpuEngine(14, { control: { resume: checkpoint } })).toEqual({
      total: 365596n,
      unique: 45752n,
    });
  });

  it('count() resumes a checkpoint taken on an abort and sent through JSON, to the exact count', async () => {
    const controller = new AbortController();
    let checkpoint: Checkpoint | undefined;
    await count(15, {
      engine: 'webgpu',
      signal: controller.signal,
      onCheckpoint: (c) => (checkpoint = c),
      onProgress: ({ done, total }) => done > total / 2 && controller.abort(),
    }).catch(() => {});
    const resumed = await count(15, { engine: 'webgpu', resume: JSON.parse(JSON.stringify(checkpoint)) as Checkpoint });
    expect([resumed.total, resumed.unique, resumed.resumed]).toEqual([2279184, 285053, true]);
  });

  it('a device destroyed in the middle of a count rejects it with GpuLostError, and the next count sets up a new device and is exact', async () => {
    const gpu = await acquireGpu();
    const lost = await count(15, { engine: 'webgpu', onProgress: ({ done }) => done > 0 && gpu.device.destroy() }).then(
      (r) => `resolved with ${r.total}`,
      (error: unknown) => error,
    );
    expect(lost).toBeInstanceOf(GpuLostError);
    expect((lost as Error).message).toMatch(/^the GPU device was lost while counting/);
    const next = await count(13, { engine: 'webgpu' });
    expect([next.total, next.unique]).toEqual([73712, 9233]);
    expect(await acquireGpu()).not.toBe(gpu);
  });

  it('the CLI counts on it: nqueens 12 --engine webgpu prints the exact counts and exits 0', async () => {
    const r = await runNode(bin, ['12', '--engine', 'webgpu']);
    expect(r.code).toBe(0);
    const plain = r.stdout.replace(/,/g, '');
    expect(plain).toMatch(/\b14200\b/);
    expect(plain).toMatch(/\b1787\b/);
    expect(plain).toMatch(/webgpu/);
  });
});
