import { DEFAULT_RUNS, measureEngines } from '../compare.js';
import { checkN, checkRuns } from '../validate.js';
import type { Io } from './io.js';
import { formatMs, formatTable } from './table.js';

const COMPARE_HEADER = ['n', 'total', 'unique', 'TS ms', 'wasm ms', 'speed-up'] as const;

export interface CompareCommand {
  from: number;
  to: number;
  runs?: number;
}

/** Prints the JS vs wasm table for n = from..to. */
export async function compareCommand({ from, to, runs }: CompareCommand, io: Io): Promise<void> {
  checkN(from);
  checkN(to);
  const rounds = checkRuns(runs) ?? DEFAULT_RUNS;
  const rows: string[][] = [];
  for (let n = from; n <= to; n++) {
    if (io.stderr.isTTY) io.stderr.write(`\r\x1b[Kn = ${n}…`);
    const m = await measureEngines(n, rounds, io.signal);
    rows.push([String(n), String(m.total), String(m.unique), formatMs(m.jsMs), formatMs(m.wasmMs), `${(m.jsMs / m.wasmMs).toFixed(2)}x`]);
  }
  if (io.stderr.isTTY) io.stderr.write('\r\x1b[K');
  io.stdout.write(`${formatTable(COMPARE_HEADER, rows)}\n`);
  io.stdout.write(
    `ms per count: medians of ${rounds} runs per engine after a warm-up, each run at least 10 ms of repeated counts; speed-up = TS ms / wasm ms\n`,
  );
}
