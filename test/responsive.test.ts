// Long work in the calling thread never holds it: the event loop keeps turning while a count or
// an engine comparison runs, so that timers, I/O and an abort are served at once, whatever n.
// (The bounds here are loose, for shared machines; the benchmark measures the real latencies.)
import { describe, expect, it } from 'vitest';
import { compareEngines, count } from '../src/index.js';
import { ENGINES } from './helpers/engines.js';

/** Runs `work` while a 5 ms timer ticks; aborts it after `ms`. The longest gap between ticks, and how long the abort took. */
async function watch(work: (signal: AbortSignal) => Promise<unknown>, ms: number) {
  const controller = new AbortController();
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  let abortedAt = 0;
  const stop = setTimeout(() => {
    abortedAt = performance.now();
    controller.abort(new Error('enough'));
  }, ms);
  let outcome: unknown;
  try {
    await work(controller.signal);
    outcome = 'resolved';
  } catch (error) {
    outcome = error;
  }
  const rejectedAfter = performance.now() - abortedAt;
  clearInterval(ticker);
  clearTimeout(stop);
  return { longest, rejectedAfter, outcome };
}

describe.each(ENGINES)('engine %s, in the calling thread', (engine) => {
  it.each([
    ['count(20) shard 3/64', 20, { shard: { index: 3, count: 64 } }],
    ['count(24) with a queen placed', 24, { placed: [[0, 11]] }],
    ['count(32)', 32, {}],
  ] as const)('%s: the event loop turns every few ms, and an abort rejects at once', async (_label, n, options) => {
    // By default these big counts run on the calling thread and the pool together: the ticks
    // measure the calling thread's share.
    const { longest, rejectedAfter, outcome } = await watch((signal) => count(n, { ...options, engine, signal }), 600);
    expect((outcome as Error).message).toBe('enough');
    expect(longest).toBeLessThan(250);
    expect(rejectedAfter).toBeLessThan(250);
  });
});

describe('compareEngines', () => {
  it('times n = 14 without holding the event loop, and stops on abort', async () => {
    const { longest, rejectedAfter, outcome } = await watch((signal) => compareEngines(14, { runs: 20, signal }), 800);
    expect((outcome as Error).message).toBe('enough');
    expect(longest).toBeLessThan(250);
    expect(rejectedAfter).toBeLessThan(250);
  });
});
