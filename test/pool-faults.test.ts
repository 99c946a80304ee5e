// Faults on the worker pool, injected from the test side (the package carries no test hooks): the
// Node worker_threads module that process.getBuiltinModule hands the package is wrapped so that
// chosen threads crash, report errors, or send answers nobody asked for; callbacks throw every
// kind of value; signals abort at random moments with every kind of reason. After each fault the
// call rejects, and the next three counts are exact.
import { availableParallelism } from 'node:os';
import * as realThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { count } from '../src/index.js';
import { seededRandom } from './helpers/random.js';

type Fault = 'exit' | 'error' | 'stale answer' | 'forged answer' | 'trap';

const injected = vi.hoisted(() => ({
  /** The next fault: the thread that gets the after-th request from now on strikes with it. */
  next: null as null | { fault: string; after: number },
  spawned: 0,
  alive: 0,
}));

const faultyThreads = (() => {
  const real = realThreads;
  class FaultyWorker extends real.Worker {
    private lastAnswer: unknown = undefined;
    /** The request whose answer becomes what the worker posts when its kernel traps. */
    private trapped: number | null = null;

    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      injected.spawned++;
      injected.alive++;
      this.once('exit', () => injected.alive--);
      this.on('message', (message: { type?: string }) => {
        if (message?.type === 'counted') this.lastAnswer = message;
      });
    }

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      const answer = args[0] as { type?: string; id?: number };
      if (event === 'message' && this.trapped !== null && answer?.id === this.trapped) {
        this.trapped = null;
        // As src/pool/worker.ts posts a count whose kernel trapped.
        return super.emit('message', {
          type: 'failed',
          id: answer.id,
          error: new WebAssembly.RuntimeError('unreachable'),
          internal: 'the wasm kernel failed counting n = 16: unreachable',
        });
      }
      return super.emit(event, ...args);
    }

    override postMessage(
      message: { type?: string },
      transfer?: readonly import('node:worker_threads').Transferable[],
    ): void {
      super.postMessage(message, transfer as never);
      const armed = injected.next;
      if (message?.type !== 'count' || armed === null || --armed.after > 0) return;
      injected.next = null;
      if (armed.fault === 'trap') {
        this.trapped = (message as { id: number }).id;
        return;
      }
      setTimeout(() => {
        if (armed.fault === 'exit') void super.terminate();
        else if (armed.fault === 'error') this.emit('error', new Error('injected thread error'));
        else if (armed.fault === 'stale answer' && this.lastAnswer !== undefined) this.emit('message', this.lastAnswer);
        else this.emit('message', { type: 'counted', id: 1e9, total: 1n << 40n, unique: 0n, ms: 1 });
      }, 5);
    }
  }
  return { ...real, Worker: FaultyWorker };
})();
const builtin = process.getBuiltinModule.bind(process);
vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
  id === 'node:worker_threads' ? faultyThreads : builtin(id)) as typeof process.getBuiltinModule);

const cores = availableParallelism();

async function nextThreeAreExact(): Promise<void> {
  for (const [n, total, unique] of [
    [12, 14200, 1787],
    [13, 73712, 9233],
    [14, 365596, 45752],
  ]) {
    expect(await count(n, { workers: 2 })).toMatchObject({ n, total, unique });
  }
}

afterEach(() => {
  injected.next = null;
});

describe('a thread that fails', () => {
  it.each<[Fault, number]>([
    ['exit', 1],
    ['exit', 3],
    ['error', 2],
    ['stale answer', 3],
    ['forged answer', 2],
    ['trap', 2],
  ])(
    '%s after %i requests: the count rejects with its code, that thread is never used again, and the next 3 counts are exact',
    async (fault, after) => {
      // Warm the pool first, so that a stale answer has an earlier answer to repeat.
      await count(12, { workers: 2 });
      injected.next = { fault, after };
      const before = injected.spawned;
      const result = count(16, { workers: cores, engine: fault === 'exit' ? 'js' : 'wasm' });
      // A thread that went away is a WorkerFailedError, with what it reported as the cause; an
      // answer that makes no sense, or a kernel's trap, an InternalError.
      const error = await result.then(
        () => ({ code: 'resolved', cause: undefined }),
        (reason: unknown) => reason as { code?: string; cause?: unknown },
      );
      expect(error.code).toBe(
        fault === 'exit' || fault === 'error' ? 'ERR_NQUEENS_WORKER_FAILED' : 'ERR_NQUEENS_INTERNAL',
      );
      if (fault === 'error') expect(error.cause).toEqual(new Error('injected thread error'));
      if (fault === 'trap') expect(error.cause).toBeInstanceOf(WebAssembly.RuntimeError);
      expect(injected.next).toBeNull();
      await nextThreeAreExact();
      // The thread that failed was replaced by a new one.
      expect(injected.spawned).toBeGreaterThan(before);
    },
  );
});

