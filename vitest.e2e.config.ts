import { defineConfig } from 'vitest/config';

// The end-to-end tier (npm run test:e2e): what runs outside this Node process or needs the machine
// set up: Chromium, a Slurm cluster (as root), Dawn on lavapipe, the package packed and the README
// run in a clone, and the CLI as a child process where signals or pipes are the point.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    // One file at a time: Chromium, the Slurm cluster and lavapipe use every core, and the CLI's
    // signal tests must not wait behind them.
    fileParallelism: false,
    // Most tests here take a few seconds to 15 s; the longer ones (a clone's build, the Slurm
    // cluster's jobs) have limits of their own. A set-up packs and installs the package, builds a
    // Vite app or starts a browser: tens of seconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
