// n = 21 counted in full by the default count, as a user runs it: the join on every core, the
// package as built. The fast tier checks full counts up to n = 16; the join is the default from
// n = 16 to 27, and n = 21 is the widest of those whose full count takes less than an hour on
// 2 cores (docs/testing.md says how long): the full tier, run before a release and before a change
// to a kernel's join lands.

import { describe, expect, it } from 'vitest';
import { knownCounts } from '../../helpers/known-counts.js';

const built = new URL('../../../dist/nqueens-wasm.js', import.meta.url).href;

// A limit well past the count's time on 2 cores shared with other work, so that only a hang fails.
const FULL_COUNT_TIMEOUT_MS = 60 * 60_000;

describe('n = 21 in full', () => {
  it(
    'count(21) joins on every core and gives the totals of OEIS A000170 and A002562',
    async () => {
      const { count } = (await import(built)) as typeof import('../../../src/index.js');
      const result = await count(21);
      const known = knownCounts.get(21)!;
      expect({ method: result.method, total: result.exact.total, unique: result.exact.unique }).toEqual({
        method: 'join',
        total: known.total,
        unique: known.unique,
      });
    },
    FULL_COUNT_TIMEOUT_MS,
  );
});
