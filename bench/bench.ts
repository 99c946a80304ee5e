// npm run bench [-- <n or from..to>...] [section flags] [--runs k] [--cold-runs k] [--json] [--help]
//
// Times the package as users get it, through its public API alone (the rows that time the kernels
// themselves, and the engines tier's table, are npm run bench:internals: test/bench/). In one run on
// one machine, the sections asked for (every one but --gpu and --load when none is):
// --methods: per n, countSync(n) by the join and by backtracking on both engines, each a fresh
//   pinned process, with its peak memory, and the C++ join counter where --join-counter gives
//   its binaries (bench/methods.ts).
// --cold: first calls in fresh processes (bench/cold-start.ts). --threads: count(n) on worker
// threads, and how fast an abort rejects; how long the calling thread is held and an abort takes
// while long counts and compareEngines run with default options (bench/responsive.ts).
// --listing: solutions(n) streamed on both engines.
// --find: findSolution for large n. --gpu: the GPU engine against one wasm thread
// (bench/webgpu.ts). --load: a server process answering count(n) over
// HTTP to many connections at once: latency per n, errors, its memory (bench/load.ts). Every
// section but --load times the boards asked for, or its own defaults without any.

import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { count, findSolution, solutions } from 'nqueens-wasm';
import { knownCounts as known, parseBoards, sampleShards } from './boards.js';
import { cold, coldPinned } from './cold-start.js';
import { COMMON_OPTIONS, runCommand, writeJson } from './command.js';
import { formatLoad, type LoadReport, measureLoad } from './load.js';
import { median, status } from './measure.js';
import { type Counter, type MethodRow, measureMethods } from './methods.js';
import { measureResponsiveness } from './responsive.js';
import { formatMs, formatTable, ratio } from './table.js';
import { GPU_BOARDS, type GpuReport, measureGpu } from './webgpu.js';

const HELP = `npm run bench [-- <n or from..to>...] [section flags] [options]

Times nqueens-wasm against its competitors on this machine, in one run, through the package's
public API. Boards are n = 4..22, one or more, as n or from..to; without any, each section times
its own defaults (below). The kernels timed alone, against C, and compareEngines in every engine
are npm run bench:internals at the repository's root.

Sections (every one but --gpu and --load when none is given):
  --methods   the two counting methods: countSync(n) by the join and by backtracking, on the
              wasm and TS engines, each a fresh process on one core, with its peak memory; and
              the C++ join counter with --join-counter (default 14..18; backtracking up to 18,
              the TS engine up to 16)
  --cold      first calls in fresh processes (default 4 8 10 12 13 14, and 12 14..17 on every core)
  --threads   count(n) on 1 and 2 worker threads, and how fast an abort rejects (default 16);
              how long the calling thread is held, and an abort takes, in long counts and
              compareEngines with default options
  --listing   solutions(n) streamed on both engines (default 14; boards above 15 are left out)
  --find      findSolution(n) for n = 1,000,000 and 10,000,000 (no boards)
  --gpu       the GPU engine by each method against one wasm thread (default 16..21; from n = 19 on,
              an even sample), in Node through the package \`webgpu\`, else in Chromium
  --browser   with --gpu: in Chromium even where Node has an adapter
  --load      a server process answering GET /?n=N with count(n) over HTTP on 127.0.0.1, kept
              busy by many keep-alive connections, each asking for the sizes in turn: answers
              per second, errors (every total checked), timeouts, latency percentiles per n, the
              server's memory before and after (boards from --sizes, not the positional ones)

Options:
  --runs k        timed rounds per measurement, medians reported (default 3)
  --join-counter DIR  --methods: a directory of the C++ join counter's binaries, nq<n> for each
                  n (EvgenyKluev/N-Queens-Count-Sol, built one per board size), run on 1 thread
  --cold-runs k   fresh processes per cold-start measurement (default 9)
  --connections k --load: connections kept busy at once (default 50)
  --duration-s s  --load: seconds of load (default 30); the requests under way then finish
  --sizes list    --load: the boards asked for, comma-separated (default 8,12,14,16)
  --timeout-s s   --load: a request not answered within this counts as a timeout (default 60)
  --ramp-s s      --load: the connections start one after another over this time (default 1)
  --json          one JSON object instead of tables
  -h, --help      this text

Examples:
  npm run bench -- 12..14 --listing --threads --runs 1
  npm run bench -- 16..18 --methods --join-counter ../anchors/kluev
  npm run bench -- --gpu
  npm run bench -- 12..15 --gpu --runs 1
  npm run bench -- --load
  npm run bench -- --load --duration-s 2 --connections 4 --sizes 8,12
`;

