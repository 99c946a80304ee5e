// Debian's Chromium, launched as the other browser tests launch it (test/helpers/chromium.ts:
// playwright-core, WebGPU on SwiftShader), behind the engines tier's BrowserDriver.

import { CHROMIUM, launchChromium } from '../helpers/chromium.js';
import type { BrowserDriver } from './driver.js';

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
    close: () => browser.close(),
  };
}
