// Next.js 16 as create-next-app sets it up (App Router, Turbopack, next.config.ts untouched), with
// the packed package in a server component, a client component and a route handler that counts on
// worker threads: next build, next start and next dev must take it as it is.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TESTS, launchChromium } from '../helpers/chromium.js';
import { knownCounts } from '../helpers/known-counts.js';
import { packTarball } from '../helpers/pack.js';
import { run } from './command.js';
import { openCountingPage } from './counting-page.js';
import { installApp } from './install-app.js';
import { type ServerProcess, startServer } from './server-process.js';

const total = (n: number): number => Number(knownCounts.get(n)!.total);

const manifest = JSON.parse(readFileSync(new URL('next-app/package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
/** What next build, next dev (both on Turbopack) and next start print first. */
const TURBOPACK_BANNER = `▲ Next.js ${manifest.dependencies.next} (Turbopack)`;
const START_BANNER = `▲ Next.js ${manifest.dependencies.next}\n`;

// What app/page.tsx renders on the server, and what app/client-count.tsx and app/api/count/route.ts count.
const SERVER_COMPONENT = `<p id="server-count">countSync(10) on the server: ${total(10)} (wasm)</p>`;
const CLIENT_COUNTS = [
  { n: 12, total: total(12), engine: 'wasm', workers: 1 },
  { n: 17, total: total(17), engine: 'wasm', workers: 2 },
];
const ROUTE_COUNT = { n: 16, total: total(16), engine: 'wasm', workers: 2 };

/**
 * Lines of what Next.js printed that warn (⚠) or report an error (⨯), or that name the package or
 * a dependency the bundler could not follow.
 */
function complaints(output: string): string[] {
  return output.split('\n').filter((line) => /⚠|⨯|warn|error|critical dependency|nqueens-wasm/i.test(line));
}

/** The parts of Next.js's dev overlay that say something went wrong: the error dialog, the issues badge. */
const OVERLAY_ERRORS = '[data-nextjs-dialog], [data-next-badge][data-error="true"]';

describe('the packed package in a Next.js 16 app (create-next-app, Turbopack)', () => {
  let work: string;
  let app: string;
  let browser: Browser | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'nqueens-next-'));
    app = await installApp('next-app', work, packTarball(work));
    // Without Chromium (a developer machine) the page tests are skipped; with REQUIRE_BROWSER=1
    // BROWSER_TESTS holds and a missing Chromium fails here.
    if (BROWSER_TESTS) browser = await launchChromium({ webgpu: false });
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await browser?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('next build (Turbopack, the default) builds it with no warning', async () => {
    const output = await run('npm', ['run', 'build'], app);
    expect(output).toContain(TURBOPACK_BANNER);
    expect(complaints(output)).toEqual([]);
  });

  // The same app served by the production server, then by the dev server (Turbopack too).
  for (const [script, banner] of [
    ['start', START_BANNER],
    ['dev', TURBOPACK_BANNER],
  ] as const) {
    describe(`next ${script}`, () => {
      let server: ServerProcess;
      beforeAll(async () => {
        server = await startServer('npm', (port) => ['run', script, '--', '-H', '127.0.0.1', '-p', String(port)], app);
        servers.push(server);
        await server.ready;
      });
      // Before the next server starts: the two share the app's directory.
      afterAll(() => server?.stop());

      it("the server component's countSync(10) is in the page's HTML", async () => {
        const response = await fetch(server.url);
        expect(response.status).toBe(200);
        expect(await response.text()).toContain(SERVER_COMPONENT);
      });

      it('the route handler counts count(16) on two worker threads', async () => {
        const response = await fetch(new URL('api/count?n=16', server.url));
        const answer = { status: response.status, body: await response.text() };
        expect(answer).toEqual({ status: 200, body: JSON.stringify(ROUTE_COUNT) });
      });

      it.skipIf(!BROWSER_TESTS)('the page: HTTP 200, no error overlay, the client component counts', async () => {
        const shown = await openCountingPage(browser!, server.url, 'client-count');
        const overlay = await shown.page.evaluate(
          (selector) =>
            [...document.querySelectorAll('nextjs-portal')].flatMap((portal) =>
              [...(portal.shadowRoot?.querySelectorAll(selector) ?? [])].map((element) => element.textContent),
            ),
          OVERLAY_ERRORS,
        );
        await shown.page.close();
        const { status, error, counts, problems } = shown;
        expect({ status, error, counts, overlay, problems }).toEqual({
          status: 200,
          error: undefined,
          counts: CLIENT_COUNTS,
          overlay: [],
          problems: [],
        });
      });

      it(`next ${script} printed its banner and no warning or error`, () => {
        expect(server.output()).toContain(banner);
        expect(complaints(server.output())).toEqual([]);
      });
    });
  }
});
