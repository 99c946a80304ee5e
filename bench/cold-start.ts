// Cold start: each measurement in a fresh Node process, pinned to one core where `taskset`
// exists (the first call is what most callers see: one count, then exit). Medians of `runs`.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const child = fileURLToPath(new URL('./cold.js', import.meta.url));
const pinned = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

export interface Cold {
  importMs: number;
  firstMs: number;
  total: string;
  workers?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians over `runs` fresh processes; `onCores` lets the process use every core (threads). */
export function cold(args: string[], runs: number, onCores = false): Cold {
  const results: Cold[] = [];
  for (let i = 0; i < runs; i++) {
    const command = pinned && !onCores ? ['taskset', ['-c', '0', process.execPath, child, ...args]] : [process.execPath, [child, ...args]];
    const r = spawnSync(command[0] as string, command[1] as string[], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cold ${args.join(' ')} failed: ${r.stderr}`);
    results.push(JSON.parse(r.stdout) as Cold);
  }
  return {
    importMs: median(results.map((r) => r.importMs)),
    firstMs: median(results.map((r) => r.firstMs)),
    total: results[0].total,
    workers: results[0].workers,
  };
}

export const coldPinned = pinned;
