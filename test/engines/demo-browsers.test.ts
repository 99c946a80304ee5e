// The demo page in Chromium, Firefox ESR and WebKitGTK, at a desktop's width (1280 px) and a
// phone's (390 px): every panel used as a person would (count, its progress and Cancel; resume
// after a reload; compare; the visualizer; the solutions), what differed between the engines
// (WebKit's tints, its coarse clock, its language C) and what must hold at any width (nothing
// wider than the screen, buttons that stay beside the ones they belong with, a walk-through's step
// controls and its lit code line on screen together).
//
// WebKit runs with its locale C (LANG=C.UTF-8, as on servers and in containers), where it reports
// navigator.language 'C', a language Intl refuses. Each test opens the page afresh, and no page
// may report an error or a warning (demo-site.ts keeps them). Screenshots go to
// test-results/screenshots/engines/, named <browser>-<width>-<what>.png.
//
// A browser that is not installed is skipped, unless REQUIRE_BROWSER=1 (CI), where launching it
// fails the tests instead.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { choiceEnd } from '../../demo/src/join-panel.js';
import { JoinWalk } from '../../demo/src/join-walk.js';
import { rowEnd } from '../../demo/src/timeline.js';
import { knownCounts } from '../helpers/known-counts.js';
import { type DemoSite, openDemoSite } from './demo-site.js';
import type { BrowserDriver, DrivenPage } from './driver.js';
import { LAUNCHERS } from './launchers.js';
import { decodePng, pixel } from './png.js';

const REQUIRED = process.env.REQUIRE_BROWSER === '1';
const shots = fileURLToPath(new URL('../../test-results/screenshots/engines/', import.meta.url));
const WIDTHS = [1280, 390] as const;
const HEIGHT = 844;
/** A count, a comparison or a resumed count on a 2-core machine shared with other work. */
const LONG_MS = 120_000;

/** The colours of demo/src/style.css: the squares, and the tints of the current row. */
const LIGHT = [240, 230, 210];
const DARK = [181, 136, 99];
const TO_TRY = { rgb: [0, 114, 178], alpha: 0.4 };
const TRIED = { rgb: [213, 94, 0], alpha: 0.4 };
const over = (base: number[], tint: { rgb: number[]; alpha: number }) =>
  base.map((c, i) => Math.round(tint.rgb[i] * tint.alpha + c * (1 - tint.alpha)));

const grouped = (value: bigint) => value.toLocaleString('en');

