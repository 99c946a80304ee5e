// compareEngines where performance.now() moves in 1 ms steps, as WebKit's does: a small board's
// count takes microseconds, and timing each count on such a clock read most of them as 0 (the
// demo showed n = 4 at 0.0 ms, and an Infinity× speed-up). The clock is read around many counts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareEngines } from '../src/index.js';

describe('compareEngines on a clock that moves in 1 ms steps', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('times n = 4 and n = 5, counts of microseconds, as more than 0 on both engines, with a finite speed-up', async () => {
    const now = performance.now.bind(performance);
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => Math.floor(now()));
    for (const n of [4, 5]) {
      const r = await compareEngines(n, { runs: 3 });
      expect(r.total).toBe(n === 4 ? 2 : 10);
      expect(r.js.medianMs, `n = ${n}`).toBeGreaterThan(0);
      expect(r.wasm.medianMs, `n = ${n}`).toBeGreaterThan(0);
      // A count of n = 4 or 5 takes well under a step of this clock.
      expect(r.js.medianMs, `n = ${n}`).toBeLessThan(1);
      expect(r.wasm.medianMs, `n = ${n}`).toBeLessThan(1);
      expect(Number.isFinite(r.speedup), `n = ${n}`).toBe(true);
      expect(r.speedup).toBeCloseTo(r.js.medianMs / r.wasm.medianMs, 10);
    }
    // The stub is what compareEngines timed with.
    expect(clock).toHaveBeenCalled();
  });
});
