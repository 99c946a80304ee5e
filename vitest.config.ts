import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The test tiers, one Vitest project each; docs/testing.md says what each runs and how long it
// takes. An npm script runs one tier (`vitest run --project <name>`); `vitest run` with no
// --project runs them all, the full counts included.
export default defineConfig({
  test: {
    // A file per core where a tier runs files side by side (Vitest's default leaves one core out):
    // the fast tier's files do not interfere, and on 2 cores two at a time finish well before one
    // at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          // npm test: Node only, in this process and its worker threads.
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/e2e/**', 'test/engines/**', 'test/toolchains/**', 'test/join/**'],
          // A hang fails in seconds; a test that needs longer says so, and why, where it is.
          testTimeout: 5_000,
          hookTimeout: 5_000,
        },
      },
      {
        extends: true,
        test: {
          // What runs outside this Node process or needs the machine set up: Chromium, a Slurm
          // cluster (as root), Dawn on lavapipe, the package packed and the README run in a clone,
          // and the CLI as a child process where signals or pipes are the point.
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // One file at a time: Chromium, the Slurm cluster and lavapipe use every core, and the
          // CLI's signal tests must not wait behind them.
          fileParallelism: false,
          // Most tests here take a few seconds to 15 s; the longer ones (a clone's build, the Slurm
          // cluster's jobs) have limits of their own. A set-up packs and installs the package,
          // builds a Vite app or starts a browser: tens of seconds.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The packed package in Node 20, 22 and 24, Deno, Bun, workerd and the browsers: it
          // installs runtimes and browser drivers (test/engines/package.json) and runs every engine
          // on the whole scenario.
          name: 'engines',
          include: ['test/engines/**/*.test.ts'],
          globalSetup: ['test/engines/global-setup.ts'],
          // One file at a time: each runs engines that use every core.
          fileParallelism: false,
          // The setup may install the runtimes (npm ci of several hundred MB) and packs the package.
          hookTimeout: 600_000,
          // A check reads a report or runs a short command; a runtime's whole scenario runs in a hook.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The packed package built into apps made as each toolchain's own template makes them
          // (Next.js 16, webpack 5), served and opened in Chromium, and tested by Jest 30 on its
          // defaults. Each app installs its toolchain (npm ci of hundreds of MB).
          name: 'toolchains',
          include: ['test/toolchains/**/*.test.ts'],
          // One app at a time: builds and dev servers use every core.
          fileParallelism: false,
          // npm ci of an app (Next.js is 370 MB installed) before anything else in it.
          hookTimeout: 600_000,
          // A production build or a dev server's first compile, then counts of up to n = 15.
          testTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          // The join at n = 20 and up against the search counter: a seeded sample of subproblems,
          // a few minutes, on every CI run.
          name: 'join',
          include: ['test/join/*.test.ts'],
          // One file at a time: the proofs' times are then their own.
          fileParallelism: false,
          // Each test that takes long says how long, and why, where it is.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The counts that take many minutes (n = 21 in full, a shard of n = 24, the fixed
          // subproblems of n = 24 to 29): run before a release and before a change to a kernel's
          // join lands, not on every CI run.
          name: 'full',
          include: ['test/join/full/*.test.ts'],
          // One file at a time: the full count uses every core.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
