// count, countSync and totalNQueens: validate, plan, count in this thread, on the pool or on the
// GPU, and report the merged counts.

import { makeCheckpoint, readCheckpoint, resumeState } from './checkpoint.js';
import { DEFAULT_MAX_MEMORY, DEFAULT_THREAD_MEMORY } from './defaults.js';
import { abortReason } from './errors.js';
import { countWhole } from './kernel/count-range.js';
import { acquireKernel, acquireKernelSync, releaseKernel } from './kernel/instances.js';
import type { Kernel } from './kernel/kernel.js';
import { type ResolvedEngine, resolveEngine, resolveEngineSync } from './kernel/select.js';
import type { Tally } from './kernel/tally.js';
import { IMPLIED_METHOD } from './method-list.js';
import { defaultMethod, methodOf } from './plan/methods/index.js';
import { type Plan, plan } from './plan/plan.js';
import { threadsFor } from './pool/policy.js';
import { countOnPool } from './pool/pool.js';
import { countInThread, fitsOneSlice } from './run/count-in-thread.js';
import { Job } from './run/job.js';
import { loadGpuEngine } from './run/load-gpu-engine.js';
import type { CountOptions, CountResult, CountSyncOptions, Engine, ExactCounts, GpuAdapter, Method } from './types.js';
import {
  checkCallback,
  checkCheckpointEvery,
  checkCpuEngine,
  checkEngine,
  checkMaxMemory,
  checkMethod,
  checkMethodApplies,
  checkN,
  checkOnProgress,
  checkOptions,
  checkPlaced,
  checkShard,
  checkSignal,
  checkWorkers,
  checkWorkersForEngine,
} from './validate.js';

const COUNT_SYNC_OPTIONS = ['engine', 'placed', 'shard', 'method', 'maxMemory'] as const;
const COUNT_OPTIONS = [
  ...COUNT_SYNC_OPTIONS,
  'workers',
  'signal',
  'onProgress',
  'resume',
  'onCheckpoint',
  'checkpointEveryMs',
] as const;

// Without options there is nothing more to check, and (on a first call) no more code to compile.

function checkSyncRequest(n: unknown, options: unknown) {
  const size = checkN(n);
  if (options === undefined)
    return { n: size, engine: undefined, placed: null, shard: null, method: undefined, maxMemory: undefined };
  const o = checkOptions('countSync', options, COUNT_SYNC_OPTIONS);
  const engine = checkCpuEngine('countSync', o.engine);
  const placed = checkPlaced(size, o.placed);
  const method = checkMethod(o.method);
  checkMethodApplies(method, size, placed, engine);
  return { n: size, engine, placed, shard: checkShard(o.shard), method, maxMemory: checkMaxMemory(o.maxMemory) };
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
      method: undefined,
      maxMemory: undefined,
    };
  }
  const o = checkOptions('count', options, COUNT_OPTIONS);
  const engine = checkEngine(o.engine);
  const workers = checkWorkers(o.workers);
  checkWorkersForEngine(workers, engine);
  const placed = checkPlaced(size, o.placed);
  const method = checkMethod(o.method);
  checkMethodApplies(method, size, placed, engine);
  return {
    n: size,
    engine,
    placed,
    shard: checkShard(o.shard),
    method,
    maxMemory: checkMaxMemory(o.maxMemory),
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
  /** The GPU adapter, where the GPU counted. */
  readonly adapter?: GpuAdapter;
  readonly fallbackReason: string | null;
  readonly workers: number;
  readonly elapsedMs: number;
  readonly resumed: boolean;
}

/** A result's exact counts, bigints that JSON.stringify writes as decimal strings (JSON has no bigint). */
export class BigintCounts implements ExactCounts {
  constructor(
    readonly total: bigint,
    readonly unique: bigint | null,
  ) {}

  toJSON(): { total: string; unique: string | null } {
    return { total: String(this.total), unique: this.unique === null ? null : String(this.unique) };
  }
}

/** A finished count's unique count, from its tally; null where it has none (placed, shard). */
export function uniqueOf(p: Plan, tally: Tally): bigint | null {
  if (!p.countsUnique) return null;
  return methodOf(p.method).unique(tally, p.n);
}

/** The plan's work, with each of `threads` threads' share of `maxMemory` for the method's lists. */
function shareMemory(p: Plan, maxMemory: number | undefined, threads: number): Plan {
  return { ...p, listRoom: threadMemory(maxMemory, threads) };
}

/**
 * A thread's share of `maxMemory` among `threads`; without it, of DEFAULT_MAX_MEMORY, but at
 * least DEFAULT_THREAD_MEMORY.
 */
export function threadMemory(maxMemory: number | undefined, threads: number): number {
  const among = Math.max(1, threads);
  return maxMemory === undefined ? Math.max(DEFAULT_MAX_MEMORY / among, DEFAULT_THREAD_MEMORY) : maxMemory / among;
}

/** The public result of a count of `p` that added up to `tally`. */
function resultOf(p: Plan, tally: Tally, run: Run): CountResult {
  const unique = uniqueOf(p, tally);
  return {
    n: p.n,
    total: Number(tally.total),
    unique: unique === null ? null : Number(unique),
    exact: new BigintCounts(tally.total, unique),
    engine: run.engine,
    method: p.method,
    ...(run.adapter !== undefined && { adapter: run.adapter }),
    ...(run.fallbackReason !== null && { fallbackReason: run.fallbackReason }),
    workers: run.workers,
    elapsedMs: run.elapsedMs,
    resumed: run.resumed,
  };
}

