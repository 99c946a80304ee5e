// `nqueens compare`: the TypeScript and wasm engines timed on the same boards, a row per n written
// as soon as it is measured, so that a long comparison shows its progress and a stop keeps the rows
// measured before it.

import { compareEngines } from '../index.js';
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

/** Timed runs per engine when --runs is not given (the help says so). */
const DEFAULT_RUNS = 5;

/**
 * Whether compareEngines takes these arguments, asked before anything is printed or timed: the
 * package checks every argument before any work, and a call whose signal is aborted does none.
 */
async function check(n: number, runs: number): Promise<void> {
  const probe = new AbortController();
  const reason = new Error('only the arguments were checked');
  probe.abort(reason);
  await compareEngines(n, { runs, signal: probe.signal }).catch((error: unknown) => {
    if (error !== reason) throw error;
  });
}

export async function compareCommand({ from, to, runs, json }: CompareCommand, io: Io): Promise<void> {
  const rounds = runs ?? DEFAULT_RUNS;
  await check(from, rounds);
  await check(to, rounds);
  const out = (text: string) => write(io.stdout, text, io.signal, 'the table');
  if (!json) {
    await out(
      `TypeScript against wasm: median ms per count of ${rounds} runs per engine after a warm-up (a run repeats the count for at least 10 ms)\n` +
        `${row(COLUMNS.map(([name]) => name))}\n${row(COLUMNS.map(([, width]) => '-'.repeat(width)))}\n`,
    );
  }
  for (let n = from; n <= to; n++) {
    if (io.stderr.isTTY) io.stderr.write(`\r\x1b[Kn = ${n}…`);
    const m = await compareEngines(n, { runs: rounds, signal: io.signal });
    const { total, unique } = m.exact;
    if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
    const [jsMs, wasmMs] = [m.js.medianMs, m.wasm.medianMs];
    await out(
      json
        ? `${JSON.stringify({ n, total: String(total), unique: String(unique), jsMs, wasmMs, speedup: m.speedup, runs: rounds })}\n`
        : `${row([String(n), total.toLocaleString('en'), unique === null ? '-' : unique.toLocaleString('en'), formatMs(jsMs), formatMs(wasmMs), `${m.speedup.toFixed(2)}x`])}\n`,
    );
  }
}
