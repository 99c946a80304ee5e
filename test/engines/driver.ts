// What the engines tier asks of a browser, whichever protocol drives it: open a URL in a page of
// its own, wait for the page to publish its report, and give the report back.

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
