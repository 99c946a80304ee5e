// count, countSync and totalNQueens: validate, plan, count in this thread and/or on the pool, and
// report the merged counts.

import { makeCheckpoint, readCheckpoint, resumeState } from './checkpoint.js';
import { acquireKernel, acquireKernelSync, releaseKernel } from './kernel/instances.js';
import { type ResolvedEngine, resolveEngine, resolveEngineSync } from './kernel/select.js';
import { type Plan, plan } from './plan/plan.js';
import { threadsFor } from './pool/policy.js';
import { countOnPool } from './pool/pool.js';
import { RangeCounter } from './run/count-range.js';
import { loadGpuEngine } from './run/gpu-engine.js';
import { countInThread, fitsOneSlice } from './run/in-thread.js';
import { abortReason, Job } from './run/job.js';
import type { Tally } from './run/tally.js';
import type { Checkpoint, CountOptions, CountResult, CountSyncOptions, Engine, ExactCounts } from './types.js';
import {
  checkCallback,
  checkCheckpointEvery,
  checkCpuEngine,
  checkEngine,
  checkN,
  checkOnProgress,
  checkOptions,
  checkPlaced,
  checkShard,
  checkSignal,
  checkWorkers,
  checkWorkersForEngine,
} from './validate.js';

const COUNT_SYNC_OPTIONS = ['engine', 'placed', 'shard'] as const;
const COUNT_OPTIONS = [
  ...COUNT_SYNC_OPTIONS,
  'workers',
  'signal',
  'onProgress',
  'resume',
  'onCheckpoint',
  'checkpointEveryMs',
] as const;

/** The exact counts, before they are narrowed to numbers for the public result. */
export interface ExactCount {
  n: number;
  total: bigint;
  unique: bigint | null;
  engine: Engine;
  /** Why the default engine fell back to TypeScript; null where it did not. */
  fallbackReason: string | null;
  workers: number;
  elapsedMs: number;
  resumed: boolean;
  /** The checkpoint of the finished count: resuming from it gives this result at once. */
  finished(): Checkpoint;
}

// Without options there is nothing more to check, and (on a first call) no more code to compile.

function checkSyncRequest(n: unknown, options: unknown) {
  const size = checkN(n);
  if (options === undefined) return { n: size, engine: undefined, placed: null, shard: null };
  const o = checkOptions('countSync', options, COUNT_SYNC_OPTIONS);
  return {
    n: size,
    engine: checkCpuEngine('countSync', o.engine),
    placed: checkPlaced(size, o.placed),
    shard: checkShard(o.shard),
  };
}

function checkRequest(n: unknown, options: unknown) {
  const size = checkN(n);
  if (options === undefined) {
    return {
      n: size,
      engine: undefined,
      placed: null,
      shard: null,
      workers: undefined,
      signal: undefined,
      onProgress: undefined,
      resume: undefined,
      onCheckpoint: undefined,
      checkpointEveryMs: undefined,
    };
  }
  const o = checkOptions('count', options, COUNT_OPTIONS);
  const engine = checkEngine(o.engine);
  const workers = checkWorkers(o.workers);
  checkWorkersForEngine(workers, engine);
  return {
    n: size,
    engine,
    placed: checkPlaced(size, o.placed),
    shard: checkShard(o.shard),
    workers,
    signal: checkSignal(o.signal),
    onProgress: checkOnProgress(o.onProgress),
    resume: readCheckpoint(o.resume),
    onCheckpoint: checkCallback<NonNullable<CountOptions['onCheckpoint']>>('options.onCheckpoint', o.onCheckpoint),
    checkpointEveryMs: checkCheckpointEvery(o.checkpointEveryMs),
  };
}

/** How a count ran, for its result. */
interface Run {
  readonly engine: Engine;
  readonly fallbackReason: string | null;
  readonly workers: number;
  readonly elapsedMs: number;
  readonly resumed: boolean;
}

function exact(p: Plan, tally: Tally, run: Run): ExactCount {
  const all = p.subproblems.count;
  const elapsedMs = run.elapsedMs;
  const finished = () => makeCheckpoint(p, { done: all === 0 ? [] : [[0, all]], tally, elapsedMs });
  return { n: p.n, total: tally.total, unique: p.countsUnique ? tally.unique : null, ...run, finished };
}

/** The exact counts of a result; as JSON, decimal strings (JSON has no bigint). */
class Exact implements ExactCounts {
  constructor(
    readonly total: bigint,
    readonly unique: bigint | null,
  ) {}

  toJSON(): { total: string; unique: string | null } {
    return { total: String(this.total), unique: this.unique === null ? null : String(this.unique) };
  }
}

