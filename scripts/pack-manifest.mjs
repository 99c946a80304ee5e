// npm runs this around `npm pack` / `npm publish` (prepack: build, then strip; postpack: restore). The
// `prepare` script builds the package when it is installed from a git URL; in a packed tarball,
// which already holds the build, it would only make npm warn consumers about an install script.
// So the tarball's package.json goes without it, and the repository's is put back afterwards.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const saved = 'package.json.orig';
if (existsSync(saved)) renameSync(saved, 'package.json'); // left by a pack that failed half-way
if (process.argv[2] === 'strip') {
  const text = readFileSync('package.json', 'utf8');
  const pkg = JSON.parse(text);
  delete pkg.scripts.prepare;
  writeFileSync(saved, text);
  writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
}
