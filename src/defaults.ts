// The defaults of options that a client of the package may want to state (the CLI's help does),
// defined once here for the code that applies them and for the words that tell them.

/** options.checkpointEveryMs of count(): how often onCheckpoint is called while a count runs. */
export const DEFAULT_CHECKPOINT_EVERY_MS = 30_000;

/** options.runs of compareEngines(): timed runs per engine. */
export const DEFAULT_RUNS = 5;
