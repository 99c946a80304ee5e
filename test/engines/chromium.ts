// Debian's Chromium, launched as the other browser tests launch it (test/helpers/chromium.ts:
// playwright-core, WebGPU on SwiftShader), behind the engines tier's BrowserDriver.

import { CHROMIUM, launchChromium } from '../helpers/chromium.js';
import { type BrowserDriver, callExpression } from './driver.js';

export { CHROMIUM };

export async function launchChromiumDriver(): Promise<BrowserDriver> {
  const browser = await launchChromium();
  return {
    name: 'chromium',
    product: 'Chromium',
    version: browser.version(),
    async report(url, timeoutMs) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(url, { timeout: timeoutMs });
        await page.waitForFunction(() => document.body?.dataset.report, null, { timeout: timeoutMs, polling: 100 });
        return (await page.evaluate(() => document.body.dataset.report))!;
      } finally {
        await context.close();
      }
    },
    async open(url, viewport) {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.goto(url);
        return {
          run: (fn, ...args) => page.evaluate(callExpression(fn, args)),
          screenshot: (selector) => page.locator(selector).screenshot(),
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
