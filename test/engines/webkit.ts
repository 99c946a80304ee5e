// WebKitGTK (Safari's engine, Debian's build) through its WebDriver, WebKitWebDriver, which starts
// MiniBrowser in automation mode. MiniBrowser has no headless mode: both run inside a virtual X
// server of their own (xvfb-run -a picks a free display), and the whole process group goes when
// the browser is closed.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../helpers/free-port.js';
import { type BrowserDriver, callExpression, type DrivenPage, pollFor, type Viewport } from './driver.js';
import { crop, decodePng, encodePng } from './png.js';
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
  /**
   * The locale the browser runs in (its LANG, with LC_ALL, LC_MESSAGES and LANGUAGE unset), which
   * WebKitGTK reports as navigator.language: 'C.UTF-8' gives 'C', 'en_US.UTF-8' gives 'en-US'.
   * Without it, the tests' own environment decides.
   */
  locale?: string;
}

/** The environment of the driver and its browser: the tests' own, with `locale` where given. */
function browserEnvironment(locale: string | undefined): NodeJS.ProcessEnv {
  if (locale === undefined) return process.env;
  const { LC_ALL: _all, LC_MESSAGES: _messages, LANGUAGE: _language, ...env } = process.env;
  return { ...env, LANG: locale };
}

/**
 * Sizes the window so that a page's viewport is `viewport`; false where the window cannot be made
 * that narrow (MiniBrowser's window is at least about 450 pixels wide), and is left at its least.
 */
async function fitWindow(session: WebDriverSession, { width, height }: Viewport): Promise<boolean> {
  await session.navigate('about:blank');
  const inner = async () => (await session.execute('return [innerWidth, innerHeight]')) as [number, number];
  const outer = await session.setWindowSize(width, height);
  // The window's toolbar and frame take their share of its size: add them.
  const [w, h] = await inner();
  await session.setWindowSize(outer.width + width - w, outer.height + height - h);
  const [fitW, fitH] = await inner();
  return fitW === width && fitH === height;
}

/**
 * A page holding `url` in a frame of exactly `viewport`'s size, for a viewport narrower than the
 * window can be: the frame is the page's viewport (its media queries, its vw, its scrolling).
 */
function framePage(url: string, { width, height }: Viewport): string {
  const html = `<!doctype html><html><body style="margin:0"><iframe src="${url}" style="display:block;border:0;width:${width}px;height:${height}px"></iframe></body></html>`;
  return `data:text/html,${encodeURIComponent(html)}`;
}

/** Starts MiniBrowser under WebKitWebDriver. */
export async function launchWebKit({ features = [], locale }: WebKitOptions = {}): Promise<BrowserDriver> {
  const port = await freePort();
  const child = spawn(XVFB_RUN, ['-a', WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: browserEnvironment(locale),
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
    async open(url, viewport): Promise<DrivenPage> {
      const window = await session.newWindow();
      await session.switchTo(window);
      // The session's windows share one storage: what the page kept goes with it, as it goes with
      // the browser context that the other drivers close.
      const close = async () => {
        try {
          await session.execute('localStorage.clear(); sessionStorage.clear();');
        } finally {
          await session.closeWindow();
          await session.switchTo(home);
        }
      };
      try {
        if (await fitWindow(session, viewport)) await session.navigate(url);
        else {
          await session.navigate(framePage(url, viewport));
          await session.switchToFrame(0);
        }
      } catch (error) {
        await close();
        throw error;
      }
      return {
        run: async (fn, ...args) => (await session.execute(`return ${callExpression(fn, args)}`)) as never,
        // WebKitWebDriver takes no screenshot of an element inside a frame: the element is scrolled
        // into view and cut out of the viewport's (the frame sits at the viewport's corner).
        async screenshot(selector) {
          const place = (await session.execute(
            `const element = document.querySelector(arguments[0]);
             if (element === null) return null;
             element.scrollIntoView({ block: 'start' });
             return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
               const r = element.getBoundingClientRect();
               resolve({ x: r.left, y: r.top, width: r.width, height: r.height, scale: devicePixelRatio });
             })));`,
            [selector],
          )) as { x: number; y: number; width: number; height: number; scale: number } | null;
          if (place === null) throw new Error(`nothing matches ${selector}`);
          const { x, y, width, height, scale } = place;
          const view = decodePng(await session.screenshot());
          return encodePng(crop(view, x * scale, y * scale, width * scale, height * scale));
        },
        close,
      };
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
