// The package's argument errors, told in the command line's words: `options.workers must be …`
// becomes `--workers must be …`.

import { EngineUnavailableError } from '../errors.js';
import { ArgumentRangeError, ArgumentTypeError } from '../validate.js';

const FLAGS: Record<string, string> = {
  'options.engine': '--engine',
  'options.workers': '--workers',
  'options.shard.index': 'the shard index i of --shard i/m',
  'options.shard.count': 'the shard count m of --shard i/m',
  'options.runs': '--runs',
  'options.checkpointEveryMs': '--checkpoint-every (in ms)',
};

/** The message for the command line, or null when the error is not about an argument. */
export function flagMessage(error: unknown): string | null {
  if (!(error instanceof ArgumentTypeError || error instanceof ArgumentRangeError)) return null;
  const flag = FLAGS[error.argument];
  if (flag === undefined) return error.message;
  if (error.allowed === null) return error.message.split(error.argument).join(flag);
  return `${flag} must be ${error.allowed}, got ${error.got}`;
}

/** An engine that cannot run here, told with the flag: `--engine webgpu is unavailable here (…); use --engine wasm`. */
export function engineMessage(error: unknown): string | null {
  if (!(error instanceof EngineUnavailableError)) return null;
  return `--engine ${error.engine} is unavailable here (${error.reason}); use --engine ${error.instead}`;
}
