// The package's two kernels in each browser of the engines tier (Chromium, Firefox ESR, WebKitGTK):
// one row per browser with compareEngines' medians and their ratio, all measured in one run, for
// the README's table of where the package runs (test/bench/engines.ts has the server runtimes' rows, in
// the same shape). Each browser loads a page without a CSP that imports dist/nqueens-wasm.js as the
// tarball ships it, through the tier's site and drivers (test/engines). Firefox needs the tier's
// install (npm ci --prefix test/engines, for puppeteer-core); a browser that is not installed is
// named below the table.

import { join } from 'node:path';
import { repositoryRoot } from '../../bench/repository.js';
import { LAUNCHERS } from '../engines/launchers.js';
import { openSite } from '../engines/site.js';
import type { EngineRow } from './engines.js';

/** What the page's `compare` job (test/engines/pages/jobs.js) reports. */
interface Compared {
  jsMs: number;
  wasmMs: number;
  speedup: number;
}

/** Runs compareEngines(n, { runs }) in each installed browser in turn; `missing` names the others. */
export async function compareInBrowsers(n: number, runs: number): Promise<{ rows: EngineRow[]; missing: string[] }> {
  const site = await openSite(join(repositoryRoot, 'dist'));
  const rows: EngineRow[] = [];
  const missing: string[] = [];
  try {
    for (const launcher of LAUNCHERS) {
      if (!launcher.installed()) {
        missing.push(launcher.name);
        continue;
      }
      const driver = await launcher.launch();
      try {
        const url = site.url('open', 'compare', { n: String(n), runs: String(runs) });
        const report = JSON.parse(await driver.report(url, 600_000)) as
          | { ok: true; value: Compared }
          | { ok: false; error: { name: string; message: string } };
        if (!report.ok) throw new Error(`${launcher.name}: ${report.error.name}: ${report.error.message}`);
        const { jsMs, wasmMs, speedup } = report.value;
        rows.push({ engine: driver.product, version: driver.version, jsMs, wasmMs, ratio: speedup });
      } finally {
        await driver.close();
      }
    }
  } finally {
    site.close();
  }
  return { rows, missing };
}
