// The benchmark's load test (npm run bench -- --load) in its short form: the server starts, every
// answer is counted right, and the report has a row per n. Its
// timings are the benchmark's to report, never asserted here.
import { describe, expect, it } from 'vitest';
import { formatLoad, measureLoad } from '../bench/load.js';
import { knownCounts } from './helpers/known-counts.js';

const known = new Map([...knownCounts].map(([n, c]) => [n, c.total]));

describe('npm run bench -- --load', () => {
  // Two seconds of load, and the time alone of each n before it: longer than the tier's 5 s on a
  // machine busy with the other test files.
  it('answers every request of 4 connections for 2 s right, and reports a row per n', { timeout: 30_000 }, async () => {
    const sizes = [8, 12];
    const report = await measureLoad({ connections: 4, durationS: 2, sizes, timeoutS: 20, rampS: 0.2 }, known);
    expect(report.errors).toEqual({ status: 0, wrongTotal: 0, failed: 0 });
    expect(report.timeouts).toBe(0);
    expect(report.firstError).toBeNull();
    expect(report.rows.map((row) => row.n)).toEqual(sizes);
    for (const row of report.rows) expect(row.answers).toBeGreaterThan(0);
    expect(report.answers).toBe(report.rows.reduce((sum, row) => sum + row.answers, 0));
    expect(report.memory.end.rss).toBeGreaterThan(0);
    const lines = formatLoad(report).split('\n');
    for (const n of sizes) expect(lines.filter((line) => new RegExp(`^\\s*${n}\\s`).test(line))).toHaveLength(1);
  });
});
