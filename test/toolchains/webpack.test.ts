// webpack 5 as its guide sets it up (an entry and HtmlWebpackPlugin, nothing for the package), with
// the packed package counting on the page and on Web Workers: the production build and
// webpack-dev-server must take it with no warning, and webpack-dev-server must show no overlay.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TESTS, launchChromium, serveDirectory } from '../helpers/chromium.js';
import { knownCounts } from '../helpers/known-counts.js';
import { packTarball } from '../helpers/pack.js';
import { run } from './command.js';
import { openCountingPage } from './counting-page.js';
import { installApp } from './install-app.js';
import { type ServerProcess, startServer } from './server-process.js';

const total = (n: number): number => Number(knownCounts.get(n)!.total);

// What src/index.js counts.
const COUNTS = [
  { n: 12, total: total(12), engine: 'wasm', workers: 1 },
  { n: 17, total: total(17), engine: 'wasm', workers: 2 },
];

interface StatsMessage {
  message: string;
}

type BuildOutcomes = typeof globalThis & { buildOutcomes: string[] };

/** Runs in the page before its scripts: keeps what webpack-dev-server's client says of each build. */
function recordBuildOutcomes(): void {
  const seen: string[] = [];
  (globalThis as BuildOutcomes).buildOutcomes = seen;
  addEventListener('message', (event: MessageEvent<{ type?: unknown }>) => {
    const type = event.data?.type;
    if (type === 'webpackOk' || type === 'webpackWarnings' || type === 'webpackErrors') seen.push(type);
  });
}

describe('the packed package in a webpack 5 app', () => {
  let work: string;
  let app: string;
  let browser: Browser | undefined;
  let files: Server | undefined;
  let dev: ServerProcess | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'nqueens-webpack-'));
    app = await installApp('webpack-app', work, packTarball(work));
    // Without Chromium (a developer machine) the page tests are skipped; with REQUIRE_BROWSER=1
    // BROWSER_TESTS holds and a missing Chromium fails here.
    if (BROWSER_TESTS) browser = await launchChromium({ webgpu: false });
  });

  afterAll(async () => {
    await dev?.stop();
    files?.close();
    await browser?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("webpack's stats of the production build hold no warning and no error", async () => {
    await run('npm', ['run', 'build', '--', '--json', 'stats.json'], app);
    const stats = JSON.parse(readFileSync(join(app, 'stats.json'), 'utf8')) as {
      warningsCount: number;
      errorsCount: number;
      warnings: StatsMessage[];
      errors: StatsMessage[];
    };
    expect({
      warningsCount: stats.warningsCount,
      errorsCount: stats.errorsCount,
      warnings: stats.warnings.map((w) => w.message),
      errors: stats.errors.map((e) => e.message),
    }).toEqual({ warningsCount: 0, errorsCount: 0, warnings: [], errors: [] });
  });

  it('the production build (npm run build) prints no WARNING', async () => {
    const output = await run('npm', ['run', 'build'], app);
    expect(output.split('\n').filter((line) => /warning|critical dependency/i.test(line))).toEqual([]);
    expect(output).toMatch(/compiled successfully/);
  });

  it.skipIf(!BROWSER_TESTS)(
    'the production build counts exactly in Chromium, on wasm and on 2 Web Workers',
    async () => {
      const served = await serveDirectory(join(app, 'dist'));
      files = served.server;
      const shown = await openCountingPage(browser!, served.url, 'counts');
      await shown.page.close();
      const { status, error, counts, problems } = shown;
      const expected = { status: 200, error: undefined, counts: COUNTS, problems: [] };
      expect({ status, error, counts, problems }).toEqual(expected);
    },
  );

  it.skipIf(!BROWSER_TESTS)('webpack-dev-server: no warning, no overlay, and the page counts exactly', async () => {
    dev = await startServer('npm', (port) => ['start', '--', '--host', '127.0.0.1', '--port', String(port)], app);
    await dev.ready;
    // The dev server's client posts each build's outcome to the page (webpackOk, webpackWarnings or
    // webpackErrors) as it hides or shows its overlay: the page records them from the start.
    const shown = await openCountingPage(browser!, dev.url, 'counts', (page) =>
      page.addInitScript(recordBuildOutcomes),
    );
    await shown.page.waitForFunction(() => (globalThis as BuildOutcomes).buildOutcomes.length > 0);
    const outcomes = await shown.page.evaluate(() => (globalThis as BuildOutcomes).buildOutcomes);
    const overlays = await shown.page.locator('#webpack-dev-server-client-overlay').count();
    await shown.page.close();
    const printed = dev
      .output()
      .split('\n')
      .filter((line) => /warning|critical dependency/i.test(line));
    const { status, error, counts, problems } = shown;
    expect({ status, error, counts, outcomes, overlays, problems, printed }).toEqual({
      status: 200,
      error: undefined,
      counts: COUNTS,
      outcomes: ['webpackOk'],
      overlays: 0,
      problems: [],
      printed: [],
    });
  });
});
