// How long the calling thread is held, and how long an abort takes, while a long count or an engine
// comparison runs with the options a caller gives by default: the promise is 100 ms for both on
// every path (DESIGN). The tests check the mechanism on a clock of their own
// (test/responsive.test.ts); this is where the real time is measured.

import { compareEngines, count } from 'nqueens-wasm';
import { median } from './measure.js';

export interface ResponsiveRow {
  what: string;
  /** The longest time between two ticks of a 1 ms timer, over every run. */
  longestGapMs: number;
  /** From controller.abort() to the rejection: the median, and the longest, over the runs. */
  abortMs: number;
  longestAbortMs: number;
}

/** How long the work runs before the abort. */
const RUN_MS = 600;

async function watch(work: (signal: AbortSignal) => Promise<unknown>) {
  const controller = new AbortController();
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  let abortedAt = 0;
  const stop = setTimeout(() => {
    abortedAt = performance.now();
    controller.abort(new Error('enough'));
  }, RUN_MS);
  await work(controller.signal).catch(() => undefined);
  const abortMs = abortedAt === 0 ? Number.NaN : performance.now() - abortedAt;
  clearInterval(ticker);
  clearTimeout(stop);
  return { longest, abortMs };
}

const CASES: [string, (signal: AbortSignal) => Promise<unknown>][] = [];
for (const engine of ['wasm', 'js'] as const) {
  CASES.push(
    [`count(20) shard 3/64, ${engine}`, (signal) => count(20, { engine, shard: { index: 3, count: 64 }, signal })],
    [`count(24) with a queen placed, ${engine}`, (signal) => count(24, { engine, placed: [[0, 11]], signal })],
    [`count(32), ${engine}`, (signal) => count(32, { engine, signal })],
  );
}
CASES.push(['compareEngines(14)', (signal) => compareEngines(14, { runs: 20, signal })]);

/** Each case `runs` times, aborted after RUN_MS, with a 1 ms timer ticking meanwhile. */
export async function measureResponsiveness(runs: number, status: (line: string) => void): Promise<ResponsiveRow[]> {
  const rows: ResponsiveRow[] = [];
  for (const [what, work] of CASES) {
    const gaps: number[] = [];
    const aborts: number[] = [];
    for (let round = 1; round <= runs; round++) {
      status(`responsiveness, ${what}: round ${round}/${runs}`);
      const { longest, abortMs } = await watch(work);
      gaps.push(longest);
      aborts.push(abortMs);
    }
    rows.push({ what, longestGapMs: Math.max(...gaps), abortMs: median(aborts), longestAbortMs: Math.max(...aborts) });
  }
  status('');
  return rows;
}
