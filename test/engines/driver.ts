// What the engines tier asks of a browser, whichever protocol drives it: open a URL in a page of
// its own, wait for the page to publish its report, and give the report back.

/** A viewport's size in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/** A page left open for a test to drive: scripts run in it, screenshots taken of it. */
export interface DrivenPage {
  /**
   * Calls `fn` in the page with `args` and resolves to what it returns, awaited. Both travel as
   * JSON, and `fn` as its source text: it may use its arguments and the page's globals, nothing of
   * the test's scope.
   */
  run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** A PNG of what the element that `selector` matches shows, scrolled into view. */
  screenshot(selector: string): Promise<Buffer>;
  /** Closes the page and whatever was opened for it. */
  close(): Promise<void>;
}

/** The expression that calls `fn` with `args`, for the drivers to evaluate in a page. */
export function callExpression(fn: (...args: never[]) => unknown, args: readonly unknown[]): string {
  return `(${String(fn)})(...${JSON.stringify(args)})`;
}

/** A started browser. */
export interface BrowserDriver {
  /** 'chromium', 'firefox' or 'webkit'. */
  readonly name: string;
  /** The browser in words, e.g. 'Firefox ESR'. */
  readonly product: string;
  /** Its version, as its driver reports it. */
  readonly version: string;
  /**
   * Loads `url` in a fresh page (a new tab or browsing context, so that nothing of an earlier page
   * is left), waits up to `timeoutMs` for `document.body.dataset.report`, closes the page and
   * resolves to the report (the page's JSON).
   */
  report(url: string, timeoutMs: number): Promise<string>;
  /**
   * Loads `url` in a fresh page (as `report` does) whose viewport is `viewport`, and leaves it open
   * for the caller to drive.
   */
  open(url: string, viewport: Viewport): Promise<DrivenPage>;
  /** Ends the browser and every process started for it. */
  close(): Promise<void>;
}

/** Repeats `read` every `everyMs` until it gives a string or `timeoutMs` passes. */
export async function pollFor(
  what: string,
  read: () => Promise<string | null | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (typeof value === 'string') return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
