// The few commands of W3C WebDriver (classic, over HTTP) that the engines tier needs, for
// WebKitWebDriver: playwright-core cannot drive Debian's WebKitGTK, and a client this small is
// easier to read than a dependency.

/** An error the remote end answered with. */
export class WebDriverError extends Error {
  override name = 'WebDriverError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** A WebDriver session: one browser window at first; `report` opens and closes tabs of its own. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** Starts a session on the driver listening at `base` (http://host:port). */
  static async start(base: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = (await send(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } })) as {
      sessionId: string;
      capabilities: Record<string, unknown>;
    };
    return new WebDriverSession(base, value.sessionId, value.capabilities);
  }

  private command(method: string, path: string, body?: unknown): Promise<unknown> {
    return send(this.base, method, `/session/${this.id}${path}`, body);
  }

  currentWindow(): Promise<string> {
    return this.command('GET', '/window') as Promise<string>;
  }

  async newTab(): Promise<string> {
    return ((await this.command('POST', '/window/new', { type: 'tab' })) as { handle: string }).handle;
  }

  /** A new window: unlike a tab in the background, it is shown, so it renders and runs animation frames. */
  async newWindow(): Promise<string> {
    return ((await this.command('POST', '/window/new', { type: 'window' })) as { handle: string }).handle;
  }

  async switchTo(handle: string): Promise<void> {
    await this.command('POST', '/window', { handle });
  }

  /** Closes the current window; the session then has no current window until `switchTo`. */
  async closeWindow(): Promise<void> {
    await this.command('DELETE', '/window');
  }

  /** Navigates the current window, resolving once the page has loaded. */
  async navigate(url: string): Promise<void> {
    await this.command('POST', '/url', { url });
  }

  /** Runs `script` (a function body; `arguments` are `args`) in the page, to its return value. */
  execute(script: string, args: unknown[] = []): Promise<unknown> {
    return this.command('POST', '/execute/sync', { script, args });
  }

  /** Sets the window's outer size; resolves to the size the window took (it may have a minimum). */
  async setWindowSize(width: number, height: number): Promise<{ width: number; height: number }> {
    return (await this.command('POST', '/window/rect', { width, height })) as { width: number; height: number };
  }

  /** Makes the page's `index`-th frame the context that scripts run in. */
  async switchToFrame(index: number): Promise<void> {
    await this.command('POST', '/frame', { id: index });
  }

  /** A PNG of the top-level page's viewport. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from((await this.command('GET', '/screenshot')) as string, 'base64');
  }

  async end(): Promise<void> {
    await this.command('DELETE', '');
  }
}

async function send(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const { error, message } = reply.value as { error?: string; message?: string };
    throw new WebDriverError(error ?? `HTTP ${response.status}`, message ?? '');
  }
  return reply.value;
}

/** Resolves once the driver at `base` answers /status as ready (it takes a moment to listen). */
export async function waitUntilReady(base: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (((await send(base, 'GET', '/status')) as { ready?: boolean }).ready) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error(`the WebDriver at ${base} was not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
