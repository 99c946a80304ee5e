// How many ranges a pool thread holds at once, watched from the test side: the Node worker_threads
// module that process.getBuiltinModule hands the package is wrapped so that every request sent to
// a thread and every answer it gives is seen.
import * as realThreads from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { count, countSync } from '../src/index.js';
import type { Progress } from '../src/types.js';

const seen = vi.hoisted(() => ({
  /** Whether requests are being watched, and the most a thread held just after one was sent. */
  watching: false,
  most: 0,
  /** Requests sent to threads and not answered yet, per thread. */
  open: [] as { requests: number }[],
}));

const watchedThreads = (() => {
  const real = realThreads;
  class WatchedWorker extends real.Worker {
    private readonly open = { requests: 0 };

    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      seen.open.push(this.open);
      this.on('message', (message: { type?: string }) => {
        if (message?.type === 'counted' || message?.type === 'failed') this.open.requests--;
      });
    }

    override postMessage(
      message: { type?: string },
      transfer?: readonly import('node:worker_threads').Transferable[],
    ): void {
      if (message?.type === 'count' && ++this.open.requests > seen.most && seen.watching)
        seen.most = this.open.requests;
      super.postMessage(message, transfer as never);
    }
  }
  return { ...real, Worker: WatchedWorker };
})();
const builtin = process.getBuiltinModule.bind(process);
vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
  id === 'node:worker_threads' ? watchedThreads : builtin(id)) as typeof process.getBuiltinModule);

function watch(on: boolean): void {
  if (on && !seen.watching) seen.most = 0;
  seen.watching = on;
}

describe('pool threads ask ahead', () => {
  it('with one count on the pool, each thread is sent its next range before it answers the last: exact counts', async () => {
    watch(true);
    // Long enough for both threads to start and take part.
    expect(await count(16, { workers: 2 })).toMatchObject({ total: 14772512, unique: 1846955, workers: 2 });
    // By default, with the calling thread counting too.
    const placed = [[0, 3]] as const;
    expect(await count(16, { placed })).toMatchObject({ total: countSync(16, { placed }).total, workers: 2 });
    watch(false);
    expect(seen.most).toBe(2);
    // Every request was answered.
    expect(seen.open.map((open) => open.requests)).toEqual(seen.open.map(() => 0));
    // Three counts of n = 16: about a second alone, several on a 2-core machine running the other
    // test files beside it.
  }, 20_000);

  it('with two counts on the pool, a thread is sent a range only when it holds none: exact counts', async () => {
    // Watched from the second count's first finished range to its last, while both are on the pool.
    const onProgress = ({ done, total }: Progress) => watch(done > 0 && done < total);
    const [a, b] = await Promise.all([count(16, { workers: 2 }), count(14, { workers: 2, engine: 'js', onProgress })]);
    expect(a).toMatchObject({ total: 14772512, unique: 1846955, engine: 'wasm' });
    expect(b).toMatchObject({ total: 365596, unique: 45752, engine: 'js' });
    expect(seen.most).toBe(1);
    expect(seen.open.map((open) => open.requests)).toEqual(seen.open.map(() => 0));
  });
});
