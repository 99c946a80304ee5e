// The demo as `npm run build:demo` builds it, served as a static site, with one script added first
// in its page: it keeps what the page reports as wrong (an error, an unhandled rejection, a
// console error or warning) in window.__problems, for the tests to read in every engine alike
// (WebKit's driver does not hand the console over).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { serveDirectory } from '../helpers/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs in the page before its own scripts. */
const WATCH = `<script>
window.__problems = [];
addEventListener('error', (event) => {
  window.__problems.push('page error: ' + (event.message || (event.target && event.target.outerHTML) || event.error));
}, true);
addEventListener('unhandledrejection', (event) => {
  window.__problems.push('unhandled rejection: ' + ((event.reason && event.reason.message) || event.reason));
});
for (const level of ['error', 'warn']) {
  const original = console[level];
  console[level] = function (...args) {
    window.__problems.push(level + ': ' + args.map(String).join(' '));
    return original.apply(this, args);
  };
}
</script>`;

export interface DemoSite {
  /** The page's URL. */
  readonly url: string;
  /** Stops the server and removes the built site. */
  close(): void;
}

export async function openDemoSite(): Promise<DemoSite> {
  const dir = mkdtempSync(join(tmpdir(), 'nqueens-demo-site-'));
  let server: Server | undefined;
  try {
    await build({
      configFile: join(root, 'demo/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
    });
    const index = join(dir, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', `<head>\n${WATCH}`));
    const served = await serveDirectory(dir);
    server = served.server;
    return {
      url: served.url,
      close() {
        server?.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
