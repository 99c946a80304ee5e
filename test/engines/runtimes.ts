// The server runtimes of the engines tier: Node 20 (the one running the tests), Node 22 and 24,
// Deno and Bun, the last four from test/engines/node_modules, which `npm ci` installs from the
// lockfile beside it (they are too large to be devDependencies of the package). Free of Vitest and
// of the other test helpers: test/bench/engines.ts runs these too, bundled into build/bench-internals/.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/engines of the repository, found by walking up from this file (under test/, or bundled into bench/dist/). */
export const enginesDir = ((): string => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'test/engines/package-lock.json'))) return join(dir, 'test/engines');
  }
  throw new Error(`no test/engines/package-lock.json above ${fileURLToPath(import.meta.url)}`);
})();
const modules = join(enginesDir, 'node_modules');

/**
 * Installs test/engines' runtimes where they are missing or older than its lockfile (npm ci
 * rewrites node_modules/.package-lock.json, so that file's age is the install's).
 */
export function ensureRuntimes(): void {
  const installed = join(modules, '.package-lock.json');
  const lockfile = join(enginesDir, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs) return;
  const npm = ['ci', '--prefix', enginesDir, '--no-audit', '--no-fund'];
  execFileSync('npm', npm, { stdio: ['ignore', 'inherit', 'inherit'] });
}

export interface Runtime {
  /** node20, node22, node24, deno or bun. */
  readonly id: string;
  /**
   * The command line that runs the ES module `file` with `args`, as a user of that runtime would;
   * `permissions` are Deno's (--allow-read, ...), which the others do not have.
   */
  command(file: string, args?: readonly string[], permissions?: readonly string[]): [string, ...string[]];
}

const bin = (path: string): string => join(modules, path);

function node(id: string, executable: string): Runtime {
  return { id, command: (file, args = []) => [executable, file, ...args] };
}

export const SERVER_RUNTIMES: readonly Runtime[] = [
  // The Node that runs the tests (the project's, 20).
  node('node20', process.execPath),
  node('node22', bin('node22/bin/node')),
  node('node24', bin('node24/bin/node')),
  // Without a single permission: counting, worker threads included, must ask for none. (The CLI's
  // merge reads files: its test grants the directory.)
  {
    id: 'deno',
    command: (file, args = [], permissions = []) => [bin('.bin/deno'), 'run', ...permissions, file, ...args],
  },
  { id: 'bun', command: (file, args = []) => [bin('.bin/bun'), 'run', file, ...args] },
];

export function runtime(id: string): Runtime {
  const found = SERVER_RUNTIMES.find((r) => r.id === id);
  if (!found) throw new Error(`no runtime ${id}`);
  return found;
}

/** The runtime's name and version, as it prints them: Node v22.23.3, Deno 2.9.6, Bun 1.4.5. */
export function versionOf(r: Runtime): { name: string; version: string } {
  const [executable] = r.command('');
  const printed = execFileSync(executable, ['--version'], { encoding: 'utf8' }).split('\n')[0].trim();
  if (r.id === 'deno') return { name: 'Deno', version: printed.split(' ')[1] };
  return { name: r.id === 'bun' ? 'Bun' : 'Node', version: printed };
}

export interface Run {
  /** The exit code, or null where a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command line (a runtime's `command`); resolves when it exits. `killAfterMs` only stops a run that hangs
 * (it fails the test that way, with what the run had printed), it times nothing.
 */
export function runIn(
  [executable, ...argv]: readonly [string, ...string[]],
  options: { cwd: string; killAfterMs: number },
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      executable,
      argv,
      // NO_COLOR: Deno colours its error messages otherwise, even into a pipe.
      {
        cwd: options.cwd,
        encoding: 'utf8',
        timeout: options.killAfterMs,
        killSignal: 'SIGKILL',
        maxBuffer: 64 << 20,
        env: { ...process.env, NO_COLOR: '1' },
      },
      (error, stdout, stderr) => {
        const failed = error as (Error & { code?: number | string; signal?: NodeJS.Signals | null }) | null;
        resolve({
          code: failed ? (typeof failed.code === 'number' ? failed.code : null) : 0,
          signal: failed?.signal ?? null,
          stdout,
          stderr,
        });
      },
    );
  });
}
