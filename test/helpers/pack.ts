import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], { cwd: stage, stdio: 'pipe' });
  execFileSync(process.execPath, ['scripts/pack-manifest.mjs', 'restore'], { cwd: stage, stdio: 'pipe' });
  return join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
}

