// Runs `npm run build` unless dist/ was built from the sources as they are now. `npm start`,
// `npm pack` and `npm publish` (prepack), every test tier and CI (once, after `npm ci`) call this
// first, so that CI builds once, and a developer's run never uses a build older than the sources.
//
// A build leaves dist/.built last, dated when the build began (a file saved during the build is newer,
// so the next run builds again), listing the files it read. It is current while the list is the same
// (no file added, removed or renamed) and none of them is newer. `npm run build` itself always builds,
// and removes dist/, the mark with it, before it writes it again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mark = join(root, 'dist/.built');

/** What the build reads: the kernel, the package's sources, its scripts, configuration and tools. */
function inputs() {
  const top = readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name));
  const files = [...top, 'asconfig.json', 'package.json', 'package-lock.json'];
  for (const folder of ['assembly', 'src', 'scripts']) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
      // The build writes *.generated.ts into src/: they are its output.
      if (entry.isFile() && !entry.name.endsWith('.generated.ts')) {
        files.push(relative(root, join(entry.parentPath, entry.name)));
      }
    }
  }
  return files.sort();
}

/** @param {string[]} files */
function isCurrent(files) {
  if (!existsSync(mark)) return false;
  const built = statSync(mark).mtimeMs;
  return (
    readFileSync(mark, 'utf8') === `${files.join('\n')}\n` &&
    files.every((file) => statSync(join(root, file)).mtimeMs < built)
  );
}

const files = inputs();
if (isCurrent(files)) {
  console.log('dist/ is current: not building');
} else {
  const began = new Date();
  rmSync(mark, { force: true });
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(mark, `${files.join('\n')}\n`);
  utimesSync(mark, began, began);
}
