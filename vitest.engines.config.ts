import { defineConfig } from 'vitest/config';

// The engines tier (npm run test:engines): the packed package in Node 20, 22 and 24, Deno, Bun,
// workerd and the browsers. Not part of npm test: it installs runtimes and browser drivers
// (test/engines/package.json) and runs every engine on the whole scenario.
export default defineConfig({
  test: {
    include: ['test/engines/**/*.test.ts'],
    globalSetup: ['test/engines/global-setup.ts'],
    // One file at a time: each runs engines that use every core.
    fileParallelism: false,
    // The setup may install the runtimes (npm ci of several hundred MB) and packs the package.
    hookTimeout: 600_000,
    // A check reads a report or runs a short command; a runtime's whole scenario runs in a hook.
    testTimeout: 60_000,
  },
});