const SECTIONS = ['methods', 'cold', 'threads', 'listing', 'find', 'gpu', 'load'] as const;
/** Sections that run only when asked for: they need a GPU, or keep every core busy for half a minute. */
const ON_REQUEST: readonly Section[] = ['gpu', 'load'];
type Section = (typeof SECTIONS)[number];

/** Boards each section times when none are asked for. */
const DEFAULT_BOARDS = {
  methods: ['14..18'],
  cold: [4, 8, 10, 12, 13, 14],
  coldCores: [12, 14, 15, 16, 17],
  threads: [16],
  listing: [14],
  load: [8, 12, 14, 16],
};
/** Listing more solutions than this board has takes too long to be worth timing. */
const MAX_LISTING = 15;

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

/** count(n) on one and on two worker threads (warm pool), and how long an abort halfway through takes to reject. */
async function measureThreads(n: number, runs: number) {
  const timed = async (workers: number) => (await count(n, { workers })).elapsedMs;
  await timed(1);
  await timed(2);
  const one: number[] = [];
  const two: number[] = [];
  const aborts: number[] = [];
  for (let round = 1; round <= runs; round++) {
    status(`workers, n = ${n}: round ${round}/${runs}`);
    one.push(await timed(1));
    two.push(await timed(2));
    const controller = new AbortController();
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, median(two) / 2);
    await count(n, { workers: 2, signal: controller.signal }).catch(() => undefined);
    aborts.push(abortedAt === 0 ? 0 : performance.now() - abortedAt);
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

/** The cold-start rows: first calls in fresh processes against the plain counter's, and count(n) on every core against countSync. */
function measureCold(first: number[], onCores: number[], runs: number) {
  const rows = [];
  for (const n of first) {
    status(`cold start: n = ${n}`);
    const [plain, sync] = cold(
      [
        ['plain', String(n)],
        ['countSync', String(n)],
      ],
      runs,
    );
    rows.push({ n, plain, sync });
  }
  const threads = [];
  const largest = Math.max(...onCores);
  for (const n of onCores) {
    status(`cold start: count(${n})`);
    const [sync, byDefault] = cold(
      [
        ['countSync', String(n)],
        ['count', String(n)],
      ],
      runs,
      true,
    );
    const [one, two] =
      n === largest
        ? cold(
            [
              ['count', String(n), '1'],
              ['count', String(n), '2'],
            ],
            runs,
            true,
          )
        : [null, null];
    threads.push({ n, sync, byDefault, one, two });
  }
  status('');
  return { rows, threads };
}

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new UsageError(`${flag} must be a positive integer, got ${JSON.stringify(text)}`);
  return value;
}

