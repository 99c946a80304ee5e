import type { JoinMemoryShortfall } from '../errors.js';
import type { CpuEngine } from '../kernel/kernel.js';
import type { Subproblems } from '../kernel/subproblems.js';
import type { Listed, RowChoice } from '../kernel/webgpu/row-choice-lists.js';
import type { Method } from '../types.js';

/** What the pool sends a worker thread. */
export type ToWorker =
  /** First, once: the compiled kernel (null where the thread that spawned it could not compile one). */
  | { type: 'init'; module: WebAssembly.Module | null }
  /**
   * Count these subproblems; the answer carries the same id. `module`: the compiled kernel, sent
   * with the first wasm request to a thread started without it (before wasm was compiled here).
   */
  | {
      type: 'count';
      id: number;
      engine: CpuEngine;
      n: number;
      method: Method;
      countsUnique: boolean;
      /** Bytes of lists the method may hold in this thread. */
      listRoom: number;
      subproblems: Subproblems;
      module?: WebAssembly.Module;
    }
  /**
   * List these row choices of the n×n board for the GPU's join (kernel/webgpu/row-choice-lists.ts),
   * for tiles of `tile` west half-boards; the answer carries the same id.
   */
  | { type: 'list'; id: number; n: number; tile: number; choices: RowChoice[] };

/** What a worker thread answers. */
export type FromWorker =
  | { type: 'ready' }
  | {
      type: 'counted';
      id: number;
      total: bigint;
      unique: bigint;
      ms: number;
      /**
       * Whether a count's lists grew one of the thread's kernels past what an idle thread may keep
       * (isKeptIdle, kernel/instances.ts): the pool stops the thread once it is idle.
       */
      grown: boolean;
    }
  | { type: 'listed'; id: number; lists: Listed[] }
  | {
      type: 'failed';
      id: number;
      error: unknown;
      /** Where the count went wrong in the package: what InternalError says. */
      internal?: string;
      shortOfMemory?: JoinMemoryShortfall;
    };
