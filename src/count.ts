// count, countSync and totalNQueens: validate, plan, run on a kernel, report.

import { selectKernel, selectKernelSync } from './kernel/select.js';
import { plan, type Plan } from './plan/plan.js';
import { runPool } from './pool/pool.js';
import { availableCores } from './pool/threads.js';
import { runAsync, runSync } from './run/in-thread.js';
import type { Tally } from './run/tally.js';
import type { CountOptions, CountResult, CountSyncOptions, Engine } from './types.js';
import {
  checkEngine,
  checkN,
  checkOnProgress,
  checkOptions,
  checkPlaced,
  checkShard,
  checkSignal,
  checkWorkers,
} from './validate.js';

const COUNT_OPTIONS = ['engine', 'workers', 'placed', 'shard', 'signal', 'onProgress'] as const;
const COUNT_SYNC_OPTIONS = ['engine', 'placed', 'shard'] as const;

/** The exact counts, before they are narrowed to numbers for the public result. */
export interface ExactCount {
  n: number;
  total: bigint;
  unique: bigint | null;
  engine: Engine;
  workers: number;
  elapsedMs: number;
}

function checkRequest(fn: string, n: unknown, options: unknown, known: readonly string[]) {
  const size = checkN(n);
  const o = checkOptions(fn, options, known);
  return {
    n: size,
    engine: checkEngine(o.engine),
    placed: checkPlaced(size, o.placed),
    shard: checkShard(o.shard),
    workers: checkWorkers(o.workers),
    signal: checkSignal(o.signal),
    onProgress: checkOnProgress(o.onProgress),
  };
}

function exact(p: Plan, engine: Engine, workers: number, tally: Tally, started: number): ExactCount {
  return {
    n: p.n,
    total: tally.total,
    unique: p.countsUnique ? tally.unique : null,
    engine,
    workers,
    elapsedMs: performance.now() - started,
  };
}

/**
 * Below this many free rows a count takes well under 100 ms on one core, less than starting
 * worker threads costs; from there on every core is used unless `workers` says otherwise.
 */
const POOL_FROM_FREE_ROWS = 15;

async function defaultWorkers(n: number, placed: readonly unknown[] | null): Promise<number> {
  return n - (placed?.length ?? 0) < POOL_FROM_FREE_ROWS ? 1 : availableCores();
}

export function toResult(count: ExactCount): CountResult {
  return { ...count, total: Number(count.total), unique: count.unique === null ? null : Number(count.unique) };
}

/** countSync with exact (BigInt) counts; for the CLI and the tests. */
export function countExactSync(n: unknown, options?: unknown): ExactCount {
  const started = performance.now();
  const request = checkRequest('countSync', n, options, COUNT_SYNC_OPTIONS);
  const kernel = selectKernelSync(request.engine);
  const p = plan(request.n, request.placed, request.shard);
  return exact(p, kernel.engine, 1, runSync(kernel, p), started);
}

/** count with exact (BigInt) counts; for the CLI and the tests. */
export async function countExact(n: unknown, options?: unknown): Promise<ExactCount> {
  const started = performance.now();
  const request = checkRequest('count', n, options, COUNT_OPTIONS);
  request.signal?.throwIfAborted();
  const p = plan(request.n, request.placed, request.shard);
  const workers = request.workers ?? (await defaultWorkers(request.n, request.placed));
  // An explicit workers count always means worker threads, even one: the caller wants the work
  // off its own thread. The default counts small boards in-thread.
  if (request.workers !== undefined || workers > 1) {
    const pooled = await runPool(p, { ...request, threads: workers });
    return exact(p, pooled.engine, pooled.threads, pooled.tally, started);
  }
  const kernel = await selectKernel(request.engine);
  const tally = await runAsync(kernel, p, { signal: request.signal, onProgress: request.onProgress });
  return exact(p, kernel.engine, 1, tally, started);
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
