// npm run bench [-- <from>..<to>] [--runs k] [--json]
//
// Times, for each n, in one run on one machine: a full count(n) on the TS and the wasm engine
// (planning included), the wasm kernel alone and a native C build of the same kernel over the
// same records, and a plain mirror-halving Richards search in C. Every competitor runs once per
// round, rounds alternate, and medians are reported after a warm-up run of the JIT-compiled ones.

import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { BATCH, RECORD_WORDS, RESULT_WORDS } from '../assembly/layout.js';
import { countExact, countExactSync } from '../src/count.js';
import { findSolution } from '../src/find-solution.js';
import { solutions } from '../src/solutions.js';
import { formatMs, formatTable } from '../src/cli/table.js';
import { UNBOUNDED } from '../src/run/count-range.js';
import { benchKernel, type BenchKernelExports } from './bench-kernel.js';
import { BUILD_DIR, buildNative, runNative, type NativeBuilds } from './native.js';
import { ENTRY_WORDS, frameRecords, writeRecordsFile, type Records } from './records.js';

interface Row {
  n: number;
  total: string;
  unique: string;
  nodes: string;
  nsPerNode: number;
  tsMs: number;
  wasmMs: number;
  wasmKernelMs: number;
  cKernelMs: number | null;
  mirrorMs: number | null;
  mirrorNodes: string | null;
  /** mirrorMs / wasmMs: how many times faster count(n) in wasm is than the plain C search. */
  mirrorOverWasm: number | null;
  /** wasmKernelMs / cKernelMs: the wasm kernel against a native build of the same algorithm. */
  wasmOverC: number | null;
  /** tsMs / wasmMs */
  tsOverWasm: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Each timed run repeats its count until this long has passed and reports the time per pass, so
 * that counts of a millisecond are timed as steadily as the long ones (the C programs do the same).
 */
const MIN_RUN_MS = 200;

function perPass(pass: () => number): number {
  let elapsed = 0;
  let passes = 0;
  do {
    elapsed += pass();
    passes++;
  } while (elapsed < MIN_RUN_MS);
  return elapsed / passes;
}

function status(message: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${message}`);
}

/**
 * The wasm kernel alone over prepared records, as the C kernel runs them: only the kernel's calls
 * are timed, as the C program times its loop over records it has read into memory beforehand.
 */
function wasmKernelRun(kernel: BenchKernelExports, records: Records, countingNodes = false): { total: bigint; ms: number } {
  const view = new Int32Array(kernel.memory.buffer, kernel.recordsOffset(), BATCH * RECORD_WORDS);
  const results = new BigUint64Array(kernel.memory.buffer, kernel.resultsOffset(), BATCH * RESULT_WORDS);
  let ms = 0;
  let total = 0n;
  for (let from = 0; from < records.count; from += BATCH) {
    const size = Math.min(BATCH, records.count - from);
    for (let i = 0; i < size; i++) {
      const entry = (from + i) * ENTRY_WORDS;
      view.set(records.entries.subarray(entry + 1, entry + ENTRY_WORDS), i * RECORD_WORDS);
    }
    const started = performance.now();
    kernel.startBatch(size);
    if (countingNodes) while (kernel.countStepsCountingNodes(UNBOUNDED) < size);
    else while (kernel.countSteps(UNBOUNDED) < size);
    ms += performance.now() - started;
    for (let i = 0; i < size; i++) {
      total += BigInt(records.entries[(from + i) * ENTRY_WORDS]) * results[i * RESULT_WORDS];
    }
  }
  return { total, ms };
}

function measure(n: number, runs: number, native: NativeBuilds): Row {
  const kernel = benchKernel();
  const records = frameRecords(n);
  const file = `${BUILD_DIR}/records-${n}.bin`;
  writeRecordsFile(file, records);

  const reference = countExactSync(n, { engine: 'wasm' });
  const check = (what: string, total: bigint) => {
    if (total !== reference.total) throw new Error(`${what} counted ${total} at n = ${n}, expected ${reference.total}`);
  };
  const timers: Record<string, () => number> = {
    wasm: () =>
      perPass(() => {
        const r = countExactSync(n, { engine: 'wasm' });
        check('wasm', r.total);
        return r.elapsedMs;
      }),
    'wasm kernel': () =>
      perPass(() => {
        const r = wasmKernelRun(kernel, records);
        check('the wasm kernel', r.total);
        return r.ms;
      }),
    TS: () =>
      perPass(() => {
        const r = countExactSync(n, { engine: 'js' });
        check('TS', r.total);
        return r.elapsedMs;
      }),
  };
  if (native.missing === null) {
    timers['C kernel'] = () => {
      const r = runNative(native.kernel, [file, String(MIN_RUN_MS)]);
      check('the C kernel', r.total);
      return r.ms;
    };
    timers['mirror C'] = () => {
      const r = runNative(native.mirror, [String(n), String(MIN_RUN_MS)]);
      check('mirror C', r.total);
      return r.ms;
    };
  }
  status(`n = ${n}: warm-up`);
  timers.wasm();
  timers['wasm kernel']();
  timers.TS();
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(timers).map((k) => [k, []]));
  for (let round = 1; round <= runs; round++) {
    for (const [name, run] of Object.entries(timers)) {
      status(`n = ${n}: round ${round}/${runs}, ${name}`);
      times[name].push(run());
    }
  }
  status(`n = ${n}: counting nodes`);
  const before = kernel.nodesVisited();
  check('the node-counting kernel', wasmKernelRun(kernel, records, true).total);
  const nodes = kernel.nodesVisited() - before;
  let mirrorNodes: bigint | null = null;
  if (native.missing === null) mirrorNodes = runNative(native.mirrorNodes, [String(n)]).nodes;
  status('');

  const wasmMs = median(times.wasm);
  const wasmKernelMs = median(times['wasm kernel']);
  const tsMs = median(times.TS);
  const cKernelMs = native.missing === null ? median(times['C kernel']) : null;
  const mirrorMs = native.missing === null ? median(times['mirror C']) : null;
  return {
    n,
    total: String(reference.total),
    unique: String(reference.unique),
    nodes: String(nodes),
    nsPerNode: (wasmKernelMs * 1e6) / Number(nodes),
    tsMs,
    wasmMs,
    wasmKernelMs,
    cKernelMs,
    mirrorMs,
    mirrorNodes: mirrorNodes === null ? null : String(mirrorNodes),
    mirrorOverWasm: mirrorMs === null ? null : mirrorMs / wasmMs,
    wasmOverC: cKernelMs === null ? null : wasmKernelMs / cKernelMs,
    tsOverWasm: tsMs / wasmMs,
  };
}

interface ListingRow {
  what: string;
  wasmMs: number;
  tsMs: number;
  items: number;
}

/** Streams every solution of n on both engines: medians, and the cost per solution. */
function measureListing(n: number, runs: number): ListingRow {
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

interface ThreadsRow {
  n: number;
  oneMs: number;
  twoMs: number;
  speedup: number;
  abortMs: number;
}

/** count(n) on one and on two worker threads, and how long an abort takes to reject. */
async function measureThreads(n: number, runs: number): Promise<ThreadsRow> {
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

/** findSolution builds one solution; it has no engine. */
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

function parseRange(text: string): [number, number] {
  const match = /^(\d+)\.\.(\d+)$/.exec(text);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 4 || to > 31 || from > to) {
    throw new Error(`expected a range like 12..17 within 4..31, got ${JSON.stringify(text)}`);
  }
  return [from, to];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '3' }, json: { type: 'boolean', default: false } },
  });
  const [from, to] = parseRange(positionals[0] ?? '12..17');
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${values.runs}`);