function positiveNumber(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${flag} must be a positive number, got ${JSON.stringify(text)}`);
  return value;
}

function nonNegativeNumber(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0)
    throw new UsageError(`${flag} must be a number of 0 or more, got ${JSON.stringify(text)}`);
  return value;
}

/** --sizes: boards with a known count, since every answer's total is checked against it. */
function parseSizes(text: string): number[] {
  const sizes = text.split(',').map((part) => Number(part.trim()));
  if (sizes.some((n) => !known.has(n)))
    throw new UsageError(
      `--sizes must be a comma-separated list of n from 1 to ${known.size}, got ${JSON.stringify(text)}`,
    );
  return [...new Set(sizes)];
}

class UsageError extends Error {}

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      ...COMMON_OPTIONS,
      'cold-runs': { type: 'string', default: '9' },
      methods: { type: 'boolean', default: false },
      'join-counter': { type: 'string' },
      cold: { type: 'boolean', default: false },
      threads: { type: 'boolean', default: false },
      listing: { type: 'boolean', default: false },
      find: { type: 'boolean', default: false },
      gpu: { type: 'boolean', default: false },
      browser: { type: 'boolean', default: false },
      load: { type: 'boolean', default: false },
      connections: { type: 'string', default: '50' },
      'duration-s': { type: 'string', default: '30' },
      sizes: { type: 'string', default: DEFAULT_BOARDS.load.join(',') },
      'timeout-s': { type: 'string', default: '60' },
      'ramp-s': { type: 'string', default: '1' },
    },
  });
  const asked = SECTIONS.filter((section) => values[section]);
  const sections = new Set<Section>(
    asked.length > 0 ? asked : SECTIONS.filter((section) => !ON_REQUEST.includes(section)),
  );
  let boards: number[] | null = null;
  try {
    boards = positionals.length > 0 ? parseBoards(positionals) : null;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return {
    help: values.help === true,
    json: values.json === true,
    runs: positiveInteger('--runs', String(values.runs)),
    coldRuns: positiveInteger('--cold-runs', String(values['cold-runs'])),
    sections,
    boards,
    browser: values.browser === true,
    joinCounter: values['join-counter'] ?? null,
    load: {
      connections: positiveInteger('--connections', String(values.connections)),
      durationS: positiveNumber('--duration-s', String(values['duration-s'])),
      sizes: parseSizes(String(values.sizes)),
      timeoutS: positiveNumber('--timeout-s', String(values['timeout-s'])),
      rampS: nonNegativeNumber('--ramp-s', String(values['ramp-s'])),
    },
  };
}

async function main(args: ReturnType<typeof parse>): Promise<void> {
  const { runs, coldRuns, sections, boards } = args;
  const run = (section: Section) => sections.has(section);

  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    v8: process.versions.v8,
  };
  const methods = run('methods')
    ? measureMethods(
        boards ?? parseBoards(DEFAULT_BOARDS.methods),
        runs,
        { joinCounter: args.joinCounter, tsUpTo: 16, backtrackUpTo: 18, known },
        status,
      )
    : null;
  const listingBoards = (boards ?? DEFAULT_BOARDS.listing).filter((n) => n <= MAX_LISTING);
  const listing = run('listing') ? listingBoards.map((n) => measureListing(n, runs)) : null;
  const threads: Awaited<ReturnType<typeof measureThreads>>[] | null = run('threads') ? [] : null;
  if (threads !== null) for (const n of boards ?? DEFAULT_BOARDS.threads) threads.push(await measureThreads(n, runs));
  const responsive = run('threads') ? await measureResponsiveness(runs, status) : null;
  const find = run('find') ? [1_000_000, 10_000_000].map((n) => ({ n, ms: measureFind(n, runs) })) : null;
  const coldStart = run('cold')
    ? measureCold(boards ?? DEFAULT_BOARDS.cold, boards ?? DEFAULT_BOARDS.coldCores, coldRuns)
    : null;
  const gpu = run('gpu') ? await measureGpu(boards ?? GPU_BOARDS, runs, sampleShards, known, args.browser) : null;
  const load: LoadReport | null = run('load') ? await measureLoad(args.load, known, status) : null;

  if (args.json) {
    const out = {
      machine,
      runs,
      sections: [...sections],
      methods,
      listing,
      threads,
      responsive,
      findSolution: find,
      coldStart,
      gpu,
      load,
    };
    writeJson(out);
    return;
  }
  process.stdout.write(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (V8 ${machine.v8})\n`);
  if (methods !== null) printMethods(methods, runs);
  if (listing !== null) {
    const left = (boards ?? []).filter((n) => n > MAX_LISTING);
    process.stdout.write(
      `\n${formatTable(
        ['listing', 'TS ms', 'wasm ms', 'TS ns/solution', 'wasm ns/solution', 'TS / wasm'],
        listing.map((l) => [
          l.what,
          formatMs(l.tsMs),
          formatMs(l.wasmMs),
          ((l.tsMs * 1e6) / l.items).toFixed(0),
          ((l.wasmMs * 1e6) / l.items).toFixed(0),
          ratio(l.tsMs / l.wasmMs),
        ]),
      )}\n${left.length > 0 ? `(listing leaves out n = ${left.join(', ')}: above ${MAX_LISTING})\n` : ''}`,
    );
  }
  if (threads !== null) {
    process.stdout.write(
      `\n${formatTable(
        ['worker threads (warm)', '1 thread ms', '2 threads ms', 'speed-up', 'abort ms'],
        threads.map((t) => [
          `count(${t.n})`,
          formatMs(t.oneMs),
          formatMs(t.twoMs),
          ratio(t.speedup),
          formatMs(t.abortMs),
        ]),
      )}\n(abort ms: from controller.abort(), halfway through count(n) on 2 threads, to the rejection)\n`,
    );
  }
  if (responsive !== null) {
    process.stdout.write(
      `\n${formatTable(
        ['calling thread, default options', 'longest gap ms', 'abort ms', 'longest abort ms'],
        responsive.map((r) => [r.what, formatMs(r.longestGapMs), formatMs(r.abortMs), formatMs(r.longestAbortMs)]),
      )}\n(gap: the longest time between two ticks of a 1 ms timer while the work ran; abort: from controller.abort(), after 600 ms, to the rejection; ${runs} run${runs === 1 ? '' : 's'} each; the promise is 100 ms for both)\n`,
    );
  }
  if (find !== null)
    process.stdout.write(
      `\nfindSolution: ${find.map((f) => `n = ${f.n.toLocaleString('en')}: ${formatMs(f.ms)} ms`).join(', ')}\n`,
    );
  if (coldStart !== null) printCold(coldStart, coldRuns);
  if (gpu !== null) printGpu(gpu, runs);
  if (load !== null) process.stdout.write(formatLoad(load));
}

