import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository: the nearest directory above this file with the pack script (this file also runs
 * bundled into the benchmark, from bench/dist/).
 */
const root = ((): string => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'scripts/pack-manifest.mjs'))) return dir;
  }
  throw new Error(`no repository above ${fileURLToPath(import.meta.url)}`);
})();

/**
 * Packs the package as `npm pack` does, with its prepack and postpack manifest steps, but without
 * prepack's rebuild (npm test has built it already; a rebuild would replace dist/ under the feet of
 * the other test files): from a copy of the built package.
 */
export function packTarball(work: string): string {
  const stage = join(work, 'stage');
  mkdirSync(stage);
  // npm pack picks the files by the package's "files" itself.
  for (const entry of ['dist', 'README.md', 'LICENSE', 'package.json', 'scripts/pack-manifest.mjs']) {
    cpSync(join(root, entry), join(stage, entry), { recursive: true });
  }
  execFileSync(process.execPath, ['scripts/pack-manifest.mjs', 'strip'], { cwd: stage, stdio: 'pipe' });
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
    cwd: stage,
    stdio: 'pipe',
  });
  execFileSync(process.execPath, ['scripts/pack-manifest.mjs', 'restore'], { cwd: stage, stdio: 'pipe' });
  return join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
}
