// Hosts other than Node, as far as Node can play them: the package must work with what each host
// offers. The hosts themselves are tested in test/engines (npm run test:engines).
import { runInNewContext } from 'node:vm';
import * as realThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshPackage() {
  vi.resetModules();
  return import('../src/index.js');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

/**
 * A MessageChannel whose messages come as microtasks: delivered before any timer, ever, as
 * workerd delivers them where it has no setImmediate.
 */
class StarvingChannel {
  readonly port1: { onmessage: ((event: unknown) => void) | null; close(): void } = {
    onmessage: null,
    close: () => {},
  };
  readonly port2 = { postMessage: () => queueMicrotask(() => this.port1.onmessage?.({ data: null })) };
}

describe('a host without setImmediate whose channel messages starve timers (workerd without nodejs_compat)', () => {
  it("runs the caller's timers during a count: a setTimeout that aborts the count stops it", async () => {
    vi.stubGlobal('setImmediate', undefined);
    vi.stubGlobal('MessageChannel', StarvingChannel);
    const { count } = await freshPackage();
    const controller = new AbortController();
    const reason = new Error('stopped by a timer');
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
      controller.abort(reason);
    }, 20);
    // n = 16 on the TS kernel in one thread takes seconds: far longer than the timer's 20 ms.
    const outcome = await count(16, { engine: 'js', signal: controller.signal }).then(
      (result) => ({ settled: 'resolved', total: result.total }),
      (error: unknown) => ({ settled: 'rejected', error }),
    );
    expect(timerRan).toBe(true);
    expect(outcome).toEqual({ settled: 'rejected', error: reason });
  });

  it('counts exactly while it yields that way', async () => {
    vi.stubGlobal('setImmediate', undefined);
    vi.stubGlobal('MessageChannel', StarvingChannel);
    const { count } = await freshPackage();
    const progress: number[] = [];
    const result = await count(13, { engine: 'js', onProgress: ({ done }) => progress.push(done) });
    expect(result).toMatchObject({ total: 73712, unique: 9233, workers: 1 });
    expect(progress.length).toBeGreaterThan(1);
  });
});

describe('a host whose worker_threads only throw (workerd)', () => {
  function workerdThreads(): void {
    class Worker {
      constructor() {
        throw Object.assign(new Error('The Worker method is not implemented'), { code: 'ERR_METHOD_NOT_IMPLEMENTED' });
      }
    }
    const builtin = process.getBuiltinModule.bind(process);
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
      id === 'node:worker_threads' ? { ...realThreads, Worker } : builtin(id)) as typeof process.getBuiltinModule);
  }

  it('refuses a count that asks for workers with a WorkersRefusedError that says there are none', async () => {
    workerdThreads();
    const { count, WorkersRefusedError } = await freshPackage();
    const refused = count(15, { workers: 2 });
    await expect(refused).rejects.toThrow(WorkersRefusedError);
    await expect(refused).rejects.toMatchObject({ code: 'ERR_NQUEENS_WORKERS_REFUSED', refusedBy: 'runtime' });
    await expect(refused).rejects.toThrow(
      /^Node cannot start worker threads \(The Worker method is not implemented\); count without workers$/,
    );
  });

  it('counts a big board without workers in the calling thread, and says one thread counted', async () => {
    workerdThreads();
    const { count } = await freshPackage();
    expect(await count(15)).toMatchObject({ total: 2279184, unique: 285053, workers: 1 });
  });
});

describe('a host with no worker threads at all', () => {
  it('counts without workers, and refuses workers with a WorkersRefusedError', async () => {
    const builtin = process.getBuiltinModule.bind(process);
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
      id === 'node:worker_threads' ? undefined : builtin(id)) as typeof process.getBuiltinModule);
    const { count, WorkersRefusedError } = await freshPackage();
    expect(await count(15)).toMatchObject({ total: 2279184, workers: 1 });
    await expect(count(15, { workers: 2 })).rejects.toThrow(WorkersRefusedError);
    await expect(count(15, { workers: 2 })).rejects.toThrow(
      /^Node cannot start worker threads \(it has no worker_threads\); count without workers$/,
    );
  });
});

// Jest on its defaults runs the package in a vm context: its `Error` is the context's, while what
// Node throws there (worker_threads, a failed import()) is the main realm's, so `instanceof Error`
// is false for it. Here the package is in the main realm and the host's errors come from a vm context.
describe("a host whose errors are another realm's (Jest's test environment, a vm context)", () => {
  const foreignError = (message: string): unknown => runInNewContext('new Error(message)', { message });

  afterEach(() => {
    vi.doUnmock('webgpu');
  });

  it('a worker_threads that throws: the WorkersRefusedError says what its error says, as in the host', async () => {
    const error = foreignError('The Worker method is not implemented');
    expect(error instanceof Error).toBe(false);
    class Worker {
      constructor() {
        throw error;
      }
    }
    const builtin = process.getBuiltinModule.bind(process);
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
      id === 'node:worker_threads' ? { ...realThreads, Worker } : builtin(id)) as typeof process.getBuiltinModule);
    const { count } = await freshPackage();
    await expect(count(15, { workers: 2 })).rejects.toThrow(
      /^Node cannot start worker threads \(The Worker method is not implemented\); count without workers$/,
    );
  });

  it("Dawn's package that fails to start: the WebGPUUnavailableError says what its error says", async () => {
    vi.doMock('webgpu', () => ({
      create: () => {
        throw foreignError('no Vulkan driver');
      },
    }));
    const { count, WebGPUUnavailableError } = await freshPackage();
    const refused = count(8, { engine: 'webgpu' });
    await expect(refused).rejects.toThrow(WebGPUUnavailableError);
    await expect(refused).rejects.toThrow(
      "the 'webgpu' engine is unavailable here (Dawn (the package `webgpu`) failed to start: no Vulkan driver); use engine: 'wasm'",
    );
  });
});
