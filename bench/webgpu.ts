// The GPU section (npm run bench -- --gpu): per n, the 'webgpu' engine by each method (its search,
// its join), timed as a caller sees a count (plan, host work, dispatches, read-back), against one
// wasm thread on the same machine, measured in the same run. In Node where Dawn's binding (the package
// `webgpu`) finds an adapter; else in Chromium (where `chromium` and playwright-core are
// installed) on a page built by Vite from bench/gpu-count.ts, served from 127.0.0.1 with WebGPU
// enabled. The adapter is named; a software one (lavapipe, SwiftShader) is labelled as such.
//
// Big boards are timed on an even sample, shard 0 of m: the GPU's large enough to fill a big GPU
// for a second or more, one wasm thread's as the counting rows sample them. The comparison is per
// solution: the ratio is wasm's time per solution over the GPU's.

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type CountSyncOptions, countSync, type Method } from 'nqueens-wasm';
import { countOnGpuEngine, type GpuCount } from './gpu-count.js';
import { median, status } from './measure.js';
import { repositoryRoot } from './repository.js';

/** The boards of the section when none are asked for. */
export const GPU_BOARDS = [16, 17, 18, 19, 20, 21];
/** The GPU's sample of a big board: shard 0 of this many. */
const GPU_SHARDS: Record<number, number> = { 19: 2, 20: 4, 21: 16, 22: 128 };
/** A wasm pass repeats its count for at least this long. */
const MIN_WASM_MS = 200;

export interface GpuTime {
  ms: number;
  nsPerSolution: number;
  /** wasm's time per solution over the GPU's: above 1, the GPU is faster. */
  vsWasm: number;
}

export interface GpuRow {
  n: number;
  /** The GPU's sample: shard 0 of this many (1: the whole count), of each method's plan. */
  shards: number;
  /** The search's sample's solutions. */
  solutions: string;
  wasmShards: number;
  wasmSolutions: string;
  wasmMs: number;
  wasmNsPerSolution: number;
  /** The GPU by its search, and by the join. */
  gpu: GpuTime;
  join: GpuTime;
}

export interface GpuReport {
  /** Where it ran: this process, or the browser's name and version. */
  where: string;
  adapter: string;
  software: boolean;
  rows: GpuRow[];
}

type Counter = (n: number, shards: number, method: Method) => Promise<GpuCount>;

/** One wasm thread on shard 0 of `shards` of n: ms per count (median of `runs` passes) and its solutions. */
function timeWasm(n: number, shards: number, runs: number): { ms: number; solutions: bigint } {
  const options: CountSyncOptions =
    shards === 1 ? { engine: 'wasm' } : { engine: 'wasm', shard: { index: 0, count: shards } };
  const solutions = countSync(n, options).exact.total;
  const passes: number[] = [];
  for (let round = 0; round < runs; round++) {
    let elapsed = 0;
    let counts = 0;
    do {
      elapsed += countSync(n, options).elapsedMs;
      counts++;
    } while (elapsed < MIN_WASM_MS);
    passes.push(elapsed / counts);
  }
  return { ms: median(passes), solutions };
}

async function measureRows(
  boards: number[],
  runs: number,
  wasmShards: (n: number) => number,
  counter: Counter,
  known: ReadonlyMap<number, bigint>,
): Promise<GpuRow[]> {
  const rows: GpuRow[] = [];
  /** The GPU's median time for shard 0 of `shards` of n by `method`, and that sample's solutions. */
  const timeGpu = async (n: number, shards: number, method: Method) => {
    const times: number[] = [];
    let solutions: string | null = null;
    for (let round = 1; round <= runs; round++) {
      status(`gpu: n = ${n}${shards > 1 ? ` (shard 0/${shards})` : ''}, ${method}, round ${round}/${runs}`);
      const r = await counter(n, shards, method);
      solutions ??= r.total;
      if (r.total !== solutions) throw new Error(`the GPU counted ${r.total} at n = ${n}, then ${solutions}`);
      if (shards === 1 && known.has(n) && BigInt(r.total) !== known.get(n))
        throw new Error(`the GPU counted ${r.total} at n = ${n} by ${method}, expected ${known.get(n)}`);
      times.push(r.ms);
    }
    return { ms: median(times), solutions: solutions! };
  };
  for (const n of boards) {
    const shards = GPU_SHARDS[n] ?? 1;
    status(`gpu: n = ${n}, warm-up`);
    await counter(Math.min(n, 14), 1, 'backtrack');
    await counter(Math.min(n, 14), 1, 'join');
    const searched = await timeGpu(n, shards, 'backtrack');
    const joined = await timeGpu(n, shards, 'join');
    const solutions = searched.solutions;
    const wasmSample = wasmShards(n);
    status(`gpu: n = ${n}, one wasm thread${wasmSample > 1 ? ` (shard 0/${wasmSample})` : ''}`);
    const wasm = timeWasm(n, wasmSample, runs);
    if (wasmSample === shards && String(wasm.solutions) !== solutions)
      throw new Error(`wasm counted ${wasm.solutions} at n = ${n}, the GPU ${solutions}`);
    const wasmNsPerSolution = (wasm.ms * 1e6) / Number(wasm.solutions);
    const perSolution = ({ ms, solutions: found }: { ms: number; solutions: string }): GpuTime => {
      const nsPerSolution = (ms * 1e6) / Number(found);
      return { ms, nsPerSolution, vsWasm: wasmNsPerSolution / nsPerSolution };
    };
    rows.push({
      n,
      shards,
      solutions,
      wasmShards: wasmSample,
      wasmSolutions: String(wasm.solutions),
      wasmMs: wasm.ms,
      wasmNsPerSolution,
      gpu: perSolution(searched),
      join: perSolution(joined),
    });
  }
  status('');
  return rows;
}

