// The 'webgpu' engine, where an adapter can be had: in this process if navigator.gpu exists (a
// WebGPU implementation installed into Node), else in Chromium (where `chromium` and playwright-core
// are installed) on a page served from 127.0.0.1, with WebGPU enabled. There it times the package's
// own bundle: the GPU engine against the wasm engine in the same page, one thread. The adapter is
// named; a software one (SwiftShader, where there is no GPU) is labelled as such.

import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { countExact, countExactSync } from '../src/count.js';
import { availableGpu } from '../src/kernel/webgpu/device.js';
import { median, status } from './counting.js';
import { packageRoot } from './native.js';

export interface GpuRow {
  n: number;
  total: number;
  gpuMs: number;
  wasmMs: number;
}

export interface GpuReport {
  /** Where it ran: this process, or the browser's name and version. */
  where: string;
  adapter: string;
  software: boolean;
  rows: GpuRow[];
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page that loads the bundle and answers the bench's calls. */
const PAGE = `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module">
import * as nq from './nqueens-wasm.js';
window.nq = nq;
document.body.dataset.ready = '1';
</script></body></html>`;

/** Times `n` on the GPU and on wasm (one thread), `runs` each after a warm-up; medians. */
async function timeBoards(boards: number[], runs: number, count: (n: number, engine: 'webgpu' | 'wasm') => Promise<{ total: number; ms: number }>): Promise<GpuRow[]> {
  const rows: GpuRow[] = [];
  for (const n of boards) {
    status(`webgpu: n = ${n}`);
    const warm = await count(n, 'webgpu');
    await count(n, 'wasm');
    const gpu: number[] = [];
    const wasm: number[] = [];
    for (let round = 0; round < runs; round++) {
      gpu.push((await count(n, 'webgpu')).ms);
      wasm.push((await count(n, 'wasm')).ms);
    }
    rows.push({ n, total: warm.total, gpuMs: median(gpu), wasmMs: median(wasm) });
  }
  status('');
  return rows;
}

async function inProcess(boards: number[], runs: number): Promise<GpuReport | null> {
  const gpu = await availableGpu();
  if (gpu === null) return null;
  const rows = await timeBoards(boards, runs, async (n, engine) => {
    if (engine === 'wasm') {
      const r = countExactSync(n);
      return { total: Number(r.total), ms: r.elapsedMs };
    }
    const r = await countExact(n, { engine });
    return { total: Number(r.total), ms: r.elapsedMs };
  });
  return { where: `Node ${process.version}`, adapter: gpu.adapter.name, software: gpu.adapter.software, rows };
}

async function inChromium(boards: number[], runs: number): Promise<GpuReport | string> {
  if (!existsSync(CHROMIUM)) return `no navigator.gpu in Node, and no Chromium at ${CHROMIUM} to borrow an adapter from`;
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return 'no navigator.gpu in Node, and no playwright-core to drive Chromium with';
  }
  const bundle = readFileSync(join(packageRoot, 'dist/nqueens-wasm.js'));
  const server = createServer((request, response) => {
    if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else if (request.url === '/nqueens-wasm.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else response.writeHead(404).end();
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
    await page.waitForFunction(() => document.body.dataset.ready);
    // The adapter as the package names it: compareEngines' webgpu column, absent without one.
    const adapter = await page.evaluate(async () => {
      const { compareEngines } = (window as unknown as { nq: typeof import('../src/index.js') }).nq;
      return (await compareEngines(4, { runs: 1 })).webgpu ?? null;
    });
    if (adapter === null) return `Chromium ${browser.version()} gives no WebGPU adapter here`;
    const rows = await timeBoards(boards, runs, (n, engine) =>
      page.evaluate(
        async ([size, which]) => {
          const { count, countSync } = (window as unknown as { nq: typeof import('../src/index.js') }).nq;
          const r = which === 'wasm' ? countSync(size) : await count(size, { engine: 'webgpu' });
          return { total: r.total, ms: r.elapsedMs };
        },
        [n, engine] as const,
      ),
    );
    return { where: `Chromium ${browser.version()}`, adapter: adapter.adapter, software: adapter.software, rows };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The GPU engine's report, or why there is none. */
export async function measureWebGpu(boards: number[], runs: number): Promise<GpuReport | string> {
  return (await inProcess(boards, runs)) ?? inChromium(boards, runs);
}