function printCold(c: ReturnType<typeof measureCold>, coldRuns: number): void {
  process.stdout.write(
    `\ncold start: fresh processes${coldPinned ? ' on one core (taskset -c 0)' : ''}, medians of ${coldRuns}; import: the package ${formatMs(c.rows[0].sync.importMs)} ms, the plain counter's module ${formatMs(c.rows[0].plain.importMs)} ms\n` +
      `${formatTable(
        ['n', 'plain JS first call ms', 'countSync first call ms', 'plain / countSync'],
        c.rows.map((r) => [
          String(r.n),
          formatMs(r.plain.firstMs),
          formatMs(r.sync.firstMs),
          ratio(r.plain.firstMs / r.sync.firstMs),
        ]),
      )}\n`,
  );
  process.stdout.write(
    `\n${formatTable(
      ['cold, every core', 'countSync ms', 'count ms (default)', 'threads', 'countSync / count'],
      c.threads.map((t) => [
        `n = ${t.n}`,
        formatMs(t.sync.firstMs),
        formatMs(t.byDefault.firstMs),
        String(t.byDefault.workers),
        ratio(t.sync.firstMs / t.byDefault.firstMs),
      ]),
    )}\n`,
  );
  const largest = c.threads.find((t) => t.one !== null);
  if (largest !== undefined) {
    process.stdout.write(
      `count(${largest.n}) cold: 1 worker thread ${formatMs(largest.one!.firstMs)} ms, 2 worker threads ${formatMs(largest.two!.firstMs)} ms (${ratio(largest.one!.firstMs / largest.two!.firstMs)}), ` +
        `default ${formatMs(largest.byDefault.firstMs)} ms against countSync ${formatMs(largest.sync.firstMs)} ms (${ratio(largest.sync.firstMs / largest.byDefault.firstMs)})\n`,
    );
  }
}

