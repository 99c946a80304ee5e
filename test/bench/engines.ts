// The package's two kernels in each server runtime (Node 20, 22 and 24, Deno, Bun, workerd): one
// row per runtime with compareEngines' medians and their ratio, all measured in one run, for the
// README. The runtimes are those of the engines tier (test/engines). It times the build in dist/;
// workerd gets it packed and installed, as a Worker's bundle takes it, with the kernel handed over
// by useWasmModule.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { status } from '../../bench/measure.js';
import { repositoryRoot } from '../../bench/repository.js';
import { formatMs, formatTable } from '../../bench/table.js';
import { installPackage } from '../engines/install.js';
import { enginesDir, ensureRuntimes, runIn, SERVER_RUNTIMES, versionOf } from '../engines/runtimes.js';
import { buildWorker, serveWorker } from '../engines/workerd.js';
import { compareInBrowsers } from './engines-browsers.js';

export interface EngineRow {
  engine: string;
  version: string;
  jsMs: number;
  wasmMs: number;
  /** js / wasm */
  ratio: number;
}

/** Runs compareEngines(n, { runs }) in each server runtime in turn, one process each. */
export async function compareInRuntimes(n: number, runs: number): Promise<EngineRow[]> {
  ensureRuntimes();
  const library = pathToFileURL(`${repositoryRoot}dist/nqueens-wasm.js`).href;
  const dir = mkdtempSync(join(tmpdir(), 'nqueens-bench-engines-'));
  try {
    const entry = join(dir, 'compare.mjs');
    writeFileSync(
      entry,
      `import { compareEngines } from ${JSON.stringify(library)};\n` +
        `const r = await compareEngines(${n}, { runs: ${runs} });\n` +
        'console.log(JSON.stringify({ js: r.js.medianMs, wasm: r.wasm.medianMs, ratio: r.speedup }));\n',
    );
    const rows: EngineRow[] = [];
    for (const runtime of SERVER_RUNTIMES) {
      const run = await runIn(runtime.command(entry), { cwd: dir, killAfterMs: 600_000 });
      if (run.code !== 0) throw new Error(`${runtime.id}: exit ${run.code ?? run.signal}: ${run.stderr}`);
      const measured = JSON.parse(run.stdout) as { js: number; wasm: number; ratio: number };
      const { name, version } = versionOf(runtime);
      rows.push({ engine: name, version, jsMs: measured.js, wasmMs: measured.wasm, ratio: measured.ratio });
    }
    return [...rows, await compareInWorkerd(n, runs)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** compareEngines(n, { runs }) in a workerd Worker (nodejs_compat, the kernel from kernel.wasm). */
async function compareInWorkerd(n: number, runs: number): Promise<EngineRow> {
  const { app, work } = installPackage();
  const entry =
    "import { compareEngines, useWasmModule } from 'nqueens-wasm';\n" +
    "import kernel from 'nqueens-wasm/kernel.wasm';\n" +
    'useWasmModule(kernel);\n' +
    'export default {\n' +
    '  async fetch() {\n' +
    `    const r = await compareEngines(${n}, { runs: ${runs} });\n` +
    '    return Response.json({ js: r.js.medianMs, wasm: r.wasm.medianMs, ratio: r.speedup });\n' +
    '  },\n' +
    '};\n';
  try {
    const { dir } = await buildWorker(app, { id: 'bench', nodejsCompat: true, wasmModule: true }, entry);
    const served = serveWorker(dir);
    try {
      const response = await fetch(await served.ready, { signal: AbortSignal.timeout(600_000) });
      if (!response.ok)
        throw new Error(`workerd: HTTP ${response.status}: ${await response.text()}\n${served.output()}`);
      const measured = (await response.json()) as { js: number; wasm: number; ratio: number };
      const printed = execFileSync(join(enginesDir, 'node_modules/.bin/workerd'), ['--version'], { encoding: 'utf8' });
      return {
        engine: 'workerd',
        version: printed.trim().replace(/^workerd /, ''),
        jsMs: measured.js,
        wasmMs: measured.wasm,
        ratio: measured.ratio,
      };
    } finally {
      served.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatRows(n: number, runs: number, rows: readonly EngineRow[]): string {
  const table = formatTable(
    ['engine', 'version', 'js ms', 'wasm ms', 'js/wasm'],
    rows.map((r) => [r.engine, r.version, formatMs(r.jsMs), formatMs(r.wasmMs), `${r.ratio.toFixed(2)}x`]),
  );
  return `compareEngines(${n}, { runs: ${runs} }): medians, one process, page or Worker per engine\n${table}\n`;
}

/** compareEngines(n) in each server runtime, then in each browser, one after the other. */
export async function measureEngines(
  boards: number[],
  runs: number,
): Promise<{ n: number; rows: EngineRow[]; missing: string[] }[]> {
  const out = [];
  for (const n of boards) {
    status(`engines: n = ${n}, server runtimes`);
    const servers = await compareInRuntimes(n, runs);
    status(`engines: n = ${n}, browsers`);
    const browsers = await compareInBrowsers(n, runs);
    out.push({ n, rows: [...servers, ...browsers.rows], missing: browsers.missing });
  }
  status('');
  return out;
}
