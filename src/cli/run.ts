// The nqueens command line as a function: parse, run one command, map the outcome to an exit code:
// 0 done, 1 failed, 2 bad arguments, 130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM).
// Every command answers its signal at once; what it has printed by then is whole (no half-written
// line). main.ts runs it on the process; the tests run it in-process with streams of their own.

import { shown } from '../quote.js';
import { type Command, parseCommand, UsageError } from './args.js';
import { compareCommand } from './compare-command.js';
import { countCommand } from './count-command.js';
import { engineMessage, flagMessage } from './flags.js';
import { type Io, OutputError, write } from './io.js';
import { columnsOf, wrap } from './layout.js';
import { MergeError, mergeCommand } from './merge-command.js';
import { printCommand } from './print-command.js';

type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit code for a stop by a signal: 128 + its number. */
const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/** What io.signal is aborted with when `signal` stops the command. */
export function stopReason(signal: StopSignal): DOMException & { signal: StopSignal } {
  return Object.assign(new DOMException(signal === 'SIGINT' ? 'interrupted' : 'terminated', 'AbortError'), {
    signal,
  });
}

async function runCommand(command: Command, io: Io): Promise<void> {
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

/** Runs the command line `argv` (the arguments after `nqueens`); resolves with the exit code. */
export async function run(argv: readonly string[], io: Io, version: string): Promise<number> {
  let given: Readonly<Record<string, string>> = {};
  // A line on stderr; on a terminal wrapped at spaces to its width (in a log, one line each, as merge expects them).
  const say = (line: string) => io.stderr.write(`${io.stderr.isTTY ? wrap(line, columnsOf(io.stderr)) : line}\n`);
  try {
    const command = parseCommand([...argv], version, io.stdout.columns);
    given = command.given;
    await runCommand(command, io);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError ? error.message : flagMessage(error, given);
    if (usage !== null) {
      say(`nqueens: ${usage}`);
      if (!(error instanceof UsageError && !error.withUsage)) say('Run nqueens --help for the usage.');
      return 2;
    }
    // A reader that went away (nqueens 12 --print | head) is not an error, unless something is lost.
    if (error instanceof OutputError) {
      if (error.quiet) return 0;
      say(`nqueens: ${error.message}`);
      return 1;
    }
    if (io.signal.aborted) {
      const signal = (io.signal.reason as { signal?: StopSignal } | undefined)?.signal ?? 'SIGINT';
      say(`nqueens: ${signal === 'SIGTERM' ? 'terminated' : 'interrupted'}`);
      return SIGNAL_EXIT[signal] ?? 130;
    }
    if (error instanceof MergeError) {
      say(`nqueens merge: ${error.message}`);
      return error.unusable ? 2 : 1;
    }
    say(`nqueens: ${engineMessage(error) ?? shown(error instanceof Error ? error.message : String(error), 1000)}`);
    return 1;
  }
}
