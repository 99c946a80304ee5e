import { defineConfig } from 'vitest/config';

// The toolchains tier (npm run test:toolchains): the packed package built into apps made as each
// toolchain's own template makes them (Next.js 16, webpack 5), served and opened in Chromium, and
// tested by Jest 30 on its defaults. Not part of npm test: each app installs its toolchain (npm ci
// of hundreds of MB) and builds or tests for a while.
export default defineConfig({
  test: {
    include: ['test/toolchains/**/*.test.ts'],
    // One app at a time: builds and dev servers use every core.
    fileParallelism: false,
    // npm ci of an app (Next.js is 370 MB installed) before anything else in it.
    hookTimeout: 600_000,
    // A production build or a dev server's first compile, then counts of up to n = 15.
    testTimeout: 300_000,
  },
});
