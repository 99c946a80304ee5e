// The thread policy, as the count asks it: how many pool threads a count is given and whether the
// calling thread counts too. Tested on the policy itself, since a count's result reports the
// threads that counted, which a thread still starting can miss. This file's modules are its own
// (Vitest isolates test files), so the pool starts out with no threads, as in a fresh process.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { count } from '../src/index.js';
import { plan } from '../src/plan/plan.js';
import { threadsFor } from '../src/pool/policy.js';
import { threadsRunning } from '../src/pool/pool.js';

const cores = availableParallelism();

describe('the thread policy', () => {
  it('gives small boards the calling thread alone, 15 free rows every core, 14 only once the pool runs', async () => {
    const fourteen = plan(14, null, null);
    const fifteen = plan(15, null, null);
    expect(threadsRunning()).toBe(0);
    expect(threadsFor(plan(13, null, null), undefined)).toEqual({ pool: 0, inThread: true });
    expect(threadsFor(fourteen, undefined)).toEqual({ pool: 0, inThread: true });
    expect(threadsFor(fifteen, undefined)).toEqual({ pool: cores - 1, inThread: true });
    // Start the pool's threads (they stay a few seconds after the count).
    expect((await count(15, { workers: cores })).total).toBe(2279184);
    expect(threadsRunning()).toBeGreaterThan(0);
    expect(threadsFor(fourteen, undefined)).toEqual({ pool: cores - 1, inThread: true });
    expect(threadsFor(plan(15, [[0, 0]], null), undefined)).toEqual({ pool: cores - 1, inThread: true });
    expect(threadsFor(plan(13, null, null), undefined)).toEqual({ pool: 0, inThread: true });
  });

  it('gives an explicit number of workers that many pool threads, at most one per core and per subproblem', () => {
    expect(threadsFor(plan(16, null, null), 1)).toEqual({ pool: 1, inThread: false });
    expect(threadsFor(plan(16, null, null), 256)).toEqual({ pool: cores, inThread: false });
    expect(threadsFor(plan(8, null, null), 4)).toEqual({ pool: 1, inThread: false });
  });
});
