// The package's two kernels in each server runtime (Node 20, 22 and 24, Deno, Bun): one row per
// runtime with compareEngines' medians and their ratio, all measured in one run, for the README.
// The runtimes are those of the engines tier (test/engines): `npm run build`, then
// `node dist/bench/engines.js [n] [runs]` (default n = 14, 3 runs). It times the build in dist/.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntimes, runIn, SERVER_RUNTIMES, versionOf } from '../test/engines/runtimes.js';

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
  // From dist/bench/, where this runs: the library's bundle beside it.
  const library = new URL('../nqueens-wasm.js', import.meta.url).href;
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
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatRows(n: number, runs: number, rows: readonly EngineRow[]): string {
  const table = [
    ['engine', 'version', 'js ms', 'wasm ms', 'js/wasm'],
    ...rows.map((r) => [r.engine, r.version, r.jsMs.toFixed(1), r.wasmMs.toFixed(1), `${r.ratio.toFixed(2)}x`]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  // Names to the left, numbers to the right.
  const pad = (cell: string, column: number) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]));
  const lines = table.map((row) => row.map(pad).join('  '));
  return `compareEngines(${n}, { runs: ${runs} }): medians, one process per runtime\n${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 14);
  const runs = Number(process.argv[3] ?? 3);
  process.stdout.write(formatRows(n, runs, await compareInRuntimes(n, runs)));
}
