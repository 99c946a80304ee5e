// Cold start: each measurement in a fresh Node process, pinned to one core where `taskset`
// exists (the first call is what most callers see: one count, then exit). Medians of `runs`.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';

const child = fileURLToPath(new URL('./cold.js', import.meta.url));
const pinned = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

export interface Cold {
  importMs: number;
  firstMs: number;
  total: string;
  workers?: number;
}

function once(args: string[], onCores: boolean): Cold {
  const command =
    pinned && !onCores
      ? ['taskset', ['-c', '0', process.execPath, child, ...args]]
      : [process.execPath, [child, ...args]];
  const r = spawnSync(command[0] as string, command[1] as string[], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cold ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Cold;
}

/**
 * Medians over `runs` fresh processes for each of `competitors` (the arguments of cold.js), run
 * in turn within each round, so that the machine's drift during the rounds falls on all of them
 * alike. `onCores` lets the processes use every core (threads).
 */
export function cold(competitors: string[][], runs: number, onCores = false): Cold[] {
  const results: Cold[][] = competitors.map(() => []);
  for (let i = 0; i < runs; i++) {
    competitors.forEach((args, k) => {
      results[k].push(once(args, onCores));
    });
  }
  return results.map((of) => ({
    importMs: median(of.map((r) => r.importMs)),
    firstMs: median(of.map((r) => r.firstMs)),
    total: of[0].total,
    workers: of[0].workers,
  }));
}

export const coldPinned = pinned;
