// `npm run tarball [-- DIR]`: builds the package if it is not current and writes its tarball into DIR
// (by default the repository). The `prepare` script builds the package where npm installs it from its
// git URL; a tarball holds the build already, yet npm (11) lists a tarball's `prepare` among the
// install scripts a project has not allowed, though it never runs it. So the tarball is packed from
// a copy whose package.json has no `prepare`, and the repository's package.json is never changed.
// `npm pack` would pack the repository's own, so its prepack refuses (--refuse).
//
// --no-build packs dist/ as it is: the tests pack the build their tier made, and must not rebuild
// it under the feet of the tests running beside them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
if (args.includes('--refuse')) {
  console.error(
    'nqueens-wasm: use `npm run tarball`: it packs the tarball without the `prepare` script (scripts/tarball.mjs)',
  );
  process.exit(1);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const destination = resolve(args.find((arg) => !arg.startsWith('--')) ?? root);
if (!args.includes('--no-build')) {
  execFileSync(process.execPath, [join(root, 'scripts/build-if-changed.mjs')], { stdio: 'inherit' });
}
const stage = mkdtempSync(join(tmpdir(), 'nqueens-tarball-'));
try {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  delete manifest.scripts.prepare;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // npm takes from the copy what the manifest's "files" name.
  for (const entry of ['dist', 'README.md', 'LICENSE']) {
    cpSync(join(root, entry), join(stage, entry), { recursive: true });
  }
  const written = execFileSync(
    'npm',
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', destination, stage],
    { encoding: 'utf8' },
  );
  console.log(join(destination, written.trim().split('\n').at(-1) ?? ''));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
