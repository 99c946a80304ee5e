// The demo page in a real Chromium: it loads cleanly, counts, compares, animates, browses,
// cancels, works with the keyboard and on a phone-sized screen. Screenshots go to
// test-results/screenshots/; the last one, of the whole page, is the one docs/demo.png shows.
// Every test opens the page afresh, in a browser context of its own (its own storage), so that no
// test depends on what another did or on their order; none may log an error or a warning.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { choiceEnd } from '../../../demo/src/join-panel.js';
import { JoinWalk } from '../../../demo/src/join-walk.js';
import { methodFigures } from '../../../demo/src/method-figures.js';
import { atSolution, rowEnd, Timeline } from '../../../demo/src/timeline.js';
import { workedExample } from '../../../demo/src/worked-example.js';
import { JOIN_DEFAULT_UP_TO_N, JOIN_FROM_N } from '../../../src/defaults.js';
import { BROWSER_TESTS, launchChromium, serveDirectory } from '../../helpers/chromium.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** What axe.run resolves to, as far as these tests read it. */
interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}
const shots = `${root}test-results/screenshots`;

describe.skipIf(!BROWSER_TESTS)('demo page in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let url: string;
  /** The pages the running test opened, and what they logged that they should not have. */
  let opened: Page[] = [];
  let problems: string[] = [];
  /** The page the test works on: the demo at desktop size, its panels set up. */
  let page: Page;

  beforeAll(async () => {
    await build({ configFile: `${root}demo/vite.config.ts`, logLevel: 'warn' });
    ({ url, server } = await serveDirectory(`${root}demo/dist`));
    browser = await launchChromium();
    mkdirSync(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /**
   * A new page of the demo in a new browser context, its panels set up. `before` runs in the page
   * before its scripts.
   */
  async function openDemo({
    width = 1200,
    height = 900,
    before,
    query = '',
  }: {
    width?: number;
    height?: number;
    before?: () => void;
    /** Added to the page's address: `?n=6&step=41#watch`. */
    query?: string;
  } = {}): Promise<Page> {
    const opening = await browser.newPage({ viewport: { width, height } });
    opened.push(opening);
    opening.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    opening.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // An error reported to the window without an exception (a ResizeObserver loop) reaches no
    // 'pageerror': the page passes it on to the console.
    await opening.addInitScript(() =>
      addEventListener('error', (event) => {
        if (event.error === null || event.error === undefined) console.error(`window error: ${event.message}`);
      }),
    );
    if (before) await opening.addInitScript(before);
    await opening.goto(url + query);
    await opening.waitForFunction(() => document.body.dataset.ready === 'true');
    return opening;
  }

  beforeEach(async () => {
    opened = [];
    problems = [];
    page = await openDemo();
  });

  afterEach(async () => {
    await Promise.all(opened.map((p) => p.close()));
    expect(problems).toEqual([]);
  });

  it('loads: the environment line names the browser and its cores', async () => {
    await expect.poll(() => page.textContent('#environment')).toMatch(/Running on .+ · \d+ cores?\./);
  });

  it('looks for no GPU until the user picks it: no adapter asked for, no WebGPU line', async () => {
    expect(await page.evaluate(() => document.body.dataset.webgpu)).toBeUndefined();
    expect(await page.isHidden('#gpu')).toBe(true);
    // The engine and the comparison offer it all the same: the browser has WebGPU.
    expect(await page.$$eval('#count-engine option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      'wasm',
      'js',
      'webgpu',
    ]);
    expect(await page.isVisible('#compare-gpu')).toBe(true);
  });

  it('loads and draws the chart where the browser reports a language Intl refuses ("C", as WebKit does in the locale C)', async () => {
    const c = await openDemo({
      before: () => {
        Object.defineProperty(Navigator.prototype, 'language', {
          get: () => 'C',
          configurable: true,
        });
        Object.defineProperty(Navigator.prototype, 'languages', {
          get: () => ['C'],
          configurable: true,
        });
      },
    });
    expect(await c.evaluate(() => navigator.language)).toBe('C');
    await c.fill('#compare-max', '5');
    await c.fill('#compare-runs', '1');
    await c.click('#compare-run');
    await c.waitForSelector('#compare-chart[data-points="2"]', {
      timeout: 60_000,
    });
    expect(await c.locator('#compare-chart canvas').count()).toBeGreaterThan(0);
    expect(await c.getAttribute('#compare-legend', 'data-n')).toBe('5');
    expect(await c.evaluate(() => navigator.language)).toBe('en-US');
  });

  it.each([
    ['wasm', 'wasm'],
    ['js', 'TypeScript'],
  ])('counts n = 8 to 92 solutions, 12 unique, on the %s engine in a Web Worker, named %s', async (engine, name) => {
    await page.fill('#count-n', '8');
    await page.selectOption('#count-engine', engine);
    await page.selectOption('#count-workers', '1');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="92"]');
    expect(await page.textContent('#count-result')).toMatch(
      new RegExp(`^n = 8: 92 solutions, 12 unique \\(${name}, backtrack, 1 thread, [\\d,.]+ ms\\)$`),
    );
  });

  it("defaults the threads to the package's own choice, labelled Automatic, and says what it chose", async () => {
    expect(
      await page.$eval('#count-workers', (s) => [
        (s as HTMLSelectElement).value,
        (s as HTMLSelectElement).selectedOptions[0].textContent,
      ]),
    ).toEqual(['', 'Automatic']);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    expect(await page.$$eval('#count-workers option', (os) => os.map((o) => o.textContent))).toEqual([
      'Automatic',
      ...Array.from({ length: cores }, (_, k) => String(k + 1)),
    ]);
    await page.fill('#count-n', '12');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="14200"]');
    // n = 12 is small: the package counts it on the page's thread alone rather than start threads.
    expect(await page.textContent('#count-result')).toMatch(
      /^n = 12: 14,200 solutions, 1,787 unique \(wasm, backtrack, automatic: 1 thread, [\d,.]+ ms\)$/,
    );
  });

  it('says why n = 8 on 2 threads was counted on 1: it is planned as a single subproblem', async () => {
    // Four cores, whatever the machine has, so that 2 threads are on offer and within the pool.
    const fourCores = await openDemo({
      before: () =>
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {
          get: () => 4,
        }),
    });
    await fourCores.fill('#count-n', '8');
    await fourCores.selectOption('#count-workers', '2');
    await fourCores.click('#count-run');
    await fourCores.waitForSelector('#count-result[data-total="92"]');
    expect(await fourCores.textContent('#count-result')).toMatch(
      /^n = 8: 92 solutions, 12 unique \(wasm, backtrack, 1 thread, [\d,.]+ ms\)\. Asked for 2 threads, counted on 1: n = 8 is planned as one piece of work \(1 subproblem\), which one thread counts\. Bigger boards split into more\.$/,
    );
  });

  it('looks for the adapter once WebGPU is picked, and names it: here the software one, labelled as such', async () => {
    await page.selectOption('#count-engine', 'webgpu');
    // The look sets the GPU up whole (device and kernel): seconds on SwiftShader.
    await expect
      .poll(() => page.textContent('#gpu'), { timeout: 15_000 })
      .toMatch(/^WebGPU: google swiftshader, a software adapter \(its times say nothing about GPUs\)\.$/);
    expect(await page.evaluate(() => document.body.dataset.webgpu)).toBe('adapter');
    expect(await page.inputValue('#count-engine')).toBe('webgpu');
    expect(
      await page.$$eval('#count-engine option', (options) =>
        options.map((o) => [(o as HTMLOptionElement).value, o.textContent]),
      ),
    ).toEqual([
      ['wasm', 'wasm'],
      ['js', 'TypeScript'],
      ['webgpu', 'WebGPU'],
    ]);
  });

  it('counts n = 10 on the WebGPU engine, which takes no worker threads, by either method', async () => {
    await page.fill('#count-n', '10');
    await page.selectOption('#count-engine', 'webgpu');
    expect(await page.isDisabled('#count-workers')).toBe(true);
    expect(await page.isEnabled('#count-method')).toBe(true);
    await page.selectOption('#count-method', 'backtrack');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="724"]');
    expect(await page.textContent('#count-result')).toMatch(
      /^n = 10: 724 solutions, 92 unique \(WebGPU, backtrack, [\d,.]+ ms\)$/,
    );
    // By the join on the GPU: the same counts.
    await page.selectOption('#count-method', 'join');
    await page.click('#count-run');
    await expect
      .poll(() => page.textContent('#count-result'), { timeout: 30_000 })
      .toMatch(/^n = 10: 724 solutions, 92 unique \(WebGPU, join, [\d,.]+ ms\)$/);
    await page.selectOption('#count-engine', 'wasm');
    expect(await page.isEnabled('#count-workers')).toBe(true);
  });

  it('counts from the keyboard: type n, press Enter', async () => {
    await page.focus('#count-n');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#count-result[data-total="724"]');
    await page.locator('#count').screenshot({ path: `${shots}/count.png` });
  });

  it('shows the progress of a long count as a percentage with an ETA', async () => {
    await page.fill('#count-n', '19');
    await page.selectOption('#count-engine', 'wasm');
    await page.click('#count-run');
    await expect
      .poll(() => page.textContent('#count-progress-text'), { timeout: 30_000 })
      .toMatch(/^\d+% · [\d,]+\/[\d,]+ subproblems · ETA \d+(s|m\d\ds|h\d\dm)$/);
    await page.click('#count-cancel');
    await expect.poll(() => page.textContent('#count-result')).toBe('Cancelled.');
  });

  it('Cancel clears the progress of the count it stopped', async () => {
    await page.fill('#count-n', '19');
    await page.selectOption('#count-engine', 'wasm');
    await page.click('#count-run');
    await expect.poll(() => page.textContent('#count-progress-text'), { timeout: 30_000 }).toMatch(/ETA/);
    await page.click('#count-cancel');
    await expect.poll(() => page.textContent('#count-result')).toBe('Cancelled.');
    expect(await page.textContent('#count-progress-text')).toBe('');
    expect(await page.$eval('#count-progress', (p) => (p as HTMLProgressElement).value)).toBe(0);
  });

  it('Cancel stops a long count and frees the controls', async () => {
    await page.fill('#count-n', '20');
    await page.selectOption('#count-engine', 'wasm');
    await page.click('#count-run');
    await expect
      .poll(() => page.$eval('#count-progress', (p) => (p as HTMLProgressElement).value), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.click('#count-cancel');
    await expect.poll(() => page.textContent('#count-result')).toBe('Cancelled.');
    expect(await page.isEnabled('#count-run')).toBe(true);
    expect(await page.isDisabled('#count-cancel')).toBe(true);
  });

  it('after a reload, offers to resume the interrupted count from the checkpoint it kept, which then finishes exactly, the form showing it', async () => {
    await page.fill('#count-n', '17');
    await page.selectOption('#count-engine', 'wasm');
    await page.selectOption('#count-workers', '1');
    await page.click('#count-run');
    // A checkpoint of this count in the page's storage, then the reload.
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              JSON.parse(localStorage.getItem('nqueens-wasm:count-checkpoint') ?? 'null')?.checkpoint?.done?.length ??
              0,
          ),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('nqueens-wasm:count-checkpoint')!).checkpoint.n))
      .toBe(17);
    await page.reload();
    await expect.poll(() => page.isVisible('#count-resume')).toBe(true);
    expect(await page.textContent('#count-resume-text')).toMatch(
      /^A count of n = 17 \(wasm, join, 1 thread\) was interrupted at \d+%, after \d+s\.$/,
    );
    // The form shows what a new count would be (the page's default), until Resume.
    const form = () =>
      Promise.all(['#count-n', '#count-engine', '#count-workers'].map((field) => page.inputValue(field)));
    expect(await form()).toEqual(['12', 'wasm', '']);
    await page.click('#count-resume-run');
    expect(await form()).toEqual(['17', 'wasm', '1']);
    await page.waitForSelector('#count-result[data-total="95815104"]', {
      timeout: 60_000,
    });
    expect(await page.textContent('#count-result')).toMatch(
      /^n = 17: 95,815,104 solutions, 11,977,939 unique \(wasm, join, 1 thread, [\d,.]+ ms, resumed\)$/,
    );
    expect(await form()).toEqual(['17', 'wasm', '1']);
    expect(await page.isHidden('#count-resume')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('nqueens-wasm:count-checkpoint'))).toBeNull();
  });

  it('shows a hint where the chart goes, before the first comparison', async () => {
    expect(await page.textContent('#compare-chart .hint')).toMatch(/^Press Compare: the median times of both engines/);
    expect(await page.locator('#compare-chart canvas').count()).toBe(0);
  });

  it('Stop ends a comparison at once and keeps the rows measured so far', async () => {
    await page.fill('#compare-max', '15');
    await page.fill('#compare-runs', '1');
    expect(await page.isDisabled('#compare-stop')).toBe(true);
    const comparing = page.waitForEvent('worker', (worker) => worker.url().includes('compare-worker'));
    await page.click('#compare-run');
    const worker = await comparing;
    const ended = new Promise<void>((resolve) => worker.on('close', () => resolve()));
    expect(await page.isEnabled('#compare-stop')).toBe(true);
    await expect
      .poll(() => page.locator('#compare-table tbody tr').count(), {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(3);
    await page.click('#compare-stop');
    // The status is read right after the click's handler ran: it says Stopped at once.
    const status = await page.textContent('#compare-status');
    const rows = await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.n));
    expect(rows.length).toBeLessThan(12);
    expect(status).toBe(
      `Stopped: n = 4..${rows.at(-1)} measured on ${(await page.textContent('#environment'))!.replace(/^Running on (.*)\.$/, '$1')}.`,
    );
    expect(await page.isEnabled('#compare-run')).toBe(true);
    expect(await page.isDisabled('#compare-stop')).toBe(true);
    // The worker is ended, and nothing more arrived from it.
    await ended;
    expect(
      await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.n)),
    ).toEqual(rows);
    expect(await page.getAttribute('#compare-chart', 'data-points')).toBe(String(rows.length));
  });

  it('fills the TypeScript vs wasm vs WebGPU table and chart as results arrive, the legend showing the last n', async () => {
    await page.fill('#compare-max', '10');
    await page.fill('#compare-runs', '3');
    await page.check('#compare-gpu');
    await page.click('#compare-run');
    await expect
      .poll(() => page.textContent('#compare-status'), { timeout: 60_000 })
      .toMatch(/^Done: n = 4..10 on .+ cores?\.$/);
    const head = await page.$$eval('#compare-table thead th', (ths) =>
      ths.filter((th) => !(th as HTMLElement).hidden).map((th) => th.textContent),
    );
    expect(head).toEqual(['n', 'total', 'TypeScript ms', 'wasm ms', 'WebGPU ms', 'speed-up']);
    const rows = await page.$$eval('#compare-table tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)),
    );
    expect(rows.map((r) => r[0])).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(rows.map((r) => r[1])).toEqual(['2', '10', '4', '40', '92', '352', '724']);
    for (const r of rows) {
      expect(Number(r[2])).toBeGreaterThan(0);
      expect(Number(r[3])).toBeGreaterThan(0);
      expect(Number(r[4])).toBeGreaterThan(0);
      expect(r[5]).toMatch(/^[\d.]+×$/);
    }
    await page.waitForSelector('#compare-chart[data-points="7"]');
    // Without a cursor on the chart, the legend shows the values of the last n.
    const last = rows.at(-1)!;
    expect(await page.textContent('#compare-legend')).toBe(
      `n = 10 TypeScript ${last[2]} ms wasm ${last[3]} ms WebGPU ${last[4]} ms`,
    );
    // With the cursor over n = 4 (the chart's left end), those of n = 4; off the chart, the last n's again.
    const over = (await page.locator('#compare-chart .u-over').boundingBox())!;
    await page.mouse.move(over.x + 1, over.y + over.height / 2);
    await expect.poll(() => page.getAttribute('#compare-legend', 'data-n')).toBe('4');
    expect(await page.textContent('#compare-legend')).toBe(
      `n = 4 TypeScript ${rows[0][2]} ms wasm ${rows[0][3]} ms WebGPU ${rows[0][4]} ms`,
    );
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getAttribute('#compare-legend', 'data-n')).toBe('10');
    expect(await page.locator('#compare-chart canvas').count()).toBeGreaterThan(0);
    await page.locator('#compare').screenshot({ path: `${shots}/compare.png` });
  });

  it('times both methods of counting: a row per n and method, a dashed line per engine for the join, the legend agreeing with the table', async () => {
    await page.fill('#compare-max', '7');
    await page.fill('#compare-runs', '1');
    await page.selectOption('#compare-method', 'both');
    await page.click('#compare-run');
    await page.waitForSelector('#compare-chart[data-points="4"]', {
      timeout: 60_000,
    });
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..7 /);
    expect(await page.isVisible('#compare-method-head')).toBe(true);
    const rows = await page.$$eval('#compare-table tbody tr', (trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].slice(0, 3).map((cell) => cell.textContent)),
    );
    // The join counts from n = 6: below it, backtracking alone.
    expect(rows).toEqual([
      ['4', 'backtrack', '2'],
      ['5', 'backtrack', '10'],
      ['6', 'backtrack', '4'],
      ['6', 'join', '4'],
      ['7', 'backtrack', '40'],
      ['7', 'join', '40'],
    ]);
    expect(await page.textContent('#compare-legend')).toMatch(
      // A time below the clock's resolution reads so, without "ms".
      new RegExp(
        '^n = 7 TypeScript backtracking {t} wasm backtracking {t} TypeScript join {t} wasm join {t}$'.replaceAll(
          '{t}',
          '(< resolution|[\\d.,]+ ms)',
        ),
      ),
    );
    expect(await page.$$eval('#compare-legend .swatch.dashed', (swatches) => swatches.length)).toBe(2);
    // Every series keeps its time at each n: the legend says what the table says, backtracking's
    // times too, though the join's row came after them.
    const cells = await page.$$eval('#compare-table tbody tr', (trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent!)),
    );
    const seven = (method: string) => cells.find((row) => row[0] === '7' && row[1] === method)!;
    const shown = (cell: string) => (cell === '< resolution' ? cell : `${cell} ms`);
    expect(await page.textContent('#compare-legend')).toBe(
      `n = 7 TypeScript backtracking ${shown(seven('backtrack')[3])} wasm backtracking ${shown(seven('backtrack')[4])}` +
        ` TypeScript join ${shown(seven('join')[3])} wasm join ${shown(seven('join')[4])}`,
    );
    // The join's time over backtracking's, per engine, on the join's rows: its two last columns.
    expect(
      await page.$$eval('#compare-table thead th', (ths) =>
        ths.filter((th) => !(th as HTMLElement).hidden).map((th) => th.textContent),
      ),
    ).toEqual([
      'n',
      'method',
      'total',
      'TypeScript ms',
      'wasm ms',
      'speed-up',
      'join ÷ backtracking, TypeScript',
      'join ÷ backtracking, wasm',
    ]);
    /** The times a cell's rounded figure stands for: half a unit of its last digit either side. */
    const span = (cell: string) => {
      const digits = cell.replaceAll(',', '');
      const half = 0.5 * 10 ** -(digits.split('.')[1]?.length ?? 0);
      return [Number(digits) - half, Number(digits) + half];
    };
    /** The join's ratio agrees with the two times shown, as far as their rounding lets it be told. */
    const agrees = (shownRatio: string, join: string, back: string) => {
      if (join === '< resolution' || back === '< resolution') return shownRatio === '—';
      const [joinLow, joinHigh] = span(join);
      const [backLow, backHigh] = span(back);
      const r = Number(shownRatio.slice(0, -1));
      return shownRatio.endsWith('×') && r >= joinLow / backHigh - 0.005 && r <= joinHigh / backLow + 0.005;
    };
    for (const n of ['6', '7']) {
      const back = cells.find((row) => row[0] === n && row[1] === 'backtrack')!;
      const join = cells.find((row) => row[0] === n && row[1] === 'join')!;
      expect(back.slice(6)).toEqual(['', '']);
      expect(agrees(join[6], join[3], back[3]), `TypeScript at n = ${n}: ${join[6]} for ${join[3]} ÷ ${back[3]}`).toBe(
        true,
      );
      expect(agrees(join[7], join[4], back[4]), `wasm at n = ${n}: ${join[7]} for ${join[4]} ÷ ${back[4]}`).toBe(true);
    }
    // Back to one method: the table has no column for it.
    await page.selectOption('#compare-method', 'join');
    await page.fill('#compare-max', '6');
    await page.click('#compare-run');
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..6 /);
    expect(await page.isVisible('#compare-method-head')).toBe(false);
    expect(await page.locator('.compare-ratio-head:visible').count()).toBe(0);
    expect(
      await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.method)),
    ).toEqual(['join']);
  });

  it('times the GPU by each method where both are compared: a WebGPU cell on every row, a dashed WebGPU join line', async () => {
    await page.fill('#compare-max', '7');
    await page.fill('#compare-runs', '1');
    await page.selectOption('#compare-method', 'both');
    await page.check('#compare-gpu');
    await page.click('#compare-run');
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..7 /);
    const rows = await page.$$eval('#compare-table tbody tr', (trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].slice(0, 6).map((cell) => cell.textContent)),
    );
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['4', 'backtrack'],
      ['5', 'backtrack'],
      ['6', 'backtrack'],
      ['6', 'join'],
      ['7', 'backtrack'],
      ['7', 'join'],
    ]);
    // The GPU column: a time on every row, the join's rows too.
    for (const row of rows) expect(row[5], `n = ${row[0]} ${row[1]}`).toMatch(/^([\d.,]+|< resolution)$/);
    expect(await page.textContent('#compare-legend')).toMatch(/ WebGPU backtracking .* WebGPU join /);
    expect(await page.$$eval('#compare-legend .swatch.dashed', (swatches) => swatches.length)).toBe(3);
  });

  it('keeps the chart as wide as its column while the window narrows and widens, with no ResizeObserver loop error', async () => {
    await page.fill('#compare-max', '12');
    await page.fill('#compare-runs', '1');
    await page.click('#compare-run');
    const frames = () =>
      page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // While the rows come in (the table widening beside the chart) and after.
    for (let width = 1200; width >= 390; width -= 9) {
      await page.setViewportSize({ width, height: 900 });
      await frames();
    }
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: /);
    for (let width = 390; width <= 1200; width += 5) {
      await page.setViewportSize({ width, height: 900 });
      await frames();
    }
    await frames();
    const sizes = await page.evaluate(() => {
      const into = document.querySelector<HTMLElement>('#compare-chart')!;
      return {
        plot: into.querySelector<HTMLElement>('.uplot')!.offsetWidth,
        column: into.getBoundingClientRect().width,
      };
    });
    // The column's width rounded down: a canvas rounded up would overflow it by the fraction.
    expect(sizes.plot).toBe(Math.max(280, Math.min(640, Math.floor(sizes.column))));
  });

  it('after a queen in the corner, row 1 shows its open squares and the ones still to try, each labelled', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    const mask = (name: string) =>
      page.$eval(`#watch-masks tr[data-mask="${name}"]`, (tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent).join(''),
      );
    // Shown on reset: row 0's open squares. Three steps: a queen at (0, 0), row 0 pushed and the
    // masks moved down, then row 1's open squares: columns 2..5, all to try.
    for (let i = 0; i < 3; i++) await page.click('#watch-step');
    expect(await page.textContent('#watch-message')).toBe(
      'Row 1: free = all & ~(cols | first | second) = 001111: columns 2, 3, 4 and 5 still to try',
    );
    expect(await mask('open')).toBe('001111');
    expect(await mask('free')).toBe('001111');
    // The queen goes on column 2, the lowest square to try; columns 3..5 are still to try.
    await page.click('#watch-step');
    expect(await page.textContent('#watch-message')).toBe(
      'Row 1: bit = free & -free, the lowest square still to try: column 2',
    );
    expect(await mask('open')).toBe('001111');
    expect(await mask('free')).toBe('000111');
  });

  it('steps the search of n = 4 to its first solution, columns 1, 3, 0, 2', async () => {
    await page.fill('#watch-n', '4');
    await page.dispatchEvent('#watch-n', 'change');
    let steps = 0;
    while ((await page.textContent('#watch-solutions')) === '0' && steps < 200) {
      await page.click('#watch-step');
      steps++;
    }
    expect(await page.textContent('#watch-solutions')).toBe('1');
    expect(await page.getAttribute('#watch-board', 'data-queens')).toBe('1,3,0,2');
    expect(await page.textContent('#watch-message')).toBe('Solution 1: columns 1, 3, 0, 2');
    // The masks of the last row, column by column: the queens above leave only column 2 open,
    // and with the queen on it nothing is left to try.
    const mask = (name: string) =>
      page.$eval(`#watch-masks tr[data-mask="${name}"]`, (tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent).join(''),
      );
    expect(await mask('open')).toBe('0010');
    expect(await mask('free')).toBe('0000');
    expect(await page.textContent('#watch-masks caption')).toMatch(
      /^Bits are written column 0 first, lowest bit first, so << 1 moves a bit one column right\. first ↗: the first diagonals \(r \+ c constant\).*; second ↘: .*; open = ~\(cols \| first \| second\)/,
    );
    await page.locator('#watch').screenshot({ path: `${shots}/watch.png` });
  });

  it('Back undoes every step to the start, and the end of the search keeps the last solution on the board', async () => {
    await page.fill('#watch-n', '4');
    await page.dispatchEvent('#watch-n', 'change');
    const state = () =>
      page.evaluate(() => ({
        message: document.querySelector('#watch-message')!.textContent,
        queens: document.querySelector<HTMLElement>('#watch-board')!.dataset.queens,
        row: document.querySelector<HTMLElement>('#watch-board')!.dataset.row,
        masks: [...document.querySelectorAll('#watch-masks tbody td')].map((td) => td.textContent).join(''),
        solutions: document.querySelector('#watch-solutions')!.textContent,
        log: [...document.querySelectorAll('#watch-log li')].map((li) => li.textContent),
      }));
    expect(await page.isDisabled('#watch-back')).toBe(true);
    const forward = [await state()];
    while (await page.isEnabled('#watch-step')) {
      await page.click('#watch-step');
      forward.push(await state());
    }
    // n = 4: 76 steps after row 0's open squares to the end, which shows the second and last solution.
    expect(forward).toHaveLength(77);
    expect(forward.at(-1)).toMatchObject({
      message: 'Done: 2 solutions for n = 4; the board shows the last one, columns 2, 0, 3, 1',
      queens: '2,0,3,1',
      solutions: '2',
    });
    expect(await page.isDisabled('#watch-play')).toBe(true);
    expect(await page.isEnabled('#watch-back')).toBe(true);
    await page.locator('#watch').screenshot({ path: `${shots}/watch-done.png` });
    const backward = [await state()];
    while (await page.isEnabled('#watch-back')) {
      await page.click('#watch-back');
      backward.push(await state());
      if (backward.length === 2) expect(await page.isEnabled('#watch-step')).toBe(true);
    }
    // Each step back shows exactly what the step forward showed: board, masks, message and log.
    expect(backward.reverse()).toEqual(forward);
    expect(forward[0].message).toBe('Row 0: free = all = 1111 (column 0 first): every square to try');
  });

  it('lights the line of code each step runs, in both forms, with its values, and shows the stack', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    const lit = () =>
      page.$$eval('#watch-code .line.lit', (lines) => lines.map((line) => line.textContent!.replace(/^▶ /, '').trim()));
    const current = () => page.textContent('#watch-code .line[aria-current="step"]');
    const stack = () =>
      page.$$eval('#watch-stack tbody tr', (rows) =>
        rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent)),
      );
    expect(await lit()).toEqual(['let free = all;  // free = 111111']);
    // A queen at (0, 0), row 0 pushed, row 1's open squares, and a queen at (1, 2).
    for (let i = 0; i < 4; i++) await page.click('#watch-step');
    expect(await current()).toBe('▶     const bit = free & -free; free ^= bit;  // bit = 001000, free = 000111');
    expect(await stack()).toEqual([
      ['0: 0', '000000', '000000', '000000', '011111'],
      ['▶ 1: 2', '100000', '000000', '010000', '000111'],
    ]);
    expect(
      await page.$$eval('#watch-stack thead th, #watch-stack thead td', (cells) => cells.map((c) => c.textContent)),
    ).toEqual(['row: queen', 'cols', 'first ↗', 'second ↘', 'free']);
    await page.check('input[name="watch-code-form"][value="recursive"]');
    expect(await current()).toBe('▶       const bit = free & -free; free ^= bit;  // bit = 001000, free = 000111');
    // The next step goes down: a call in the recursive form; a push and the masks' move in the loop.
    await page.click('#watch-step');
    expect(await lit()).toEqual([
      'place(row + 1, cols | bit, (first | bit) >> 1, ((second | bit) << 1) & all);  // row = 2, cols = 101000, first = 010000, second = 001100',
    ]);
    await page.check('input[name="watch-code-form"][value="stack"]');
    expect(await lit()).toEqual([
      'stack.set([cols, first, second, free], 4 * row);',
      'cols |= bit; first = (first | bit) >> 1; second = ((second | bit) << 1) & all; row++;  // row = 2, cols = 101000, first = 010000, second = 001100',
    ]);
    expect((await stack()).map((row) => row[0])).toEqual(['0: 0', '1: 2', '▶ 2: –']);
    await page.locator('#watch').screenshot({ path: `${shots}/watch-code.png` });
  });

  it('jumps along the timeline, to a step, the next solution and the next dead end, and links to the step', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    await page.$eval('#watch-scrub', (scrub: HTMLInputElement) => {
      scrub.value = '41';
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe('41');
    expect(await page.textContent('#watch-position')).toBe('41 of 750');
    const there = await page.textContent('#watch-message');
    expect(new URL(page.url()).searchParams.get('step')).toBe('41');
    expect(new URL(page.url()).searchParams.get('n')).toBe('6');
    const link = await page.getAttribute('#watch-link', 'href');
    expect(link).toBe(page.url());
    // The link opens the same step.
    const linked = await openDemo({ query: `?n=6&step=41#watch` });
    expect(await linked.inputValue('#watch-n')).toBe('6');
    expect(await linked.getAttribute('#watch-board', 'data-step')).toBe('41');
    expect(await linked.textContent('#watch-message')).toBe(there);
    await page.click('#watch-next-solution');
    expect(await page.textContent('#watch-message')).toBe('Solution 1: columns 1, 3, 5, 0, 2, 4');
    await page.click('#watch-next-dead-end');
    expect(await page.textContent('#watch-message')).toMatch(
      /^Row \d: free = all & ~\(cols \| first \| second\) = 0+: every square is attacked, so the queen on row \d is a dead end$/,
    );
    // Past the last solution the jump to one is disabled, before the end of the walk.
    const timeline = new Timeline(6);
    const lastSolution = timeline.stepsWhere(atSolution).at(-1)!;
    await page.$eval(
      '#watch-scrub',
      (scrub: HTMLInputElement, step) => {
        scrub.value = String(step - 1);
        scrub.dispatchEvent(new Event('input', { bubbles: true }));
      },
      lastSolution,
    );
    expect(await page.isDisabled('#watch-next-solution')).toBe(false);
    await page.click('#watch-next-solution');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe(String(lastSolution));
    expect(await page.isDisabled('#watch-next-solution')).toBe(true);
    expect(await page.isDisabled('#watch-step')).toBe(false);
  });

  it('n = 6: the dead-end jump stops as often as the tree counts dead ends, then is disabled', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    let stops = 0;
    while (!(await page.isDisabled('#watch-next-dead-end'))) {
      await page.click('#watch-next-dead-end');
      stops++;
    }
    const table = await page.$$eval('#watch-depths tbody tr', (rows) =>
      rows.map((row) => Number((row as HTMLTableRowElement).cells[2].textContent!.replace(',', ''))),
    );
    expect(stops).toBe(46);
    expect(table.reduce((sum, dead) => sum + dead, 0)).toBe(stops);
    expect(await page.isDisabled('#watch-step')).toBe(false);
  });

  it('steps with the arrows and plays with space only while the panel has the focus', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    await page.focus('#watch');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe('2');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe('1');
    await page.keyboard.press(' ');
    expect(await page.getAttribute('#watch-play', 'aria-pressed')).toBe('true');
    await page.keyboard.press(' ');
    expect(await page.getAttribute('#watch-play', 'aria-pressed')).toBe('false');
    const step = await page.getAttribute('#watch-board', 'data-step');
    // Outside the panel the keys do what the page does with them.
    await page.focus('#count-run');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe(step);
    // In the panel's number field the arrows change the number, not the step.
    await page.focus('#watch-n');
    await page.keyboard.press('ArrowUp');
    expect(await page.inputValue('#watch-n')).toBe('7');
  });

  it('draws the search tree as it grows, with its nodes per depth against n!/(n - d)!', async () => {
    await page.fill('#watch-n', '8');
    await page.dispatchEvent('#watch-n', 'change');
    const depths = () =>
      page.$$eval('#watch-depths tbody tr', (rows) =>
        rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent)),
      );
    expect(await page.$$eval('#watch-tree rect.reached', (rects) => rects.length)).toBe(1);
    expect((await depths())[1]).toEqual(['1', '0', '0', '8', '8']);
    await page.$eval('#watch-scrub', (scrub: HTMLInputElement) => {
      scrub.value = scrub.max;
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.$$eval('#watch-tree rect.reached', (rects) => rects.length)).toBe(2057);
    expect(await page.$$eval('#watch-tree rect.solution', (rects) => rects.length)).toBe(92);
    const table = await depths();
    expect(table.map((row) => [row[0], row[1], row[3], row[4]])).toEqual(
      [1, 8, 42, 140, 344, 568, 550, 312, 92].map((count, d) => [
        String(d),
        count.toLocaleString('en'),
        count.toLocaleString('en'),
        [1, 8, 56, 336, 1680, 6720, 20160, 40320, 40320][d].toLocaleString('en'),
      ]),
    );
    const deadEnds = table.reduce((sum, row) => sum + Number(row[2]!.replace(',', '')), 0);
    expect(deadEnds).toBe(await page.$$eval('#watch-tree rect.dead', (rects) => rects.length));
    expect(deadEnds).toBeGreaterThan(0);
    await page.locator('.watch-tree').screenshot({ path: `${shots}/watch-tree.png` });
    await page.fill('#watch-n', '9');
    await page.dispatchEvent('#watch-n', 'change');
    expect(await page.isHidden('#watch-tree')).toBe(true);
    expect(await page.textContent('#watch-tree-note')).toMatch(/^The tree of n = 9 has 8,394 nodes, too many to draw/);
  });

  it('marks squares by symbol as well as colour, says the row in words, and is not heard at every step of play', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    await page.click('#watch-step');
    const symbols = await page.$$eval('#watch-board .square', (squares) =>
      squares.slice(0, 6).map((square) => getComputedStyle(square, '::after').content),
    );
    expect(symbols).toEqual(['none', '"·"', '"·"', '"·"', '"·"', '"·"']);
    expect(await page.getAttribute('#watch-board', 'aria-label')).toMatch(
      /^Row 0: queen at column 0; columns 1, 2, 3, 4 and 5 still to try\. Queens at row 0 column 0\.$/,
    );
    const heard = await page.textContent('#watch-announce');
    expect(heard).toBe(
      'Row 0: bit = free & -free, the lowest square still to try: column 0. Row 0: queen at column 0; columns 1, 2, 3, 4 and 5 still to try.',
    );
    await page.click('#watch-play');
    await expect.poll(async () => Number(await page.getAttribute('#watch-board', 'data-step'))).toBeGreaterThan(4);
    await page.click('#watch-play');
    // n = 6 finds its first solution at step 142: nothing new was said while it played.
    expect(Number(await page.getAttribute('#watch-board', 'data-step'))).toBeLessThan(142);
    expect(await page.textContent('#watch-announce')).toBe(heard);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => page.textContent('#watch-speed-label')).toBe('2 (reduced motion)');
  });

  it('watches the join of n = 8: a row choice and its class, a join refused, the line of code with its values', async () => {
    await page.fill('#join-n', '8');
    await page.dispatchEvent('#join-n', 'change');
    const walk = new JoinWalk(8);
    const choice = walk.subproblems[0];
    const current = () => page.textContent('#join-code .line[aria-current="step"]');
    expect(await page.textContent('#join-message')).toBe(
      `Row choice 1 of ${walk.subproblems.length}: rows ${choice.east.slice(0, -1).join(', ')} and ${choice.east.at(-1)} east; its class holds ${choice.classSize} choices, so each of its pairs counts ${choice.classSize} times`,
    );
    expect(await current()).toBe(
      `▶   for (const { east, west, middle, classSize } of rowChoices(n)) {  // east = [${choice.east.join(', ')}], west = [${choice.west.join(', ')}], middle = -1, classSize = ${choice.classSize}`,
    );
    expect(await page.$$eval('#join-sides li', (items) => items.map((item) => item.textContent).join(''))).toBe(
      [...Array(8).keys()].map((r) => (choice.east.includes(r) ? 'E' : 'W')).join(''),
    );
    expect(await page.textContent('#join-class')).toMatch(new RegExp(`; class size ${choice.classSize}\\.$`));
    expect(await page.textContent('#join-why')).toMatch(
      new RegExp(`^Why one row choice of each mirror class: .*\\(its mirror class, ${choice.classSize} in all\\)`),
    );
    // Step to the first join a shared column refuses: its AND shows the column, its line the verdict.
    const refused = (i: number, clash = 'column') => {
      const step = walk.step(i);
      const side = walk.subproblems[step.subproblem]?.[step.side === 'west' ? 'westSide' : 'eastSide'];
      return step.kind === 'join' && side?.candidates[step.index].clash === clash;
    };
    const scrubTo = (to: number) =>
      page.$eval(
        '#join-scrub',
        (scrub: HTMLInputElement, step: number) => {
          scrub.value = String(step);
          scrub.dispatchEvent(new Event('input', { bubbles: true }));
        },
        to,
      );
    let at = 0;
    while (!refused(at)) at++;
    for (let i = 0; i < 3; i++) await page.click('#join-step');
    expect(await page.getAttribute('#join-board', 'data-step')).toBe('3');
    await scrubTo(at);
    expect(await page.getAttribute('#join-board', 'data-step')).toBe(String(at));
    expect(await page.textContent('#join-message')).toMatch(
      /^(East|West): north quarter-board \d+ meets south \d+, refused: they share a column$/,
    );
    expect(await current()).toMatch(/const clash = .*\/\/ clash = 'column'$/);
    expect(await page.$$eval('#join-words tr.and th', (cells) => cells.map((cell) => cell.textContent))).toEqual([
      'cols AND',
    ]);
    // A refusal for a shared diagonal names it, with its arrow, as do the words' rows.
    let diagonal = at;
    while (!refused(diagonal, 'diagonal')) diagonal++;
    await scrubTo(diagonal);
    expect(await page.textContent('#join-message')).toMatch(
      /, refused: they share (first ↗ diagonal r \+ c = \d+|second ↘ diagonal r − c = −?\d+)$/,
    );
    expect(await page.$$eval('#join-words tbody th', (cells) => cells.map((cell) => cell.textContent))).toEqual([
      'north cols',
      'north first ↗',
      'north second ↘',
      'south cols',
      'south first ↗',
      'south second ↘',
      '(first ↗ AND) | (second ↘ AND)',
    ]);
    await page.locator('#join').screenshot({ path: `${shots}/join-join.png` });
    // The picture of docs/how-it-counts.md's worked example: n = 6, its first pair that fits.
    const six = await openDemo({ query: '?join-n=6&join-step=135#join' });
    expect(await six.textContent('#join-message')).toBe(
      'West 1 against east 1: both ANDs are zero, so the pair fits: pair 1 of this row choice, 2 solutions with its class, 2 so far',
    );
    expect(await six.getAttribute('#join-board', 'data-queens')).toBe('3,0,4,1,5,2');
    await six
      .locator('#join .watch-body')
      .first()
      // The control bar, sticky, would stand over the board's top rows in a picture of part of the panel.
      .screenshot({ path: `${shots}/join-6.png`, style: '.walk-bar { position: static; }' });
  });

  it('draws the join on the board: the key diagonals by arrow, the shared one by ✕, the north/south line, each named in words', async () => {
    const walk = new JoinWalk(8);
    const at = (test: (i: number) => boolean) => [...Array(walk.last + 1).keys()].find(test)!;
    const refused = at((i) => {
      const step = walk.step(i);
      return step.kind === 'pair' && !walk.subproblems[step.subproblem].probes[step.index].tests[step.test].fits;
    });
    const shown = await openDemo({
      query: `?join-n=8&join-step=${refused}#join`,
    });
    const marks = () =>
      shown.$$eval('#join-board .square', (squares) =>
        squares.flatMap((square, i) =>
          [...square.querySelectorAll('.mark')].map(
            (mark) => `${Math.floor(i / 8)},${i % 8} ${mark.className} ${mark.textContent}`,
          ),
        ),
      );
    const drawn = await marks();
    const expected: string[] = [];
    for (let r = 0; r < 8; r++)
      for (let c = 0; c < 8; c++) {
        if (r + c === 7 || r + c === 8) expected.push(`${r},${c} mark first ↗`);
        if (r - c === 0 || r - c === 1) expected.push(`${r},${c} mark second ↘`);
      }
    const shared = drawn.filter((m) => m.endsWith('mark shared ✕'));
    expect(drawn.filter((m) => !m.endsWith('✕')).sort()).toEqual(expected.sort());
    // The ✕ squares are one diagonal, the one the message names, holding a queen of each board.
    const named = (await shown.textContent('#join-message'))!.match(
      /they share (first|second) \S+ diagonal r [+−] c = (−?\d+)$/,
    )!;
    const d = Number(named[2].replace('−', '-'));
    const cells = shared.map((m) => m.split(' ')[0].split(',').map(Number));
    expect(cells.length).toBeGreaterThan(0);
    for (const [r, c] of cells) expect(named[1] === 'first' ? r + c : r - c).toBe(d);
    const queens = (await shown.getAttribute('#join-board', 'data-queens'))!.split(',').map(Number);
    const west = walk.subproblems[walk.step(refused).subproblem].west;
    const on = cells.filter(([r, c]) => queens[r] === c).map(([r]) => r);
    expect(on.some((r) => west.includes(r)) && on.some((r) => !west.includes(r))).toBe(true);
    // The text alternatives: the board's label and the line under it name what is marked.
    const label = (await shown.getAttribute('#join-board', 'aria-label'))!;
    expect(label).toContain(
      'Key diagonals marked with their arrows: first ↗ diagonal r + c = 7, first ↗ diagonal r + c = 8, second ↘ diagonal r − c = 0 and second ↘ diagonal r − c = 1.',
    );
    expect(label).toContain(
      `Marked ✕: the ${named[0].slice('they share '.length)}, which both boards have a queen on.`,
    );
    expect(await shown.isVisible('#join-marks')).toBe(true);
    expect(await shown.textContent('#join-marks')).toContain(
      `✕ marks the ${named[0].slice('they share '.length)}: both boards have a queen on it.`,
    );
    // The line between the quarters: above row 4, on every square of it and no other.
    expect(
      await shown.$$eval('#join-board .square', (squares) =>
        squares.flatMap((square, i) => (square.classList.contains('south-first') ? [i] : [])),
      ),
    ).toEqual([32, 33, 34, 35, 36, 37, 38, 39]);
    expect(await shown.$eval('#join-board .square.south-first', (s) => getComputedStyle(s).boxShadow)).toMatch(/inset/);
    // Every shading and mark has its line in the legend.
    const legend = await shown.textContent('#join .legend');
    for (const words of [
      'west half',
      'east half',
      'middle column',
      'full-colour rows',
      'pale rows',
      'north quarter',
      'key diagonal',
      'a refused pair shares',
    ])
      expect(legend).toContain(words);
    // A row choice's first step reads no key: nothing is marked and the line under the board is hidden.
    await shown.click('#join-reset');
    expect(await marks()).toEqual([]);
    expect(await shown.isVisible('#join-marks')).toBe(false);
  });

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ])
    it(`keeps the step controls and the lit code line on screen together at ${width} px, and runs to a row's end`, async () => {
      const shown = await openDemo({ width, height });
      const onScreen = (panel: string) =>
        shown.evaluate((id) => {
          const inView = (selector: string) => {
            const box = document.querySelector(selector)!.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
          };
          return {
            step: inView(`#${id}-step`),
            end: inView(`#${id}-${id === 'watch' ? 'row-end' : 'choice-end'}`),
            line: inView(`#${id}-code [aria-current="step"]`),
          };
        }, panel);
      const both = { step: true, end: true, line: true };
      const n = { watch: 6, join: 8 } as const;
      for (const panel of ['watch', 'join'] as const) {
        await shown.fill(`#${panel}-n`, String(n[panel]));
        await shown.dispatchEvent(`#${panel}-n`, 'change');
        await shown.locator(`#${panel}-step`).scrollIntoViewIfNeeded();
        for (let i = 1; i <= 8; i++) {
          await shown.click(`#${panel}-step`);
          expect(await shown.getAttribute(`#${panel}-board`, 'data-step')).toBe(String(i));
          expect(await onScreen(panel), `${panel} step ${i}`).toEqual(both);
        }
        for (let i = 0; i < 3; i++) {
          const at = Number(await shown.getAttribute(`#${panel}-board`, 'data-step'));
          const end = panel === 'watch' ? rowEnd(n.watch, at) : choiceEnd(new JoinWalk(n.join), at);
          await shown.click(`#${panel}-${panel === 'watch' ? 'row-end' : 'choice-end'}`);
          expect(await shown.getAttribute(`#${panel}-board`, 'data-step')).toBe(String(end));
          expect(await onScreen(panel), `${panel} run to the end from ${at}`).toEqual(both);
        }
      }
      // The bar's slider, at its fastest, plays n = 10's search, every step, in minutes.
      await shown.$eval('#watch-speed', (speed: HTMLInputElement) => {
        speed.value = speed.max;
        speed.dispatchEvent(new Event('input', { bubbles: true }));
      });
      expect(await shown.textContent('#watch-speed-label')).toBe('2,000');
      expect(await shown.getAttribute('#watch-speed', 'aria-valuetext')).toBe('2,000 steps a second');
      expect(new Timeline(10).last / 2000 / 60).toBeLessThan(2);
    });

  it('goes along the join: to a step, the next and previous row choice, the next pair that fits, and links to the step', async () => {
    await page.fill('#join-n', '8');
    await page.dispatchEvent('#join-n', 'change');
    const walk = new JoinWalk(8);
    await page.$eval('#join-scrub', (scrub: HTMLInputElement) => {
      scrub.value = '500';
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.textContent('#join-position')).toBe(`500 of ${walk.last.toLocaleString('en')}`);
    expect(new URL(page.url()).searchParams.get('join-step')).toBe('500');
    expect(await page.getAttribute('#join-link', 'href')).toBe(page.url());
    const there = await page.textContent('#join-message');
    const linked = await openDemo({ query: '?join-n=8&join-step=500#join' });
    expect(await linked.inputValue('#join-n')).toBe('8');
    expect(await linked.textContent('#join-message')).toBe(there);
    const choice = walk.step(500).subproblem;
    await page.click('#join-next-choice');
    expect(await page.getAttribute('#join-board', 'data-step')).toBe(String(walk.subproblems[choice + 1].start));
    await page.click('#join-previous-choice');
    expect(await page.getAttribute('#join-board', 'data-step')).toBe(String(walk.subproblems[choice].start));
    await page.click('#join-next-pair');
    expect(await page.textContent('#join-message')).toMatch(
      /: both ANDs are zero, so the pair fits: pair 1 of this row choice, \d solutions? with its class, \d+ so far$/,
    );
    const first = walk.fittingPairs.find((step) => step > walk.subproblems[choice].start)!;
    expect(await page.getAttribute('#join-board', 'data-step')).toBe(String(first));
    const { before, classSize } = walk.subproblems[walk.step(first).subproblem];
    expect(await page.textContent('#join-total')).toBe(String(before + classSize));
    expect(await page.textContent('#join-found-how')).toBe(
      `(${before} before this row choice + 1 pair × class size ${classSize})`,
    );
    expect((await page.getAttribute('#join-board', 'data-queens'))!.split(',')).toHaveLength(8);
    expect(await page.$$eval('#join-buckets li.meets', (items) => items.length)).toBeGreaterThan(0);
    await page.$eval('#join-scrub', (scrub: HTMLInputElement) => {
      scrub.value = scrub.max;
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.textContent('#join-message')).toBe('Done: 92 solutions for n = 8, 12 unique');
    expect(await page.textContent('#join-total')).toBe('92');
    expect(await page.textContent('#join-why')).toMatch(
      /^Why Burnside divides by 8: the board has eight symmetries.* no solution is its own mirror image;/,
    );
    expect(await page.textContent('#join-burnside-sum')).toBe(
      'Unique, by Burnside: (total + F180 + 2 × F90) / 8, so 12 = (92 + 4 + 2 × 0) / 8.',
    );
    expect(await page.$$eval('#join-kept .board', (boards) => boards.length)).toBe(4);
    expect(await page.isDisabled('#join-next-choice')).toBe(true);
    await page.locator('#join').screenshot({ path: `${shots}/join-done.png` });
  });

  it('n = 6: the pair jump stops at 2 pairs for 4 solutions, counting them as they come, then is disabled', async () => {
    await page.fill('#join-n', '6');
    await page.dispatchEvent('#join-n', 'change');
    const found: string[] = [];
    while (!(await page.isDisabled('#join-next-pair'))) {
      await page.click('#join-next-pair');
      found.push((await page.textContent('#join-total'))!);
    }
    expect(found).toEqual(['2', '4']);
    expect(await page.isDisabled('#join-step')).toBe(false);
  });

  it('defines its words where they are first shown: a frame, quarter-boards met', async () => {
    expect(await page.textContent('#compare-kink')).toContain(
      "places the queens of the board's border first (a frame)",
    );
    expect(await page.textContent('#join-versus caption')).toContain(
      "Quarter-boards met: each side's north quarter-boards against its south ones",
    );
    const walk = new JoinWalk(6);
    let at = 0;
    while (walk.step(at).kind !== 'join') at++;
    const six = await openDemo({ query: `?join-n=6&join-step=${at}#join` });
    expect(await six.textContent('#join-why')).toMatch(/^Why meet them: .*\(the quarter-boards met\)/);
  });

  it("says once where the package switches to the join, from the planner's own constant", async () => {
    expect(await page.textContent('#compare-switch')).toBe(
      `The package joins from n = ${JOIN_FROM_N.wasm} in wasm and ${JOIN_FROM_N.js} in TypeScript ` +
        `(up to ${JOIN_DEFAULT_UP_TO_N}, as its memory allows), where the join is the faster; below, it backtracks. ` +
        `On the GPU it switches at n = ${JOIN_FROM_N.webgpu} on a software adapter, where that was timed; a hardware one searches.`,
    );
    const text = await page.evaluate(() => document.body.textContent!);
    expect(text.match(/\bjoins from\b/g)).toHaveLength(1);
    expect(text).not.toMatch(/from n = \d+ the package/i);
  });

  it('sets the two methods side by side, like with like: steps and solutions for both, then each its own', async () => {
    await page.fill('#join-n', '8');
    await page.dispatchEvent('#join-n', 'change');
    const { backtracking: b, join: j } = methodFigures(8);
    const rows = await page.$$eval('#join-versus tr', (trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent)),
    );
    const en = (x: number) => x.toLocaleString('en');
    expect(rows).toEqual([
      ['counted', 'backtracking', 'the join'],
      ['steps, start to end', en(b.steps), en(j.steps)],
      ['solutions', '92', '92'],
      ['nodes (queens placed, and the root)', en(b.nodes), '—'],
      ['dead ends', en(b.deadEnds), '—'],
      ['quarter-boards', '—', en(j.quarterBoards)],
      ['quarter-boards met', '—', en(j.candidates)],
      ['half-boards', '—', en(j.halfBoards)],
      ['pairs tested', '—', en(j.pairsTested)],
      ['pairs without keys', '—', en(j.pairsWithoutKeys)],
    ]);
    // Its steps are the ones each walk-through plays: the join's slider ends where the join's does.
    expect(await page.getAttribute('#join-scrub', 'max')).toBe(String(j.steps));
  });

  it('shows how the two methods grow from n = 6 to 10: nodes, steps, pairs tested and solutions', async () => {
    await expect.poll(() => page.locator('#join-growth tbody tr').count()).toBe(5);
    const rows = await page.$$eval('#join-growth tr', (trs) =>
      trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent)),
    );
    // Each method's columns under its name.
    expect(rows[0]).toEqual(['', 'backtracking', 'the join', '']);
    expect(
      await page.$$eval('#join-growth thead tr:first-child > *', (cells) =>
        cells.map((c) => (c as HTMLTableCellElement).colSpan),
      ),
    ).toEqual([1, 2, 2, 1]);
    expect(rows[1]).toEqual(['n', 'nodes', 'steps', 'steps', 'pairs tested', 'solutions']);
    expect(rows.slice(2)).toEqual(
      [6, 7, 8, 9, 10].map((n) => {
        const { backtracking: b, join: j } = methodFigures(n);
        return [n, b.nodes, b.steps, j.steps, j.pairsTested, j.solutions].map((x) => x.toLocaleString('en'));
      }),
    );
    expect(rows.slice(2).map((row) => row[5])).toEqual(['4', '40', '92', '352', '724']);
  });

  it('keeps every row choice in the sums, which scroll, the latest and the total in view', async () => {
    const walk = new JoinWalk(10);
    const ten = await openDemo({
      query: `?join-n=10&join-step=${walk.last}#join`,
    });
    const rows = await ten.$$eval('#join-tally tbody tr', (trs) => trs.map((tr) => tr.firstElementChild!.textContent));
    // A row per row choice: none folded into an "earlier" row.
    expect(rows).toEqual(walk.subproblems.map((choice) => choice.east.join(', ')));
    expect(rows.some((name) => /earlier/.test(name!))).toBe(false);
    expect(await ten.textContent('#join-tally tfoot')).toBe('total724');
    const view = await ten.$eval('#join-tally-scroll', (box) => {
      const frame = box.getBoundingClientRect();
      const inside = (selector: string) => {
        const r = box.querySelector(selector)!.getBoundingClientRect();
        return r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5;
      };
      return {
        scrolls: box.scrollHeight > box.clientHeight,
        latest: inside('tbody tr:last-child'),
        // The cells are what sticks at the box's edges, not their rows.
        total: inside('tfoot th'),
        head: inside('thead th'),
      };
    });
    expect(view).toEqual({
      scrolls: true,
      latest: true,
      total: true,
      head: true,
    });
  });

  it('n = 6: the join opens on a row choice with no pair, and says why', async () => {
    const six = await openDemo({ query: '?join-n=6&join-step=0#join' });
    expect(await six.textContent('#join-message')).toMatch(
      /\. It has no pair, so its lists are short: the east side has no north quarter-board, as no queens fit on rows 0, 1 and 2 in columns 3 to 5 without two sharing a column or a diagonal; so no east half-board$/,
    );
  });

  it("opens the worked 6×6 example from the join's intro: the doc's text and picture, from the site itself", async () => {
    const origin = new URL(url).origin;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    expect(await page.$eval('#join-worked', (details: HTMLDetailsElement) => details.open)).toBe(false);
    await page.click('#join > p a[href="#join-worked"]');
    await page.waitForSelector('#join-worked[data-drawn="true"]');
    expect(await page.$eval('#join-worked', (details: HTMLDetailsElement) => details.open)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#join-worked');
    // Each block as the doc's section has it: its paragraphs' text, emphasis and code, its picture.
    const blocks = workedExample();
    const shown = await page.$$eval('#join-worked .worked-body > *', (elements) =>
      elements.map((element) => ({
        tag: element.localName,
        text: element.textContent,
        marks: [...element.children].map((child) => `${child.localName} ${child.textContent}`),
      })),
    );
    expect(shown).toEqual(
      blocks.map((block) =>
        block.kind === 'picture'
          ? { tag: 'figure', text: '', marks: ['img '] }
          : {
              tag: 'p',
              text: block.runs.map((run) => run.text).join(''),
              marks: block.runs
                .filter((run) => run.kind !== 'text')
                .map((run) => `${run.kind === 'code' ? 'code' : 'em'} ${run.text}`),
            },
      ),
    );
    const picture = blocks.find((block) => block.kind === 'picture')!;
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('#join-worked img')?.complete);
    const img = await page.$eval('#join-worked img', (image: HTMLImageElement) => ({
      alt: image.alt,
      src: image.currentSrc,
      width: image.naturalWidth,
    }));
    expect(img.alt).toBe(picture.alt);
    expect(img.width).toBeGreaterThan(0);
    expect(new URL(img.src).origin).toBe(origin);
    expect(requested).toContain(img.src);
    expect(requested.filter((address) => new URL(address).origin !== origin)).toEqual([]);
    // Space on its summary closes and opens it, and leaves the walk paused.
    await page.focus('#join-worked summary');
    await page.keyboard.press(' ');
    expect(await page.$eval('#join-worked', (details: HTMLDetailsElement) => details.open)).toBe(false);
    expect(await page.getAttribute('#join-play', 'aria-pressed')).toBe('false');
    // An address that names it opens it.
    const named = await openDemo({ query: '#join-worked' });
    await named.waitForSelector('#join-worked[data-drawn="true"]');
    expect(await named.$$eval('#join-worked .worked-body > *', (elements) => elements.length)).toBe(blocks.length);
  });

  it("says the join's limit where n is out of range, and keeps the walk it shows", async () => {
    await page.fill('#join-n', '7');
    await page.dispatchEvent('#join-n', 'change');
    await page.click('#join-step');
    await page.fill('#join-n', '11');
    await page.dispatchEvent('#join-n', 'change');
    expect(await page.textContent('#join-error')).toBe(
      'n must be a whole number from 6 to 10 here: the join of n = 10 already takes 45,087 steps.',
    );
    expect(await page.getAttribute('#join-n', 'aria-invalid')).toBe('true');
    expect(await page.textContent('#join-position')).toBe(`1 of ${new JoinWalk(7).last.toLocaleString('en')}`);
    await page.fill('#join-n', '9');
    await page.dispatchEvent('#join-n', 'change');
    expect(await page.isHidden('#join-error')).toBe(true);
    expect(await page.textContent('#join-position')).toBe(`0 of ${new JoinWalk(9).last.toLocaleString('en')}`);
    expect(await page.$$eval('#join-sides li', (items) => items.map((item) => item.textContent).join(''))).toMatch(
      /^[EW]*M[EW]*$/,
    );
    expect(await page.isVisible('#join-legend-middle')).toBe(true);
  });

  it('steps the join with the arrows and plays it with space only while its panel has the focus', async () => {
    await page.focus('#join');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#join-board', 'data-step')).toBe('2');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getAttribute('#join-board', 'data-step')).toBe('1');
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe('0');
    await page.keyboard.press(' ');
    expect(await page.getAttribute('#join-play', 'aria-pressed')).toBe('true');
    await page.keyboard.press(' ');
    expect(await page.getAttribute('#join-play', 'aria-pressed')).toBe('false');
    const step = await page.getAttribute('#join-board', 'data-step');
    await page.focus('#watch');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#join-board', 'data-step')).toBe(step);
    expect(await page.getAttribute('#watch-board', 'data-step')).toBe('1');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => page.textContent('#join-speed-label')).toBe('2 (reduced motion)');
  });

  it('has no accessibility violation axe finds, at load and after each panel is used', async () => {
    const violations = async (): Promise<string[]> => {
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
      return page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run: (context: Document) => Promise<AxeResults> };
          }
        ).axe;
        const results = await axe.run(document);
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      });
    };
    expect(await violations()).toEqual([]);
    await page.fill('#count-n', '8');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="92"]');
    expect(await violations()).toEqual([]);
    await page.fill('#compare-max', '5');
    await page.fill('#compare-runs', '1');
    await page.click('#compare-run');
    await page.waitForSelector('#compare-chart[data-points="2"]', {
      timeout: 60_000,
    });
    expect(await violations()).toEqual([]);
    for (let i = 0; i < 5; i++) await page.click('#watch-step');
    await page.check('input[name="watch-code-form"][value="recursive"]');
    expect(await violations()).toEqual([]);
    await page.fill('#join-n', '7');
    await page.dispatchEvent('#join-n', 'change');
    await page.click('#join-next-pair');
    await page.click('#join-choice-end');
    await page.click('#watch-row-end');
    expect(await violations()).toEqual([]);
    // A refused pair: the key's arrows and the shared diagonal's ✕ on the board.
    const seven = new JoinWalk(7);
    const refused = [...Array(seven.last + 1).keys()].find((i) => {
      const step = seven.step(i);
      return step.kind === 'pair' && !seven.subproblems[step.subproblem].probes[step.index].tests[step.test].fits;
    })!;
    await page.$eval(
      '#join-scrub',
      (scrub: HTMLInputElement, to) => {
        scrub.value = String(to);
        scrub.dispatchEvent(new Event('input', { bubbles: true }));
      },
      refused,
    );
    expect(await page.$$eval('#join-board .mark.shared', (marks) => marks.length)).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    await page.$eval('#join-scrub', (scrub: HTMLInputElement) => {
      scrub.value = scrub.max;
      scrub.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await violations()).toEqual([]);
    await page.click('#join-worked summary');
    await page.waitForSelector('#join-worked[data-drawn="true"]');
    expect(await violations()).toEqual([]);
    await page.fill('#browse-n', '6');
    await page.dispatchEvent('#browse-n', 'change');
    await page.waitForFunction(() => document.querySelectorAll('#browse-list li').length === 4);
    expect(await violations()).toEqual([]);
  });

  it('plays and pauses the search', async () => {
    await page.click('#watch-reset');
    await page.click('#watch-play');
    expect(await page.getAttribute('#watch-play', 'aria-pressed')).toBe('true');
    await expect.poll(async () => (await page.$$('#watch-log li')).length).toBeGreaterThan(3);
    await page.click('#watch-play');
    expect(await page.getAttribute('#watch-play', 'aria-pressed')).toBe('false');
  });

  it("draws the visualizer's board as fixed square cells, queens sized to them, at every n and step, on desktop and phone", async () => {
    for (const [width, height, label] of [
      [1200, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      const view = label === 'desktop' ? page : await openDemo({ width, height });
      for (let n = 4; n <= 10; n++) {
        await view.fill('#watch-n', String(n));
        await view.dispatchEvent('#watch-n', 'change');
        // Thirty steps take the search through rows with queens, without, and back.
        const seen = await view.evaluate(() => {
          const board = document.querySelector<HTMLElement>('#watch-board')!;
          const step = document.querySelector<HTMLButtonElement>('#watch-step')!;
          const measures = [];
          for (let i = 0; i < 30; i++) {
            const squares = [...board.querySelectorAll<HTMLElement>('.square')].map((s) => s.getBoundingClientRect());
            const queens = [...board.querySelectorAll<HTMLElement>('.square.queen')].map((q) => {
              const range = document.createRange();
              range.selectNodeContents(q);
              const glyph = range.getBoundingClientRect();
              return { width: glyph.width, height: glyph.height };
            });
            const box = board.getBoundingClientRect();
            measures.push({
              widths: [...new Set(squares.map((r) => r.width))],
              heights: [...new Set(squares.map((r) => r.height))],
              board: `${box.width}x${box.height}`,
              queens,
            });
            step.click();
          }
          return measures;
        });
        const cell = seen[0].widths[0];
        expect(cell, `${label} n = ${n}`).toBeGreaterThan(20);
        for (const m of seen) {
          expect(m.widths, `${label} n = ${n}`).toEqual([cell]);
          expect(m.heights, `${label} n = ${n}`).toEqual([cell]);
          // The board is n cells and its 2px border each way, at every step.
          expect(m.board, `${label} n = ${n}`).toBe(`${n * cell + 4}x${n * cell + 4}`);
          for (const q of m.queens) {
            expect(q.width, `${label} n = ${n}`).toBeGreaterThan(cell * 0.5);
            expect(q.width, `${label} n = ${n}`).toBeLessThanOrEqual(cell);
            expect(q.height, `${label} n = ${n}`).toBeLessThanOrEqual(cell);
          }
        }
        expect(
          seen.some((m) => m.queens.length >= 2),
          `${label} n = ${n}`,
        ).toBe(true);
        if (n === 8 || n === 10) await view.locator('#watch').screenshot({ path: `${shots}/watch-${n}-${label}.png` });
      }
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });

  it("says the visualizer's limit where n is out of range, and keeps the board it shows", async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    await page.fill('#watch-n', '11');
    await page.dispatchEvent('#watch-n', 'change');
    expect(await page.textContent('#watch-error')).toBe(
      'n must be a whole number from 4 to 10 here: the search of n = 10 already takes 175,520 steps.',
    );
    expect(await page.isVisible('#watch-error')).toBe(true);
    expect(await page.getAttribute('#watch-n', 'aria-invalid')).toBe('true');
    expect(await page.$$eval('#watch-board .square', (squares) => squares.length)).toBe(36);
    await page.fill('#watch-n', '5');
    await page.dispatchEvent('#watch-n', 'change');
    expect(await page.isHidden('#watch-error')).toBe(true);
    expect(await page.$$eval('#watch-board .square', (squares) => squares.length)).toBe(25);
  });

  it('browses the solutions of n = 6 with their symmetry classes', async () => {
    await page.fill('#browse-n', '6');
    await page.dispatchEvent('#browse-n', 'change');
    await expect
      .poll(() => page.textContent('#browse-summary'))
      .toBe('n = 6: 4 solutions, 1 unique up to rotation and reflection.');
    const captions = await page.$$eval('#browse-list li p', (ps) => ps.map((p) => p.textContent));
    expect(captions).toEqual([
      '#1 1 3 5 0 2 4unique solution 1, one of 4 variants, symmetric under half turn',
      '#2 2 5 1 4 0 3unique solution 1, one of 4 variants, symmetric under half turn',
      '#3 3 0 4 1 5 2unique solution 1, one of 4 variants, symmetric under half turn',
      '#4 4 2 0 5 3 1unique solution 1, one of 4 variants, symmetric under half turn',
    ]);
    await page.fill('#browse-n', '8');
    await page.dispatchEvent('#browse-n', 'change');
    await expect.poll(() => page.textContent('#browse-pages')).toBe('of 8');
    expect(await page.inputValue('#browse-page')).toBe('1');
    await page.click('#browse-next');
    expect(await page.inputValue('#browse-page')).toBe('2');
    await page.locator('#browse').screenshot({ path: `${shots}/browse.png` });
  });

  it('refuses n = 13 in the solutions browser with its limit, instead of quietly listing 12', async () => {
    await page.fill('#browse-n', '6');
    await page.dispatchEvent('#browse-n', 'change');
    await expect.poll(() => page.textContent('#browse-summary')).toMatch(/^n = 6: /);
    await page.fill('#browse-n', '13');
    await page.dispatchEvent('#browse-n', 'change');
    expect(await page.textContent('#browse-error')).toBe(
      'n must be a whole number from 1 to 12 here: n = 13 has too many solutions to list on a page (n = 12 has 14,200); count it under Count above.',
    );
    expect(await page.isVisible('#browse-error')).toBe(true);
    expect(await page.inputValue('#browse-n')).toBe('13');
    expect(await page.$eval('#browse-n', (input) => (input as HTMLInputElement).validity.valid)).toBe(false);
    expect(await page.getAttribute('#browse-n', 'aria-invalid')).toBe('true');
    // What is listed stays as it was, and says which n it is.
    expect(await page.textContent('#browse-summary')).toMatch(/^n = 6: /);
    expect(await page.locator('#browse-list li').count()).toBe(4);
  });

  it('goes to any page of the 1,184 of n = 12 by its number', async () => {
    await page.fill('#browse-n', '12');
    await page.dispatchEvent('#browse-n', 'change');
    await expect
      .poll(() => page.textContent('#browse-summary'), { timeout: 20_000 })
      .toBe('n = 12: 14,200 solutions, 1,787 unique up to rotation and reflection.');
    expect(await page.isHidden('#browse-error')).toBe(true);
    expect(await page.textContent('#browse-pages')).toBe('of 1,184');
    await page.fill('#browse-page', '1184');
    await page.press('#browse-page', 'Enter');
    await expect
      .poll(() => page.$$eval('#browse-list li strong', (ss) => ss.map((s) => s.textContent)))
      .toEqual(['#14197', '#14198', '#14199', '#14200']);
    expect(await page.isDisabled('#browse-next')).toBe(true);
    await page.fill('#browse-page', '600');
    await page.press('#browse-page', 'Enter');
    await expect.poll(() => page.textContent('#browse-list li strong')).toBe('#7189');
    // A page that does not exist is refused with the range; the list stays where it was.
    await page.fill('#browse-page', '1185');
    await page.press('#browse-page', 'Enter');
    expect(await page.$eval('#browse-page', (input) => (input as HTMLInputElement).validationMessage)).toBe(
      'Pages go from 1 to 1,184.',
    );
    expect(await page.textContent('#browse-list li strong')).toBe('#7189');
    await page.click('#browse-prev');
    expect(await page.inputValue('#browse-page')).toBe('599');
    await page.locator('#browse').screenshot({ path: `${shots}/browse-12-desktop.png` });
  });

  it('names the TypeScript engine "TypeScript" everywhere on the page', async () => {
    const text = await page.evaluate(() => document.body.textContent);
    expect(text).toMatch(/TypeScript ms/);
    expect(text.match(/\bJS\b|JavaScript|\bjs\b/g)).toBeNull();
  });

  it('labels every control', async () => {
    const unlabelled = await page.$$eval('input, select, button, progress', (controls) =>
      controls
        .filter((c) => {
          const labels = (c as HTMLInputElement).labels;
          const named = c.getAttribute('aria-label') || (c.tagName === 'BUTTON' && c.textContent?.trim());
          return !named && (!labels || labels.length === 0);
        })
        .map((c) => c.outerHTML),
    );
    expect(unlabelled).toEqual([]);
  });

  it('fits a phone-sized screen: no sideways scrolling, Cancel and Stop beside Count and Compare, the compare table within its column', async () => {
    const phone = await openDemo({ width: 390, height: 844 });
    await phone.waitForSelector('#browse-list li');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: `${shots}/phone.png`, fullPage: true });
    // The widest things on the page: the solutions of n = 12, and a compare table with its GPU column
    // up to the form's default n.
    await phone.fill('#browse-n', '12');
    await phone.dispatchEvent('#browse-n', 'change');
    await expect.poll(() => phone.textContent('#browse-pages'), { timeout: 20_000 }).toBe('of 1,184');
    await phone.fill('#compare-max', '12');
    await phone.fill('#compare-runs', '1');
    await phone.check('#compare-gpu');
    await phone.click('#compare-run');
    await expect.poll(() => phone.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: /);
    expect(await phone.isVisible('#compare-gpu-head')).toBe(true);
    const layout = await phone.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const scroller = document.querySelector('.table-scroll')!;
      return {
        scrollWidth: document.documentElement.scrollWidth,
        cancelBesideCount: box('#count-cancel').top === box('#count-run').top,
        stopBesideCompare: box('#compare-stop').top === box('#compare-run').top,
        tableRight: box('#compare-table').right,
        columnRight: box('#compare').right,
        tableScrolls: scroller.scrollWidth > scroller.clientWidth,
      };
    });
    expect(layout).toEqual({
      scrollWidth: 390,
      cancelBesideCount: true,
      stopBesideCompare: true,
      tableRight: expect.any(Number),
      columnRight: expect.any(Number),
      tableScrolls: false,
    });
    expect(layout.tableRight).toBeLessThanOrEqual(layout.columnRight);
    await phone.locator('#browse').screenshot({ path: `${shots}/browse-12-phone.png` });
    await phone.locator('#compare').screenshot({ path: `${shots}/compare-phone.png` });
  });

  it('bounds its look for a WebGPU adapter: a request that never answers leaves WebGPU out, and the page works meanwhile', async () => {
    const stuck = await openDemo({
      before: () => {
        navigator.gpu.requestAdapter = () => new Promise(() => {});
      },
    });
    // Picking WebGPU starts the look; back on wasm, the page counts while it goes on.
    await stuck.selectOption('#count-engine', 'webgpu');
    await stuck.selectOption('#count-engine', 'wasm');
    await stuck.fill('#count-n', '8');
    await stuck.click('#count-run');
    await stuck.waitForSelector('#count-result[data-total="92"]');
    expect(await stuck.isHidden('#gpu')).toBe(true);
    await expect
      .poll(() => stuck.textContent('#gpu'), { timeout: 15_000 })
      .toBe('WebGPU: the GPU gave no answer in 10 s, so the WebGPU engine is not offered.');
    expect(await stuck.isVisible('#gpu')).toBe(true);
    expect(await stuck.evaluate(() => document.body.dataset.webgpu)).toBe('no-answer');
    expect(
      await stuck.$$eval('#count-engine option', (options) =>
        options.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled]),
      ),
    ).toEqual([
      ['wasm', false],
      ['js', false],
      ['webgpu', true],
    ]);
  });

  it('shows a newcomer every panel in use: a count, a comparison with the GPU, the search part-way through n = 8, its solutions (docs/demo.png)', async () => {
    await page.fill('#count-n', '14');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="365596"]', {
      timeout: 60_000,
    });
    await page.fill('#compare-max', '10');
    await page.fill('#compare-runs', '3');
    await page.check('#compare-gpu');
    await page.click('#compare-run');
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..10 /);
    await page.waitForSelector('#compare-chart[data-points="7"]');
    await page.fill('#watch-n', '8');
    await page.dispatchEvent('#watch-n', 'change');
    for (let i = 0; i < 12; i++) await page.click('#watch-step');
    expect(await page.getAttribute('#watch-board', 'data-queens')).toMatch(/^\d(,\d)*$/);
    await page.fill('#browse-n', '8');
    await page.dispatchEvent('#browse-n', 'change');
    await expect.poll(() => page.textContent('#browse-pages')).toBe('of 8');
    // Nothing focused: the screenshot shows the page, not a focus ring.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: `${shots}/page.png`, fullPage: true });
  });
});

