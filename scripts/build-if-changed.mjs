// Runs `npm run build` unless dist/ was built from the sources as they are now. `npm start`,
// `npm pack` and `npm publish` (prepack), every test tier and CI (once, after `npm ci`) call this
// first, so that CI builds once, and a developer's run never uses a build older than the sources.
// `node scripts/build-if-changed.mjs bench` does the same for the benchmark (bench/dist/, by `npm
// --prefix bench run build`), which `npm run bench` calls after the package's, and
// `node scripts/build-if-changed.mjs internals` for the benchmark's rows that reach past the public
// API (build/bench.wasm and build/bench-internals/, by `npm run build:bench-internals`), which
// `npm run bench:internals` calls after the package's.
//
// A build leaves a mark (dist/.built, bench/dist/.built, build/bench-internals/.built) last, dated when the build began (a file
// saved during the build is newer, so the next run builds again), listing the files it read. It
// is current while the list is the same (no file added, removed or renamed) and none of them is
// newer. `npm run build` itself always builds, and removes dist/, the mark with it, before it
// writes it again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What each build reads, the npm script that builds it, and where it runs and leaves its mark. The
 * package: the kernel, its sources, its scripts, configuration and tools. The benchmark: its own
 * files (it imports the package built, by name, and bundles nothing of it). Its rows past the
 * public API: the kernel (bench.wasm builds from it), the sources and the engines tier's harness
 * they bundle in, and the benchmark's helpers they share.
 */
/** @type {Record<string, { dir: string, script: string, mark: string, files: string[], folders: string[] } | undefined>} */
const TARGETS = {
  package: {
    dir: '.',
    script: 'build',
    mark: 'dist/.built',
    files: ['asconfig.json', 'package.json', 'package-lock.json'],
    folders: ['assembly', 'src', 'scripts'],
  },
  bench: {
    dir: 'bench',
    script: 'build',
    mark: 'bench/dist/.built',
    files: [],
    folders: ['bench'],
  },
  internals: {
    dir: '.',
    script: 'build:bench-internals',
    mark: 'build/bench-internals/.built',
    files: ['asconfig.json', 'package.json', 'package-lock.json'],
    folders: ['assembly', 'src', 'test/bench', 'test/engines', 'test/helpers', 'bench'],
  },
};

/**
 * Every file under `folder`, relative to the root, but installed and built ones.
 * @param {string} folder
 * @returns {string[]}
 */
function filesUnder(folder) {
  /** @type {string[]} */
  const found = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...filesUnder(path));
    } else if (entry.isFile() && !entry.name.endsWith('.generated.ts')) {
      // The package's build writes *.generated.ts into src/: they are its output.
      found.push(path);
    }
  }
  return found;
}

/** @param {{ files: string[], folders: string[] }} target */
function inputs(target) {
  const top = readdirSync(root).filter((name) => /^tsconfig.*\.json$/.test(name));
  const files = [...new Set([...top, ...target.files])];
  for (const folder of target.folders) files.push(...filesUnder(folder));
  return files.sort();
}

/** @param {string} mark @param {string[]} files */
function isCurrent(mark, files) {
  if (!existsSync(mark)) return false;
  const built = statSync(mark).mtimeMs;
  return (
    readFileSync(mark, 'utf8') === `${files.join('\n')}\n` &&
    files.every((file) => statSync(join(root, file)).mtimeMs < built)
  );
}

const name = process.argv[2] ?? 'package';
const target = TARGETS[name];
if (target === undefined) {
  console.error(`build-if-changed: no build named ${JSON.stringify(name)} (${Object.keys(TARGETS).join(', ')})`);
  process.exit(2);
}
const mark = join(root, target.mark);
const files = inputs(target);
if (isCurrent(mark, files)) {
  console.error(`${target.mark.replace(/\.built$/, '')} is current: not building`);
} else {
  const began = new Date();
  rmSync(mark, { force: true });
  // The build's own output, npm's lines and asc's included, goes to standard error: `npm pack
  // --json` runs this (prepack) and prints its JSON on standard output, which a tool parses.
  const build = spawnSync('npm', ['run', target.script], { cwd: join(root, target.dir), stdio: ['inherit', 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(mark, `${files.join('\n')}\n`);
  utimesSync(mark, began, began);
}
