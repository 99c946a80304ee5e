import type { METHODS } from './method-list.js';

/**
 * Which kernel does the counting: the AssemblyScript build in WebAssembly, the TypeScript twin, or
 * the GPU through WebGPU (count and compareEngines only, where navigator.gpu gives an adapter).
 */
export type Engine = 'wasm' | 'js' | 'webgpu';

/** A queen as [row, col], both 0-based. */
export type Queen = readonly [row: number, col: number];

/** A deterministic slice of the work: shard `index` of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface Progress {
  /** Subproblems finished (in every run, when the count resumed). */
  readonly done: number;
  /** Subproblems planned. */
  readonly total: number;
  /** Solutions of the finished subproblems, exact (in every run, when the count resumed). */
  readonly solutions: bigint;
}

/**
 * The method a count goes by: 'backtrack' searches the board row by row; 'join' lists the half-boards
 * of each choice of rows for the east and west halves and counts the pairs that fit together,
 * which is faster on big boards (it counts boards of 6 to 32 rows, whole, on the CPU).
 */
export type Method = (typeof METHODS)[number]['name'];

/** Options of countSync; count takes these and more. */
export interface CountSyncOptions {
  /**
   * Default 'wasm'; where WebAssembly is unavailable the default falls back to 'js'. 'webgpu' is
   * for count() only (the GPU answers asynchronously): countSync and the listings refuse it.
   */
  engine?: Engine;
  /** Queens fixed in advance; the count is of their completions. */
  placed?: readonly Queen[];
  /** Count only this deterministic slice of the work; the slices of one split add up to the whole. */
  shard?: Shard;
  /**
   * Default: the faster method for the board and the engine, the join from n = 16 (wasm) or 14 (TS)
   * up to n = 27 (backtracking with `placed`, on the GPU, and for other sizes). On the GPU the join
   * is asked for by name. 'join' is refused where it cannot count: with `placed`, outside n = 6..32.
   */
  method?: Method;
  /**
   * Bytes the join's lists may take, all threads together, its quarter lists included. Default
   * 1 GiB, which a browser tab allows, but at least 256 MiB a thread where threads are many (what
   * a subproblem of n = 26 can need); where they would take more the longer side's lists are
   * taken in parts (slower); where a thread's share cannot hold even the lists a part needs, the
   * count rejects with JoinMemoryError, which says how much it needs.
   */
  maxMemory?: number;
}

export interface CountOptions extends CountSyncOptions {
  /**
   * Worker threads. Default: every core once the work is big enough to pay for them (the calling
   * thread counting too), the calling thread alone below that. Clamped to the pool's size (the
   * number of cores); `result.workers` says how many threads counted.
   */
  workers?: number;
  /** Aborting rejects the call with `signal.reason` and stops all work. */
  signal?: AbortSignal;
  /** Called as subproblems finish. */
  onProgress?: (progress: Progress) => void;
  /** Continue an interrupted count from its last checkpoint. */
  resume?: Checkpoint;
  /**
   * Called every checkpointEveryMs with the progress so far, when the count is aborted, and once
   * when it is finished (resuming from that one gives the result at once).
   */
  onCheckpoint?: (checkpoint: Checkpoint) => void;
  /** Default 30000. */
  checkpointEveryMs?: number;
}

/**
 * The progress of a count, to continue it later with `resume`: plain JSON-serialisable data, to
 * keep anywhere JSON can be kept (a file, a database, localStorage); it resumes whatever order of
 * keys and whitespace it comes back with. `resume` takes a copy when the call is made.
 *
 * Resuming checks the checkpoint against the count it is given to, and refuses with a RangeError
 * naming the field: a checkpoint of another count (n, placed, shard, or a plan made by another
 * version), of another format, or damaged (a value changed by accident: `checksum` covers every
 * field). The checksum is not a signature: anyone can recompute it, so a deliberate edit made
 * with a recomputed checksum is not detected. Keep checkpoints where only you can write them.
 */