describe.skipIf(!BROWSER_TESTS)('demo page in Chromium without a WebGPU adapter', () => {
  let browser: Browser;
  let server: Server;
  let url: string;
  /** A new page of the demo in a new browser context, its panels set up, for each test. */
  let page: Page;
  let messages: string[] = [];

  beforeAll(async () => {
    await build({
      configFile: `${root}demo/vite.config.ts`,
      logLevel: 'warn',
    });
    ({ url, server } = await serveDirectory(`${root}demo/dist`));
    browser = await launchChromium({ webgpu: false });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  beforeEach(async () => {
    messages = [];
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        messages.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
  });

  afterEach(async () => {
    await page.close();
  });

  it('loads, counts and compares without asking for an adapter, so without a console message', async () => {
    await page.fill('#count-n', '9');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="352"]');
    await page.fill('#compare-max', '6');
    await page.fill('#compare-runs', '1');
    await page.click('#compare-run');
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..6/);
    expect(await page.evaluate(() => document.body.dataset.webgpu)).toBeUndefined();
    expect(messages).toEqual([]);
  });

  it('looks once the user picks WebGPU, says there is no adapter, and goes back to wasm; Chromium\'s "No available adapters." comes then, once', async () => {
    await page.selectOption('#count-engine', 'webgpu');
    await expect
      .poll(() => page.textContent('#gpu'))
      .toBe('WebGPU: navigator.gpu.requestAdapter() found no adapter, so the WebGPU engine is not offered.');
    expect(await page.evaluate(() => document.body.dataset.webgpu)).toBe('none');
    expect(await page.inputValue('#count-engine')).toBe('wasm');
    expect(await page.isEnabled('#count-workers')).toBe(true);
    expect(
      await page.$$eval('#count-engine option', (options) =>
        options.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).disabled, o.textContent]),
      ),
    ).toEqual([
      ['wasm', false, 'wasm'],
      ['js', false, 'TypeScript'],
      ['webgpu', true, 'WebGPU (no adapter here)'],
    ]);
    // The comparison's GPU box uses the same look: no second one, and nothing to tick.
    await page.click('#compare-gpu');
    await expect.poll(() => page.isDisabled('#compare-gpu')).toBe(true);
    expect(await page.isChecked('#compare-gpu')).toBe(false);
    expect(await page.textContent('#compare-gpu-label')).toBe('WebGPU too (no adapter here)');
    expect(messages).toEqual(['warning: No available adapters.']);
  });

  it('compares the two CPU engines where the GPU was ticked and there is no adapter', async () => {
    await page.fill('#compare-max', '6');
    await page.fill('#compare-runs', '1');
    // Compare pressed while the look the tick started may still go on: it waits for its answer.
    await page.click('#compare-gpu');
    await page.click('#compare-run');
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..6/);
    const head = await page.$$eval('#compare-table thead th', (ths) =>
      ths.filter((th) => !(th as HTMLElement).hidden).map((th) => th.textContent),
    );
    expect(head).toEqual(['n', 'total', 'TypeScript ms', 'wasm ms', 'speed-up']);
    expect(await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => tr.children.length))).toEqual([
      5, 5, 5,
    ]);
    expect(messages).toEqual(['warning: No available adapters.']);
  });
});
