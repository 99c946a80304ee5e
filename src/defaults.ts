// The defaults of options that a client of the package may want to state (the CLI's help does),
// defined once here for the code that applies them and for the words that tell them.

/** options.checkpointEveryMs of count(): how often onCheckpoint is called while a count runs. */
export const DEFAULT_CHECKPOINT_EVERY_MS = 30_000;

/** options.runs of compareEngines(): timed runs per engine. */
export const DEFAULT_RUNS = 5;

/** options.maxMemory of count() and countSync(): bytes the join's lists may take, 1 GiB. */
export const DEFAULT_MAX_MEMORY = 2 ** 30;

/**
 * Without options.maxMemory, a thread's share is never less than this, 256 MiB, however many
 * threads count: a subproblem of every board the join counts by default fits it (at n = 26 one
 * needs up to 231 MiB), where DEFAULT_MAX_MEMORY split among 5 threads or more would refuse some.
 */
export const DEFAULT_THREAD_MEMORY = 2 ** 28;

/**
 * From this n on, count() and countSync() join by default (up to JOIN_DEFAULT_UP_TO_N), per
 * engine: where the join was measured faster than backtracking (bench: `npm run bench -- --methods`,
 * and `-- --gpu` for the GPU). On the GPU only where that was measured, a software adapter
 * (lavapipe): on a hardware GPU the host's listing would bound the join (docs/gpu.md), and it
 * searches by default until the join is timed on one.
 */
export const JOIN_FROM_N = { wasm: 16, js: 14, webgpu: 16 } as const;

/**
 * Up to this n, count() and countSync() join by default: a subproblem's lists fit a thread's
 * share of DEFAULT_MAX_MEMORY on a few threads (at n = 27, up to 130 MiB). Past it they may not
 * (at n = 28, up to 1.3 GiB), and a join there is asked for by name, with the maxMemory it needs.
 */
export const JOIN_DEFAULT_UP_TO_N = 27;
