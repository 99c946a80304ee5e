// The wasm kernel's own checks, beside Prettier's layout: AssemblyScript's compiler in pedantic
// mode over each entry, without writing a module. Pedantic mode reports what the hot loops must
// not have (an indexed access that checks bounds, for one) and other doubtful code as notes that
// do not fail the compile, so any note it prints fails this check.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const asc = join(root, 'node_modules', '.bin', 'asc');
let failed = false;
for (const entry of ['assembly/index.ts', 'assembly/bench.ts']) {
  const run = spawnSync(asc, [entry, '--pedantic', '--noEmit'], { cwd: root, encoding: 'utf8' });
  const notes = `${run.stdout}${run.stderr}`.split('\n').filter((line) => /^(PEDANTIC|WARNING|ERROR) /.test(line));
  if (run.status !== 0 || notes.length > 0) {
    failed = true;
    process.stderr.write(`${entry}: asc --pedantic ${run.status !== 0 ? `exited ${run.status}` : 'printed notes'}\n`);
    process.stderr.write(`${run.stdout}${run.stderr}\n`);
  }
}
if (failed) process.exit(1);
process.stderr.write('assembly/: asc --pedantic found nothing to say\n');
