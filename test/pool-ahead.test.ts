// How many ranges a pool thread holds at once, watched from the test side: the Node worker_threads
// module that process.getBuiltinModule hands the package is wrapped so that every request sent to
// a thread and every answer it gives is seen.
import * as realThreads from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { count, countSync } from '../src/index.js';

const seen = vi.hoisted(() => ({
  /** Whether requests are being watched, and the most a thread held just after one was sent. */
  watching: false,
  most: 0,
  /** Requests sent to threads and not answered yet, per thread. */
  open: [] as { requests: number }[],
  /** Requests sent and not answered yet, over all threads, per engine. */
  openByEngine: new Map<string, number>(),
  /** Requests sent while another engine's count held a request too, and the most a thread then held. */
  shared: { sent: 0, most: 0 },
}));

const watchedThreads = (() => {
  const real = realThreads;
  class WatchedWorker extends real.Worker {
    private readonly open = { requests: 0 };
    /** The engine of each request not answered yet, in the order sent: a thread answers in order. */
    private readonly engines: string[] = [];

    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      seen.open.push(this.open);
      // Registered before the pool's own listener, so an answer is taken off here before the pool,
      // hearing it, sends anything more.
      this.on('message', (message: { type?: string }) => {
        if (message?.type !== 'counted' && message?.type !== 'failed') return;
        this.open.requests--;
        const engine = this.engines.shift() ?? '';
        seen.openByEngine.set(engine, (seen.openByEngine.get(engine) ?? 0) - 1);
      });
    }

    override postMessage(
      message: { type?: string; engine?: string },
      transfer?: readonly import('node:worker_threads').Transferable[],
    ): void {
      if (message?.type === 'count') {
        const engine = message.engine ?? '';
        const others = [...seen.openByEngine].some(([other, open]) => other !== engine && open > 0);
        this.engines.push(engine);
        seen.openByEngine.set(engine, (seen.openByEngine.get(engine) ?? 0) + 1);
        if (++this.open.requests > seen.most && seen.watching) seen.most = this.open.requests;
        if (others) {
          seen.shared.sent++;
          seen.shared.most = Math.max(seen.shared.most, this.open.requests);
        }
      }
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
    // The counts run on different engines, so each request says whose it is. Watched: every request
    // sent while the other count holds a request on some thread, so both are on the pool. Once one
    // count's last range is answered the other has the pool alone and may ask ahead again, which
    // is the first test's case (on a loaded machine the shorter count may well end last).
    seen.shared = { sent: 0, most: 0 };
    const [a, b] = await Promise.all([count(16, { workers: 2 }), count(14, { workers: 2, engine: 'js' })]);
    expect(a).toMatchObject({ total: 14772512, unique: 1846955, engine: 'wasm' });
    expect(b).toMatchObject({ total: 365596, unique: 45752, engine: 'js' });
    expect(seen.shared.sent).toBeGreaterThan(0);
    expect(seen.shared.most).toBe(1);
    expect(seen.open.map((open) => open.requests)).toEqual(seen.open.map(() => 0));
  });
});
