// WebKitGTK (Safari's engine, Debian's build) through its WebDriver, WebKitWebDriver, which starts
// MiniBrowser in automation mode. MiniBrowser has no headless mode: both run inside a virtual X
// server of their own (xvfb-run -a picks a free display), and the whole process group goes when
// the browser is closed.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../helpers/free-port.js';
import { type BrowserDriver, pollFor } from './driver.js';
import { WebDriverSession, waitUntilReady } from './webdriver.js';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_RUN = '/usr/bin/xvfb-run';

/** Whether this machine has what launchWebKit needs. */
export function webkitInstalled(): boolean {
  return [WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN].every((path) => existsSync(path));
}

function stop(child: ChildProcess): void {
  // xvfb-run, Xvfb, the driver and MiniBrowser with its web processes share the group started here,
  // which may outlive xvfb-run itself.
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // The whole group is gone already.
  }
}

export interface WebKitOptions {
  /** WebKit feature switches (`MiniBrowser --features=help` lists them), e.g. '+WebGPU'. */
  features?: string[];
}

/** Starts MiniBrowser under WebKitWebDriver. */
export async function launchWebKit({ features = [] }: WebKitOptions = {}): Promise<BrowserDriver> {
  const port = await freePort();
  const child = spawn(XVFB_RUN, ['-a', WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  let session: WebDriverSession;
  let home: string;
  try {
    await waitUntilReady(base, 30_000);
    session = await WebDriverSession.start(base, {
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation', ...(features.length > 0 ? [`--features=${features.join(',')}`] : [])],
      },
      // A page counting in its own thread holds up scripts the driver runs there: wait, do not fail.
      timeouts: { script: 600_000, pageLoad: 120_000, implicit: 0 },
    });
    home = await session.currentWindow();
  } catch (error) {
    stop(child);
    throw new Error(`WebKitWebDriver did not start MiniBrowser (${String(error)}); its stderr: ${stderr}`);
  }
  const { browserName, browserVersion } = session.capabilities as { browserName: string; browserVersion: string };
  return {
    name: 'webkit',
    product: `WebKitGTK (${browserName})`,
    version: browserVersion,
    async report(url, timeoutMs) {
      const tab = await session.newTab();
      await session.switchTo(tab);
      try {
        await session.navigate(url);
        return await pollFor(
          `the report of ${url}`,
          async () => (await session.execute('return document.body?.dataset.report ?? null')) as string | null,
          timeoutMs,
        );
      } finally {
        await session.closeWindow();
        await session.switchTo(home);
      }
    },
    async close() {
      try {
        await session.end();
      } finally {
        stop(child);
      }
    },
  };
}
