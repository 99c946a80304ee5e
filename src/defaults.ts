// The defaults of options that a client of the package may want to state (the CLI's help does),
// defined once here for the code that applies them and for the words that tell them.

/** options.checkpointEveryMs of count(): how often onCheckpoint is called while a count runs. */
export const DEFAULT_CHECKPOINT_EVERY_MS = 30_000;

/** options.runs of compareEngines(): timed runs per engine. */
export const DEFAULT_RUNS = 5;

/** options.maxMemory of count() and countSync(): bytes the join's lists may take, 1 GiB. */
export const DEFAULT_MAX_MEMORY = 2 ** 30;

/**
 * From this n on, count() and countSync() join by default (up to JOIN_MAX_N), per engine: where
 * the join was measured faster than backtracking (bench: `npm run bench -- --methods`).
 */
export const JOIN_FROM_N = { wasm: 16, js: 14 } as const;
