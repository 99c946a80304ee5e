// An app of test/toolchains, set up as its user would: its locked dependencies, then the package
// from its tarball.
import { cpSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './command.js';

// What an app run in place would have written: never copied.
const GENERATED = new Set(['node_modules', '.next', 'dist', 'stats.json', 'next-env.d.ts']);

/** Copies test/toolchains/<name> into `work`, runs npm ci there and installs `tarball`; resolves to the copy. */
export async function installApp(name: string, work: string, tarball: string): Promise<string> {
  const source = fileURLToPath(new URL(name, import.meta.url));
  const app = join(work, name);
  cpSync(source, app, { recursive: true, filter: (path) => path === source || !GENERATED.has(basename(path)) });
  await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], app);
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], app);
  return app;
}
