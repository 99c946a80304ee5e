import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository: the nearest directory above this file with the build script (this file also runs
 * bundled into the benchmark, from bench/dist/).
 */
const root = ((): string => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'scripts/build-if-changed.mjs'))) return dir;
  }
  throw new Error(`no repository above ${fileURLToPath(import.meta.url)}`);
})();

/**
 * Packs the package into `work` as `npm pack` does, but from dist/ as it is (--ignore-scripts skips
 * the prepack build): the tier has built it, and a rebuild would replace dist/ under the feet of the
 * other test files.
 */
export function packTarball(work: string): string {
  const written = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
  });
  return join(work, written.trim().split('\n').at(-1)!);
}