/** Counts the solutions of the n-queens puzzle (n from 1 to 32). */
export async function count(n: number, options?: CountOptions): Promise<CountResult> {
  const startedAt = performance.now();
  const request = checkRequest(n, options);
  const { signal, onCheckpoint } = request;
  if (signal?.aborted) throw abortReason(signal);
  if (request.engine === 'webgpu') return countOnGpu(request, startedAt);
  const resolved = await resolveEngine(request.engine);
  // A resumed count goes on by the method it began by, unless the caller says otherwise (and is refused).
  const method =
    request.method ??
    (request.resume !== undefined
      ? (request.resume.method ?? IMPLIED_METHOD)
      : defaultMethod(request.n, request.placed, resolved.engine));
  const planned = plan(request.n, request.placed, request.shard, method, 0);
  const resume = request.resume === undefined ? undefined : resumeState(planned, request.resume);
  const resumed = resume !== undefined;
  const threads = threadsFor(planned, request.workers);
  const participants = threads.pool + (threads.inThread ? 1 : 0);
  const p = shareMemory(planned, request.maxMemory, participants);
  if (
    threads.pool === 0 &&
    fitsOneSlice(p.freeRows, resolved.engine) &&
    !request.onProgress &&
    !onCheckpoint &&
    !resumed
  ) {
    return countInOneSlice(p, resolved, signal, startedAt);
  }
  const { engine } = resolved;
  const job = jobOf(p, request, resume, startedAt);
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
  return resultOf(p, tally, { ...resolved, workers, elapsedMs: job.elapsedMs, resumed });
}

/** The job of a planned count, with the caller's signal, progress and checkpoints. */
function jobOf(
  p: Plan,
  request: ReturnType<typeof checkRequest>,
  resume: ReturnType<typeof resumeState> | undefined,
  startedAt: number,
): Job {
  const { onCheckpoint } = request;
  return new Job(p.subproblems.count, {
    signal: request.signal,
    onProgress: request.onProgress,
    resume,
    onCheckpoint: onCheckpoint && ((state) => onCheckpoint(makeCheckpoint(p, state))),
    checkpointEveryMs: request.checkpointEveryMs,
    startedAt,
  });
}

/**
 * count() on the GPU, by backtracking or by the join: the method named, or a resumed count's, or
 * the default for the adapter, which is known once the GPU is set up.
 */
async function countOnGpu(request: ReturnType<typeof checkRequest>, startedAt: number): Promise<CountResult> {
  // The join's lists live on the GPU, in as much of its memory as maxMemory allows a wave.
  const listRoom = request.maxMemory ?? DEFAULT_MAX_MEMORY;
  const planned = (method: Method) => {
    const p = plan(request.n, request.placed, request.shard, method, listRoom);
    return { p, resume: request.resume === undefined ? undefined : resumeState(p, request.resume) };
  };
  // A resumed count goes on by the method it began by, as on the CPU: the GPU counts by both. A
  // method known before the GPU is set up is planned first, so a checkpoint that does not fit fails at once.
  const named = request.method ?? (request.resume !== undefined ? (request.resume.method ?? IMPLIED_METHOD) : null);
  const early = named === null ? null : planned(named);
  const { acquireGpu, countWithGpu } = await loadGpuEngine();
  const gpu = await acquireGpu(request.signal);
  const { p, resume } = early ?? planned(defaultMethod(request.n, request.placed, 'webgpu', gpu.adapter));
  const job = jobOf(p, request, resume, startedAt);
  countWithGpu(job, p, gpu);
  const tally = await job.promise;
  return resultOf(p, tally, {
    engine: 'webgpu',
    adapter: gpu.adapter,
    fallbackReason: null,
    workers: 1,
    elapsedMs: job.elapsedMs,
    resumed: resume !== undefined,
  });
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
): Promise<CountResult> {
  const kernel = await acquireKernel(resolved.engine);
  if (signal?.aborted) {
    releaseKernel(kernel);
    throw abortReason(signal);
  }
  return countInOnePiece(p, kernel, resolved, startedAt);
}

/** The whole plan counted on `kernel` without a pause, which then goes back. */
function countInOnePiece(p: Plan, kernel: Kernel, resolved: ResolvedEngine, startedAt: number): CountResult {
  try {
    const tally = countWhole(kernel, p);
    return resultOf(p, tally, { ...resolved, workers: 1, elapsedMs: performance.now() - startedAt, resumed: false });
  } finally {
    releaseKernel(kernel);
  }
}

/** count() in the calling thread, blocking until done. */
export function countSync(n: number, options?: CountSyncOptions): CountResult {
  const startedAt = performance.now();
  const request = checkSyncRequest(n, options);
  const resolved = resolveEngineSync(request.engine);
  const method = request.method ?? defaultMethod(request.n, request.placed, resolved.engine);
  const p = shareMemory(plan(request.n, request.placed, request.shard, method, 0), request.maxMemory, 1);
  return countInOnePiece(p, acquireKernelSync(resolved.engine), resolved, startedAt);
}

/** The number of solutions (LeetCode 52). */
export function totalNQueens(n: number): number {
  return countSync(n).total;
}
