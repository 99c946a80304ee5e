// `nqueens compare`: the TypeScript and wasm engines timed on the same boards, a row per n written
// as soon as it is measured, so that a long comparison shows its progress and a stop keeps the rows
// measured before it.

import { DEFAULT_RUNS, measureEngines } from '../compare.js';
import { checkN, checkRuns } from '../validate.js';
import { type Io, write } from './io.js';
import { formatMs } from './table.js';

export interface CompareCommand {
  from: number;
  to: number;
  runs?: number;
  /** A JSON line per n instead of the table. */
  json: boolean;
}

/** The table's columns and their widths: wide enough for every count of n up to 32. */
const COLUMNS = [
  ['n', 2],
  ['total', 20],
  ['unique', 18],
  ['TypeScript ms', 13],
  ['wasm ms', 9],
  ['speed-up', 8],
] as const;

const row = (cells: readonly string[]) => cells.map((cell, i) => cell.padStart(COLUMNS[i][1])).join('  ');

export async function compareCommand({ from, to, runs, json }: CompareCommand, io: Io): Promise<void> {
  checkN(from);
  checkN(to);
  const rounds = checkRuns(runs) ?? DEFAULT_RUNS;
  const out = (text: string) => write(io.stdout, text, io.signal, 'the table');
  if (!json) {
    await out(
      `TypeScript against wasm: median ms per count of ${rounds} runs per engine after a warm-up (a run repeats the count for at least 10 ms)\n` +
        `${row(COLUMNS.map(([name]) => name))}\n${row(COLUMNS.map(([, width]) => '-'.repeat(width)))}\n`,
    );
  }
  for (let n = from; n <= to; n++) {
    if (io.stderr.isTTY) io.stderr.write(`\r\x1b[Kn = ${n}…`);
    const m = await measureEngines(n, rounds, io.signal);
    if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
    const speedup = m.jsMs / m.wasmMs;
    await out(
      json
        ? `${JSON.stringify({ n, total: String(m.total), unique: String(m.unique), jsMs: m.jsMs, wasmMs: m.wasmMs, speedup, runs: rounds })}\n`
        : `${row([String(n), m.total.toLocaleString('en'), m.unique.toLocaleString('en'), formatMs(m.jsMs), formatMs(m.wasmMs), `${speedup.toFixed(2)}x`])}\n`,
    );
  }
}
