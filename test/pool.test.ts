// Counting on worker threads: the same answers as in-thread, the thread policy, progress, abort.
// (Faults of every kind are in pool-faults.test.ts.)
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { count, countSync } from '../src/index.js';
import { plan } from '../src/plan/plan.js';
import type { Queen } from '../src/types.js';
import { randomInt, seededRandom } from './helpers/random.js';

const cores = availableParallelism();

describe('worker pool', () => {
  it.each([1, 2, 4])(
    'asked for %i workers: totals and unique counts equal the in-thread ones, n = 8..15',
    async (workers) => {
      for (let n = 8; n <= 15; n++) {
        const pooled = await count(n, { workers });
        const inThread = countSync(n);
        expect({ n, total: pooled.exact.total, unique: pooled.exact.unique }).toEqual({
          n,
          total: inThread.exact.total,
          unique: inThread.exact.unique,
        });
        // The threads that counted: more than there are cores is clamped to the pool's size, and to
        // the subproblems (a small board is one); on a small board the first thread may finish
        // before another is ready.
        expect(pooled.workers).toBeGreaterThanOrEqual(1);
        expect(pooled.workers).toBeLessThanOrEqual(Math.min(workers, cores, plan(n, null, null).subproblems.count));
        expect(pooled.engine).toBe('wasm');
      }
    },
  );

  it.each([1, 2, 4])(
    'asked for %i workers, a count long enough for every thread to start reports them all',
    async (workers) => {
      // n = 16 takes hundreds of milliseconds per thread; a thread starts in tens.
      const pooled = await count(16, { workers });
      expect(pooled.exact.total).toBe(14772512n);
      expect(pooled.workers).toBe(Math.min(workers, cores));
    },
  );

  it('the TS engine on workers agrees too', async () => {
    for (let n = 8; n <= 12; n++) {
      const pooled = await count(n, { workers: 2, engine: 'js' });
      expect(pooled.engine).toBe('js');
      expect(pooled.exact.total).toBe(countSync(n).exact.total);
    }
  });

  it('random placements and shards agree with the in-thread count (1, 2 and 4 workers)', async () => {
    const random = seededRandom(5);
    for (let k = 0; k < 12; k++) {
      const n = randomInt(random, 8, 13);
      const placed: Queen[] = [[randomInt(random, 0, n - 1), randomInt(random, 0, n - 1)]];
      const workers = [1, 2, 4][k % 3];
      const pooled = await count(n, { workers, placed });
      expect({ n, placed, total: pooled.exact.total }).toEqual({
        n,
        placed,
        total: countSync(n, { placed }).exact.total,
      });
      const shard = { index: k % 3, count: 3 };
      expect((await count(n, { workers, shard })).exact.total).toBe(countSync(n, { shard }).exact.total);
    }
  });

  it('uses no more threads than there are subproblems, and handles a board with none', async () => {
    const placed: Queen[] = [
      [0, 1],
      [1, 3],
      [2, 5],
      [3, 0],
      [4, 2],
    ];
    expect(plan(6, placed, null).subproblems.count).toBe(1);
    expect(await count(6, { workers: 8, placed })).toMatchObject({ total: 1, workers: 1 });
    expect(await count(3, { workers: 2 })).toMatchObject({ total: 0, unique: 0 });
  });

  it('by default counts small boards in the calling thread, and big ones on every core', async () => {
    expect((await count(10)).workers).toBe(1);
    const big = await count(16);
    expect(big.total).toBe(14772512);
    expect(big.workers).toBe(cores);
  });

  it('by default a fresh process counts 14 free rows in the calling thread alone, and the shipped bundle counts every board exactly', () => {
    // A fresh process, so that no earlier count has started the pool; the bundle the package ships.
    const script = `
      const { count } = await import(${JSON.stringify(new URL('../dist/nqueens-wasm.js', import.meta.url).href)});
      const fresh = await count(14);
      const fifteen = await count(15);
      const warm = await count(14);
      const warmPlaced = await count(15, { placed: [[0, 0]] }); // 14 free rows too
      const thirteen = await count(13);
      console.log(JSON.stringify([fresh.total, fresh.workers, fifteen.total, fifteen.workers, warm.total, warm.workers, warmPlaced.workers, thirteen.workers]));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const [
      freshTotal,
      freshWorkers,
      fifteenTotal,
      fifteenWorkers,
      warmTotal,
      warmWorkers,
      warmPlacedWorkers,
      thirteenWorkers,
    ] = JSON.parse(run.stdout);
    expect([freshTotal, fifteenTotal, warmTotal]).toEqual([365596, 2279184, 365596]);
    // In the calling thread alone: exactly one thread counted.
    expect([freshWorkers, thirteenWorkers]).toEqual([1, 1]);
    // Given every core: the result says how many counted, which a pool thread still starting may miss
    // (the policy itself is checked without that race in policy.test.ts).
    for (const workers of [fifteenWorkers, warmWorkers, warmPlacedWorkers]) {
      expect(workers).toBeGreaterThanOrEqual(1);
      expect(workers).toBeLessThanOrEqual(cores);
    }
  });

  it('a thread started for a TypeScript count, before wasm was compiled here, counts on wasm later', () => {
    // A fresh process, so that no count has compiled the wasm kernel before the thread starts.
    const script = `
      const { count } = await import(${JSON.stringify(new URL('../dist/nqueens-wasm.js', import.meta.url).href)});
      const js = await count(12, { engine: 'js', workers: 1 });
      const wasm = await count(14, { workers: 1 });
      console.log(JSON.stringify([js.total, js.engine, wasm.total, wasm.engine]));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([14200, 'js', 365596, 'wasm']);
  });

  it('reports progress from 0 to total, monotonically, with the solutions so far; the total is the number planned', async () => {
    const seen: { done: number; total: number; solutions: bigint }[] = [];
    const result = await count(14, { workers: 2, onProgress: (p) => seen.push({ ...p }) });
    expect(result.total).toBe(365596);
    const planned = plan(14, null, null).subproblems.count;
    expect(seen[0]).toEqual({ done: 0, total: planned, solutions: 0n });
    expect(seen.at(-1)).toEqual({ done: planned, total: planned, solutions: 365596n });
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].done).toBeGreaterThan(seen[i - 1].done);
      expect(seen[i].solutions).toBeGreaterThanOrEqual(seen[i - 1].solutions);
    }
  });

  it('an abort mid-run rejects with the reason, sends no thread more of the count, and stops the threads still counting it', async () => {
    // What the pool sends its threads and hears from them, seen on Node's Worker class itself.
    const sent = new Map<Worker, number>();
    const answered = new Map<Worker, number>();
    const stopped = new Set<Worker>();
    const { postMessage, emit, terminate } = Worker.prototype;
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, ...args) {
      if ((args[0] as { type?: string }).type === 'count') sent.set(this, (sent.get(this) ?? 0) + 1);
      return postMessage.apply(this, args);
    });
    vi.spyOn(Worker.prototype, 'emit').mockImplementation(function (this: Worker, ...args) {
      if (args[0] === 'message' && (args[1] as { type?: string }).type === 'counted')
        answered.set(this, (answered.get(this) ?? 0) + 1);
      return emit.apply(this, args);
    });
    vi.spyOn(Worker.prototype, 'terminate').mockImplementation(function (this: Worker) {
      stopped.add(this);
      return terminate.apply(this);
    });
    try {
      const controller = new AbortController();
      const reason = new Error('enough');
      let busyAtAbort: Worker[] | undefined;
      let sentAtAbort = 0;
      const promise = count(18, {
        workers: 2,
        signal: controller.signal,
        onProgress: ({ done }) => {
          if (done >= 50 && busyAtAbort === undefined) {
            busyAtAbort = [...sent].filter(([worker, n]) => n > (answered.get(worker) ?? 0)).map(([worker]) => worker);
            sentAtAbort = [...sent.values()].reduce((a, b) => a + b, 0);
            controller.abort(reason);
          }
        },
      });
      // n = 18 takes a minute on two threads: the abort comes long before its end.
      await expect(promise).rejects.toBe(reason);
      expect([...sent.values()].reduce((a, b) => a + b, 0)).toBe(sentAtAbort);
      // With two threads and a single count, the one that did not just answer holds ranges of it.
      expect(busyAtAbort!.length).toBeGreaterThanOrEqual(Math.min(2, cores) - 1);
      for (const worker of busyAtAbort!) expect(stopped.has(worker)).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
    expect((await count(12, { workers: 2 })).total).toBe(14200);
  });

  it('an already-aborted signal rejects at once, before any thread starts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('never mind'));
    await expect(count(18, { workers: 4, signal: controller.signal })).rejects.toThrow('never mind');
  });

  it('leaves nothing running: a Node process exits by itself after an abort and after a count', () => {
    const index = fileURLToPath(new URL('../dist/nqueens-wasm.js', import.meta.url));
    const script = `
      import { count } from ${JSON.stringify(index)};
      const done = await count(15, { workers: 2 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('stop')), 300);
      try { await count(19, { workers: 2, signal: controller.signal }); } catch (e) { console.log(done.total, e.message); }
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stdout.trim()).toBe('2279184 stop');
    expect(child.status).toBe(0);
    expect(child.signal).toBeNull();
  });
});
