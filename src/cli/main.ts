#!/usr/bin/env node
// The nqueens command line: parse, run one command, map the outcome to an exit code:
// 0 done, 1 failed, 2 bad arguments, 130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM).
// Every command yields to the event loop at least every few tens of milliseconds, so a signal
// stops it at once; what it has printed by then is whole (no half-written line).

import { shown } from '../quote.js';
import { type Command, parseCommand } from './args.js';
import { compareCommand } from './compare-command.js';
import { countCommand } from './count-command.js';
import { engineMessage, flagMessage } from './flags.js';
import { type Io, OutputError, write } from './io.js';
import { MergeError } from './merge.js';
import { mergeCommand } from './merge-command.js';
import { printCommand } from './print-command.js';
import { UsageError } from './usage.js';

// The package's version, written in by scripts/bundle.mjs.
declare const NQUEENS_VERSION: string;

async function run(command: Command, io: Io): Promise<void> {
  switch (command.kind) {
    case 'text':
      return write(io.stdout, command.text, io.signal, command.what);
    case 'count':
      return countCommand(command, io);
    case 'print':
      return printCommand(command, io);
    case 'merge':
      return mergeCommand(command, io);
    case 'compare':
      return compareCommand(command, io);
  }
}

/** The exit code for a stop by a signal: 128 + its number. */
export const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  let given: Readonly<Record<string, string>> = {};
  try {
    const command = parseCommand(argv, NQUEENS_VERSION, (io.stdout as { columns?: number }).columns);
    given = command.given;
    await run(command, io);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError ? error.message : flagMessage(error, given);
    if (usage !== null) {
      const hint = error instanceof UsageError && !error.withUsage ? '' : 'Run nqueens --help for the usage.\n';
      io.stderr.write(`nqueens: ${usage}\n${hint}`);
      return 2;
    }
    // A reader that went away (nqueens 12 --print | head) is not an error, unless something is lost.
    if (error instanceof OutputError) {
      if (error.quiet) return 0;
      io.stderr.write(`nqueens: ${error.message}\n`);
      return 1;
    }
    if (io.signal.aborted) {
      const signal = (io.signal.reason as { signal?: string } | undefined)?.signal ?? 'SIGINT';
      io.stderr.write(`nqueens: ${signal === 'SIGTERM' ? 'terminated' : 'interrupted'}\n`);
      return SIGNAL_EXIT[signal] ?? 130;
    }
    if (error instanceof MergeError) {
      io.stderr.write(`nqueens merge: ${error.message}\n`);
      return error.unusable ? 2 : 1;
    }
    io.stderr.write(
      `nqueens: ${engineMessage(error) ?? shown(error instanceof Error ? error.message : String(error), 1000)}\n`,
    );
    return 1;
  }
}

const controller = new AbortController();
// The first SIGINT or SIGTERM stops the work cleanly; a second one gets the default: stop at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    controller.abort(
      Object.assign(new DOMException(signal === 'SIGINT' ? 'interrupted' : 'terminated', 'AbortError'), { signal }),
    );
  });
}
// A failed write reaches the command that wrote (io.ts); the streams' own error events need no more.
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});
const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
// Stopped by a signal: leave now, without waiting for threads that are being stopped.
if (controller.signal.aborted) process.exit(code);
process.exitCode = code;
