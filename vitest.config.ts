import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tiers of their own: the end-to-end tests (npm run test:e2e), other engines (npm run
    // test:engines) and app toolchains (npm run test:toolchains).
    exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/engines/**', 'test/toolchains/**'],
    // A hang fails in seconds; a test that needs longer says so, and why, where it is.
    testTimeout: 5_000,
    hookTimeout: 5_000,
  },
});
