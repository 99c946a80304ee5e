#!/usr/bin/env node
// The nqueens command: run.ts on this process's arguments, streams and signals. The first SIGINT
// or SIGTERM stops the command cleanly; a second one gets the default: stop at once.

import { run, stopReason } from './run.js';

// The package's version, written in by scripts/bundle.mjs.
declare const NQUEENS_VERSION: string;

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    controller.abort(stopReason(signal));
  });
}
// A failed write reaches the command that wrote (io.ts); the streams' own error events need no more.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  // Made only when merge reads it: an idle standard input is left as it is.
  get stdin() {
    return process.stdin;
  },
  signal: controller.signal,
};
const code = await run(process.argv.slice(2), io, NQUEENS_VERSION);
// Stopped by a signal: leave now, without waiting for threads that are being stopped.
if (controller.signal.aborted) process.exit(code);
process.exitCode = code;
