// Memory that a big join grew is given back once the count is over, as a process that counts many
// times sees it. A join's lists grow a kernel instance (a wasm memory only grows; the TS join keeps
// its typed arrays): the instance a big join grew is dropped when the count gives it back, while
// one that small counts used is kept and reused. A pool thread keeps its kernel from one range to
// the next; one that a big join grew is stopped once it has nothing to count, while one that
// counted small boards is kept for the next count. The Node worker_threads module that
// process.getBuiltinModule hands the package is wrapped so that every message sent to a thread,
// and its exit, is seen.
import * as realThreads from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { count, countSync } from '../src/index.js';
import { acquireKernelSync, releaseKernel } from '../src/kernel/instances.js';
import type { Kernel } from '../src/kernel/kernel.js';
import { threadsRunning } from '../src/pool/pool.js';

/** A thread started: the types of the messages sent to it, in order, and whether it has exited. */
interface Seen {
  types: string[];
  exited: boolean;
}

const sent = vi.hoisted(() => ({
  threads: [] as Seen[],
}));

const watchedThreads = (() => {
  const real = realThreads;
  class WatchedWorker extends real.Worker {
    private readonly seen: Seen = { types: [], exited: false };

    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      sent.threads.push(this.seen);
      this.once('exit', () => {
        this.seen.exited = true;
      });
    }

    override postMessage(
      message: { type?: string },
      transfer?: readonly import('node:worker_threads').Transferable[],
    ): void {
      this.seen.types.push(message?.type ?? '');
      super.postMessage(message, transfer as never);
    }
  }
  return { ...real, Worker: WatchedWorker };
})();
const builtin = process.getBuiltinModule.bind(process);
vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
  id === 'node:worker_threads' ? watchedThreads : builtin(id)) as typeof process.getBuiltinModule);

/**
 * A shard of n = 20 by the join: three of its row choices, whose lists take megabytes (a fresh
 * wasm instance holds 192 KiB), counted in tens of milliseconds. Its total, 0 + 2 x 114,144 +
 * 2 x 617,820, is what the search and the naive counters of test/helpers count for its units.
 */
const BIG_JOIN = { n: 20, options: { method: 'join', shard: { index: 0, count: 16384 } }, total: 1463928 } as const;

/** The instance the last count gave back: the next call is lent it. */
function lastGivenBack(engine: Kernel['engine']): Kernel {
  const kernel = acquireKernelSync(engine);
  releaseKernel(kernel);
  return kernel;
}

describe.each(['wasm', 'js'] as const)('counts one after another in one process, %s engine', (engine) => {
  it('the instance a big join grew is not kept; one that small counts used is kept and reused', () => {
    expect(countSync(8, { engine }).total).toBe(92);
    const small = lastGivenBack(engine);
    // Small counts, a small join among them, go on reusing it.
    expect(countSync(12, { engine }).total).toBe(14200);
    expect(countSync(14, { engine, method: 'join' }).total).toBe(365596);
    expect(lastGivenBack(engine)).toBe(small);
    const smallBytes = small.heldBytes();

    // The big join is lent the same instance, and grows it.
    expect(countSync(BIG_JOIN.n, { engine, ...BIG_JOIN.options }).total).toBe(BIG_JOIN.total);
    expect(small.heldBytes()).toBeGreaterThan(smallBytes + 2 ** 20);
    // It was dropped: none of the instances lent next is it (more than are ever kept idle).
    const next = Array.from({ length: 8 }, () => acquireKernelSync(engine));
    expect(next).not.toContain(small);
    for (const kernel of next) releaseKernel(kernel);

    // Small counts reuse an instance again.
    expect(countSync(10, { engine }).total).toBe(724);
    const reused = lastGivenBack(engine);
    expect(countSync(11, { engine }).total).toBe(2680);
    expect(lastGivenBack(engine)).toBe(reused);
    expect(reused.heldBytes()).toBeLessThanOrEqual(smallBytes);
  });
});

/** Runs `counting` and says which thread it was sent to, and in how many ranges: it must be one. */
async function threadThatCounts<T>(counting: () => Promise<T>): Promise<{ result: T; thread: Seen; ranges: number }> {
  const before = sent.threads.map((thread) => thread.types.length);
  const result = await counting();
  const used = sent.threads.filter((thread, i) => thread.types.length > (before[i] ?? 0));
  expect(used).toHaveLength(1);
  const [thread] = used;
  const ranges = thread.types.slice(before[sent.threads.indexOf(thread)] ?? 0).filter((type) => type === 'count');
  return { result, thread, ranges: ranges.length };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe.each(['wasm', 'js'] as const)('pool threads, counts one after another, %s engine', (engine) => {
  it('a thread that a big join grew is stopped once it is idle, after all its ranges; one that counted small boards lives on', async () => {
    const small = await threadThatCounts(() => count(12, { engine, workers: 1 }));
    expect(small.result).toMatchObject({ total: 14200, workers: 1 });
    await settle();
    expect(small.thread.exited).toBe(false);
    expect(threadsRunning()).toBe(1);

    // The same thread counts the big join, in more than one range, and is then stopped.
    const big = await threadThatCounts(() => count(BIG_JOIN.n, { engine, workers: 1, ...BIG_JOIN.options }));
    expect(big.result).toMatchObject({ total: BIG_JOIN.total, workers: 1 });
    expect(big.thread).toBe(small.thread);
    expect(big.ranges).toBeGreaterThan(1);
    expect(threadsRunning()).toBe(0);
    await settle();
    expect(big.thread.exited).toBe(true);

    // The next counts start a thread, and counting small boards keeps it.
    const next = await threadThatCounts(() => count(12, { engine, workers: 1 }));
    const again = await threadThatCounts(() => count(13, { engine, workers: 1 }));
    expect([next.result, again.result]).toMatchObject([{ total: 14200 }, { total: 73712 }]);
    expect(next.thread).not.toBe(big.thread);
    expect(again.thread).toBe(next.thread);
    await settle();
    expect(next.thread.exited).toBe(false);
    expect(threadsRunning()).toBe(1);
  });
});
