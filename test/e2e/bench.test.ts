// The benchmark, a package of its own (bench/), smoke-tested: it builds, and its counting section
// prints a row for a small board. Its timings are never asserted; that each competitor counts
// exactly, the benchmark checks itself (a wrong total ends it with an error, exit code 1).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The build compiles build/bench.wasm and bundles the bench: about 10 s on the 2-core machine.
it('builds (npm --prefix bench run build) and prints the counting row of n = 8', { timeout: 120_000 }, () => {
  execFileSync('npm', ['--prefix', 'bench', 'run', 'build'], { cwd: root, stdio: 'pipe' });
  const out = execFileSync(process.execPath, ['bench/dist/bench.js', '8', '--kernels', '--runs', '1'], {
    cwd: root,
    encoding: 'utf8',
  });
  // n, sample, solutions, placements.
  expect(out).toMatch(/^\s*8\s+all\s+92\s+\d+\s/m);
});
