// The benchmark, a package of its own (bench/), smoke-tested as docs/benchmark.md has it run: it
// installs (the built package, as its dependency, and its tools), builds where a source changed,
// and its counting section prints a row for a small board. Its timings are never asserted; that
// each competitor counts exactly, the benchmark checks itself (a wrong total ends it with an
// error, exit code 1).
import { execFileSync, spawnSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const bench = (...args: string[]) =>
  execFileSync('npm', ['run', '--silent', 'bench', '--', ...args], { cwd: root, encoding: 'utf8' });
/** What the build says, on stderr (stdout is the benchmark's own). */
const buildBench = () =>
  spawnSync(process.execPath, ['scripts/build-if-changed.mjs', 'bench'], { cwd: root, encoding: 'utf8' }).stderr;

// The install takes about 10 s on the 2-core machine (from npm's cache, which the root's install
// filled); a build compiles build/bench.wasm and bundles the bench: about 10 s more.
it('installs (npm ci --prefix bench), and npm run bench prints the counting row of n = 8, timing the built package', {
  timeout: 180_000,
}, () => {
  execFileSync('npm', ['ci', '--prefix', 'bench'], { cwd: root, stdio: 'pipe' });
  const out = bench('8', '--kernels', '--runs', '1');
  // n, sample, solutions, placements.
  expect(out).toMatch(/^\s*8\s+all\s+92\s+\d+\s/m);
  // The package it timed is the built one, resolved by name from the bench's install.
  const resolved = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "console.log(import.meta.resolve('nqueens-wasm'))"],
    { cwd: `${root}bench`, encoding: 'utf8' },
  );
  expect(resolved.trim()).toBe(pathToFileURL(`${root}dist/nqueens-wasm.js`).href);
});

it('builds the package and the bench again only when one of their sources changed', { timeout: 120_000 }, () => {
  // After the run above, both are current.
  const again = spawnSync('npm', ['run', '--silent', 'bench', '--', '8', '--kernels', '--runs', '1'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(again.status).toBe(0);
  expect(again.stderr).toContain('dist/ is current: not building');
  expect(again.stderr).toContain('bench/dist/ is current: not building');
  expect(again.stdout).not.toContain('is current');
  // A bench source saved since: the bench builds, the package does not.
  const now = new Date();
  utimesSync(`${root}bench/plain.ts`, now, now);
  expect(buildBench()).not.toContain('is current');
  expect(buildBench()).toContain('bench/dist/ is current: not building');
});
