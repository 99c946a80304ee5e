import { DEFAULT_RUNS, measureEngines } from '../compare.js';
import { formatMs, formatTable } from './table.js';

export const COMPARE_HEADER = ['n', 'total', 'unique', 'TS ms', 'wasm ms', 'speed-up'] as const;

/** Prints the JS vs wasm table for n = from..to, one row as each n finishes. */
export async function compareCommand(from: number, to: number, runs = DEFAULT_RUNS, out = process.stdout): Promise<void> {
  const rows: string[][] = [];
  for (let n = from; n <= to; n++) {
    const m = await measureEngines(n, runs);
    rows.push([String(n), String(m.total), String(m.unique), formatMs(m.jsMs), formatMs(m.wasmMs), `${(m.jsMs / m.wasmMs).toFixed(2)}x`]);
  }
  out.write(`${formatTable(COMPARE_HEADER, rows)}\n`);
  out.write(`medians of ${runs} runs per engine after one warm-up run; speed-up = TS ms / wasm ms\n`);
}
