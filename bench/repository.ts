// Where the benchmark runs: in a clone of the repository, whose root holds bench/ (and dist/, the
// built package that bench/ installs as its dependency). Found by walking up from this module, which
// runs bundled (bench/dist/, build/bench-internals/) as well as from its source.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'bench/package.json'))) {
    if (dir === dirname(dir)) throw new Error(`no bench/package.json above ${fileURLToPath(import.meta.url)}`);
    dir = dirname(dir);
  }
  return `${dir}/`;
}

/** The repository's root, with a trailing slash. */
export const repositoryRoot = findRepositoryRoot();
