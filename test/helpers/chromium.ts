// Debian's Chromium, driven by playwright-core (no downloaded browser), and a plain static file
// server: the demo must work from any static host, so the tests serve it like one.

import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests run. Without Chromium (a developer machine before
 * `apt-get install chromium`) they are skipped; .ci/run installs it and sets REQUIRE_BROWSER=1,
 * so that in CI a missing browser fails instead.
 */
export const BROWSER_TESTS = existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER === '1';

/**
 * Chromium with WebGPU on (unless `webgpu: false`): with `--enable-unsafe-webgpu`, a page served
 * over http://127.0.0.1 (a secure context) gets Chromium's software adapter, SwiftShader, where
 * there is no GPU.
 */
export function launchChromium({ webgpu = true }: { webgpu?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // The machine has no network beyond the package registries: keep Chromium from calling home.
    args: [
      ...(webgpu ? ['--enable-unsafe-webgpu'] : []),
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves a directory on 127.0.0.1 and a free port, with extra response headers; resolves to its base URL. */
export function serveDirectory(
  root: string,
  headers: Record<string, string> = {},
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, server });
    });
  });
}

/**
 * A one-page app whose module script is `main` (it imports 'nqueens-wasm': the package's sources),
 * built by Vite; resolves to the directory to serve.
 */
export async function buildPage(name: string, main: string): Promise<string> {
  const app = mkdtempSync(join(tmpdir(), `nqueens-${name}-`));
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(join(app, 'main.js'), main);
  await build({
    root: app,
    logLevel: 'warn',
    resolve: { alias: { 'nqueens-wasm': fileURLToPath(new URL('../../src/index.ts', import.meta.url)) } },
    build: { outDir: join(app, 'dist'), target: 'es2022' },
  });
  return join(app, 'dist');
}
