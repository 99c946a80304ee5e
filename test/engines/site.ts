// The site the browser tests load: the installed package's dist/ served as the tarball has it (no
// bundler: the pages import ./nqueens-wasm.js), the pages of test/engines/pages and the scenario
// beside it, from three servers that differ only in their Content-Security-Policy header.

import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDirectory } from '../helpers/chromium.js';
import { enginesDir } from './runtimes.js';
import type { Host } from './scenario.js';

/** The page variants, by what their CSP lets the package do. */
export const PAGES = {
  open: { title: 'a page without a CSP', csp: null, wasm: true, workers: true },
  'script-src-self': {
    title: "a page with CSP script-src 'self'",
    csp: "script-src 'self'",
    wasm: false,
    workers: false,
  },
  'wasm-unsafe-eval': {
    title: "a page with CSP script-src 'self' 'wasm-unsafe-eval'",
    csp: "script-src 'self' 'wasm-unsafe-eval'",
    wasm: true,
    workers: false,
  },
} as const;

export type PageName = keyof typeof PAGES;

/**
 * A directory holding `dist` (the installed package's dist/) with the pages and the scenario at its
 * top, so that a page's `./nqueens-wasm.js` is the shipped file itself.
 */
function buildSite(dist: string): string {
  const site = mkdtempSync(join(tmpdir(), 'nqueens-engines-site-'));
  cpSync(dist, site, { recursive: true });
  // From the repository's test/engines even when this runs bundled into the benchmark (test/bench/engines-browsers.ts).
  const pages = join(enginesDir, 'pages');
  for (const file of readdirSync(pages)) cpSync(join(pages, file), join(site, file));
  cpSync(join(enginesDir, 'scenario.js'), join(site, 'scenario.js'));
  return site;
}

export interface Site {
  /** The URL of index.html on the page variant's server, running `job` with `params`. */
  url(page: PageName, job: string, params?: Record<string, string>): string;
  /** Stops the servers and removes the site's directory. */
  close(): void;
}

/** Builds the site from `dist` and serves it three times, once per page variant. */
export async function openSite(dist: string): Promise<Site> {
  const dir = buildSite(dist);
  const servers = {} as Record<PageName, { url: string; server: Server }>;
  for (const [name, { csp }] of Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][]) {
    servers[name] = await serveDirectory(dir, csp === null ? {} : { 'content-security-policy': csp });
  }
  return {
    url(page, job, params = {}) {
      return `${servers[page].url}index.html?${new URLSearchParams({ job, ...params })}`;
    },
    close() {
      for (const { server } of Object.values(servers)) server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The URL parameters that run the scenario with `host`. */
export function scenarioParams(host: Host): Record<string, string> {
  return { host: JSON.stringify(host) };
}
