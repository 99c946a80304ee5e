// A page of the apps as Chromium shows it: the counts it shows once it has counted, and whatever
// went wrong on the way (an uncaught error, a console error, a failed request).
import type { Browser, Page } from 'playwright-core';

export interface Count {
  n: number;
  total: number;
  engine: string;
  workers: number;
}

export interface CountingPage {
  page: Page;
  /** The HTTP status of the page itself. */
  status: number | undefined;
  /** What the app's element holds in data-counts once it has counted. */
  counts: Count[] | undefined;
  /** What the app's element holds in data-error, if counting failed. */
  error: string | undefined;
  /** Uncaught errors, console errors and warnings, and responses of 400 or more, in order. */
  problems: string[];
}

/**
 * Opens `url` in a new page, runs `beforeLoad` on it first (to listen for what the page does as it
 * loads), and waits until the app's element `#id` has counted or failed. The caller closes the page.
 */
export async function openCountingPage(
  browser: Browser,
  url: string,
  id: string,
  beforeLoad?: (page: Page) => Promise<unknown>,
): Promise<CountingPage> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning') problems.push(`console ${type}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await beforeLoad?.(page);
  const response = await page.goto(url);
  // An error page (a dev server's build error) never counts: no use waiting for it.
  if (!response?.ok()) return { page, status: response?.status(), counts: undefined, error: undefined, problems };
  // count(16) on two threads takes a few seconds here; far longer on a busy machine.
  // By id: the selector also reaches into shadow roots, where Next.js's dev badge has a data-error.
  const settled = await page.waitForSelector(`#${id}[data-counts], #${id}[data-error]`, { timeout: 240_000 });
  const counts = await settled.getAttribute('data-counts');
  const error = await settled.getAttribute('data-error');
  return {
    page,
    status: response?.status(),
    counts: counts === null ? undefined : (JSON.parse(counts) as Count[]),
    error: error ?? undefined,
    problems,
  };
}
