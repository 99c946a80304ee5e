import { defineConfig } from 'vitest/config';

// The join's long proofs (npm run test:join): units of n = 20 to 26 against a search of the whole
// board, a shard of n = 24 three ways, and n = 21 counted in full. Minutes to tens of minutes: too
// long for the fast tier.
export default defineConfig({
  test: {
    include: ['test/join/**/*.test.ts'],
    // One file at a time: the full count uses every core, and the proofs' times are then their own.
    fileParallelism: false,
    // Each test that takes long says how long, and why, where it is.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
