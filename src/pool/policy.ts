// How many threads a count gets. An explicit `workers` means worker threads only, even one: the
// caller wants the work off its own thread; it is clamped to the pool's size. By default small
// boards are counted in the calling thread alone (starting threads would cost more than the count),
// and bigger ones on every core: the calling thread and a pool thread for each other core, the
// calling thread starting at once while the pool threads start. In between, at 14 free rows, a
// count gains from threads the pool already runs (an earlier count's, kept idle for a while), but
// starting them in a fresh process costs more than it gains.

import { poolSize, threadsRunning } from './pool.js';
import { hostHasThreads } from './threads.js';

/** From this many free rows a count gains from starting worker threads... */
const START_THREADS_FROM_FREE_ROWS = 15;
/** ...and from this many from threads that are running already. */
const USE_THREADS_FROM_FREE_ROWS = 14;

export interface Threads {
  /** Pool threads given to the count. */
  readonly pool: number;
  /** Whether the calling thread counts too. */
  readonly inThread: boolean;
}

/** What the choice goes by: the rows left to fill (a planned count, plan/plan.ts) and the subproblems. */
export interface CountSize {
  readonly freeRows: number;
  readonly subproblems: { readonly count: number };
}

export function threadsFor(count: CountSize, workers: number | undefined): Threads {
  const subproblems = Math.max(1, count.subproblems.count);
  const { freeRows } = count;
  const worthThreads =
    freeRows >= START_THREADS_FROM_FREE_ROWS || (freeRows >= USE_THREADS_FROM_FREE_ROWS && threadsRunning() > 0);
  if (workers === undefined && !(worthThreads && hostHasThreads())) return { pool: 0, inThread: true };
  const cores = poolSize();
  if (workers !== undefined) return { pool: Math.min(workers, cores, subproblems), inThread: false };
  return { pool: Math.min(cores, subproblems) - 1, inThread: true };
}
