// The demo page in a real Chromium: it loads cleanly, counts, compares, animates, browses,
// cancels, works with the keyboard and on a phone-sized screen. Screenshots go to
// test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TESTS, launchChromium, serveDirectory } from './chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = `${root}test-results/screenshots`;

describe.skipIf(!BROWSER_TESTS)('demo page in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  let url: string;
  const problems: string[] = [];

  beforeAll(async () => {
    await build({ configFile: `${root}demo/vite.config.ts`, logLevel: 'warn' });
    ({ url, server } = await serveDirectory(`${root}demo/dist`));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(url);
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it('loads: the environment line names the browser and its cores', async () => {
    await expect.poll(() => page.textContent('#environment')).toMatch(/Running on .+ · \d+ cores?\./);
  });

  it.each(['wasm', 'js'])('counts n = 8 to 92 solutions, 12 unique, on the %s engine in a Web Worker', async (engine) => {
    await page.fill('#count-n', '8');
    await page.selectOption('#count-engine', engine);
    await page.selectOption('#count-workers', '1');
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="92"]');
    expect(await page.textContent('#count-result')).toMatch(new RegExp(`n = 8: 92 solutions, 12 unique \\(${engine}, 1 thread, [\\d.]+ ms\\)`));
  });

  it('offers the WebGPU engine and names its adapter: here the software one, labelled as such', async () => {
    await expect.poll(() => page.textContent('#gpu')).toMatch(/^WebGPU: google swiftshader, a software adapter \(its times say nothing about GPUs\)\.$/);
    expect(await page.$$eval('#count-engine option', (options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]))).toEqual([
      ['wasm', 'wasm'],
      ['js', 'TypeScript'],
      ['webgpu', 'WebGPU'],
    ]);
  });

  it('counts n = 10 on the WebGPU engine, which takes no worker threads', async () => {
    await page.fill('#count-n', '10');
    await page.selectOption('#count-engine', 'webgpu');
    expect(await page.isDisabled('#count-workers')).toBe(true);
    await page.click('#count-run');
    await page.waitForSelector('#count-result[data-total="724"]');
    expect(await page.textContent('#count-result')).toMatch(/^n = 10: 724 solutions, 92 unique \(webgpu, [\d.]+ ms\)$/);
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
    await page.fill('#count-n', '17');
    await page.selectOption('#count-engine', 'wasm');
    await page.click('#count-run');
    await expect.poll(() => page.textContent('#count-progress-text'), { timeout: 30_000 }).toMatch(/^\d+% · [\d,]+\/[\d,]+ subproblems · ETA \d+(s|m\d\ds|h\d\dm)$/);
    await page.click('#count-cancel');
    await expect.poll(() => page.textContent('#count-result')).toBe('Cancelled.');
  });

  it('Cancel stops a long count and frees the controls', async () => {
    await page.fill('#count-n', '20');
    await page.selectOption('#count-engine', 'wasm');
    await page.click('#count-run');
    await expect.poll(() => page.$eval('#count-progress', (p) => (p as HTMLProgressElement).value), { timeout: 20_000 }).toBeGreaterThan(0);
    const started = Date.now();
    await page.click('#count-cancel');
    await expect.poll(() => page.textContent('#count-result')).toBe('Cancelled.');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await page.isEnabled('#count-run')).toBe(true);
    expect(await page.isDisabled('#count-cancel')).toBe(true);
  });

  it('after a reload, offers to resume the interrupted count from the checkpoint it kept, which then finishes exactly', async () => {
    await page.fill('#count-n', '17');
    await page.selectOption('#count-engine', 'wasm');
    await page.selectOption('#count-workers', '1');
    await page.click('#count-run');
    // A checkpoint of this count in the page's storage, then the reload.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('nqueens-wasm:count-checkpoint') ?? 'null')?.checkpoint?.done?.length ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('nqueens-wasm:count-checkpoint')!).checkpoint.n)).toBe(17);
    await page.reload();
    await expect.poll(() => page.isVisible('#count-resume')).toBe(true);
    expect(await page.textContent('#count-resume-text')).toMatch(/^A count of n = 17 \(wasm, 1 thread\) was interrupted at \d+%, after \d+s\.$/);
    await page.click('#count-resume-run');
    await page.waitForSelector('#count-result[data-total="95815104"]', { timeout: 60_000 });
    expect(await page.textContent('#count-result')).toMatch(/^n = 17: 95,815,104 solutions, 11,977,939 unique \(wasm, 1 thread, [\d.]+ ms, resumed\)$/);
    expect(await page.isHidden('#count-resume')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('nqueens-wasm:count-checkpoint'))).toBeNull();
  });

  it('shows a hint where the chart goes, before the first comparison', async () => {
    expect(await page.textContent('#compare-chart .hint')).toMatch(/^Press Compare: the median times of both engines/);
    expect(await page.locator('#compare-chart canvas').count()).toBe(0);
  });

  it('fills the JS vs wasm vs WebGPU table and chart as results arrive', async () => {
    await page.fill('#compare-max', '10');
    await page.fill('#compare-runs', '3');
    await page.click('#compare-run');
    await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..10 on .+ cores?\.$/);
    const head = await page.$$eval('#compare-table thead th', (ths) => ths.filter((th) => !(th as HTMLElement).hidden).map((th) => th.textContent));
    expect(head).toEqual(['n', 'total', 'JS ms', 'wasm ms', 'WebGPU ms', 'speed-up']);
    const rows = await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows.map((r) => r[0])).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(rows.map((r) => r[1])).toEqual(['2', '10', '4', '40', '92', '352', '724']);
    for (const r of rows) {
      expect(Number(r[2])).toBeGreaterThan(0);
      expect(Number(r[3])).toBeGreaterThan(0);
      expect(Number(r[4])).toBeGreaterThan(0);
      expect(r[5]).toMatch(/^[\d.]+×$/);
    }
    expect(await page.$$eval('#compare-chart .u-legend .u-series th', (ths) => ths.map((th) => th.textContent?.trim()).filter(Boolean))).toEqual(['n', 'JS', 'wasm', 'WebGPU']);
    expect(await page.getAttribute('#compare-chart', 'data-points')).toBe('7');
    expect(await page.locator('#compare-chart canvas').count()).toBeGreaterThan(0);
    await page.locator('#compare').screenshot({ path: `${shots}/compare.png` });
  });

  it('after a queen in the corner, row 1 shows its open squares and the ones still to try, each labelled', async () => {
    await page.fill('#watch-n', '6');
    await page.dispatchEvent('#watch-n', 'change');
    const mask = (name: string) => page.$eval(`#watch-masks tr[data-mask="${name}"]`, (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(''));
    // Shown on reset: row 0 entered. Two steps: a queen at (0, 0), then row 1 entered: open = columns 2..5, all to try.
    for (let i = 0; i < 2; i++) await page.click('#watch-step');
    expect(await page.textContent('#watch-message')).toBe('Row 1: open = ~(cols | left | right) = 001111 (column 0 first); all of it to try');
    expect(await mask('open')).toBe('001111');
    expect(await mask('to-try')).toBe('001111');
    // The queen goes on column 2, the lowest square to try; columns 3..5 are still to try.
    await page.click('#watch-step');
    expect(await page.textContent('#watch-message')).toBe('Row 1: the lowest square to try, free & -free, is column 2; go one row down');
    expect(await mask('open')).toBe('001111');
    expect(await mask('to-try')).toBe('000111');
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
    const mask = (name: string) => page.$eval(`#watch-masks tr[data-mask="${name}"]`, (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(''));
    expect(await mask('open')).toBe('0010');
    expect(await mask('to-try')).toBe('0000');
    expect(await page.textContent('#watch-masks caption')).toMatch(/^open = ~\(cols \| left \| right\)/);
    await page.locator('#watch').screenshot({ path: `${shots}/watch.png` });
  });

  it('plays and pauses the search', async () => {
    await page.click('#watch-reset');
    await page.click('#watch-play');
    expect(await page.getAttribute('#watch-play', 'aria-pressed')).toBe('true');
    await expect.poll(async () => (await page.$$('#watch-log li')).length).toBeGreaterThan(3);
    await page.click('#watch-play');
    expect(await page.getAttribute('#watch-play', 'aria-pressed')).toBe('false');
  });

  it('browses the solutions of n = 6 with their symmetry classes', async () => {
    await page.fill('#browse-n', '6');
    await page.dispatchEvent('#browse-n', 'change');
    await expect.poll(() => page.textContent('#browse-summary')).toBe('n = 6: 4 solutions, 1 unique up to rotation and reflection.');
    const captions = await page.$$eval('#browse-list li p', (ps) => ps.map((p) => p.textContent));
    expect(captions).toEqual([
      '#1 1 3 5 0 2 4unique solution 1, one of 4 variants, symmetric under half turn',
      '#2 2 5 1 4 0 3unique solution 1, one of 4 variants, symmetric under half turn',
      '#3 3 0 4 1 5 2unique solution 1, one of 4 variants, symmetric under half turn',
      '#4 4 2 0 5 3 1unique solution 1, one of 4 variants, symmetric under half turn',
    ]);
    await page.fill('#browse-n', '8');
    await page.dispatchEvent('#browse-n', 'change');
    await expect.poll(() => page.textContent('#browse-page')).toBe('page 1 of 8');
    await page.click('#browse-next');
    expect(await page.textContent('#browse-page')).toBe('page 2 of 8');
    await page.locator('#browse').screenshot({ path: `${shots}/browse.png` });
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

  it('fits a phone-sized screen without sideways scrolling', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(url);
    await phone.waitForSelector('#browse-list li');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: `${shots}/phone.png`, fullPage: true });
    await phone.close();
  });

  it('logged no errors or warnings to the console', async () => {
    await page.screenshot({ path: `${shots}/page.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!BROWSER_TESTS)('demo page in Chromium without a WebGPU adapter', () => {
  it('offers only the wasm and TypeScript engines, and compares those two', async () => {
    await build({ configFile: `${root}demo/vite.config.ts`, logLevel: 'warn' });
    const { url, server } = await serveDirectory(`${root}demo/dist`);
    const browser = await launchChromium({ webgpu: false });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await expect.poll(() => page.textContent('#environment')).toMatch(/^Running on /);
      // The adapter request has answered once the compare table knows its columns.
      await expect.poll(() => page.evaluate(() => navigator.gpu?.requestAdapter().then((a) => a === null))).toBe(true);
      expect(await page.$$eval('#count-engine option', (options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['wasm', 'js']);
      expect(await page.isHidden('#gpu')).toBe(true);
      await page.fill('#compare-max', '6');
      await page.fill('#compare-runs', '1');
      await page.click('#compare-run');
      await expect.poll(() => page.textContent('#compare-status'), { timeout: 60_000 }).toMatch(/^Done: n = 4..6/);
      const head = await page.$$eval('#compare-table thead th', (ths) => ths.filter((th) => !(th as HTMLElement).hidden).map((th) => th.textContent));
      expect(head).toEqual(['n', 'total', 'JS ms', 'wasm ms', 'speed-up']);
      expect(await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => tr.children.length))).toEqual([5, 5, 5]);
    } finally {
      await browser.close();
      server.close();
    }
  });
});
