import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Counting n = 16 on the TS kernel takes seconds; shared CI machines can be several times slower.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
