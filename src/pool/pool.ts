// Counts a plan on worker threads. Subproblems are handed out in ranges sized to take about
// CHUNK_MS each (measured as the work goes), and never more than a share of what is left, so that
// progress moves steadily and no thread idles at the end; every range's tally comes back as BigInt
// and is added up here. At the end the threads go back to the pool for the next count; an abort
// or an error terminates them.

import type { Plan } from '../plan/plan.js';
import { addTallies, emptyTally, type Tally } from '../run/tally.js';
import type { Engine, Progress, Queen, Shard } from '../types.js';
import { wasmModule } from '../wasm/loader.js';
import type { FromWorker } from './messages.js';
import { acquireThread, releaseThread, type Thread } from './threads.js';

/** The time one range of subproblems should take: often enough for progress, rarely enough for the messages to cost nothing. */
const CHUNK_MS = 50;

export interface PoolRequest {
  n: number;
  placed: Queen[] | null;
  shard: Shard | null;
  engine: Engine | undefined;
  threads: number;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Tests only: each worker fails after counting this many ranges. */
  crashAfter?: number;
}

export interface PoolResult {
  tally: Tally;
  engine: Engine;
  threads: number;
}

/** The compiled wasm module for the workers, or null for the TS kernel (by choice or fallback). */
async function kernelModule(engine: Engine | undefined): Promise<WebAssembly.Module | null> {
  if (engine === 'js') return null;
  try {
    return await wasmModule();
  } catch (error) {
    if (engine === 'wasm') throw error;
    return null;
  }
}

export async function runPool(p: Plan, request: PoolRequest): Promise<PoolResult> {
  const { signal, onProgress } = request;
  const module = await kernelModule(request.engine);
  const engine: Engine = module === null ? 'js' : 'wasm';
  signal?.throwIfAborted();
  const total = p.subproblems.length;
  const threads = Math.max(1, Math.min(request.threads, total));
  const tally = emptyTally();
  onProgress?.({ done: 0, total });
  if (total === 0) return { tally, engine, threads };

  return new Promise<PoolResult>((resolve, reject) => {
    const workers: Thread[] = [];
    let next = 0;
    let done = 0;
    let settled = false;
    let countedMs = 0;

    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) {
        if (error === undefined) releaseThread(worker);
        else worker.terminate();
      }
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve({ tally, engine, threads });
      else reject(error);
    };
    const onAbort = () => finish(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    const assign = (worker: Thread) => {
      if (next >= total) return;
      // The first ranges hold one subproblem each, to measure; then CHUNK_MS worth, capped by a
      // share of what is left so that the last ranges are small.
      const perSubproblem = done > 0 ? countedMs / done : Infinity;
      const share = Math.ceil((total - next) / (threads * 8));
      const size = Math.max(1, Math.min(share, Math.floor(CHUNK_MS / perSubproblem)));
      const from = next;
      next = Math.min(total, next + size);
      worker.post({ type: 'count', from, to: next });
    };

    const onMessage = (worker: Thread, message: FromWorker) => {
      if (settled) return;
      if (message.type === 'failed') return finish(message.error);
      if (message.type === 'counted') {
        addTallies(tally, message);
        done += message.to - message.from;
        countedMs += message.ms;
        try {
          onProgress?.({ done, total });
        } catch (error) {
          return finish(error);
        }
        if (done === total) return finish();
      }
      assign(worker);
    };

    (async () => {
      for (let i = 0; i < threads && !settled; i++) {
        const worker: Thread = await acquireThread({
          message: (message) => onMessage(worker, message),
          error: (error) => finish(error),
        });
        if (settled) {
          worker.terminate();
          return;
        }
        workers.push(worker);
        worker.post({
          type: 'init',
          n: request.n,
          placed: request.placed,
          shard: request.shard,
          module,
          crashAfter: request.crashAfter,
        });
      }
    })().catch(finish);
  });
}