export interface Checkpoint {
  /** Format version. */
  readonly version: number;
  readonly n: number;
  readonly placed: readonly Queen[] | null;
  readonly shard: Shard | null;
  /** The method it is counted by (checkpoints written before the join have none: they backtracked). */
  readonly method?: Method;
  /** The planned subproblems: how many, and a fingerprint of the list. */
  readonly plan: { readonly subproblems: number; readonly fingerprint: string };
  /** The finished subproblems, as [from, to) ranges of their indices, in order. */
  readonly done: readonly (readonly [from: number, to: number])[];
  /** Solutions of the finished subproblems, exact, as a decimal string. */
  readonly total: string;
  /**
   * Their unique count, exact, as a decimal string; null for counts with placed or shard. (For a
   * join, the solutions so far that rotations leave unchanged, from which the unique count follows.)
   */
  readonly unique: string | null;
  /** Time spent counting so far, over every run. */
  readonly elapsedMs: number;
  /** A hash of every field above (catches accidents, not deliberate edits). */
  readonly checksum: string;
}

export interface CountResult {
  n: number;
  /**
   * Number of solutions, as a number: exact below 2^53 (every total up to n = 25), rounded above.
   * `exact.total` is always exact.
   */
  total: number;
  /**
   * Solutions distinct under rotation and reflection; null with `placed` or `shard`. A number:
   * exact below 2^53 (up to n = 26), rounded above; `exact.unique` is always exact.
   */
  unique: number | null;
  /** The counts as bigint, always exact (JSON.stringify writes them as decimal strings). */
  exact: ExactCounts;
  engine: Engine;
  /** The method it was counted by. */
  method: Method;
  /** The GPU adapter that counted, with engine 'webgpu' (absent otherwise). */
  adapter?: GpuAdapter;
  /**
   * Present where the default engine fell back to 'js' because WebAssembly cannot run here (a
   * Content-Security-Policy without 'wasm-unsafe-eval', a host that compiles only the modules its
   * bundle imports: see useWasmModule): why, as the runtime said it.
   */
  fallbackReason?: string;
  /** Threads that counted (the calling thread included when it counted too). */
  workers: number;
  /** Time spent counting, including the runs it resumed. */
  elapsedMs: number;
  /** True when it continued from a checkpoint. */
  resumed: boolean;
}

/** A count's exact totals. */
export interface ExactCounts {
  readonly total: bigint;
  readonly unique: bigint | null;
}

/** Options of solutions: those of countSync but shard (a listing is not split). */
export type SolutionsOptions = Omit<CountSyncOptions, 'shard' | 'method' | 'maxMemory'>;

export interface CompareOptions {
  /** Timed runs per engine after one warm-up run; the median is reported. Default 5. */
  runs?: number;
  /** Aborting rejects the call with `signal.reason` and stops the measurement. */
  signal?: AbortSignal;
  /**
   * Also time the 'webgpu' engine (default false): rejects with a WebGPUUnavailableError where
   * there is no GPU. Setting a GPU up may take long, or (the specification allows it) never end:
   * pass a `signal` to bound it.
   */
  webgpu?: boolean;
  /**
   * The method the engines count by (default: count()'s default for the board on wasm), the GPU's
   * too when it is timed.
   */
  method?: Method;
}

/**
 * A GPU adapter, as count, compareEngines and findGpu name it: its name, as its driver describes
 * itself, and whether it is a software adapter (the GPU emulated on the CPU, such as lavapipe or
 * SwiftShader), whose speed says nothing about GPUs.
 */
export interface GpuAdapter {
  /** Vendor, architecture, device or description: what the adapter says of itself. */
  readonly name: string;
  readonly software: boolean;
}

export interface FindGpuOptions {
  /** Abort the look: reject with signal.reason (the set-up goes on only for other callers waiting for it). */
  signal?: AbortSignal;
}

export interface CompareResult {
  n: number;
  /** The number of solutions, exact below 2^53; `exact` has both counts as bigint, always exact. */
  total: number;
  /** The method the CPU engines counted by. */
  method: Method;
  exact: ExactCounts;
  js: { medianMs: number };
  wasm: { medianMs: number };
  /** The 'webgpu' engine, timed when asked for with `webgpu: true` (absent otherwise), and its adapter. */
  webgpu?: { medianMs: number; adapter: GpuAdapter };
  /** js.medianMs / wasm.medianMs */
  speedup: number;
}
