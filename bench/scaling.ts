// Thread scaling past this machine's cores, by replay (npm run bench -- --scaling 17). What a count
// costs is measured here on one thread: each subproblem of the real plan, counted alone on the wasm
// kernel; starting a worker thread and a message to one, through the pool's own threads.ts. Then
// the count is replayed for k cores, each k in a process of its own (bench/scaling-sim.ts), with
// the package's own policy, job and pool handing out the ranges, on a clock that moves by those
// costs: the predicted time, and the speed-up over the replay on one core. The replay for this
// machine's cores is checked against real counts here.

import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULT_COMPLETIONS, RESULT_HALF_TURNS, RESULT_QUARTER_TURNS } from '../assembly/layout.js';
import { formatMs, formatTable } from '../src/cli/table.js';
import { count } from '../src/count.js';
import { RangeCounter } from '../src/kernel/count-range.js';
import { acquireKernelSync, releaseKernel } from '../src/kernel/instances.js';
import { resolveEngineSync } from '../src/kernel/select.js';
import { sliceSubproblems } from '../src/kernel/subproblems.js';
import { kernelModule } from '../src/kernel/wasm/module.js';
import { plan } from '../src/plan/plan.js';
import type { FromWorker } from '../src/pool/messages.js';
import { threadsRunning } from '../src/pool/pool.js';
import { spawnThread } from '../src/pool/threads.js';
import { median } from './counting.js';
import type { Costs, SimResult } from './scaling-sim.js';

const sim = fileURLToPath(new URL('./scaling-sim.js', import.meta.url));

/** Milliseconds of counting before anything is timed. */
const WARM_UP_MS = 1000;

/** The cores replayed. */
export const SCALING_CORES = [1, 2, 4, 8, 16, 32, 64];

export interface ScalingRow extends SimResult {
  readonly speedup: number;
  /** The speed-up where starting a thread costs nothing (nearly so where an earlier count's threads idle). */
  readonly freeStartSpeedup: number;
}

export interface ScalingReport {
  readonly n: number;
  readonly subproblems: number;
  /** The subproblems' measured times added up: the count on one thread, without any overhead. */
  readonly oneThreadMs: number;
  readonly passes: number;
  readonly costs: Omit<Costs, 'n' | 'ms' | 'results'>;
  readonly rows: ScalingRow[];
  /** Real counts here, with default options, against the replay for this machine's cores. */
  readonly real: {
    readonly cores: number;
    readonly ms: number[];
    readonly medianMs: number;
    readonly predictedMs: number;
  };
}

/** A range counter that keeps each subproblem's kernel results. */
class KeepingCounter extends RangeCounter {
  readonly results: [number, number, number][] = [];

  protected override take(r: number, i: number): void {
    const { kernel } = this;
    this.results.push([
      kernel.result(r, RESULT_COMPLETIONS),
      kernel.result(r, RESULT_HALF_TURNS),
      kernel.result(r, RESULT_QUARTER_TURNS),
    ]);
    super.take(r, i);
  }
}

/** Each subproblem of n's plan counted alone on one thread: its time (the median of `passes`) and results. */
function measureSubproblems(n: number, passes: number, status: (message: string) => void) {
  resolveEngineSync('wasm');
  const kernel = acquireKernelSync('wasm');
  const p = plan(n, null, null);
  const { subproblems: list, countsUnique } = p;
  const times: number[][] = Array.from({ length: list.count }, () => []);
  const results: [number, number, number][] = [];
  try {
    // A warm-up: V8 compiles wasm in a quick tier first and the hot code in its fastest one a while
    // later. The compiled code is shared with the threads the module is sent to, as in a count.
    const warming = performance.now();
    for (let i = 0; performance.now() - warming < WARM_UP_MS; i = (i + 1) % list.count)
      new RangeCounter(kernel, { n, subproblems: list, countsUnique, joinRoom: 0 }, i, i + 1).run();
    for (let pass = 0; pass < passes; pass++) {
      status(`scaling, n = ${n}: each subproblem timed alone, pass ${pass + 1}/${passes}`);
      for (let i = 0; i < list.count; i++) {
        const counter = new KeepingCounter(kernel, { n, subproblems: list, countsUnique, joinRoom: 0 }, i, i + 1);
        const started = performance.now();
        counter.run();
        times[i].push(performance.now() - started);
        if (pass === 0) results.push(counter.results[0]);
      }
    }
  } finally {
    releaseKernel(kernel);
  }
  return { ms: times.map(median), results };
}

