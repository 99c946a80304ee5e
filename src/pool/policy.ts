// How many threads a count gets. An explicit `workers` means worker threads only, even one: the
// caller wants the work off its own thread; it is clamped to the pool's size. By default small
// boards are counted in the calling thread alone (starting threads would cost more than the count),
// and bigger ones on every core: the calling thread and a pool thread for each other core, the
// calling thread starting at once while the pool threads start.

import type { Plan } from '../plan/plan.js';
import { poolSize } from './pool.js';

/** Below this many free rows a count on one core costs less than starting worker threads. */
const POOL_FROM_FREE_ROWS = 15;

export interface Threads {
  /** Pool threads given to the count. */
  readonly pool: number;
  /** Whether the calling thread counts too. */
  readonly inThread: boolean;
}

export async function threadsFor(plan: Plan, workers: number | undefined): Promise<Threads> {
  const subproblems = Math.max(1, plan.subproblems.count);
  const freeRows = plan.n - (plan.placed?.length ?? 0);
  if (workers === undefined && freeRows < POOL_FROM_FREE_ROWS) return { pool: 0, inThread: true };
  const cores = await poolSize();
  if (workers !== undefined) return { pool: Math.min(workers, cores, subproblems), inThread: false };
  return { pool: Math.min(cores, subproblems) - 1, inThread: true };
}
