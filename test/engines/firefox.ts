// Firefox ESR (Debian's firefox-esr) through puppeteer-core over WebDriver BiDi: playwright-core
// drives only its own patched Firefox builds. puppeteer-core lives in test/engines/package.json
// with the tier's other runtimes, so it is loaded from there at run time and typed here by the
// little this file uses: the package's build and type-check never need that install.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserDriver, callExpression } from './driver.js';
import { enginesDir } from './runtimes.js';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

interface ElementHandle {
  screenshot(): Promise<Uint8Array>;
  dispose(): Promise<void>;
}
interface Page {
  goto(url: string, options: { timeout: number }): Promise<unknown>;
  waitForFunction(expression: string, options: { timeout: number; polling: number }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  setViewport(viewport: { width: number; height: number }): Promise<void>;
  $(selector: string): Promise<ElementHandle | null>;
}
interface Context {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface Browser {
  version(): Promise<string>;
  createBrowserContext(): Promise<Context>;
  close(): Promise<void>;
}
interface Puppeteer {
  launch(options: Record<string, unknown>): Promise<Browser>;
}

async function loadPuppeteer(): Promise<Puppeteer> {
  let entry: string;
  try {
    entry = createRequire(join(enginesDir, 'package.json')).resolve('puppeteer-core');
  } catch (error) {
    throw new Error(`puppeteer-core is not installed: run npm ci --prefix test/engines (${String(error)})`);
  }
  return ((await import(pathToFileURL(entry).href)) as { default: Puppeteer }).default;
}

export async function launchFirefox(): Promise<BrowserDriver> {
  const puppeteer = await loadPuppeteer();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
  });
  let version: string;
  try {
    version = await browser.version();
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    name: 'firefox',
    product: 'Firefox ESR',
    // "firefox/153.7.0"
    version: version.replace(/^firefox\//, ''),
    async report(url, timeoutMs) {
      // A browsing context of its own: nothing of an earlier page (workers, caches) is left.
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.goto(url, { timeout: timeoutMs });
        await page.waitForFunction('document.body?.dataset.report', { timeout: timeoutMs, polling: 100 });
        return (await page.evaluate('document.body.dataset.report')) as string;
      } finally {
        await context.close();
      }
    },
    async open(url, viewport) {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.setViewport(viewport);
        await page.goto(url, { timeout: 60_000 });
        return {
          run: async (fn, ...args) => (await page.evaluate(callExpression(fn, args))) as never,
          async screenshot(selector) {
            const element = await page.$(selector);
            if (element === null) throw new Error(`nothing matches ${selector}`);
            try {
              return Buffer.from(await element.screenshot());
            } finally {
              await element.dispose();
            }
          },
          close: () => context.close(),
        };
      } catch (error) {
        await context.close();
        throw error;
      }
    },
    close: () => browser.close(),
  };
}
