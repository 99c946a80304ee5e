// The benchmark, smoke-tested as docs/benchmark.md has it run. bench/, a package of its own, installs
// (the built package, as its dependency, and its tools), builds where a source changed, imports the
// package by name and nothing else of the repository, and prints a row for a small board; the rows
// that reach past the public API, `npm run bench:internals` (test/bench/), print theirs, timing the
// built package too. Their timings are never asserted; that each competitor counts exactly, the
// benchmark checks itself (a wrong total ends it with an error, exit code 1).
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** An npm script at the root, quiet: its standard output and what the builds say on standard error. */
function npmRun(script: string, args: string[]): { stdout: string; stderr: string } {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: root, encoding: 'utf8' });
  expect({ script, args, status: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({
    script,
    args,
    status: 0,
    stderr: '',
  });
  return { stdout: r.stdout, stderr: r.stderr };
}

/** What a build says, on stderr (stdout is the benchmark's own). */
const build = (target: string) =>
  spawnSync(process.execPath, ['scripts/build-if-changed.mjs', target], { cwd: root, encoding: 'utf8' }).stderr;

/** Where a module in `dir` gets `nqueens-wasm` from. */
const resolvedFrom = (dir: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('nqueens-wasm'))"], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();

/** Every module specifier that `code` imports, statically or through import(). */
const specifiers = (code: string) =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)(['"])([^'"]+)\1/gm)].map((m) => m[2]!);

// The install takes about 10 s on the 2-core machine (from npm's cache, which the root's install
// filled); a build bundles the bench: a few seconds more.
it('installs (npm ci --prefix bench), and npm run bench prints the listing row of n = 8, timing the built package', {
  timeout: 180_000,
}, () => {
  execFileSync('npm', ['ci', '--prefix', 'bench'], { cwd: root, stdio: 'pipe' });
  const { stdout } = npmRun('bench', ['8', '--listing', '--runs', '1']);
  // what, TS ms, wasm ms: every solution of n = 8 streamed on both engines.
  expect(stdout).toMatch(/^\s*solutions\(8\), all 92\s+[\d.]+\s+[\d.]+\s/m);
  // The package it timed is the built one, resolved by name from the bench's install.
  expect(resolvedFrom(`${root}bench`)).toBe(pathToFileURL(`${root}dist/nqueens-wasm.js`).href);
});

it("imports the package by name and nothing else of the repository: its sources and its build import only Node's modules, its own files and its dependencies", () => {
  const { dependencies } = JSON.parse(readFileSync(`${root}bench/package.json`, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(dependencies['nqueens-wasm']).toBe('file:..');
  const allowed = (specifier: string) =>
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier) ||
    /^\.\/[\w-]+\.(js|mjs)$/.test(specifier) ||
    Object.hasOwn(dependencies, specifier);
  const sources = readdirSync(`${root}bench`).filter((f) => /\.(ts|mjs)$/.test(f));
  expect(sources.length).toBeGreaterThan(5);
  const built = readdirSync(`${root}bench/dist`).filter((f) => f.endsWith('.js'));
  expect(built).toContain('bench.js');
  const imports = [
    ...sources.map((f) => ({ file: `bench/${f}`, code: readFileSync(`${root}bench/${f}`, 'utf8') })),
    ...built.map((f) => ({ file: `bench/dist/${f}`, code: readFileSync(`${root}bench/dist/${f}`, 'utf8') })),
  ].flatMap(({ file, code }) => specifiers(code).map((specifier) => ({ file, specifier })));
  expect(imports.filter(({ specifier }) => specifier === 'nqueens-wasm').length).toBeGreaterThan(3);
  expect(imports.filter(({ specifier }) => !allowed(specifier))).toEqual([]);
});

it('npm run bench:internals prints the counting row of n = 8: the built package, the wasm kernel alone and C', {
  timeout: 180_000,
}, () => {
  const { stdout } = npmRun('bench:internals', ['8', '--kernels', '--runs', '1']);
  // n, sample, solutions, placements.
  expect(stdout).toMatch(/^\s*8\s+all\s+92\s+\d+\s/m);
  // Its counts as a caller sees them come from the built package, imported by name.
  const bundle = readFileSync(`${root}build/bench-internals/main.js`, 'utf8');
  expect(specifiers(bundle)).toContain('nqueens-wasm');
  expect(resolvedFrom(`${root}build/bench-internals`)).toBe(pathToFileURL(`${root}dist/nqueens-wasm.js`).href);
});

it('builds the package and each benchmark again only when one of their sources changed', { timeout: 120_000 }, () => {
  // After the runs above, all are current.
  const again = npmRun('bench', ['8', '--listing', '--runs', '1']);
  expect(again.stderr).toContain('dist/ is current: not building');
  expect(again.stderr).toContain('bench/dist/ is current: not building');
  expect(again.stdout).not.toContain('is current');
  expect(build('internals')).toContain('build/bench-internals/ is current: not building');
  // A bench source saved since: the bench builds, the package does not; the rows past the public
  // API share the bench's helpers, so they build too.
  const now = new Date();
  utimesSync(`${root}bench/plain.ts`, now, now);
  expect(build('package')).toContain('dist/ is current: not building');
  expect(build('bench')).not.toContain('is current');
  expect(build('bench')).toContain('bench/dist/ is current: not building');
  // A source of the rows past the public API saved since: they build, the bench does not.
  utimesSync(`${root}test/bench/counting.ts`, now, now);
  expect(build('internals')).not.toContain('is current');
  expect(build('internals')).toContain('build/bench-internals/ is current: not building');
  expect(build('bench')).toContain('bench/dist/ is current: not building');
});
