// The kernels' table of the benchmark (npm run bench:internals -- --kernels): per n, the counting
// rows (test/bench/counting.ts) and what the report derives from them, and the table with its notes.

import { knownCounts, sampleShards } from '../../bench/boards.js';
import { MIN_RUN_MS } from '../../bench/measure.js';
import { formatMs, formatTable, msOrNone, NOT_MEASURED, ratio } from '../../bench/table.js';
import { countingRow, type Row } from './counting.js';
import { type NativeBuilds, runNative } from './native.js';

/**
 * The counting rows of `boards`, with what the report derives from them: the whole count's time at
 * a sample's speed, and the mirror search's where it was not timed.
 */
export function measureKernels(boards: number[], runs: number, native: NativeBuilds) {
  const rows: Row[] = boards.map((n) => countingRow(n, sampleShards(n), runs, native));
  // The mirror search beyond what was timed: its time per solution at n = 17, grown by its growth
  // per n from 16 to 17 in this run, times the exact solutions of n (as the samples' wasm times
  // are scaled up by the exact solutions, below).
  const perSolution = (n: number) => {
    const r = rows.find((row) => row.n === n && row.shards === 1);
    return r?.mirrorMs == null ? null : r.mirrorMs / Number(r.solutions);
  };
  const mirror16 = perSolution(16);
  const mirror17 = perSolution(17);
  const growth = mirror16 !== null && mirror17 !== null ? mirror17 / mirror16 : null;
  const table = rows.map((r) => {
    const whole = r.shards === 1;
    const nsPerSolution = (r.wasmMs * 1e6) / Number(r.solutions);
    // For a sample: the whole count at the sample's speed per solution.
    const wasmWholeMs = whole ? r.wasmMs : (nsPerSolution * Number(knownCounts.get(r.n)!)) / 1e6;
    const mirrorMs =
      r.mirrorMs ??
      (growth !== null && mirror17 !== null && r.n > 17
        ? mirror17 * growth ** (r.n - 17) * Number(knownCounts.get(r.n)!)
        : null);
    return {
      ...r,
      nsPerSolution,
      wasmWholeMs,
      mirrorWholeMs: mirrorMs,
      mirrorExtrapolated: r.mirrorMs === null && mirrorMs !== null,
    };
  });
  return { rows: table, growth };
}

export function printKernels(
  { rows: table, growth }: ReturnType<typeof measureKernels>,
  runs: number,
  native: NativeBuilds,
): void {
  const at17 = table.find((r) => r.n === 17)?.nsPerSolution ?? null;
  process.stdout.write(
    `\n${formatTable(
      [
        'n',
        'sample',
        'solutions',
        'placements',
        'ns/placement',
        'ns/solution',
        'TS ms',
        'wasm ms',
        'wasm kernel ms',
        'C kernel ms',
        'mirror C ms',
        'mirror C / wasm',
        'wasm / C kernel',
        'TS / wasm',
      ],
      table.map((r) => [
        String(r.n),
        r.shards === 1 ? 'all' : `1/${r.shards}`,
        String(r.solutions),
        String(r.placements),
        ((r.wasmKernelMs * 1e6) / Number(r.placements)).toFixed(2),
        r.nsPerSolution.toFixed(1),
        msOrNone(r.tsMs),
        msOrNone(r.wasmMs),
        msOrNone(r.wasmKernelMs),
        msOrNone(r.cKernelMs),
        r.mirrorWholeMs === null ? NOT_MEASURED : `${formatMs(r.mirrorWholeMs)}${r.mirrorExtrapolated ? '*' : ''}`,
        ratio(r.mirrorWholeMs === null ? null : r.mirrorWholeMs / r.wasmWholeMs),
        ratio(r.cKernelMs === null ? null : r.wasmKernelMs / r.cKernelMs),
        ratio(r.tsMs === null ? null : r.tsMs / r.wasmMs),
      ]),
    )}\n`,
  );
  process.stdout.write(
    `medians of ${runs} runs, each repeating its count for at least ${MIN_RUN_MS} ms (ms per count), one thread, after a warm-up.\n` +
      `wasm ms, TS ms: countSync(n) (of the sample: countSync(n, { shard: { index: 0, count: m } })) as a caller sees it.\n` +
      `kernel columns: the same subproblems through the wasm kernel and its C transcription, the time inside the kernels.\n` +
      `placements: queen placements the wasm kernel tries. ns/solution: wasm ms per solution counted.\n` +
      `mirror C / wasm: for a sample, against the whole count at the sample's ns/solution; * mirror C extrapolated: its time\n` +
      `per solution at n = 17, grown by its growth per n from 16 to 17 in this run (${growth === null ? 'not measured' : `${growth.toFixed(3)}x per n`}), times the solutions of n.\n` +
      `TS: timed on whole counts only.\n`,
  );
  if (at17 !== null) {
    const flat = table.filter((r) => r.n > 17).map((r) => `n = ${r.n}: ${(r.nsPerSolution / at17).toFixed(2)}x`);
    if (flat.length) process.stdout.write(`ns/solution against n = 17: ${flat.join(', ')}\n`);
  }
  for (const r of table)
    if (r.secondPath) process.stdout.write(`second path, n = ${r.n}: the bitmask search alone on ${r.secondPath}\n`);
  if (native.missing !== null) process.stdout.write(`native columns: ${native.missing}\n`);
  else {
    const whole = table.filter((r) => r.shards === 1);
    if (whole.length > 0)
      process.stdout.write(
        `mirror C nodes (placements tried below the first row): ${whole.map((r) => `${r.n}: ${runNative(native.mirrorNodes, [String(r.n)]).nodes}`).join(', ')}\n`,
      );
  }
}
