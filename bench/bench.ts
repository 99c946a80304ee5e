// npm run bench [-- <n or from..to>...] [--runs k] [--json]
//
// Times, in one run on one machine: per n, a count on the TS and the wasm engine, the wasm kernel
// alone and its C transcription over the same subproblems, and a plain mirror-halving Richards
// search in C (bench/counting.ts). Boards from n = 19 on are timed on an even sample, shard 0 of
// m, checked against the bitmask search alone on a smaller sample; the mirror search is
// extrapolated there by the growth of its time per solution from n = 16 to 17. Then the cold
// start in fresh processes (bench/cold-start.ts), listing, worker threads, findSolution, and the
// webgpu engine where an adapter can be had (bench/webgpu.ts).

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { countExact } from '../src/count.js';
import { findSolution } from '../src/find-solution.js';
import { solutions } from '../src/solutions.js';
import { formatMs, formatTable } from '../src/cli/table.js';
import { cold, coldPinned } from './cold-start.js';
import { countingRow, median, status, MIN_RUN_MS, type Row } from './counting.js';
import { buildNative, packageRoot, runNative } from './native.js';
import { measureWebGpu } from './webgpu.js';

/** Boards the webgpu engine is timed on (a software adapter is slow: hence small ones). */
const GPU_BOARDS = [10, 12, 13, 14];

/** The sample timed for big boards: shard 0 of this many. */
const SHARDS: Record<number, number> = { 18: 8, 19: 64, 20: 256, 21: 2048, 22: 16384 };

const known = new Map<number, bigint>(
  (JSON.parse(readFileSync(`${packageRoot}test/data/known-counts.json`, 'utf8')).counts as { n: number; total: string }[]).map((c) => [c.n, BigInt(c.total)]),
);

function parseBoards(args: string[]): number[] {
  const boards: number[] = [];
  for (const arg of args.length ? args : ['12..17', '19', '20']) {
    const match = /^(\d+)(?:\.\.(\d+))?$/.exec(arg);
    if (!match) throw new Error(`expected n or from..to, got ${JSON.stringify(arg)}`);
    const [from, to] = [Number(match[1]), Number(match[2] ?? match[1])];
    if (from < 4 || to > 22 || from > to) throw new Error(`boards must lie within 4..22, got ${arg}`);
    for (let n = from; n <= to; n++) boards.push(n);
  }
  return [...new Set(boards)].sort((a, b) => a - b);
}

interface Listing {
  what: string;
  wasmMs: number;
  tsMs: number;
  items: number;
}

/** Streams every solution of n on both engines: medians, and the cost per solution. */
function measureListing(n: number, runs: number): Listing {
  const stream = (engine: 'wasm' | 'js') => {
    const started = performance.now();
    let items = 0;
    for (const cols of solutions(n, { engine })) items += cols.length > 0 ? 1 : 0;
    return { ms: performance.now() - started, items };
  };
  stream('wasm');
  stream('js');
  const wasm: number[] = [];
  const ts: number[] = [];
  let items = 0;
  for (let round = 1; round <= runs; round++) {
    status(`solutions(${n}): round ${round}/${runs}`);
    const w = stream('wasm');
    wasm.push(w.ms);
    ts.push(stream('js').ms);
    items = w.items;
  }
  status('');
  return { what: `solutions(${n}), all ${items}`, wasmMs: median(wasm), tsMs: median(ts), items };
}

/** count(n) on one and on two worker threads (warm pool), and how long an abort takes to reject. */
async function measureThreads(n: number, runs: number) {
  const timed = async (workers: number) => (await countExact(n, { workers })).elapsedMs;
  await timed(1);
  await timed(2);
  const one: number[] = [];
  const two: number[] = [];
  const aborts: number[] = [];
  for (let round = 1; round <= runs; round++) {
    status(`workers: round ${round}/${runs}`);
    one.push(await timed(1));
    two.push(await timed(2));
    const controller = new AbortController();
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, 300);
    await countExact(n + 2, { workers: 2, signal: controller.signal }).catch(() => undefined);
    aborts.push(performance.now() - abortedAt);
  }
  status('');
  const [oneMs, twoMs] = [median(one), median(two)];
  return { n, oneMs, twoMs, speedup: oneMs / twoMs, abortMs: median(aborts) };
}

