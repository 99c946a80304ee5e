// The two ways of counting side by side: countSync(n) by the join and by backtracking, on the wasm
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

export type Way = 'join wasm' | 'backtrack wasm' | 'join js' | 'backtrack js' | 'C++ join';

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

function once(way: Way, n: number, joinCounter: string | null): Timed {
  if (way === 'C++ join') {
    const binary = `${joinCounter}/nq${n}`;
    const r = gnuTime === null ? run(binary, ['1']) : run(gnuTime, ['-f', 'peak-kb %M', binary, '1']);
    const total = /^Result: (\d+)/m.exec(r.stdout)?.[1];
    if (total === undefined) throw new Error(`${binary} printed no result: ${r.stdout}`);
    const peak = /peak-kb (\d+)/.exec(r.stderr)?.[1];
    return { ms: r.ms, peakBytes: peak === undefined ? null : Number(peak) * 1024, total };
  }
  const [method, engine] = way.split(' ');
  const r = run(process.execPath, [child, String(n), engine, method]);
  const out = JSON.parse(r.stdout) as { total: string; method: string; peakKb: number };
  if (out.method !== method) throw new Error(`countSync(${n}) counted by ${out.method}, not ${method}`);
  return { ms: r.ms, peakBytes: out.peakKb * 1024, total: out.total };
}

export interface MethodRow {
  n: number;
  /** Per way timed: medians over the rounds; the largest peak memory seen. */
  ways: Partial<Record<Way, Timed>>;
}

/**
 * Each way on each board, `runs` rounds, the ways in turn within a round. The TS engine is timed
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
    const ways: Way[] = ['join wasm'];
    if (n <= options.backtrackUpTo) ways.push('backtrack wasm');
    if (n <= options.tsUpTo) ways.push('join js', 'backtrack js');
    if (options.joinCounter !== null && existsSync(`${options.joinCounter}/nq${n}`)) ways.push('C++ join');
    const seen = new Map<Way, Timed[]>(ways.map((way) => [way, []]));
    for (let round = 1; round <= runs; round++) {
      for (const way of ways) {
        status(`ways of counting, n = ${n}: ${way}, round ${round}/${runs}`);
        const timed = once(way, n, options.joinCounter);
        if (BigInt(timed.total) !== options.known.get(n)) {
          throw new Error(`${way} counted ${timed.total} at n = ${n}, not ${options.known.get(n)}`);
        }
        seen.get(way)!.push(timed);
      }
    }
    const row: MethodRow = { n, ways: {} };
    for (const [way, all] of seen) {
      const peaks = all.map((t) => t.peakBytes).filter((p): p is number => p !== null);
      row.ways[way] = {
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
