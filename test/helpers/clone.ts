import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A copy of the repository as a fresh clone has it (the files git tracks, nothing built) in
 * `work`/clone. `npm install` is what .ci/run does before the suite (npm ci, from the same
 * lockfile): the copy shares the repository's node_modules.
 */
export function cloneOfRepository(work: string): string {
  const clone = join(work, 'clone');
  mkdirSync(clone);
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) cpSync(join(root, file), join(clone, file));
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  return clone;
}