describe('callbacks that throw', () => {
  const values: [string, unknown][] = [
    ['an Error', new Error('progress failed')],
    ['undefined', undefined],
    ['null', null],
    ['0', 0],
    ['an empty string', ''],
    ['a symbol', Symbol('thrown')],
    ['a plain object', { code: 7 }],
    ['a function', () => 1],
  ];
  it.each(values)(
    'onProgress throwing %s, on the pool and in-thread: the count rejects with it; the next 3 are exact',
    async (_label, value) => {
      for (const options of [{ workers: 2 }, {}]) {
        let calls = 0;
        const promise = count(16, {
          ...options,
          onProgress() {
            if (++calls === 3) throw value;
          },
        });
        await expect(promise).rejects.toBe(value);
      }
      await nextThreeAreExact();
    },
  );

  it('onProgress throwing on its first call (done = 0) rejects too', async () => {
    await expect(
      count(14, {
        workers: 2,
        onProgress: () => {
          throw undefined;
        },
      }),
    ).rejects.toBeUndefined();
    await expect(
      count(10, {
        onProgress: () => {
          throw null;
        },
      }),
    ).rejects.toBeNull();
    await nextThreeAreExact();
  });
});

describe('aborts', () => {
  const reasons: [string, unknown][] = [
    ['an Error', new Error('stop')],
    ['a string', 'stop'],
    ['null', null],
    ['0', 0],
    ['a plain object', { why: 'stop' }],
  ];

  it.each(reasons)(
    'with %s as the reason, at random moments, on the pool and in-thread: rejects with that reason',
    async (_label, reason) => {
      const random = seededRandom(99);
      for (const options of [{ workers: 2 }, {}, { workers: 1, engine: 'js' as const }]) {
        for (let k = 0; k < 3; k++) {
          const controller = new AbortController();
          setTimeout(() => controller.abort(reason), Math.floor(random() * 60));
          await expect(count(17, { ...options, signal: controller.signal })).rejects.toBe(reason);
        }
      }
      await nextThreeAreExact();
    },
  );

  it('with no reason (AbortController.abort()): rejects with an AbortError', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(count(17, { workers: 2, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await nextThreeAreExact();
  });

  it('from a signal-like object with no reason at all (older polyfills): rejects with an AbortError', async () => {
    for (const options of [{ workers: 2 }, {}]) {
      const listeners: (() => void)[] = [];
      const signal = {
        aborted: false,
        addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
        removeEventListener: () => {},
      };
      setTimeout(() => {
        signal.aborted = true;
        for (const listener of listeners) listener();
      }, 50);
      const promise = count(17, { ...options, signal: signal as unknown as AbortSignal });
      await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    }
    await nextThreeAreExact();
  });

  it('from inside the first onProgress call (done = 0), on the pool and in-thread: rejects, never resolves', async () => {
    for (const options of [{ workers: 2 }, {}]) {
      const controller = new AbortController();
      const reason = new Error('stopped at 0');
      const promise = count(14, { ...options, signal: controller.signal, onProgress: () => controller.abort(reason) });
      await expect(promise).rejects.toBe(reason);
    }
    await nextThreeAreExact();
  });
});

describe('concurrent counts', () => {
  it('200 at once, each asking for 2 workers, share one pool of at most as many threads as cores, and are all exact', async () => {
    const before = injected.alive;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, injected.alive)), 1);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => count(9 + (i % 4), { workers: 2 })));
    clearInterval(watch);
    expect(results.map((r) => r.total)).toEqual(Array.from({ length: 200 }, (_, i) => [352, 724, 2680, 14200][i % 4]));
    expect(Math.max(most, before)).toBeLessThanOrEqual(cores);
  });

  it('256 asked-for workers on this machine are clamped to its cores', async () => {
    expect(await count(13, { workers: 256 })).toMatchObject({ total: 73712, workers: Math.min(256, cores) });
  });
});
