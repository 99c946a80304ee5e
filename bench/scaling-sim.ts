// One count replayed on k cores, in a process of its own (bench/scaling.ts starts it, once per k).
// The package's own code hands out the work, as count() runs it by default: the policy
// (pool/policy.ts) picks the threads for k cores, the job (run/job.ts) sizes and hands out the
// ranges, the pool (pool/pool.ts) starts threads, asks ahead and answers; the calling thread runs
// countInThread (run/count-in-thread.ts) with its slices. Only the counting is stood in for: the
// pool's threads are stand-in Workers (handed to the package as Node's worker_threads, as the
// tests inject faults) that take, per range, what its subproblems took on one thread here, plus the
// measured cost of a message and of starting a thread; the calling thread's kernel takes each
// subproblem's measured time. Each thread is taken to have a core of its own.
//
// Time is a clock of the replay's own, read through performance.now: it moves by those costs, and
// by the real time the package's code takes on the calling thread when it handles a thread's
// answer (the job's bookkeeping, the pool's scheduling, the copy a message makes).
//
//   node scaling-sim.js <costs.json> <k>     prints one JSON line (SimResult)

import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { BATCH } from '../assembly/layout.js';
import type { Kernel } from '../src/kernel/kernel.js';
import { addSubproblem, emptyTally } from '../src/kernel/tally.js';
import { type Plan, plan } from '../src/plan/plan.js';
import type { FromWorker, ToWorker } from '../src/pool/messages.js';

/** What bench/scaling.ts measured, for the replay. */
export interface Costs {
  readonly n: number;
  /** Milliseconds each subproblem of the plan took on one thread, in the plan's order. */
  readonly ms: number[];
  /** Each subproblem's kernel results: completions, and those a half and a quarter turn fix. */
  readonly results: [number, number, number][];
  /** Milliseconds of the calling thread that starting a thread takes (the Worker made, its code copied). */
  readonly spawnMs: number;
  /** Milliseconds from asking for a thread to its being ready. */
  readonly readyMs: number;
  /** A thread's first request takes this much longer than later ones (the kernel instantiated there). */
  readonly firstRequestMs: number;
  /** Milliseconds of a thread's time that a request costs besides its count. */
  readonly messageMs: number;
  /** Milliseconds a message takes to reach the other side, each way. */
  readonly latencyMs: number;
}

export interface SimResult {
  readonly k: number;
  readonly poolThreads: number;
  readonly inThread: boolean;
  /** The count's time on the replay's clock. */
  readonly ms: number;
  readonly total: string;
  readonly unique: string;
  /** Ranges handed out, to pool threads and the calling thread. */
  readonly ranges: number;
  /** When the last pool thread was ready. */
  readonly startedMs: number;
  /** From the last range handed out to the end of the count. */
  readonly tailMs: number;
}

/** Kernel steps a millisecond, for the stand-in kernel: the calling thread's slices size its calls by them. */
const STEPS_PER_MS = 100_000;

const [costsFile, kText] = process.argv.slice(2);
const costs = JSON.parse(readFileSync(costsFile, 'utf8')) as Costs;
const k = Number(kText);

// The package's modules are imported only once Node's modules are stood in for, as a count sees
// them: k cores, and Workers that count on the replay's clock.
const realNow = performance.now.bind(performance);
let clock = 0;

/** Things due at a time on the clock, in order (ties in the order they were set). */
const due: { at: number; seq: number; fire: () => void }[] = [];
let seq = 0;
function at(time: number, fire: () => void): void {
  const event = { at: time, seq: seq++, fire };
  let i = due.length;
  while (i > 0 && (due[i - 1].at > time || (due[i - 1].at === time && due[i - 1].seq > event.seq))) i--;
  due.splice(i, 0, event);
}

/** The real times of the calling thread's last few handlings of a message. */
const handled: number[] = [];
const HANDLED_KEPT = 63;
let handling = false;
/**
 * Runs the calling thread's handling of a message, and moves the clock by the time it takes: the
 * median of the real times of the last few, so that this machine's other work (a handling that
 * was preempted) does not pass for the package's.
 */
function onCallingThread(handle: () => void): void {
  if (handling) {
    handle();
    return;
  }
  handling = true;
  const started = realNow();
  try {
    handle();
  } finally {
    handling = false;
    handled.push(realNow() - started);
    if (handled.length > HANDLED_KEPT) handled.shift();
    const sorted = [...handled].sort((a, b) => a - b);
    clock += sorted[sorted.length >> 1];
  }
}

let p: Plan;
let indexOf: (queens: Int8Array, width: number) => number;
const prefixTotal: bigint[] = [0n];
const prefixUnique: bigint[] = [0n];
let lastReady = 0;

class StandInWorker extends EventEmitter {
  private busyUntil = 0;
  private requests = 0;

  constructor() {
    super();
    clock += costs.spawnMs;
  }

  postMessage(message: ToWorker): void {
    if (message.type === 'init') {
      at(clock + costs.readyMs, () => {
        lastReady = Math.max(lastReady, clock);
        this.answer({ type: 'ready' });
      });
      return;
    }
    const { id, subproblems, module: _, ...sent } = message;
    // The copy the calling thread makes of what it sends (the compiled kernel is shared, not copied).
    onCallingThread(() => structuredClone({ ...sent, subproblems }));
    const from = indexOf(subproblems.queens, subproblems.width);
    const to = from + subproblems.count;
    let work = 0;
    for (let i = from; i < to; i++) work += costs.ms[i];
    const overhead = costs.messageMs + (this.requests++ === 0 ? costs.firstRequestMs : 0);
    const start = Math.max(clock + costs.latencyMs, this.busyUntil);
    this.busyUntil = start + overhead + work;
    const total = prefixTotal[to] - prefixTotal[from];
    const unique = prefixUnique[to] - prefixUnique[from];
    at(this.busyUntil + costs.latencyMs, () => this.answer({ type: 'counted', id, total, unique, ms: work }));
  }

