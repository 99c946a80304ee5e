// Long work in the calling thread never holds it: the kernel is called with a budget of steps, the
// budget is sized by how long calls take, and the event loop gets its turn between slices of calls,
// so that an abort, a timer or I/O is served within 100 ms whatever n (DESIGN). How long that takes
// on a real machine is measured by the benchmark (npm run bench -- --threads); here the mechanism is
// checked on a clock the test keeps: performance.now() reads it, and every kernel call in this
// thread moves it on by the call's budget times a cost per step. So a slow machine is a higher
// cost, and the answers are the same on any machine, however loaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compareEngines, count } from '../src/index.js';
import type { Kernel } from '../src/kernel/kernel.js';
import { ENGINES } from './helpers/engines.js';

const clock = vi.hoisted(() => ({
  now: 0,
  /** Milliseconds a kernel step takes on the machine the clock plays. */
  msPerStep: 0,
  /** Kernel calls made in this thread so far. */
  calls: 0,
  /** Kernels lent out and not given back. */
  lent: new Set<object>(),
  onAllReturned: [] as (() => void)[],
}));

// Kernels are lent out by the instance pool: the ones lent here are metered (the pool threads'
// kernels live in other threads, on the real clock, and are not).
vi.mock('../src/kernel/instances.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/kernel/instances.js')>();
  const metered = new WeakSet<Kernel>();
  const lend = (kernel: Kernel): Kernel => {
    clock.lent.add(kernel);
    if (metered.has(kernel)) return kernel;
    metered.add(kernel);
    const countSteps = kernel.countSteps;
    kernel.countSteps = (budget) => {
      clock.calls++;
      clock.now += budget * clock.msPerStep;
      return countSteps(budget);
    };
    return kernel;
  };
  return {
    ...real,
    acquireKernel: async (engine: Kernel['engine']) => lend(await real.acquireKernel(engine)),
    acquireKernelSync: (engine: Kernel['engine']) => lend(real.acquireKernelSync(engine)),
    releaseKernel: (kernel: Kernel) => {
      real.releaseKernel(kernel);
      // The engine's set-up gives back a kernel it made itself: only those lent here count.
      if (clock.lent.delete(kernel) && clock.lent.size === 0) for (const done of clock.onAllReturned.splice(0)) done();
    },
  };
});

beforeEach(() => {
  Object.assign(clock, { now: 0, calls: 0, lent: new Set(), onAllReturned: [] });
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Resolves once every kernel lent in this thread is back: the counting there has ended. */
function allReturned(): Promise<void> {
  return clock.lent.size === 0 ? Promise.resolve() : new Promise((resolve) => clock.onAllReturned.push(resolve));
}

/**
 * Runs `work`, noting the clock at every turn of the event loop, and aborts it at the `turns`-th
 * turn. The longest stretch of the clock between two turns; the kernel calls made after the abort.
 */
async function watch(work: (signal: AbortSignal) => Promise<unknown>, turns: number) {
  const controller = new AbortController();
  const seen = [clock.now];
  let callsAtAbort = -1;
  let watching = true;
  const turn = () => {
    if (!watching) return;
    seen.push(clock.now);
    if (seen.length === turns) {
      callsAtAbort = clock.calls;
      controller.abort(new Error('enough'));
    }
    setImmediate(turn);
  };
  setImmediate(turn);
  const outcome = await work(controller.signal).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  await allReturned();
  watching = false;
  const gaps = seen.slice(1).map((at, i) => at - seen[i]);
  return {
    outcome,
    longest: Math.max(0, ...gaps),
    gaps,
    callsAfterAbort: clock.calls - callsAtAbort,
    calls: clock.calls,
  };
}

// A microsecond a step is about the TS kernel on a loaded 2-core machine (the wasm kernel takes tens
// of nanoseconds); 20 µs a step, twenty times slower than that, is where a first call's budget
// (4096 steps) comes near 100 ms.
const COSTS = [1e-3, 2e-2] as const;

describe.each(ENGINES)('engine %s, in the calling thread', (engine) => {
  describe.each(COSTS)('at %f ms a kernel step', (msPerStep) => {
    it.each([
      ['count(20) shard 3/64', 20, { shard: { index: 3, count: 64 } }],
      ['count(24) with a queen placed', 24, { placed: [[0, 11]] }],
      ['count(22) by the join', 22, { method: 'join' }],
      ['count(24) by the join', 24, { method: 'join' }],
      ['count(32)', 32, {}],
    ] as const)(
      '%s: the event loop turns after every 100 ms of counting at most, and an abort stops the counting at once',
      async (_label, n, options) => {
        clock.msPerStep = msPerStep;
        // By default these big counts run on the calling thread and the pool together: the clock
        // measures the calling thread's share.
        const { outcome, longest, callsAfterAbort, calls } = await watch(
          (signal) => count(n, { ...options, engine, signal }),
          20,
        );
        expect((outcome as Error).message).toBe('enough');
        expect(calls).toBeGreaterThan(0);
        expect(longest).toBeLessThanOrEqual(100);
        expect(callsAfterAbort).toBe(0);
      },
    );
  });
});

// Many counts at once in the calling thread (a server answering many requests) share one turn's
// time: the thread counts about 2 ms between two turns of the event loop, all counts together,
// so that a request that arrives meanwhile is read and answered at the next turn. Each count
// here has 13 free rows: counted in the calling thread alone, in slices.
describe.each(ENGINES)('engine %s, 20 counts at once in the calling thread', (engine) => {
  const placements: [[number, number], [number, number]][] = [];
  for (let a = 0; a < 15 && placements.length < 20; a++) {
    for (let b = a + 2; b < 15 && placements.length < 20; b += 5)
      placements.push([
        [0, a],
        [1, b],
      ]);
  }

  it('the event loop turns after every 4 ms of counting at most, once the kernel calls are sized, and an abort stops them all', async () => {
    clock.msPerStep = COSTS[0];
    const { outcome, gaps, callsAfterAbort, calls } = await watch(
      (signal) => Promise.all(placements.map((placed) => count(15, { engine, placed, signal }))),
      30,
    );
    expect((outcome as Error).message).toBe('enough');
    expect(calls).toBeGreaterThanOrEqual(20);
    // The first calls of each count take their first budget (1 ms at this cost); a few turns size
    // them. Then a turn holds 2 ms of counting, and a slice may end a call late.
    expect(Math.max(...gaps.slice(10))).toBeLessThanOrEqual(4);
    expect(callsAfterAbort).toBe(0);
  });
});

describe('compareEngines', () => {
  it.each(COSTS)(
    'at %f ms a kernel step, times n = 14 turning the event loop after every 100 ms at most, and stops on abort',
    async (msPerStep) => {
      clock.msPerStep = msPerStep;
      const { outcome, longest, callsAfterAbort, calls } = await watch(
        (signal) => compareEngines(14, { runs: 20, signal }),
        20,
      );
      expect((outcome as Error).message).toBe('enough');
      expect(calls).toBeGreaterThan(0);
      expect(longest).toBeLessThanOrEqual(100);
      expect(callsAfterAbort).toBe(0);
    },
  );
});
