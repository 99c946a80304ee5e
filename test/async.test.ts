// count (async, in slices) and countSync (blocking) give the same answers; abort and progress.
import { describe, expect, it, vi } from 'vitest';
import { count, countSync } from '../src/index.js';
import { ENGINES } from './helpers/engines.js';

describe.each(ENGINES)('engine %s', (engine) => {
  it('count and countSync agree for n = 1..13, with placed queens and with shards', async () => {
    for (let n = 1; n <= 13; n++) {
      const sync = countSync(n, { engine });
      const async = await count(n, { engine });
      expect({ n, total: async.total, unique: async.unique }).toEqual({ n, total: sync.total, unique: sync.unique });
    }
    const placed = [
      [2, 5],
      [7, 1],
    ] as const;
    expect((await count(11, { engine, placed: [...placed] })).total).toBe(
      countSync(11, { engine, placed: [...placed] }).total,
    );
  });
});

describe('count control', () => {
  it('an already-aborted signal rejects with its reason before anything is counted', async () => {
    const reason = new Error('stop');
    const controller = new AbortController();
    controller.abort(reason);
    const onProgress = vi.fn();
    const onCheckpoint = vi.fn();
    for (const workers of [undefined, 2]) {
      await expect(
        count(16, { workers, signal: controller.signal, onProgress, onCheckpoint, checkpointEveryMs: 1 }),
      ).rejects.toBe(reason);
    }
    // Progress at done = 0 comes as a count starts; a checkpoint as it ends: neither came.
    expect(onProgress).not.toHaveBeenCalled();
    expect(onCheckpoint).not.toHaveBeenCalled();
  });

  it('an abort during the count rejects with the reason', async () => {
    const controller = new AbortController();
    const promise = count(16, {
      engine: 'js',
      signal: controller.signal,
      onProgress: ({ done }) => done > 0 && controller.abort(),
    });
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('progress is monotone and ends at done == total', async () => {
    const seen: { done: number; total: number }[] = [];
    const result = await count(12, { onProgress: (p) => seen.push(p) });
    expect(result.total).toBe(14200);
    expect(seen.length).toBeGreaterThan(1);
    const total = seen[0].total;
    expect(total).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].total).toBe(total);
      expect(seen[i].done).toBeGreaterThan(seen[i - 1].done);
    }
    expect(seen[0].done).toBe(0);
    expect(seen.at(-1)!.done).toBe(total);
  });

  it('takes a signal-like object without throwIfAborted (as older polyfills make), on the pool and in-thread', async () => {
    const signal = { aborted: false, reason: undefined, addEventListener() {}, removeEventListener() {} };
    expect(await count(11, { signal: signal as never })).toMatchObject({ total: 2680 });
    expect(await count(11, { workers: 2, signal: signal as never })).toMatchObject({ total: 2680 });
    const aborted = { ...signal, aborted: true, reason: 'gone' };
    await expect(count(11, { signal: aborted as never })).rejects.toBe('gone');
  });

  it('an explicit workers count runs on that many worker threads, and the result says so', async () => {
    // Long enough for both threads to start and take part: the result counts the threads that did.
    expect(await count(16, { workers: 2 })).toMatchObject({ total: 14772512, workers: 2 });
  });
});
