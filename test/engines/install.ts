// The package as its users get it: packed from the build (dist/) and installed from the tarball
// into an empty project, where every runtime of the tier then runs it, with scenario.js beside.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packTarball } from '../helpers/pack.js';
import { enginesDir } from './runtimes.js';

/** Packs and installs the package; `app` is the project, `work` the directory to remove after. */
export function installPackage(): { app: string; work: string } {
  const work = mkdtempSync(join(tmpdir(), 'nqueens-engines-'));
  try {
    const tarball = packTarball(work);
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'engines-app', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
      cwd: app,
      stdio: 'pipe',
    });
    // From the repository's test/engines (this file also runs bundled into the benchmark, from bench/dist/).
    copyFileSync(join(enginesDir, 'scenario.js'), join(app, 'scenario.js'));
    return { app, work };
  } catch (error) {
    // No teardown runs after a failed setup.
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
