/** Which kernel does the counting: the AssemblyScript build in WebAssembly, or the TypeScript twin. */
export type Engine = 'wasm' | 'js';

/** A queen as [row, col], both 0-based. */
export type Queen = readonly [row: number, col: number];

/** A deterministic slice of the work: shard `index` of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export interface Progress {
  /** Subproblems finished. */
  readonly done: number;
  /** Subproblems planned. */
  readonly total: number;
}

export interface CountOptions {
  /** Default 'wasm'; where WebAssembly is unavailable the default falls back to 'js'. */
  engine?: Engine;
  /** Worker threads; default: all available cores when the work is big enough to pay for them. */
  workers?: number;
  /** Queens fixed in advance; the count is of their completions. */
  placed?: readonly Queen[];
  /** Count only this deterministic slice of the work; the slices of one split add up to the whole. */
  shard?: Shard;
  /** Aborting rejects the call with `signal.reason` and stops all work. */
  signal?: AbortSignal;
  /** Called as subproblems finish. */
  onProgress?: (progress: Progress) => void;
}

export interface CountSyncOptions {
  engine?: Engine;
  placed?: readonly Queen[];
  shard?: Shard;
}

export interface CountResult {
  n: number;
  /** Exact number of solutions (exact as long as it is below 2^53, i.e. for every n up to 25). */
  total: number;
  /** Solutions distinct under rotation and reflection; null with `placed` or `shard`. */
  unique: number | null;
  engine: Engine;
  workers: number;
  elapsedMs: number;
}

export interface SolutionsOptions {
  engine?: Engine;
  placed?: readonly Queen[];
}

export interface CompareOptions {
  /** Timed runs per engine after one warm-up run; the median is reported. Default 5. */
  runs?: number;
}

export interface CompareResult {
  n: number;
  total: number;
  js: { medianMs: number };
  wasm: { medianMs: number };
  /** js.medianMs / wasm.medianMs */
  speedup: number;
}
