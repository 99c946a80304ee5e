// The progress line of the command line: redrawn in place on a terminal of any width, never wider
// than the terminal (a line that wraps would scroll the screen a line per redraw), and a plain line
// now and then where stderr is no terminal. The ETA waits until enough is counted to tell.
import { describe, expect, it, vi } from 'vitest';
import { barLine, progressView } from '../src/cli/progress.js';
import { EtaEstimate, formatCount, formatMs } from '../src/progress-display.js';

/** A stream that keeps what is written to it, as a terminal of `columns` or as a pipe. */
function stream(columns: number | undefined) {
  const writes: string[] = [];
  return { writes, isTTY: columns !== undefined, columns, write: (text: string) => writes.push(text) };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's own sequence (erase to the end of the line) is what the bar writes
const visible = (text: string) => text.replace(/\r|\x1b\[K/g, '');

describe('the bar on a terminal', () => {
  it.each([20, 40, 60, 80, 120, 200])(
    "at %i columns: every redraw starts at the line's start, clears its rest, holds no newline and fits in the width less one",
    (columns) => {
      vi.useFakeTimers();
      try {
        const out = stream(columns);
        const view = progressView(out, 'bar', 'n = 27, shard 123/4096');
        for (let done = 0; done <= 90_000; done += 1500) {
          view.update({ done, total: 90_000, solutions: BigInt(done) * 123_456_789_012n });
          vi.advanceTimersByTime(150);
        }
        expect(out.writes.length).toBeGreaterThan(30);
        for (const text of out.writes) {
          expect(text.startsWith('\r')).toBe(true);
          expect(text.endsWith('\x1b[K')).toBe(true);
          expect(text).not.toContain('\n');
          expect([...visible(text)].length).toBeLessThanOrEqual(columns - 1);
        }
        view.end();
        expect(out.writes.at(-1)).toBe('\r\x1b[K');
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('drops the least needed parts first as the width shrinks: the rate, the solutions, the subproblems, then the bar (shrunk first); the ETA stays', () => {
    const report = { done: 1234, total: 4319, solutions: 95_815_104n };
    const wide = barLine('n = 17', report, 12_000, 2171.4, 200);
    expect(wide).toBe(
      'n = 17 [######..............] 28% · ETA 12s · 1,234/4,319 subproblems · 95,815,104 solutions · 2,171/s',
    );
    expect(barLine('n = 17', report, 12_000, 2171.4, 80)).toBe(
      'n = 17 [######..............] 28% · ETA 12s · 1,234/4,319 subproblems',
    );
    expect(barLine('n = 17', report, 12_000, 2171.4, 50)).toBe('n = 17 [######..............] 28% · ETA 12s');
    // At 40 columns the bar shrinks to keep the ETA; at 30 it goes.
    expect(barLine('n = 17', report, 12_000, 2171.4, 40)).toBe('n = 17 [###.........] 28% · ETA 12s');
    expect(barLine('n = 17', report, 12_000, 2171.4, 30)).toBe('n = 17 28% · ETA 12s');
    expect(barLine('n = 17', report, 12_000, 2171.4, 12)).toBe('n = 17 28%');
  });

  it('keeps one bar width while the share and the ETA change, and the room for the ETA before it is known', () => {
    const at = (done: number, etaMs: number | null) =>
      barLine('n = 17', { done, total: 400, solutions: null }, etaMs, 10, 40);
    const bars = [at(1, null), at(4, 9_000), at(40, 3_599_000), at(399, 1_000), at(400, null)].map(
      (line) => /\[[#.]*\]/.exec(line)?.[0],
    );
    expect(new Set(bars.map((bar) => bar?.length))).toEqual(new Set([14]));
    expect(at(40, 3_599_000)).toBe('n = 17 [#...........] 10% · ETA 59m59s');
    expect(at(400, null)).toBe('n = 17 [############] 100%');
  });
});

describe('where stderr is no terminal', () => {
  it('writes a plain line every 5 s (none for a short count) and one at the end, never a carriage return', () => {
    vi.useFakeTimers();
    try {
      const out = stream(undefined);
      const view = progressView(out, 'bar', 'n = 18');
      for (let done = 0; done <= 5000; done += 50) {
        view.update({ done, total: 5000, solutions: null });
        vi.advanceTimersByTime(200);
      }
      view.end();
      // 100 updates over 20 s: a line every 5 s, then the last.
      expect(out.writes).toHaveLength(4 + 1);
      for (const line of out.writes)
        expect(line).toMatch(/^nqueens: n = 18: \d+% · (ETA \S+ · )?[\d,]+\/5,000 subproblems( · [\d.]+\/s)?\n$/);
      expect(out.writes.at(-1)).toMatch(/^nqueens: n = 18: 100% · 5,000\/5,000 subproblems/);
      const short = stream(undefined);
      const quick = progressView(short, 'bar', 'n = 12');
      quick.update({ done: 0, total: 700, solutions: null });
      quick.update({ done: 700, total: 700, solutions: 14200n });
      quick.end();
      expect(short.writes).toEqual(['nqueens: n = 12: 100% · 700/700 subproblems · 14,200 solutions\n']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the ETA', () => {
  it('says nothing until 2% of the subproblems and a second since the first one finished, then the time left at the rate since then', () => {
    const eta = new EtaEstimate();
    // Start-up: threads and the kernel take 2 s before the first subproblem finishes.
    eta.observe(0, 0);
    eta.observe(1, 2000);
    expect(eta.remainingMs(1, 1000, 2000)).toBeNull();
    // 10 per second from then on.
    eta.observe(11, 3000);
    expect(eta.remainingMs(11, 1000, 3000)).toBeNull(); // 10 done: under 2% of 1000
    eta.observe(21, 4000);
    expect(eta.remainingMs(21, 1000, 4000)).toBeCloseTo((979 / 10) * 1000, 6);
    expect(eta.perSecond(4000)).toBeCloseTo(10, 6);
  });

  it('of a resumed count is measured on this run only', () => {
    const eta = new EtaEstimate();
    eta.observe(500, 0);
    eta.observe(600, 100);
    eta.observe(700, 1100);
    // 100 in the second since the first finished here: 300 left is 3 s, not what 700 in 1.1 s would say.
    expect(eta.remainingMs(700, 1000, 1100)).toBeCloseTo(3000, 6);
  });
});

describe('numbers as a person reads them', () => {
  it('have their digits grouped by three, whatever the locale, bigints beyond 2^53 exactly; fractions rounded', () => {
    expect([0, 7, 999, 1000, 14_200, 2171.4, 2171.5, 95_815_104].map(formatCount)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '14,200',
      '2,171',
      '2,172',
      '95,815,104',
    ]);
    expect(formatCount(2n ** 64n)).toBe('18,446,744,073,709,551,616');
  });

  it('times in milliseconds keep about three significant digits, whole ones grouped as counts are', () => {
    expect([12_345.6, 1234, 123.4, 56.74, 8.9, 0.1234, 0.00412].map(formatMs)).toEqual([
      '12,346',
      '1,234',
      '123',
      '56.7',
      '8.90',
      '0.123',
      '0.0041',
    ]);
  });
});