export function toResult(count: ExactCount): CountResult {
  const { n, total, unique, engine, fallbackReason, workers, elapsedMs, resumed } = count;
  return {
    n,
    total: Number(total),
    unique: unique === null ? null : Number(unique),
    exact: new Exact(total, unique),
    engine,
    ...(fallbackReason !== null && { fallbackReason }),
    workers,
    elapsedMs,
    resumed,
  };
}

/** countSync with exact (BigInt) counts; for the CLI and the tests. */
export function countExactSync(n: unknown, options?: unknown): ExactCount {
  const started = performance.now();
  const request = checkSyncRequest(n, options);
  const p = plan(request.n, request.placed, request.shard);
  const { engine, fallbackReason } = resolveEngineSync(request.engine);
  const kernel = acquireKernelSync(engine);
  try {
    const tally = new RangeCounter(kernel, p.n, p.subproblems, p.countsUnique, 0, p.subproblems.count).run();
    return exact(p, tally, {
      engine,
      fallbackReason,
      workers: 1,
      elapsedMs: performance.now() - started,
      resumed: false,
    });
  } finally {
    releaseKernel(kernel);
  }
}

/** count with exact (BigInt) counts; for the CLI and the tests. */
export async function countExact(n: unknown, options?: unknown): Promise<ExactCount> {
  const startedAt = performance.now();
  const request = checkRequest(n, options);
  const { signal, onCheckpoint } = request;
  if (signal?.aborted) throw abortReason(signal);
  const p = plan(request.n, request.placed, request.shard);
  const resume = request.resume === undefined ? undefined : resumeState(p, request.resume);
  const start = () =>
    new Job(p, {
      signal,
      onProgress: request.onProgress,
      resume,
      onCheckpoint: onCheckpoint && ((state) => onCheckpoint(makeCheckpoint(p, state))),
      checkpointEveryMs: request.checkpointEveryMs,
      startedAt,
    });
  if (request.engine === 'webgpu') {
    const { acquireGpu, countWithGpu } = await loadGpuEngine();
    const gpu = await acquireGpu(signal);
    const job = start();
    countWithGpu(job, p, gpu);
    const tally = await job.promise;
    return exact(p, tally, {
      engine: 'webgpu',
      fallbackReason: null,
      workers: 1,
      elapsedMs: job.elapsedMs,
      resumed: resume !== undefined,
    });
  }
  const resolved = await resolveEngine(request.engine);
  const { engine, fallbackReason } = resolved;
  const threads = threadsFor(p, request.workers);
  if (threads.pool === 0 && fitsOneSlice(p, engine) && !request.onProgress && !onCheckpoint && !resume) {
    return countInOneSlice(p, resolved, signal, startedAt);
  }
  const job = start();
  const participants = threads.pool + (threads.inThread ? 1 : 0);
  if (threads.pool > 0) countOnPool(job, p, engine, threads.pool, !threads.inThread);
  if (threads.inThread) {
    void (async () => {
      const kernel = await acquireKernel(engine);
      try {
        await countInThread(job, p, kernel, participants);
      } finally {
        releaseKernel(kernel);
      }
    })().catch((error) => job.fail(error));
  }
  const tally = await job.promise;
  // The threads that counted: fewer than planned where the host refused to start some.
  const workers = Math.max(1, job.threads);
  return exact(p, tally, { engine, fallbackReason, workers, elapsedMs: job.elapsedMs, resumed: resume !== undefined });
}

/**
 * A count that takes about a slice of the calling thread, with no progress to report: counted in
 * one piece, as countSync counts it (a job's ranges and turns would cost more than the count).
 */
async function countInOneSlice(
  p: Plan,
  resolved: ResolvedEngine,
  signal: AbortSignal | undefined,
  startedAt: number,
): Promise<ExactCount> {
  const kernel = await acquireKernel(resolved.engine);
  try {
    if (signal?.aborted) throw abortReason(signal);
    const tally = new RangeCounter(kernel, p.n, p.subproblems, p.countsUnique, 0, p.subproblems.count).run();
    return exact(p, tally, { ...resolved, workers: 1, elapsedMs: performance.now() - startedAt, resumed: false });
  } finally {
    releaseKernel(kernel);
  }
}

/** Counts the solutions of the n-queens puzzle (n from 1 to 32). */
export async function count(n: number, options?: CountOptions): Promise<CountResult> {
  return toResult(await countExact(n, options));
}

/** count() in the calling thread, blocking until done. */
export function countSync(n: number, options?: CountSyncOptions): CountResult {
  return toResult(countExactSync(n, options));
}

/** The number of solutions (LeetCode 52). */
export function totalNQueens(n: number): number {
  return countSync(n).total;
}
