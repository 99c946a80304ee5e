// A page whose Content-Security-Policy lets the package compile wasm but not start workers from
// blob: URLs (script-src 'self' 'wasm-unsafe-eval', no worker-src): a count that asks for worker
// threads is refused with an error that names the policy and the directive that would allow it;
// counts that did not ask for threads run in the page's thread instead.
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TESTS, buildPage, launchChromium, serveDirectory } from '../../helpers/chromium.js';

const MAIN = `
import { count } from 'nqueens-wasm';
const out = {};
try {
  await count(10, { workers: 1 });
  out.workers = 'resolved';
} catch (error) {
  out.workers = { name: error.name, message: error.message };
}
const small = await count(10);
out.small = { total: small.total, engine: small.engine, workers: small.workers };
const big = await count(15);
out.big = { total: big.total, engine: big.engine };
document.body.dataset.result = JSON.stringify(out);
`;

describe.skipIf(!BROWSER_TESTS)('a page whose Content-Security-Policy refuses blob: workers', () => {
  let browser: Browser;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const dist = await buildPage('csp', MAIN);
    ({ url, server } = await serveDirectory(dist, {
      'content-security-policy': "script-src 'self' 'wasm-unsafe-eval'",
    }));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('refuses workers with a clear error; counts without them in the page', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 60_000 });
    const result = JSON.parse((await page.evaluate(() => document.body.dataset.result))!);
    expect(result.workers.name).toBe('WorkersRefusedError');
    expect(result.workers.message).toMatch(
      /Content-Security-Policy refused to start a worker thread from a blob: URL .*allow it with worker-src blob:/,
    );
    expect(result.small).toEqual({ total: 724, engine: 'wasm', workers: 1 });
    expect(result.big).toEqual({ total: 2279184, engine: 'wasm' });
    await page.close();
  });
});
