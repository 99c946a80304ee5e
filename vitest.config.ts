import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tiers of their own: other engines (npm run test:engines) and app toolchains (npm run test:toolchains).
    exclude: [...configDefaults.exclude, 'test/engines/**', 'test/toolchains/**'],
    // One test file at a time: many of them use every core (worker threads, Slurm tasks, Chromium),
    // and some watch how fast the package answers a signal or an abort, so they do not share the
    // machine with each other.
    fileParallelism: false,
    // Counting n = 16 on the TS kernel takes seconds; shared CI machines can be several times slower.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
