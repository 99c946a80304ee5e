// Embedding: a minimal app installs the packed package like any dependency, is built and served
// by Vite, and counts in Chromium on the page's thread, on the package's worker threads, and in a
// module worker of its own, all with the wasm engine. No Vite configuration at all.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TESTS, launchChromium, serveDirectory } from '../../helpers/chromium.js';
import { packTarball } from '../../helpers/pack.js';

const MAIN = `
import { count, countSync } from 'nqueens-wasm';

async function run() {
  const page = countSync(8);
  const pageAsync = await count(9, { engine: 'wasm' });
  // Long enough for both threads to start and count: the result says how many did.
  const pool = await count(16, { engine: 'wasm', workers: 2 });
  // The GPU engine is a module of its own that the package imports on first use: the app's
  // bundle must carry it and the page load it (Chromium's SwiftShader adapter).
  const gpu = await count(8, { engine: 'webgpu' });
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const inWorker = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
  const pick = ({ total, unique, engine, workers }) => ({ total, unique, engine, workers });
  document.body.dataset.result = JSON.stringify({ page: pick(page), pageAsync: pick(pageAsync), pool: pick(pool), gpu: pick(gpu), inWorker });
}
run().catch((error) => { document.body.dataset.error = String(error); });
`;

const WORKER = `
import { count, countSync } from 'nqueens-wasm';
const sync = countSync(10, { engine: 'wasm' });
count(10, { engine: 'wasm' }).then((result) => {
  self.postMessage({ sync: { total: sync.total, engine: sync.engine }, async: { total: result.total, engine: result.engine } });
});
`;

const EXPECTED = {
  page: { total: 92, unique: 12, engine: 'wasm', workers: 1 },
  pageAsync: { total: 352, unique: 46, engine: 'wasm', workers: 1 },
  pool: { total: 14772512, unique: 1846955, engine: 'wasm', workers: 2 },
  gpu: { total: 92, unique: 12, engine: 'webgpu', workers: 1 },
  inWorker: { sync: { total: 724, engine: 'wasm' }, async: { total: 724, engine: 'wasm' } },
};

describe.skipIf(!BROWSER_TESTS)('the packed package in a Vite app, in Chromium', () => {
  let app: string;
  let browser: Browser;
  let server: Server | undefined;
  let dev: ViteDevServer | undefined;

  beforeAll(async () => {
    const work = mkdtempSync(join(tmpdir(), 'nqueens-embed-'));
    const tarball = packTarball(work);
    app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'embed-app', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
      cwd: app,
      stdio: 'pipe',
    });
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./main.js"></script></body></html>',
    );
    writeFileSync(join(app, 'main.js'), MAIN);
    writeFileSync(join(app, 'worker.js'), WORKER);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await dev?.close();
  });

  async function resultAt(url: string): Promise<unknown> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.result || document.body.dataset.error, null, {
      timeout: 60_000,
    });
    const error = await page.evaluate(() => document.body.dataset.error);
    const result = await page.evaluate(() => document.body.dataset.result);
    await page.close();
    expect({ error, problems }).toEqual({ error: undefined, problems: [] });
    return JSON.parse(result!);
  }

  it('a production build (vite build) counts on the page, on the pool, on the GPU (a module loaded on first use) and in its own module worker', async () => {
    await build({ root: app, logLevel: 'warn', build: { outDir: join(app, 'dist') } });
    const served = await serveDirectory(join(app, 'dist'));
    server = served.server;
    expect(await resultAt(served.url)).toEqual(EXPECTED);
  });

  it('the dev server (vite) does the same', async () => {
    dev = await createServer({ root: app, logLevel: 'warn', server: { port: 0, host: '127.0.0.1' } });
    await dev.listen();
    const address = dev.httpServer!.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    expect(await resultAt(`http://127.0.0.1:${port}/`)).toEqual(EXPECTED);
  });
});
