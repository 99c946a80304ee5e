import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Packs the package as `npm pack` does, its prepack and postpack scripts included, but without
 * `prepare`'s rebuild (npm test has built it already; a rebuild would replace dist/ under the feet
 * of the other test files): from a copy of the built package.
 */
export function packTarball(work: string): string {
  const stage = join(work, 'stage');
  mkdirSync(stage);
  // npm pack picks the files by the package's "files" itself.
  for (const entry of ['dist', 'README.md', 'LICENSE', 'package.json', 'scripts/pack-manifest.mjs']) {
    cpSync(join(root, entry), join(stage, entry), { recursive: true });
  }
  execFileSync('npm', ['run', '--silent', 'prepack'], { cwd: stage, stdio: 'pipe' });
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: stage, stdio: 'pipe' });
  execFileSync('npm', ['run', '--silent', 'postpack'], { cwd: stage, stdio: 'pipe' });
  return join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
}