function measureFind(n: number, runs: number): number {
  findSolution(n);
  const times: number[] = [];
  for (let round = 0; round < runs; round++) {
    const started = performance.now();
    findSolution(n);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The cold-start rows: first calls in fresh processes against the plain counter's. */
function measureCold(runs: number) {
  const rows = [];
  for (const n of [4, 8, 10, 12, 13, 14]) {
    status(`cold start: n = ${n}`);
    const [plain, sync] = cold([['plain', String(n)], ['countSync', String(n)]], runs);
    rows.push({ n, plain, sync });
  }
  const threads = [];
  for (const n of [12, 14, 15, 16, 17]) {
    status(`cold start: count(${n})`);
    const [sync, byDefault] = cold([['countSync', String(n)], ['count', String(n)]], runs, true);
    const [one, two] = n === 16 ? cold([['count', String(n), '1'], ['count', String(n), '2']], runs, true) : [null, null];
    threads.push({ n, sync, byDefault, one, two });
  }
  status('');
  return { rows, threads };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '3' }, json: { type: 'boolean', default: false }, 'cold-runs': { type: 'string', default: '9' } },
  });
  const boards = parseBoards(positionals);
  const runs = Number(values.runs);
  const coldRuns = Number(values['cold-runs']);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);

  const native = buildNative();
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    v8: process.versions.v8,
    cc: native.missing ?? native.compiler,
  };
  const rows: Row[] = boards.map((n) => countingRow(n, SHARDS[n] ?? 1, runs, native));
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
    const wasmWholeMs = whole ? r.wasmMs : (nsPerSolution * Number(known.get(r.n)!)) / 1e6;
    const mirrorMs = r.mirrorMs ?? (growth !== null && mirror17 !== null && r.n > 17 ? mirror17 * growth ** (r.n - 17) * Number(known.get(r.n)!) : null);
    return { ...r, nsPerSolution, wasmWholeMs, mirrorWholeMs: mirrorMs, mirrorExtrapolated: r.mirrorMs === null && mirrorMs !== null };
  });
  const at17 = table.find((r) => r.n === 17)?.nsPerSolution ?? null;
  const listing = measureListing(14, runs);
  const threads = await measureThreads(16, runs);
  const find = [1_000_000, 10_000_000].map((n) => ({ n, ms: measureFind(n, runs) }));
  const coldStart = measureCold(coldRuns);
  const webgpu = await measureWebGpu(GPU_BOARDS, runs);

  if (values.json) {
    process.stdout.write(`${JSON.stringify({ machine, runs, rows: table, listing, threads, findSolution: find, coldStart, webgpu }, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}\n`);
    return;
  }
  const na = 'n/a';
  const ms = (v: number | null) => (v === null ? na : formatMs(v));
  const ratio = (v: number | null) => (v === null || !Number.isFinite(v) ? na : `${v.toFixed(2)}x`);
  process.stdout.write(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (V8 ${machine.v8}), C: ${machine.cc}\n\n`);
  process.stdout.write(
    `${formatTable(
      ['n', 'sample', 'solutions', 'placements', 'ns/placement', 'ns/solution', 'TS ms', 'wasm ms', 'wasm kernel ms', 'C kernel ms', 'mirror C ms', 'mirror C / wasm', 'wasm / C kernel', 'TS / wasm'],
      table.map((r) => [
        String(r.n),
        r.shards === 1 ? 'all' : `1/${r.shards}`,
        String(r.solutions),
        String(r.placements),
        ((r.wasmKernelMs * 1e6) / Number(r.placements)).toFixed(2),
        r.nsPerSolution.toFixed(1),
        ms(r.tsMs),
        ms(r.wasmMs),
        ms(r.wasmKernelMs),
        ms(r.cKernelMs),
        r.mirrorWholeMs === null ? na : `${formatMs(r.mirrorWholeMs)}${r.mirrorExtrapolated ? '*' : ''}`,
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
  for (const r of table) if (r.secondPath) process.stdout.write(`second path, n = ${r.n}: the bitmask search alone on ${r.secondPath}\n`);
  process.stdout.write(
    `\n${formatTable(
      ['listing', 'TS ms', 'wasm ms', 'TS ns/solution', 'wasm ns/solution', 'TS / wasm'],
      [[listing.what, formatMs(listing.tsMs), formatMs(listing.wasmMs), ((listing.tsMs * 1e6) / listing.items).toFixed(0),
        ((listing.wasmMs * 1e6) / listing.items).toFixed(0), ratio(listing.tsMs / listing.wasmMs)]],
    )}\n`,
  );
  process.stdout.write(
    `\n${formatTable(
      ['worker threads (warm)', '1 thread ms', '2 threads ms', 'speed-up', 'abort ms'],
      [[`count(${threads.n})`, formatMs(threads.oneMs), formatMs(threads.twoMs), ratio(threads.speedup), formatMs(threads.abortMs)]],
    )}\n(abort ms: from controller.abort() during count(${threads.n + 2}) on 2 threads to the rejection)\n`,
  );
  process.stdout.write(`findSolution: ${find.map((f) => `n = ${f.n.toLocaleString('en')}: ${formatMs(f.ms)} ms`).join(', ')}\n`);
  const c = coldStart;
  process.stdout.write(
    `\ncold start: fresh processes${coldPinned ? ' on one core (taskset -c 0)' : ''}, medians of ${coldRuns}; import: the package ${formatMs(c.rows[0].sync.importMs)} ms, the plain counter's module ${formatMs(c.rows[0].plain.importMs)} ms\n` +
      `${formatTable(
        ['n', 'plain JS first call ms', 'countSync first call ms', 'plain / countSync'],
        c.rows.map((r) => [String(r.n), formatMs(r.plain.firstMs), formatMs(r.sync.firstMs), ratio(r.plain.firstMs / r.sync.firstMs)]),
      )}\n`,
  );
  process.stdout.write(
    `\n${formatTable(
      ['cold, every core', 'countSync ms', 'count ms (default)', 'threads', 'countSync / count'],
      c.threads.map((t) => [`n = ${t.n}`, formatMs(t.sync.firstMs), formatMs(t.byDefault.firstMs), String(t.byDefault.workers), ratio(t.sync.firstMs / t.byDefault.firstMs)]),
    )}\n`,
  );
  const t16 = c.threads.find((t) => t.n === 16)!;
  process.stdout.write(
    `count(16) cold: 1 worker thread ${formatMs(t16.one!.firstMs)} ms, 2 worker threads ${formatMs(t16.two!.firstMs)} ms (${ratio(t16.one!.firstMs / t16.two!.firstMs)}), ` +
      `default (the calling thread and a pool thread) ${formatMs(t16.byDefault.firstMs)} ms against countSync ${formatMs(t16.sync.firstMs)} ms (${ratio(t16.sync.firstMs / t16.byDefault.firstMs)})\n`,
  );
  if (typeof webgpu === 'string') process.stdout.write(`\nwebgpu engine: not timed (${webgpu})\n`);
  else {
    const label = webgpu.software
      ? `a software adapter, the GPU emulated on the CPU: these times say nothing about GPUs`
      : 'a hardware adapter';
    process.stdout.write(
      `\nwebgpu engine in ${webgpu.where} on ${webgpu.adapter} (${label}); medians of ${runs} after a warm-up, whole counts as a caller sees them\n` +
        `${formatTable(
          ['n', 'total', 'webgpu ms', 'wasm ms (same page, one thread)', 'webgpu / wasm'],
          webgpu.rows.map((r) => [String(r.n), String(r.total), formatMs(r.gpuMs), formatMs(r.wasmMs), ratio(r.gpuMs / r.wasmMs)]),
        )}\n`,
    );
  }
  if (native.missing !== null) process.stdout.write(`native columns: ${native.missing}\n`);
  else {
    const mirrorNodes = rows.filter((r) => r.shards === 1).map((r) => `${r.n}: ${runNative(native.mirrorNodes, [String(r.n)]).nodes}`).join(', ');
    process.stdout.write(`mirror C nodes (placements tried below the first row): ${mirrorNodes}\n`);
  }
}

await main();