  private answer(message: FromWorker): void {
    onCallingThread(() => this.emit('message', message));
  }

  terminate(): Promise<number> {
    return Promise.resolve(0);
  }

  ref(): void {}
  unref(): void {}
}

/** The calling thread's kernel: each subproblem takes its measured time on the clock. */
class StandInKernel implements Kernel {
  readonly engine = 'wasm' as const;
  readonly subproblems = new Int8Array(BATCH * 2 * 32);
  readonly fixed = new Uint8Array(BATCH);
  readonly eastRows = new Uint32Array(BATCH);
  private first = 0;
  private count = 0;
  private finished = 0;
  /** Milliseconds spent on the subproblem under way. */
  private spent = 0;

  startBatch(count: number, _n: number, width: number): void {
    this.first = count === 0 ? 0 : indexOf(this.subproblems, width);
    this.count = count;
    this.finished = 0;
    this.spent = 0;
  }

  countSteps(budget: number): number {
    let ms = budget / STEPS_PER_MS;
    while (this.finished < this.count && ms > 0) {
      const left = costs.ms[this.first + this.finished] - this.spent;
      if (left <= ms) {
        ms -= left;
        clock += left;
        this.finished++;
        this.spent = 0;
      } else {
        this.spent += ms;
        clock += ms;
        ms = 0;
      }
    }
    return this.finished;
  }

  result(subproblem: number, word: number): number {
    return costs.results[this.first + subproblem][word];
  }

  bigResult(subproblem: number, word: number): bigint {
    return BigInt(this.result(subproblem, word));
  }

  startSolutions(): void {
    throw new Error('the stand-in kernel only counts');
  }

  nextSolutions(): number {
    throw new Error('the stand-in kernel only counts');
  }
}

const builtin = process.getBuiltinModule.bind(process);
const os = builtin('node:os');
const standIns: Record<string, unknown> = {
  'node:worker_threads': { ...builtin('node:worker_threads'), Worker: StandInWorker },
  'node:os': { ...os, availableParallelism: () => k },
};
process.getBuiltinModule = ((id: string) => standIns[id] ?? builtin(id)) as typeof process.getBuiltinModule;

const { resolveEngine } = await import('../src/kernel/select.js');
const { threadsFor } = await import('../src/pool/policy.js');
const { countOnPool } = await import('../src/pool/pool.js');
const { countInThread } = await import('../src/run/count-in-thread.js');
const { Job } = await import('../src/run/job.js');

p = plan(costs.n, null, null);
const { subproblems: list } = p;
if (list.count !== costs.ms.length)
  throw new Error(`the plan has ${list.count} subproblems, the costs ${costs.ms.length}`);
const byQueens = new Map<string, number>();
const pairs = list.width * 2;
for (let i = 0; i < list.count; i++) byQueens.set(list.queens.subarray(i * pairs, (i + 1) * pairs).join(), i);
indexOf = (queens, width) => {
  const i = byQueens.get(queens.subarray(0, width * 2).join());
  if (i === undefined) throw new Error('a range that is not in the plan');
  return i;
};
for (let i = 0; i < list.count; i++) {
  const tally = emptyTally();
  const [completions, halfTurns, quarterTurns] = costs.results[i].map(BigInt);
  addSubproblem(tally, p.n, list, i, p.countsUnique, completions, halfTurns, quarterTurns);
  prefixTotal.push(prefixTotal[i] + tally.total);
  prefixUnique.push(prefixUnique[i] + tally.unique);
}

// Compiled before the clock starts, as the engine is resolved before a count's job.
await resolveEngine('wasm');
Object.defineProperty(performance, 'now', { value: () => clock, configurable: true, writable: true });

/** The job, counting the ranges it hands out and when it hands out the last. */
class WatchedJob extends Job {
  ranges = 0;
  lastHandedOut = 0;

  override nextRange(threads: number): [number, number] | null {
    const range = super.nextRange(threads);
    if (range !== null) {
      this.ranges++;
      this.lastHandedOut = clock;
    }
    return range;
  }
}

// As count() runs a count with default options on k cores.
const threads = threadsFor(p, undefined);
const job = new WatchedJob(list.count, {});
const participants = threads.pool + (threads.inThread ? 1 : 0);
if (threads.pool > 0) countOnPool(job, p, 'wasm', threads.pool, !threads.inThread);
if (threads.inThread) void countInThread(job, p, new StandInKernel(), participants).catch((error) => job.fail(error));

// Between two of the calling thread's slices (and while it has nothing to count), what is due
// happens; when the calling thread's clock stood still since the last turn, it waits for the next
// thing due.
let finished = false;
let lastClock = -1;
function turn(): void {
  if (finished) return;
  while (due.length > 0 && due[0].at <= clock) due.shift()!.fire();
  if (clock === lastClock) {
    const next = due.shift();
    if (next === undefined) {
      job.fail(new Error('the replay stalled: nothing is due and the calling thread waits'));
      return;
    }
    clock = Math.max(clock, next.at);
    next.fire();
  }
  lastClock = clock;
  setImmediate(turn);
}
setImmediate(turn);

const tally = await job.promise;
finished = true;
const result: SimResult = {
  k,
  poolThreads: threads.pool,
  inThread: threads.inThread,
  ms: clock,
  total: String(tally.total),
  unique: String(tally.unique),
  ranges: job.ranges,
  startedMs: lastReady,
  tailMs: clock - job.lastHandedOut,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
