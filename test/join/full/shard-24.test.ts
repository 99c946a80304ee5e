// A shard of n = 24 by the join, as a user on a cluster counts one: count() with a shard of the
// ranked plan, on every core, with checkpoints. Counted three ways, which must agree: straight
// through; stopped by an abort once some of its units are done and resumed from that checkpoint;
// and on the TypeScript engine, whose kernel is written apart from the wasm one. (Its units' kernel
// counts at k = 12 are proven against the search counter in proof.test.ts; a whole unit of n = 24
// takes the search minutes, 17 of them too long.)

import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../../../src/index.js';

const built = new URL('../../../dist/nqueens-wasm.js', import.meta.url).href;

/** 17 row choices: under a minute of the wasm engine on 2 cores, a few minutes of the TypeScript one. */
const SHARD = { index: 7, count: 40_000 } as const;

// Three counts of the shard, two on the wasm engine and one on the TypeScript one: a limit well past
// their time on 2 cores, so that only a hang fails.
const SHARD_TIMEOUT_MS = 15 * 60_000;

describe('a shard of n = 24', () => {
  it(
    'counts the same straight, stopped at a checkpoint and resumed, and on the TypeScript engine',
    async () => {
      const { count } = (await import(built)) as typeof import('../../../src/index.js');
      const straight = await count(24, { method: 'join', shard: SHARD });
      expect(straight.exact.total).toBeGreaterThan(0n);
      expect(straight.exact.unique).toBeNull();

      const controller = new AbortController();
      let stoppedAt: Checkpoint | undefined;
      const stopped = count(24, {
        method: 'join',
        shard: SHARD,
        signal: controller.signal,
        checkpointEveryMs: 500,
        onCheckpoint: (checkpoint) => {
          stoppedAt = checkpoint;
          if (checkpoint.done.length > 0) controller.abort();
        },
      });
      await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
      const done = stoppedAt!.done.reduce((sum, [from, to]) => sum + to - from, 0);
      expect(done).toBeGreaterThan(0);
      expect(done).toBeLessThan(stoppedAt!.plan.subproblems);
      const resumed = await count(24, { method: 'join', shard: SHARD, resume: stoppedAt });
      expect({ total: resumed.exact.total, resumed: resumed.resumed }).toEqual({
        total: straight.exact.total,
        resumed: true,
      });

      const js = await count(24, { method: 'join', shard: SHARD, engine: 'js' });
      expect(js.exact.total).toBe(straight.exact.total);
    },
    SHARD_TIMEOUT_MS,
  );
});