/** Starting a thread and messages to it, through the pool's own threads.ts: medians over a few threads. */
async function measureThreads(n: number, runs: number) {
  const module = kernelModule() ?? null;
  const list = plan(n, null, null).subproblems;
  const empty = sliceSubproblems(list, 0, 0);
  const request = (id: number) =>
    ({ type: 'count', id, engine: 'wasm', n, countsUnique: true, joinRoom: 0, subproblems: empty }) as const;
  const spawn: number[] = [];
  const ready: number[] = [];
  const first: number[] = [];
  const roundTrip: number[] = [];
  const occupied: number[] = [];
  let id = 1;
  // Five at least: a process's first thread takes longer to start than the others.
  for (let run = 0; run < Math.max(runs, 5); run++) {
    let heard: (message: FromWorker) => void = () => {};
    const started = performance.now();
    const starting = spawnThread(
      {
        message: (message) => heard(message),
        error: (error) => {
          throw error;
        },
      },
      module,
    );
    spawn.push(performance.now() - started);
    const thread = await starting;
    ready.push(performance.now() - started);
    const ask = () =>
      new Promise<number>((resolve) => {
        const asked = performance.now();
        heard = () => resolve(performance.now() - asked);
        thread.post(request(id++));
      });
    first.push(await ask());
    const trips: number[] = [];
    for (let i = 0; i < 40; i++) trips.push(await ask());
    roundTrip.push(median(trips));
    // Many at once: the thread's time per message, once latency is out of the way.
    const many = 400;
    const flooded = performance.now();
    await new Promise<void>((resolve) => {
      let answered = 0;
      heard = () => {
        if (++answered === many) resolve();
      };
      for (let i = 0; i < many; i++) thread.post(request(id++));
    });
    occupied.push((performance.now() - flooded) / many);
    thread.terminate();
  }
  const messageMs = median(occupied);
  const trip = median(roundTrip);
  return {
    spawnMs: median(spawn),
    readyMs: median(ready),
    firstRequestMs: Math.max(0, median(first) - trip),
    messageMs,
    latencyMs: Math.max(0, (trip - messageMs) / 2),
  };
}

/** What n's count costs here, for its replay: each subproblem on one thread, starting a thread, a message. */
export async function measureCosts(n: number, runs: number, status: (message: string) => void): Promise<Costs> {
  const measured = measureSubproblems(n, runs, status);
  status(`scaling, n = ${n}: starting threads and messages`);
  return { n, ms: measured.ms, results: measured.results, ...(await measureThreads(n, runs)) };
}