/** axe-core's script, run in the page by each engine's own evaluation. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let site: DemoSite;

beforeAll(async () => {
  site = await openDemoSite();
  mkdirSync(shots, { recursive: true });
}, LONG_MS);

afterAll(() => site?.close());

for (const browser of LAUNCHERS) {
  describe.skipIf(!browser.installed() && !REQUIRED)(`the demo in ${browser.name}`, () => {
    let driver: BrowserDriver | undefined;
    // Kept for the tests to throw: a browser that does not start fails each of them, not skips it.
    let launchError: unknown;
    /** The pages the running test opened. */
    let opened: DrivenPage[] = [];
    /** What they reported as wrong, read before each was reloaded or closed. */
    let problems: string[] = [];

    beforeAll(async () => {
      try {
        driver = await browser.launch({ webkit: { locale: 'C.UTF-8' } });
        console.log(`${browser.name}: ${driver.product} ${driver.version}`);
      } catch (error) {
        launchError = error;
      }
    }, LONG_MS);

    afterAll(async () => {
      await driver?.close();
    });

    afterEach(async () => {
      for (const page of opened) {
        problems.push(...(await readProblems(page)));
        await page.close();
      }
      opened = [];
      const seen = problems;
      problems = [];
      expect(seen).toEqual([]);
    });

    async function readProblems(page: DrivenPage): Promise<string[]> {
      return page.run(() => (window as unknown as { __problems?: string[] }).__problems ?? ['the page has no record']);
    }

    /** Repeats `fn` in the page until it returns something truthy (or `timeoutMs` passes); resolves to that. */
    async function until<A extends unknown[], R>(
      page: DrivenPage,
      timeoutMs: number,
      fn: (...args: A) => R,
      ...args: A
    ): Promise<Awaited<R>> {
      const deadline = Date.now() + timeoutMs;
      let last: unknown;
      for (;;) {
        try {
          last = await page.run(fn, ...args);
          if (last) return last as Awaited<R>;
        } catch (error) {
          // A page being reloaded answers with an error or not at all for a moment.
          last = error;
        }
        if (Date.now() > deadline)
          throw new Error(`timed out after ${timeoutMs} ms: ${String(fn)} gave ${String(last)}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }

    /** The demo, its panels set up, at `width` × HEIGHT. */
    async function openDemo(width: number): Promise<DrivenPage> {
      if (!driver) throw new Error(`${browser.name} did not start: ${String(launchError)}`, { cause: launchError });
      const page = await driver.open(site.url, { width, height: HEIGHT });
      opened.push(page);
      await until(page, 30_000, () => document.body?.dataset.ready === 'true');
      return page;
    }

    /** Reloads the page and waits for the new one's panels. */
    async function reload(page: DrivenPage): Promise<void> {
      problems.push(...(await readProblems(page)));
      await page.run(() => {
        (window as unknown as { reloaded?: boolean }).reloaded = true;
        setTimeout(() => location.reload(), 0);
      });
      await until(
        page,
        30_000,
        () => !(window as unknown as { reloaded?: boolean }).reloaded && document.body?.dataset.ready === 'true',
      );
    }

    const text = (page: DrivenPage, selector: string) =>
      page.run((s: string) => document.querySelector(s)?.textContent ?? null, selector);

    /** Types `value` into the field, as the input and change events a person's typing ends with. */
    const fill = (page: DrivenPage, selector: string, value: string) =>
      page.run(
        (s: string, v: string) => {
          const field = document.querySelector(s) as HTMLInputElement | HTMLSelectElement;
          field.value = v;
          field.dispatchEvent(new Event('input', { bubbles: true }));
          field.dispatchEvent(new Event('change', { bubbles: true }));
        },
        selector,
        value,
      );

    const click = (page: DrivenPage, selector: string) =>
      page.run((s: string) => (document.querySelector(s) as HTMLElement).click(), selector);

    /** Compares n = 4..max, a run each, to its end: every row in the table and every point on the chart. */
    async function compareUpTo(page: DrivenPage, max: number): Promise<void> {
      await fill(page, '#compare-max', String(max));
      await fill(page, '#compare-runs', '1');
      await click(page, '#compare-run');
      await until(page, LONG_MS - 20_000, () =>
        /^(Done|Failed)/.test(document.querySelector('#compare-status')!.textContent!),
      );
      expect(await text(page, '#compare-status')).toMatch(new RegExp(`^Done: n = 4..${max} `));
      await until(
        page,
        30_000,
        (points: string) => document.querySelector<HTMLElement>('#compare-chart')!.dataset.points === points,
        String(max - 3),
      );
    }

    /** What axe finds wrong with the page as it is, one line per rule broken. */
    const violations = (page: DrivenPage) =>
      page.run(async (source: string) => {
        const scope = window as unknown as {
          axe?: {
            run: (context: Document) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
          };
        };
        // Evaluated globally (an alias of eval), as a script tag would: axe-core defines window.axe.
        // biome-ignore lint/security/noGlobalEval: axe-core's own script, from node_modules.
        const globalEval = eval;
        if (!scope.axe) globalEval(source);
        const results = await scope.axe!.run(document);
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }, axeSource);

    async function shoot(page: DrivenPage, selector: string, name: string): Promise<Buffer> {
      const png = await page.screenshot(selector);
      writeFileSync(`${shots}${browser.name}-${name}.png`, png);
      return png;
    }

    for (const width of WIDTHS) {
      describe(`at ${width} px`, () => {
        it('loads without an error or a warning, names the browser, and looks for no GPU', async () => {
          const page = await openDemo(width);
          // Named as a person knows it: WebKitGTK's user agent says Version/60.5 Safari/605.1.15, and it is no Safari.
          const named = {
            chromium: 'Chromium \\d+',
            firefox: 'Firefox \\d+',
            webkit: 'WebKitGTK',
          };
          expect(await text(page, '#environment')).toMatch(
            new RegExp(`^Running on ${named[browser.name as keyof typeof named]} · \\d+ cores?\\.$`),
          );
          // Nobody asked for the GPU: the page did not look for an adapter.
          expect(await page.run(() => document.body.dataset.webgpu ?? null)).toBeNull();
          expect(await page.run(() => document.querySelector<HTMLElement>('#gpu')!.hidden)).toBe(true);
          await shoot(page, '#count', `${width}-count-start`);
        });

        if (browser.name === 'webkit') {
          it('in the locale C, whose language Intl refuses, loads, compares and draws the chart', async () => {
            const page = await openDemo(width);
            // What WebKit reports in the locale it was started in, and Intl refuses.
            expect(await page.run(() => navigator.language)).toBe('C');
            expect(
              await page.run(() => {
                try {
                  return `formats as ${new Intl.NumberFormat(navigator.language).resolvedOptions().locale}`;
                } catch (error) {
                  return (error as Error).name;
                }
              }),
            ).toBe('RangeError');
            await fill(page, '#compare-max', '5');
            await fill(page, '#compare-runs', '1');
            await click(page, '#compare-run');
            await until(
              page,
              60_000,
              () =>
                document.querySelector('#compare-status')!.textContent!.startsWith('Done') &&
                document.querySelector<HTMLElement>('#compare-chart')!.dataset.points === '2',
            );
            expect(await text(page, '#compare-status')).toMatch(/^Done: n = 4..5 /);
            expect(await page.run(() => document.querySelectorAll('#compare-chart canvas').length)).toBeGreaterThan(0);
            expect(await page.run(() => document.querySelector<HTMLElement>('#compare-legend')!.dataset.n)).toBe('5');
            // The chart's library read the fallback, where it would have stopped the page's scripts.
            expect(await page.run(() => navigator.language)).toBe('en-US');
          });
        }

        it('counts n = 1 as "1 solution", in the singular', async () => {
          const page = await openDemo(width);
          await fill(page, '#count-n', '1');
          await click(page, '#count-run');
          await until(page, 30_000, () => document.querySelector<HTMLElement>('#count-result')!.dataset.total === '1');
          expect(await text(page, '#count-result')).toMatch(
            /^n = 1: 1 solution, 1 unique \(wasm, backtrack, automatic: 1 thread, [\d,.]+ ms\)$/,
          );
        });

        it("shows a long count's progress as a percentage, and Cancel stops it and clears it", async () => {
          const page = await openDemo(width);
          await fill(page, '#count-n', '18');
          await click(page, '#count-run');
          expect(
            await until(page, 30_000, () => {
              const shown = document.querySelector('#count-progress-text')!.textContent!;
              return /^\d+% · [\d,]+\/[\d,]+ subproblems( · ETA \S+)?$/.test(shown) ? shown : null;
            }),
          ).toMatch(/subproblems/);
          await shoot(page, '#count', `${width}-count-progress`);
          await click(page, '#count-cancel');
          await until(page, 30_000, () => document.querySelector('#count-result')!.textContent === 'Cancelled.');
          expect(await text(page, '#count-progress-text')).toBe('');
          expect(await page.run(() => document.querySelector<HTMLProgressElement>('#count-progress')!.value)).toBe(0);
          expect(await page.run(() => document.querySelector<HTMLButtonElement>('#count-run')!.disabled)).toBe(false);
          expect(await page.run(() => document.querySelector<HTMLButtonElement>('#count-cancel')!.disabled)).toBe(true);
        });

        it(
          'offers to resume a count interrupted by a reload; the form then shows the count resumed, which ends exactly',
          async () => {
            const page = await openDemo(width);
            await fill(page, '#count-n', '17');
            await fill(page, '#count-workers', '1');
            await click(page, '#count-run');
            // A checkpoint with some of the count done, in the page's storage; then the reload.
            await until(
              page,
              60_000,
              () =>
                (JSON.parse(localStorage.getItem('nqueens-wasm:count-checkpoint') ?? 'null')?.checkpoint?.done
                  ?.length ?? 0) > 0,
            );
            await reload(page);
            await until(page, 10_000, () => !document.querySelector<HTMLElement>('#count-resume')!.hidden);
            expect(await text(page, '#count-resume-text')).toMatch(
              /^A count of n = 17 \(wasm, join, 1 thread\) was interrupted at \d+%, after \d+s\.$/,
            );
            // Whatever the form shows before (a browser may restore its fields on a reload, and a
            // person may change them), Resume shows the count it resumes.
            await fill(page, '#count-n', '10');
            await fill(page, '#count-engine', 'js');
            await fill(page, '#count-workers', '');
            await click(page, '#count-resume-run');
            const form = () =>
              page.run(() => [
                document.querySelector<HTMLInputElement>('#count-n')!.value,
                document.querySelector<HTMLSelectElement>('#count-engine')!.value,
                document.querySelector<HTMLSelectElement>('#count-workers')!.value,
              ]);
            expect(await form()).toEqual(['17', 'wasm', '1']);
            const { total, unique } = knownCounts.get(17)!;
            await until(
              page,
              LONG_MS - 30_000,
              (t: string) => document.querySelector<HTMLElement>('#count-result')!.dataset.total === t,
              String(total),
            );
            expect(await text(page, '#count-result')).toMatch(
              new RegExp(
                `^n = 17: ${grouped(total)} solutions, ${grouped(unique)} unique \\(wasm, join, 1 thread, [\\d,.]+ ms, resumed\\)$`,
              ),
            );
            expect(await form()).toEqual(['17', 'wasm', '1']);
            await shoot(page, '#count', `${width}-count-resumed`);
          },
          LONG_MS,
        );

        it(
          'compares n = 4..8: every time measured, finite speed-ups, and the legend shows the last n without a cursor',
          async () => {
            const page = await openDemo(width);
            await fill(page, '#compare-max', '8');
            await fill(page, '#compare-runs', '3');
            await click(page, '#compare-run');
            const status = await until(page, LONG_MS - 10_000, () => {
              const shown = document.querySelector('#compare-status')!.textContent!;
              return /^(Done|Failed)/.test(shown) ? shown : null;
            });
            expect(status).toMatch(/^Done: n = 4..8 on .+ cores?\.$/);
            // The chart's library loads with the first row: the chart may draw after the table.
            await until(
              page,
              30_000,
              () => document.querySelector<HTMLElement>('#compare-chart')!.dataset.points === '5',
            );
            const rows = await page.run(() =>
              [...document.querySelectorAll('#compare-table tbody tr')].map((tr) =>
                [...tr.children].map((td) => td.textContent!),
              ),
            );
            expect(rows.map((r) => r[0])).toEqual(['4', '5', '6', '7', '8']);
            expect(rows.map((r) => r[1])).toEqual([4, 5, 6, 7, 8].map((n) => grouped(knownCounts.get(n)!.total)));
            for (const [n, , js, wasm, speedup] of rows) {
              // A time the clock could not see reads "< resolution", a speed-up from one "—".
              expect(Number(js.replaceAll(',', '')), `n = ${n}: TypeScript ${js}`).toBeGreaterThan(0);
              expect(Number(wasm.replaceAll(',', '')), `n = ${n}: wasm ${wasm}`).toBeGreaterThan(0);
              expect(speedup, `n = ${n}`).toMatch(/^\d+\.\d\d×$/);
            }
            // Without a cursor on the chart, the legend holds the last row's values.
            const last = rows.at(-1)!;
            const legend = await page.run(() => {
              const element = document.querySelector<HTMLElement>('#compare-legend')!;
              return { hidden: element.hidden, n: element.dataset.n, text: element.textContent };
            });
            expect(legend).toEqual({
              hidden: false,
              n: '8',
              text: `n = 8 TypeScript ${last[2]} ms wasm ${last[3]} ms`,
            });
            expect(await page.run(() => document.querySelectorAll('#compare-chart canvas').length)).toBeGreaterThan(0);
            await shoot(page, '#compare', `${width}-compare`);
          },
          LONG_MS,
        );

        it("tints the visualizer's current row, vermilion where tried and blue where still to try, in the screenshot's pixels", async () => {
          const page = await openDemo(width);
          await fill(page, '#watch-n', '6');
          // One step: a queen on row 0's first square (tried); its other five still to try.
          await click(page, '#watch-step');
          expect(await page.run(() => document.querySelector<HTMLElement>('#watch-board')!.dataset.queens)).toBe('0');
          // The control bar stays at the top of the screen (sticky): in the page's flow again, it
          // cannot stand over the board where the driver scrolls the board to the top for its picture.
          await page.run(() => {
            document.querySelector<HTMLElement>('#watch-bar')!.style.position = 'static';
          });
          const png = await shoot(page, '#watch-board', `${width}-watch-tints`);
          const image = decodePng(png);
          // Each square's corner, 4 CSS pixels in from it: clear of the queen, drawn at the middle.
          const corners = await page.run(() => {
            const board = document.querySelector('#watch-board')!.getBoundingClientRect();
            return [...document.querySelectorAll('#watch-board .square')].slice(0, 12).map((square) => {
              const r = square.getBoundingClientRect();
              return { x: r.left - board.left + 4, y: r.top - board.top + 4, width: board.width };
            });
          });
          const scale = image.width / corners[0].width;
          const colour = (i: number) => pixel(image, corners[i].x * scale, corners[i].y * scale).slice(0, 3);
          const squareOf = (i: number) => ((Math.floor(i / 6) + (i % 6)) % 2 === 0 ? LIGHT : DARK);
          const expected = [
            over(LIGHT, TRIED),
            ...[1, 2, 3, 4, 5].map((i) => over(squareOf(i), TO_TRY)),
            // Row 1: not the current row, untinted.
            ...[6, 7, 8, 9, 10, 11].map(squareOf),
          ];
          for (let i = 0; i < 12; i++) {
            const seen = colour(i);
            for (let c = 0; c < 3; c++) {
              expect(
                Math.abs(seen[c] - expected[i][c]),
                `square ${i}: ${seen} against ${expected[i]}`,
              ).toBeLessThanOrEqual(6);
            }
          }
        });

        it('says in the step log that a row with no open square makes the queen above a dead end', async () => {
          const page = await openDemo(width);
          await fill(page, '#watch-n', '4');
          // Row 0's open squares; a queen on (0, 0), down; row 1's; a queen on (1, 2), down; row 2's: all attacked.
          for (let i = 0; i < 6; i++) await click(page, '#watch-step');
          const message =
            'Row 2: free = all & ~(cols | first | second) = 0000: every square is attacked, so the queen on row 1 is a dead end';
          expect(await text(page, '#watch-message')).toBe(message);
          expect(await text(page, '#watch-log li')).toBe(message);
          await click(page, '#watch-step');
          expect(await text(page, '#watch-message')).toBe('Row 2 has nothing left to try');
          await shoot(page, '#watch', `${width}-watch`);
        });

        it('watches the search: the code line each step runs, the stack, the timeline, the keys and the tree', async () => {
          const page = await openDemo(width);
          await fill(page, '#watch-n', '6');
          for (let i = 0; i < 4; i++) await click(page, '#watch-step');
          const current = () => text(page, '#watch-code .line[aria-current="step"]');
          expect(await current()).toBe('▶     const bit = free & -free; free ^= bit;  // bit = 001000, free = 000111');
          expect(await page.run(() => document.querySelectorAll('#watch-stack tbody tr').length)).toBe(2);
          await click(page, 'input[name="watch-code-form"][value="recursive"]');
          expect(await current()).toBe(
            '▶       const bit = free & -free; free ^= bit;  // bit = 001000, free = 000111',
          );
          await fill(page, '#watch-scrub', '41');
          expect(await page.run(() => document.querySelector<HTMLElement>('#watch-board')!.dataset.step)).toBe('41');
          expect(await text(page, '#watch-position')).toBe('41 of 750');
          expect(await page.run(() => new URL(location.href).searchParams.get('step'))).toBe('41');
          await click(page, '#watch-next-solution');
          expect(await text(page, '#watch-message')).toBe('Solution 1: columns 1, 3, 5, 0, 2, 4');
          // The panel's keys, as the panel receives them from within (real keys: the Chromium tier).
          await page.run(() =>
            document
              .querySelector<HTMLElement>('#watch-code')!
              .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })),
          );
          expect(await page.run(() => document.querySelector<HTMLElement>('#watch-board')!.dataset.step)).toBe('143');
          // The next dead end: a row with no open square below a queen, as the tree counts them.
          await click(page, '#watch-next-dead-end');
          expect(await text(page, '#watch-message')).toMatch(
            /^Row \d: free = all & ~\(cols \| first \| second\) = 0+: every square is attacked, so the queen on row \d is a dead end$/,
          );
          expect(await violations(page)).toEqual([]);
          await fill(page, '#watch-n', '8');
          await fill(page, '#watch-scrub', '10005');
          expect(await page.run(() => document.querySelectorAll('#watch-tree rect.reached').length)).toBe(2057);
          expect(await page.run(() => getComputedStyle(document.querySelector('#watch-board')!).width)).not.toBe('0px');
          await shoot(page, '#watch', `${width}-watch-panel`);
        });

        it('watches the join from a link to a solution of n = 8, the next row choice and the end, within the width, axe clean', async () => {
          const walk = new JoinWalk(8);
          let at = 0;
          for (; ; at++) {
            const step = walk.step(at);
            if (step.kind === 'pair' && walk.subproblems[step.subproblem].probes[step.index].tests[step.test].fits)
              break;
          }
          const page = await openDemo(width);
          await page.run((query: string) => history.replaceState(null, '', query), `?join-n=8&join-step=${at}#join`);
          await reload(page);
          expect(await page.run(() => document.querySelector<HTMLElement>('#join-board')!.dataset.step)).toBe(
            String(at),
          );
          expect(await text(page, '#join-message')).toMatch(
            /: both ANDs are zero, so the pair fits: pair 1 of this row choice, \d solutions? with its class, \d+ so far$/,
          );
          expect(await text(page, '#join-code .line[aria-current="step"]')).toMatch(
            /const fits = \(w\.first & e\.first\) === 0 && \(w\.second & e\.second\) === 0;\s+\/\/ e = \{ key: [01]{4}, queens: \[[\d, ]+\] \}, fits = true$/,
          );
          expect(
            await page.run(() => document.querySelector<HTMLElement>('#join-board')!.dataset.queens!.split(',').length),
          ).toBe(8);
          expect(await page.run(() => document.querySelectorAll('#join-buckets li.meets').length)).toBeGreaterThan(0);
          await shoot(page, '#join', `${width}-join-pair`);
          await click(page, '#join-next-choice');
          const next = walk.subproblems[walk.step(at).subproblem + 1];
          expect(await page.run(() => document.querySelector<HTMLElement>('#join-board')!.dataset.step)).toBe(
            String(next.start),
          );
          // The next pair that fits: the solutions so far grow by its class size as it comes.
          await click(page, '#join-next-pair');
          const pair = walk.fittingPairs.find((step) => step > next.start)!;
          expect(await page.run(() => document.querySelector<HTMLElement>('#join-board')!.dataset.step)).toBe(
            String(pair),
          );
          const its = walk.subproblems[walk.step(pair).subproblem];
          expect(await text(page, '#join-total')).toBe(String(its.before + its.classSize));
          const layout = await page.run(() => ({
            scroll: document.documentElement.scrollWidth,
            width: document.documentElement.clientWidth,
            code: document.querySelector('#join-code')!.getBoundingClientRect().right,
          }));
          expect(layout.scroll).toBeLessThanOrEqual(layout.width);
          expect(layout.code).toBeLessThanOrEqual(layout.width);
          expect(await violations(page)).toEqual([]);
          // The end: Burnside's sum, the solutions a half turn keeps drawn.
          await page.run(() => {
            const scrub = document.querySelector<HTMLInputElement>('#join-scrub')!;
            scrub.value = scrub.max;
            scrub.dispatchEvent(new Event('input', { bubbles: true }));
          });
          expect(await text(page, '#join-burnside-sum')).toBe(
            'Unique, by Burnside: (total + F180 + 2 × F90) / 8, so 12 = (92 + 4 + 2 × 0) / 8.',
          );
          expect(await page.run(() => document.querySelectorAll('#join-kept .board').length)).toBe(4);
          expect(await text(page, '#join-total')).toBe('92');
          expect(await page.run(() => document.querySelector<HTMLButtonElement>('#join-next-pair')!.disabled)).toBe(
            true,
          );
          expect(await violations(page)).toEqual([]);
        });

        it("keeps the step controls and the lit code line on screen together, and runs to a row's end and a row choice's end", async () => {
          const page = await openDemo(width);
          const n = { watch: 6, join: 8 } as const;
          const endOf = { watch: 'row-end', join: 'choice-end' } as const;
          const expectedEnd = {
            watch: (at: number) => rowEnd(n.watch, at),
            join: (at: number) => choiceEnd(new JoinWalk(n.join), at),
          };
          // Each box wholly within the viewport, and the lit line clear of the sticky bar above it.
          const onScreen = (panel: 'watch' | 'join') =>
            page.run(
              (id: string, end: string) => {
                const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
                const inView = (selector: string) => {
                  const { top, bottom, height } = box(selector);
                  return top >= 0 && bottom <= innerHeight && height > 0;
                };
                const line = `#${id}-code [aria-current="step"]`;
                return {
                  step: inView(`#${id}-step`),
                  end: inView(`#${id}-${end}`),
                  line: inView(line),
                  lineBelowBar: box(line).top >= box(`#${id}-bar`).bottom,
                };
              },
              panel,
              endOf[panel],
            );
          const all = { step: true, end: true, line: true, lineBelowBar: true };
          const shownStep = (panel: string) =>
            page.run((id: string) => document.querySelector<HTMLElement>(`#${id}-board`)!.dataset.step ?? null, panel);
          for (const panel of ['watch', 'join'] as const) {
            await fill(page, `#${panel}-n`, String(n[panel]));
            // Scrolled to the panel as a person scrolls to it (a script's click scrolls nothing).
            await page.run((id: string) => {
              const step = document.querySelector(`#${id}-step`)!;
              const { top, bottom } = step.getBoundingClientRect();
              if (top < 0 || bottom > innerHeight) step.scrollIntoView({ block: 'center' });
            }, panel);
            for (let i = 1; i <= 8; i++) {
              await click(page, `#${panel}-step`);
              expect(await shownStep(panel)).toBe(String(i));
              expect(await onScreen(panel), `${panel} step ${i}`).toEqual(all);
            }
            for (let i = 0; i < 3; i++) {
              const at = Number(await shownStep(panel));
              const end = expectedEnd[panel](at);
              expect(end, `${panel}: an end after step ${at}`).not.toBeNull();
              await click(page, `#${panel}-${endOf[panel]}`);
              expect(await shownStep(panel)).toBe(String(end));
              expect(await onScreen(panel), `${panel} run to the end from ${at}`).toEqual(all);
            }
            await shoot(page, `#${panel}`, `${width}-${panel}-reach`);
          }
        });

        it('browses the solutions of n = 6, and those of n = 1 in the singular', async () => {
          const page = await openDemo(width);
          await fill(page, '#browse-n', '6');
          await until(page, 30_000, () => document.querySelector('#browse-summary')!.textContent!.startsWith('n = 6:'));
          expect(await text(page, '#browse-summary')).toBe(
            'n = 6: 4 solutions, 1 unique up to rotation and reflection.',
          );
          expect(await page.run(() => document.querySelectorAll('#browse-list li').length)).toBe(4);
          await shoot(page, '#browse', `${width}-browse`);
          await fill(page, '#browse-n', '1');
          await until(page, 30_000, () => document.querySelector('#browse-summary')!.textContent!.startsWith('n = 1:'));
          expect(await text(page, '#browse-summary')).toBe(
            'n = 1: 1 solution, 1 unique up to rotation and reflection.',
          );
          expect(await text(page, '#browse-pages')).toBe('of 1');
        });

        it(
          'fits its width: nothing scrolls sideways, Cancel and Stop stay beside Count and Compare, the compare table and chart within their columns',
          async () => {
            const page = await openDemo(width);
            // The widest the table gets in this browser: every n the form's default takes.
            await compareUpTo(page, 12);
            await fill(page, '#browse-n', '12');
            await until(page, 60_000, () => document.querySelector('#browse-pages')!.textContent === 'of 1,184');
            const layout = await page.run(() => {
              const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
              const scroller = document.querySelector('.table-scroll')!;
              return {
                page: { scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth },
                cancelBesideCount: box('#count-cancel').top === box('#count-run').top,
                stopBesideCompare: box('#compare-stop').top === box('#compare-run').top,
                table: { right: box('#compare-table').right, column: box('#compare').right },
                tableScroll: { scroll: scroller.scrollWidth, width: scroller.clientWidth },
                // The chart's canvas within its box, to the fraction of a pixel.
                chart: {
                  canvas: document.querySelector('#compare-chart canvas')!.getBoundingClientRect().width,
                  box: box('#compare-chart').width,
                },
              };
            });
            expect(layout.page.scroll).toBeLessThanOrEqual(layout.page.width);
            expect(layout.cancelBesideCount).toBe(true);
            expect(layout.stopBesideCompare).toBe(true);
            expect(layout.table.right).toBeLessThanOrEqual(layout.table.column);
            // The table fits: its column has nothing to scroll.
            expect(layout.tableScroll.scroll).toBeLessThanOrEqual(layout.tableScroll.width);
            expect(layout.chart.canvas).toBeGreaterThan(0);
            expect(layout.chart.canvas).toBeLessThanOrEqual(layout.chart.box);
            await shoot(page, '#compare', `${width}-compare-12`);
          },
          LONG_MS,
        );

        it(
          'keeps the chart and the join’s figures inside their boxes once the page has settled: the compare table full (n = 4..15), the fonts loaded, a frame later',
          async () => {
            const page = await openDemo(width);
            await compareUpTo(page, 15);
            // The join at its widest board (n = 10) and a step that draws its buckets and words.
            const walk = new JoinWalk(10);
            let at = 0;
            while (walk.step(at).kind !== 'pair') at++;
            await fill(page, '#join-n', '10');
            await fill(page, '#join-scrub', String(at));
            // Settled: the fonts loaded and laid out, and a frame drawn after the last resize.
            await page.run(async () => {
              await document.fonts.ready;
              for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
            });
            const boxes = await page.run(() => {
              const box = (element: Element) => {
                const { left, right, width } = element.getBoundingClientRect();
                return { left, right, width };
              };
              const column = box(document.querySelector('#join')!);
              const figures = [
                ...[
                  '#join-board',
                  '.join-board',
                  '#join-buckets',
                  '#join-tally-scroll',
                  '#join-versus',
                  '#join-growth',
                  '#join-words',
                ].map((selector) => document.querySelector(selector)!),
                // The "Keys and buckets" box and the board's figure, as laid out.
                document.querySelector('#join-buckets')!.parentElement!,
                document.querySelector('.join-figure')!,
              ].map((element) => ({ name: element.id || element.className, ...box(element) }));
              return {
                chart: {
                  canvas: box(document.querySelector('#compare-chart canvas')!),
                  box: box(document.querySelector('#compare-chart')!),
                },
                column,
                outside: figures
                  .filter((f) => f.left < column.left - 0.01 || f.right > column.right + 0.01)
                  .map((f) => `${f.name}: ${f.left}..${f.right} in ${column.left}..${column.right}`),
              };
            });
            expect(boxes.chart.canvas.width).toBeGreaterThan(0);
            expect(boxes.chart.canvas.width).toBeLessThanOrEqual(boxes.chart.box.width);
            expect(boxes.chart.canvas.right).toBeLessThanOrEqual(boxes.chart.box.right + 0.01);
            expect(boxes.outside, boxes.outside.join('; ')).toEqual([]);
            await shoot(page, '#join', `${width}-join-settled`);
          },
          LONG_MS,
        );
      });
    }
  });
}
