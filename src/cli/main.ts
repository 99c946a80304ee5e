#!/usr/bin/env node
// The nqueens command line: parse, run one command, map the outcome to an exit code
// (0 done, 1 failed, 2 bad arguments, 130 interrupted by Ctrl-C).

import { readFileSync } from 'node:fs';
import { ArgumentRangeError, ArgumentTypeError } from '../validate.js';
import { parseCommand, type Command } from './args.js';
import { compareCommand } from './compare-command.js';
import { countCommand } from './count-command.js';
import type { Io } from './io.js';
import { MergeError } from './merge.js';
import { mergeCommand } from './merge-command.js';
import { printCommand } from './print-command.js';
import { USAGE, UsageError } from './usage.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function run(command: Command, io: Io): Promise<void> {
  switch (command.kind) {
    case 'help':
      io.stdout.write(`${USAGE}\n`);
      return;
    case 'version':
      io.stdout.write(`${version()}\n`);
      return;
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

/** Runs the command line; returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  try {
    await run(parseCommand(argv), io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ArgumentTypeError || error instanceof ArgumentRangeError) {
      io.stderr.write(`nqueens: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    if (io.signal.aborted) {
      io.stderr.write('nqueens: interrupted\n');
      return 130;
    }
    const prefix = error instanceof MergeError ? 'nqueens merge' : 'nqueens';
    io.stderr.write(`${prefix}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

const controller = new AbortController();
// The first Ctrl-C stops the work cleanly; a second one is the default: stop at once.
process.once('SIGINT', () => controller.abort(new DOMException('interrupted', 'AbortError')));
// A reader that goes away (nqueens 12 --print | head) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
