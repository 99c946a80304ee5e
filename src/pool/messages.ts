import type { Queen, Shard } from '../types.js';

/** What the pool sends a worker thread. */
export type ToWorker =
  | {
      type: 'init';
      n: number;
      placed: Queen[] | null;
      shard: Shard | null;
      /** The compiled kernel, or null for the TS kernel. */
      module: WebAssembly.Module | null;
      /** Tests only: throw after counting this many ranges, as a crashing worker would. */
      crashAfter?: number;
    }
  | { type: 'count'; from: number; to: number };

/** What a worker thread answers. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'counted'; from: number; to: number; total: bigint; unique: bigint; ms: number }
  | { type: 'failed'; error: unknown };