function printGpu(gpu: GpuReport | string, runs: number): void {
  if (typeof gpu === 'string') {
    process.stdout.write(`\nGPU: not timed (${gpu})\n`);
    return;
  }
  const label = gpu.software
    ? 'a software adapter, the GPU emulated on the CPU: these times say nothing about GPUs'
    : 'a hardware adapter';
  const threads = /llvmpipe|lavapipe/i.test(gpu.adapter)
    ? `; lavapipe threads: LP_NUM_THREADS=${process.env.LP_NUM_THREADS ?? '(unset: one per core)'}`
    : '';
  process.stdout.write(
    `\nGPU: ${gpu.where}, on ${gpu.adapter} (${label}${threads})\n` +
      `${formatTable(
        [
          'n',
          'sample',
          'solutions',
          'search ms',
          'search ns/sol',
          'search vs wasm',
          'join ms',
          'join ns/sol',
          'join vs wasm',
          'join/search',
          'wasm ns/sol',
          'wasm sample',
        ],
        gpu.rows.map((r) => [
          String(r.n),
          r.shards === 1 ? 'all' : `1/${r.shards}`,
          r.solutions,
          formatMs(r.gpu.ms),
          r.gpu.nsPerSolution.toFixed(2),
          ratio(r.gpu.vsWasm),
          formatMs(r.join.ms),
          r.join.nsPerSolution.toFixed(2),
          ratio(r.join.vsWasm),
          (r.join.nsPerSolution / r.gpu.nsPerSolution).toFixed(2),
          r.wasmNsPerSolution.toFixed(1),
          r.wasmShards === 1 ? 'all' : `1/${r.wasmShards}`,
        ]),
      )}\n` +
      `medians of ${runs} after a warm-up; a count as a caller sees it: plan, host work, dispatches, read-back.\n` +
      `search, join: the GPU by each method, each on shard 0 of its own plan's sample (solutions: the search's).\n` +
      `vs wasm: one wasm thread's ns/solution (countSync, in this process, on its own sample) over the GPU's; above 1x the GPU is faster.\n` +
      `join/search: the join's ns/solution over the search's; below 1 the join is faster.\n`,
  );
}

await runCommand(HELP, parse, main);

/** The counting methods side by side: seconds, the ratios that matter, peak memory. */
function printMethods(rows: MethodRow[], runs: number): void {
  const seconds = (row: MethodRow, counter: Counter) => {
    const t = row.counters[counter];
    return t === undefined ? '–' : (t.ms / 1000).toFixed(2);
  };
  const ratioOf = (row: MethodRow, over: Counter, under: Counter) => {
    const [a, b] = [row.counters[over], row.counters[under]];
    return a === undefined || b === undefined ? '–' : (a.ms / b.ms).toFixed(2);
  };
  const memory = (row: MethodRow, counter: Counter) => {
    const peak = row.counters[counter]?.peakBytes;
    return peak === undefined || peak === null ? '–' : `${Math.round(peak / 2 ** 20)} MiB`;
  };
  process.stdout.write(
    `\n${formatTable(
      [
        'n',
        'join wasm s',
        'backtrack wasm s',
        'backtrack / join',
        'join TS s',
        'backtrack TS s',
        'C++ join s',
        'join wasm / C++',
        'join wasm peak',
        'C++ peak',
      ],
      rows.map((row) => [
        String(row.n),
        seconds(row, 'join wasm'),
        seconds(row, 'backtrack wasm'),
        ratioOf(row, 'backtrack wasm', 'join wasm'),
        seconds(row, 'join js'),
        seconds(row, 'backtrack js'),
        seconds(row, 'C++ join'),
        ratioOf(row, 'join wasm', 'C++ join'),
        memory(row, 'join wasm'),
        memory(row, 'C++ join'),
      ]),
    )}\n` +
      `counting methods: countSync(n) in a fresh process each${process.platform === 'linux' ? ', pinned to one core where taskset exists' : ''}, ` +
      `whole process; medians of ${runs}; peak memory: the process's largest resident set. ` +
      `C++ join: EvgenyKluev/N-Queens-Count-Sol on 1 thread (--join-counter).\n`,
  );
}
