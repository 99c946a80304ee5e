import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tiers of their own: the end-to-end tests (npm run test:e2e), other engines (npm run
    // test:engines), app toolchains (npm run test:toolchains) and the join's long proofs (npm run
    // test:join).
    exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/engines/**', 'test/toolchains/**', 'test/join/**'],
    // A file per core (Vitest's default leaves one core out): the files do not interfere, and on
    // the 2-core development machine two at a time took 65 s against 96 s for one at a time.
    maxWorkers: availableParallelism(),
    // A hang fails in seconds; a test that needs longer says so, and why, where it is.
    testTimeout: 5_000,
    hookTimeout: 5_000,
  },
});