/** The replay of a count on k cores, from the costs in `file`. */
export function replay(file: string, k: number): SimResult {
  const r = spawnSync(process.execPath, [sim, file, String(k)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`the replay on ${k} cores failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as SimResult;
}

/** Waits until the pool has stopped its idle threads, so that the next count starts its own. */
async function poolEmpty(): Promise<void> {
  while (threadsRunning() > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}

export async function measureScaling(
  n: number,
  runs: number,
  knownTotal: bigint | undefined,
  status: (message: string) => void,
): Promise<ScalingReport> {
  const costs = await measureCosts(n, runs, status);
  const { spawnMs, readyMs, firstRequestMs, messageMs, latencyMs } = costs;
  const file = join(tmpdir(), `nqueens-scaling-${process.pid}-${n}.json`);
  const freeStartFile = join(tmpdir(), `nqueens-scaling-${process.pid}-${n}-free-start.json`);
  writeFileSync(file, JSON.stringify(costs));
  writeFileSync(freeStartFile, JSON.stringify({ ...costs, spawnMs: 0, readyMs: 0, firstRequestMs: 0 }));
  const cores = availableParallelism();
  const replays = new Map<number, SimResult>();
  const freeStart = new Map<number, SimResult>();
  try {
    for (const k of [...new Set([...SCALING_CORES, cores])]) {
      status(`scaling, n = ${n}: replaying ${k} cores`);
      replays.set(k, replay(file, k));
      freeStart.set(k, replay(freeStartFile, k));
    }
  } finally {
    rmSync(file, { force: true });
    rmSync(freeStartFile, { force: true });
  }
  const one = replays.get(1)!.ms;
  const real: number[] = [];
  let counted = { total: '', unique: '' };
  for (let run = 0; run < runs; run++) {
    status(`scaling, n = ${n}: count(${n}) on this machine's ${cores} cores, run ${run + 1}/${runs}`);
    await poolEmpty();
    const r = await count(n);
    real.push(r.elapsedMs);
    counted = { total: String(r.exact.total), unique: String(r.exact.unique) };
  }
  status('');
  // A replay that handed out some subproblem twice, or none, counts other solutions than the count.
  if (knownTotal !== undefined && counted.total !== String(knownTotal))
    throw new Error(`count(${n}) gave ${counted.total}, not ${knownTotal}`);
  for (const [k, r] of [...replays, ...freeStart])
    if (r.total !== counted.total || r.unique !== counted.unique)
      throw new Error(
        `the replay on ${k} cores counted ${r.total} (${r.unique} unique), not ${counted.total} (${counted.unique})`,
      );
  const rows = SCALING_CORES.map((k) => ({
    ...replays.get(k)!,
    speedup: one / replays.get(k)!.ms,
    freeStartSpeedup: one / freeStart.get(k)!.ms,
  }));
  return {
    n,
    subproblems: costs.ms.length,
    oneThreadMs: costs.ms.reduce((a, b) => a + b, 0),
    passes: runs,
    costs: { spawnMs, readyMs, firstRequestMs, messageMs, latencyMs },
    rows,
    real: { cores, ms: real, medianMs: median(real), predictedMs: replays.get(cores)!.ms },
  };
}

/** The report as the bench prints it. */
export function formatScaling(r: ScalingReport, runs: number): string {
  const c = r.costs;
  const real = r.real;
  const off = real.medianMs / real.predictedMs - 1;
  return (
    `\nthread scaling, n = ${r.n}, replayed: ${r.subproblems} subproblems, ${formatMs(r.oneThreadMs)} ms on one thread here ` +
    `(each subproblem counted alone, median of ${r.passes})\n` +
    `starting a thread: ${formatMs(c.spawnMs)} ms of the calling thread, ready after ${formatMs(c.readyMs)} ms, its first ` +
    `request ${formatMs(c.firstRequestMs)} ms more; a message: ${formatMs(c.messageMs)} ms of a thread's time, ` +
    `${formatMs(c.latencyMs)} ms each way\n` +
    `${formatTable(
      [
        'cores',
        'pool threads',
        'calling thread',
        'ranges',
        'threads ready ms',
        'tail ms',
        'predicted ms',
        'free start: speed-up',
        'speed-up',
      ],
      r.rows.map((row) => [
        String(row.k),
        String(row.poolThreads),
        row.inThread ? 'counts' : 'waits',
        String(row.ranges),
        row.poolThreads === 0 ? '-' : formatMs(row.startedMs),
        formatMs(row.tailMs),
        formatMs(row.ms),
        `${row.freeStartSpeedup.toFixed(2)}x`,
        `${row.speedup.toFixed(2)}x`,
      ]),
    )}\n` +
    `count(${r.n}) as by default on k cores: the package's policy, job and pool hand out the work; threads count on\n` +
    `stand-ins that take each range's measured time on a core of their own. tail: from the last range handed out to\n` +
    `the end. speed-up: over the replay on one core. free start: the same, where starting a thread cost nothing (as\n` +
    `nearly where an earlier count's threads are kept idle, for 5 s).\n` +
    `real, here: count(${r.n}) on this machine's ${real.cores} cores, a fresh pool each time: ${formatMs(real.medianMs)} ms ` +
    `(median of ${runs}: ${real.ms.map(formatMs).join(', ')}), predicted ${formatMs(real.predictedMs)} ms: ` +
    `${off >= 0 ? '+' : ''}${(100 * off).toFixed(1)}%\n`
  );
}