  const native = buildNative();
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    v8: process.versions.v8,
    cc: native.missing ?? native.compiler,
  };
  const rows: Row[] = [];
  for (let n = from; n <= to; n++) rows.push(measure(n, runs, native));
  const listing = measureListing(14, runs);
  const threads = await measureThreads(16, runs);
  const find = [1_000_000, 10_000_000].map((n) => ({ n, ms: measureFind(n, runs) }));

  if (values.json) {
    process.stdout.write(`${JSON.stringify({ machine, runs, rows, listing, threads, findSolution: find })}\n`);
    return;
  }
  const na = native.missing === null ? '' : 'n/a';
  const ms = (v: number | null) => (v === null ? na : formatMs(v));
  const ratio = (v: number | null) => (v === null ? na : `${v.toFixed(2)}x`);
  const header = ['n', 'total', 'unique', 'nodes', 'ns/node', 'TS ms', 'wasm ms', 'wasm kernel ms', 'C kernel ms', 'mirror C ms', 'mirror C / wasm', 'wasm / C kernel', 'TS / wasm'];
  const table = rows.map((r) => [
    String(r.n), r.total, r.unique, r.nodes, r.nsPerNode.toFixed(2), formatMs(r.tsMs), formatMs(r.wasmMs),
    formatMs(r.wasmKernelMs), ms(r.cKernelMs), ms(r.mirrorMs), ratio(r.mirrorOverWasm), ratio(r.wasmOverC), ratio(r.tsOverWasm),
  ]);
  process.stdout.write(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (V8 ${machine.v8}), C: ${machine.cc}\n`);
  process.stdout.write(`${formatTable(header, table)}\n`);
  process.stdout.write(
    `medians of ${runs} runs per column, each repeating its count for at least ${MIN_RUN_MS} ms (ms per count), one thread,\n` +
      `after a warm-up run of the TS and wasm engines. wasm ms and TS ms: countSync(n) as a caller sees it (the list of\n` +
      `frames is made once per n and kept); kernel columns: the same records through the wasm and the C kernel, the time\n` +
      `inside the kernel (records copied into wasm memory and C reading its file are not timed);\n` +
      `nodes: queen placements the kernel tries (with forward checking, the last row's too); ns/node from the wasm kernel.\n`,
  );
  process.stdout.write(
    `\n${formatTable(
      ['listing', 'TS ms', 'wasm ms', 'TS ns/solution', 'wasm ns/solution', 'TS / wasm'],
      [[listing.what, formatMs(listing.tsMs), formatMs(listing.wasmMs), ((listing.tsMs * 1e6) / listing.items).toFixed(0),
        ((listing.wasmMs * 1e6) / listing.items).toFixed(0), ratio(listing.tsMs / listing.wasmMs)]],
    )}\n`,
  );
  process.stdout.write(
    `\n${formatTable(
      ['worker threads', '1 thread ms', '2 threads ms', 'speed-up', 'abort ms'],
      [[`count(${threads.n})`, formatMs(threads.oneMs), formatMs(threads.twoMs), ratio(threads.speedup), formatMs(threads.abortMs)]],
    )}\n(abort ms: from controller.abort() during count(${threads.n + 2}) on 2 threads to the rejection)\n`,
  );
  process.stdout.write(`findSolution: ${find.map((f) => `n = ${f.n.toLocaleString('en')}: ${formatMs(f.ms)} ms`).join(', ')}\n`);
  if (native.missing !== null) process.stdout.write(`native columns: ${native.missing}\n`);
  else {
    const mirrorNodes = rows.map((r) => `${r.n}: ${r.mirrorNodes}`).join(', ');
    process.stdout.write(`mirror C nodes (placements tried below the first row): ${mirrorNodes}\n`);
  }
}

await main();
