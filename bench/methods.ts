// The two counting methods side by side: countSync(n) by the join and by backtracking, on the wasm
// and the TS engine, each count a fresh process pinned to one core where `taskset` exists (whole
// process, start to exit), in turn within each round so that the machine's drift falls on all
// alike; medians, and each process's peak memory. Beside them, where its binaries are given
// (--join-counter DIR, holding nq<n> built for each n), the published C++ join counter
// (EvgenyKluev/N-Queens-Count-Sol) on one thread, timed and measured the same way.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';

const child = fileURLToPath(new URL('./method-child.js', import.meta.url));
const pinned = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
/** GNU time, for the peak memory of a process that is not Node. */
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** What is timed: a counting method on an engine, or the C++ join counter. */
export type Counter = 'join wasm' | 'backtrack wasm' | 'join js' | 'backtrack js' | 'C++ join';

export interface Timed {
  /** Whole process, start to exit. */
  ms: number;
  /** The process's largest resident set, in bytes; null where it could not be read. */
  peakBytes: number | null;
  total: string;
}

function run(command: string, args: string[]): { ms: number; stdout: string; stderr: string } {
  const [file, all] = pinned ? ['taskset', ['-c', '0', command, ...args]] : [command, args];
  const started = performance.now();
  const r = spawnSync(file, all, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr || r.error?.message}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}

function once(counter: Counter, n: number, joinCounter: string | null): Timed {
  if (counter === 'C++ join') {
    const binary = `${joinCounter}/nq${n}`;
    const r = gnuTime === null ? run(binary, ['1']) : run(gnuTime, ['-f', 'peak-kb %M', binary, '1']);
    const total = /^Result: (\d+)/m.exec(r.stdout)?.[1];
    if (total === undefined) throw new Error(`${binary} printed no result: ${r.stdout}`);
    const peak = /peak-kb (\d+)/.exec(r.stderr)?.[1];
    return { ms: r.ms, peakBytes: peak === undefined ? null : Number(peak) * 1024, total };
  }
  const [method, engine] = counter.split(' ');
  const r = run(process.execPath, [child, String(n), engine, method]);
  const out = JSON.parse(r.stdout) as { total: string; method: string; peakKb: number };
  if (out.method !== method) throw new Error(`countSync(${n}) counted by ${out.method}, not ${method}`);
  return { ms: r.ms, peakBytes: out.peakKb * 1024, total: out.total };
}

export interface MethodRow {
  n: number;
  /** Per counter timed: medians over the rounds; the largest peak memory seen. */
  counters: Partial<Record<Counter, Timed>>;
}

/**
 * Each counter on each board, `runs` rounds, the counters in turn within a round. The TS engine is timed
 * up to `tsUpTo`, backtracking up to `backtrackUpTo` (past them a count takes minutes), the C++
 * counter where its binary for n exists. Every total is checked against `known`.
 */
export function measureMethods(
  boards: number[],
  runs: number,
  options: { joinCounter: string | null; tsUpTo: number; backtrackUpTo: number; known: ReadonlyMap<number, bigint> },
  status: (message: string) => void,
): MethodRow[] {
  const rows: MethodRow[] = [];
  for (const n of boards) {
    const counters: Counter[] = ['join wasm'];
    if (n <= options.backtrackUpTo) counters.push('backtrack wasm');
    if (n <= options.tsUpTo) counters.push('join js', 'backtrack js');
    if (options.joinCounter !== null && existsSync(`${options.joinCounter}/nq${n}`)) counters.push('C++ join');
    const seen = new Map<Counter, Timed[]>(counters.map((counter) => [counter, []]));
    for (let round = 1; round <= runs; round++) {
      for (const counter of counters) {
        status(`counting methods, n = ${n}: ${counter}, round ${round}/${runs}`);
        const timed = once(counter, n, options.joinCounter);
        if (BigInt(timed.total) !== options.known.get(n)) {
          throw new Error(`${counter} counted ${timed.total} at n = ${n}, not ${options.known.get(n)}`);
        }
        seen.get(counter)!.push(timed);
      }
    }
    const row: MethodRow = { n, counters: {} };
    for (const [counter, all] of seen) {
      const peaks = all.map((t) => t.peakBytes).filter((p): p is number => p !== null);
      row.counters[counter] = {
        ms: median(all.map((t) => t.ms)),
        peakBytes: peaks.length > 0 ? Math.max(...peaks) : null,
        total: all[0].total,
      };
    }
    rows.push(row);
  }
  status('');
  return rows;
}
