// The package in Chromium, Firefox ESR and WebKitGTK, loaded as the tarball ships it (its dist/
// served as-is, no bundler), on three pages: no CSP; CSP script-src 'self' (no wasm, no blob:
// workers: the default engine falls back to TypeScript and says why); CSP script-src 'self'
// 'wasm-unsafe-eval' (wasm, but no blob: workers: counts run in the page's thread and say so).
// Each test loads a page of its own, so that the order of the tests never matters.
//
// A browser that is not installed is skipped, unless REQUIRE_BROWSER=1 (CI), where launching it
// fails the tests instead.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserDriver } from './driver.js';
import { host } from './host.js';
import { LAUNCHERS } from './launchers.js';
import type { Report } from './scenario.js';
import { openSite, PAGES, type PageName, type Site, scenarioParams } from './site.js';

const REQUIRED = process.env.REQUIRE_BROWSER === '1';

interface Counted {
  n: number;
  total: number;
  exactTotal: string;
  engine: string;
  workers: number;
  hasFallbackReason: boolean;
  fallbackReason: string | null;
}
interface Failed {
  name: string | null;
  message: string;
  classes: string[];
  typeError: boolean;
}
type Outcome = { resolved: Counted; rejected?: undefined } | { rejected: Failed; resolved?: undefined };
type Both = { sync: Outcome; async: Outcome };
type PageReport<T> = { ok: true; value: T } | { ok: false; error: { name: string; message: string; stack: string } };

const SCENARIO_MS = 300_000;
const JOB_MS = 120_000;

let site: Site;

beforeAll(async () => {
  site = await openSite(join(inject('app'), 'node_modules/nqueens-wasm/dist'));
});

afterAll(() => site?.close());

// With WebKit's WebGPU feature switched on, this build (no WebGPU on Linux) has
// navigator.gpu === null, the case that used to end in a TypeError's words.
const WEBKIT = { features: ['+WebGPU'] };

