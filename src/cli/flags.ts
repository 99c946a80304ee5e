// The package's argument errors, told in the command line's words: the error says in parts which
// argument (options.workers) and what it must be, and the message is made again from those parts
// with the flag's name (--workers) and the text the user typed.

import { ArgumentRangeError, ArgumentTypeError, WasmUnavailableError, WebGPUUnavailableError } from '../index.js';
import { shown } from '../quote.js';

/** The command line's name for each value the package checks, and what it must be in its words. */
const FLAGS: Record<string, { flag: string; allowed?: string }> = {
  n: { flag: 'n' },
  'options.engine': { flag: '--engine' },
  'options.workers': { flag: '--workers' },
  'options.method': { flag: '--method' },
  'options.maxMemory': { flag: '--max-memory', allowed: 'a size from 1MiB to 9007199254740991 bytes' },
  'options.shard.index': { flag: 'the shard index i of --shard i/m' },
  'options.shard.count': { flag: 'the shard count m of --shard i/m' },
  'options.runs': { flag: '--runs' },
  // The package's own rule (setInterval's longest delay), in the units the flag takes.
  'options.checkpointEveryMs': {
    flag: '--checkpoint-every',
    allowed: 'a duration from 1ms to 2147483647ms (about 596h)',
  },
};

/**
 * The message for the command line, or null when the error is not about an argument. `given` has
 * the text each value came from: the message shows it as typed.
 */
export function flagMessage(error: unknown, given: Readonly<Record<string, string>> = {}): string | null {
  if (!(error instanceof ArgumentTypeError || error instanceof ArgumentRangeError)) return null;
  const entry = FLAGS[error.argument];
  if (entry === undefined) return error.message;
  if (error.allowed === null) return `${entry.flag} ${error.problem}`;
  const text = given[error.argument];
  return `${entry.flag} must be ${entry.allowed ?? error.allowed}, got ${text === undefined ? error.got : shown(text)}`;
}

/** An engine that cannot run here, told with the flag: `--engine webgpu is unavailable here (…); use --engine wasm`. */
export function engineMessage(error: unknown): string | null {
  if (!(error instanceof WasmUnavailableError || error instanceof WebGPUUnavailableError)) return null;
  return `--engine ${error.engine} is unavailable here (${error.reason}); use --engine ${error.instead}`;
}