async function inNode(
  boards: number[],
  runs: number,
  wasmShards: (n: number) => number,
  known: ReadonlyMap<number, bigint>,
): Promise<GpuReport | null> {
  // A first count says whether there is an adapter, and which.
  const adapter = await countOnGpuEngine(8, 1, 'backtrack').then(
    (r) => r.adapter,
    () => null,
  );
  if (adapter === null) return null;
  const rows = await measureRows(boards, runs, wasmShards, countOnGpuEngine, known);
  return {
    where: `Node ${process.version} through Dawn (the package \`webgpu\`)`,
    adapter: adapter.name,
    software: adapter.software,
    rows,
  };
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page, built by Vite, that hands bench/gpu-count.ts to the bench. */
async function buildPage(): Promise<string> {
  const { build } = await import('vite');
  const app = mkdtempSync(join(tmpdir(), 'nqueens-bench-gpu-'));
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(
    join(app, 'main.js'),
    `import { countOnGpuEngine } from ${JSON.stringify(join(repositoryRoot, 'bench/gpu-count.ts'))};
window.countOnGpuEngine = countOnGpuEngine;
document.body.dataset.ready = '1';`,
  );
  await build({ root: app, logLevel: 'warn', build: { outDir: join(app, 'dist'), target: 'es2022' } });
  return app;
}

async function inChromium(
  boards: number[],
  runs: number,
  wasmShards: (n: number) => number,
  known: ReadonlyMap<number, bigint>,
): Promise<GpuReport | string> {
  if (!existsSync(CHROMIUM)) return `no adapter in Node, and no Chromium at ${CHROMIUM} to borrow one from`;
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return 'no adapter in Node, and no playwright-core to drive Chromium with';
  }
  const app = await buildPage();
  const root = join(app, 'dist');
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname);
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) return void response.writeHead(404).end();
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    response
      .writeHead(200, { 'content-type': extname(file) === '.html' ? 'text/html' : 'text/javascript' })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--enable-unsafe-webgpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60_000 });
    type PageGlobals = { countOnGpuEngine: typeof countOnGpuEngine };
    const adapter = await page.evaluate(() =>
      (window as unknown as PageGlobals).countOnGpuEngine(8, 1, 'backtrack').then(
        (r) => r.adapter,
        () => null,
      ),
    );
    if (adapter === null) return `no adapter in Node, nor in Chromium ${browser.version()} here`;
    const counter: Counter = (n, shards, method) =>
      page.evaluate(([size, m, how]) => (window as unknown as PageGlobals).countOnGpuEngine(size, m, how), [
        n,
        shards,
        method,
      ] as const);
    const rows = await measureRows(boards, runs, wasmShards, counter, known);
    return { where: `Chromium ${browser.version()}`, adapter: adapter.name, software: adapter.software, rows };
  } finally {
    await browser.close();
    server.close();
    rmSync(app, { recursive: true, force: true });
  }
}

/** The GPU section's report, or why there is none; `browser`: in Chromium even where Node has an adapter. */
export async function measureGpu(
  boards: number[],
  runs: number,
  wasmShards: (n: number) => number,
  known: ReadonlyMap<number, bigint>,
  browser = false,
): Promise<GpuReport | string> {
  return (
    (browser ? null : await inNode(boards, runs, wasmShards, known)) ?? inChromium(boards, runs, wasmShards, known)
  );
}