for (const browser of LAUNCHERS) {
  describe.skipIf(!browser.installed() && !REQUIRED)(browser.name, () => {
    let driver: BrowserDriver | undefined;
    // Kept for the tests to throw: a browser that does not start fails each of them, not skips it.
    let launchError: unknown;

    beforeAll(async () => {
      try {
        driver = await browser.launch({ webkit: WEBKIT });
        console.log(`${browser.name}: ${driver.product} ${driver.version}`);
      } catch (error) {
        launchError = error;
      }
    }, JOB_MS);

    afterAll(async () => {
      await driver?.close();
    });

    /** Runs `job` in a fresh page of the variant `page`: the job's value, or the page's error thrown. */
    async function run<T>(page: PageName, job: string, params?: Record<string, string>, timeoutMs = JOB_MS - 5_000) {
      if (!driver) throw new Error(`${browser.name} did not start: ${String(launchError)}`, { cause: launchError });
      const report = JSON.parse(await driver.report(site.url(page, job, params), timeoutMs)) as PageReport<T>;
      if (!report.ok) {
        const { name, message, stack } = report.error;
        throw new Error(`the page failed: ${name}: ${message}\n${stack}`);
      }
      return report.value;
    }

    for (const [page, variant] of Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][]) {
      it(
        `${variant.title}: every check of the scenario passes`,
        async () => {
          const where = `${browser.name}, ${variant.title}`;
          const allows = { wasm: variant.wasm, workers: variant.workers };
          const report = await run<Report>(page, 'scenario', scenarioParams(host(where, allows)), SCENARIO_MS - 5_000);
          expect(report.checks.length).toBeGreaterThan(0);
          for (const check of report.checks)
            expect.soft(check.ok, `${where}: ${check.name}: ${check.detail}`).toBe(true);
        },
        SCENARIO_MS,
      );
    }

    describe(PAGES.open.title, () => {
      it('countSync(10) and count(10) count 724 on wasm, with no fallbackReason', async () => {
        const { sync, async } = await run<Both>('open', 'defaultEngine');
        for (const outcome of [sync, async]) {
          expect(outcome.rejected).toBeUndefined();
          expect(outcome.resolved).toMatchObject({ exactTotal: '724', engine: 'wasm', hasFallbackReason: false });
        }
      });
    });

    describe(PAGES['script-src-self'].title, () => {
      it('countSync(10) and count(10) fall back to TypeScript: 724 on js, with the reason', async () => {
        const { sync, async } = await run<Both>('script-src-self', 'defaultEngine');
        for (const outcome of [sync, async]) {
          expect(outcome.rejected).toBeUndefined();
          expect(outcome.resolved).toMatchObject({ exactTotal: '724', engine: 'js', hasFallbackReason: true });
          // The browser's words for the refusal: each names the policy (Firefox as "CSP").
          expect(outcome.resolved!.fallbackReason).toMatch(/CSP|Content.Security.Policy|wasm-unsafe-eval/i);
        }
      });

      it("countSync(10) and count(10) with engine 'wasm' are refused with WasmUnavailableError", async () => {
        const { sync, async } = await run<Both>('script-src-self', 'explicitWasm');
        for (const outcome of [sync, async]) {
          expect(outcome.resolved).toBeUndefined();
          expect(outcome.rejected).toMatchObject({ name: 'WasmUnavailableError', classes: ['WasmUnavailableError'] });
        }
      });

      it('count(15) counts 2279184 on js in the page’s thread and reports workers: 1', async () => {
        const outcome = await run<Outcome>('script-src-self', 'count15');
        expect(outcome.rejected).toBeUndefined();
        expect(outcome.resolved).toMatchObject({
          exactTotal: '2279184',
          engine: 'js',
          workers: 1,
          hasFallbackReason: true,
        });
      });

      it('count(10, { workers: 1 }) rejects with WorkersRefusedError naming the policy', async () => {
        const outcome = await run<Outcome>('script-src-self', 'workersOne');
        expect(outcome.resolved).toBeUndefined();
        expect(outcome.rejected).toMatchObject({ name: 'WorkersRefusedError', classes: ['WorkersRefusedError'] });
        expect(outcome.rejected!.message).toMatch(/Content-Security-Policy .*worker-src blob:/);
      });
    });

    describe(PAGES['wasm-unsafe-eval'].title, () => {
      it('countSync(10) and count(10) count 724 on wasm, with no fallbackReason', async () => {
        const { sync, async } = await run<Both>('wasm-unsafe-eval', 'defaultEngine');
        for (const outcome of [sync, async]) {
          expect(outcome.rejected).toBeUndefined();
          expect(outcome.resolved).toMatchObject({ exactTotal: '724', engine: 'wasm', hasFallbackReason: false });
        }
      });

      it('count(15) counts 2279184 on wasm in the page’s thread and reports workers: 1', async () => {
        const outcome = await run<Outcome>('wasm-unsafe-eval', 'count15');
        expect(outcome.rejected).toBeUndefined();
        expect(outcome.resolved).toMatchObject({
          exactTotal: '2279184',
          engine: 'wasm',
          workers: 1,
          hasFallbackReason: false,
        });
      });

      it('count(10, { workers: 1 }) rejects with WorkersRefusedError naming the policy', async () => {
        const outcome = await run<Outcome>('wasm-unsafe-eval', 'workersOne');
        expect(outcome.resolved).toBeUndefined();
        expect(outcome.rejected).toMatchObject({ name: 'WorkersRefusedError', classes: ['WorkersRefusedError'] });
        expect(outcome.rejected!.message).toMatch(/Content-Security-Policy .*worker-src blob:/);
      });
    });

    if (browser.name !== 'chromium') {
      // Chromium has a GPU here (SwiftShader); these two have none, each missing it differently.
      it(
        `${PAGES.open.title}: count(8, { engine: 'webgpu' }) counts 92, or rejects with a ` +
          'WebGPUUnavailableError that names the browser, not with the words of a TypeError',
        async () => {
          const { gpu, count } = await run<{ gpu: string; count: Outcome }>('open', 'webgpu8');
          // The case this is for in WebKit (its WebGPU feature on, above): navigator.gpu === null, which
          // used to surface as "null is not an object (evaluating 'gpu.requestAdapter')".
          if (browser.name === 'webkit') expect(gpu).toBe('null');
          if (count.resolved) {
            expect(count.resolved).toMatchObject({ total: 92, engine: 'webgpu' });
          } else {
            expect(count.rejected).toMatchObject({
              name: 'WebGPUUnavailableError',
              classes: ['WebGPUUnavailableError'],
              typeError: false,
            });
            expect(count.rejected.message).toMatch(/browser/i);
            // Neither Node nor the words of a TypeError (WebKit's, Firefox's or V8's).
            expect(count.rejected.message).not.toMatch(
              /\bNode\b|TypeError|is not an object|can't access property|Cannot read properties/,
            );
          }
        },
      );
    }
  });
}
