// The command line, parsed with node:util parseArgs into one of the commands below. Values are
// only turned from text into numbers here; whether they are in range is for the package's own
// checks (validate.ts) to say, and main.ts reports their errors with the flags' names.

import { parseArgs } from 'node:util';
import type { Shard } from '../types.js';
import type { CompareCommand } from './compare-command.js';
import type { CountCommand } from './count-command.js';
import { parseDuration } from './duration.js';
import type { MergeCommand } from './merge-command.js';
import type { PrintCommand } from './print-command.js';
import type { ProgressMode } from './progress.js';
import { UsageError } from './usage.js';

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | ({ kind: 'count' } & CountCommand)
  | ({ kind: 'print' } & PrintCommand)
  | ({ kind: 'merge' } & MergeCommand)
  | ({ kind: 'compare' } & CompareCommand);

const OPTIONS = {
  engine: { type: 'string' },
  workers: { type: 'string' },
  json: { type: 'boolean' },
  shard: { type: 'string' },
  print: { type: 'boolean' },
  limit: { type: 'string' },
  runs: { type: 'string' },
  checkpoint: { type: 'string' },
  'checkpoint-every': { type: 'string' },
  progress: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function integer(flag: string, text: string): number {
  if (!/^\d{1,16}$/.test(text)) throw new UsageError(`${flag} must be a whole number, got ${JSON.stringify(text)}`);
  return Number(text);
}

/** "4..14" or a single "12". */
function range(text: string): [number, number] {
  const single = /^(\d{1,3})$/.exec(text);
  if (single) return [Number(single[1]), Number(single[1])];
  const match = /^(\d{1,3})\.\.(\d{1,3})$/.exec(text);
  if (!match) throw new UsageError(`compare takes n or a range like 4..14, got ${JSON.stringify(text)}`);
  const [from, to] = [Number(match[1]), Number(match[2])];
  if (from > to) throw new UsageError(`the range must go upwards, got ${text}`);
  return [from, to];
}

function shard(text: string): Shard {
  const match = /^(\d{1,16})\/(\d{1,16})$/.exec(text);
  if (!match) throw new UsageError(`--shard takes i/m, such as 0/8, got ${JSON.stringify(text)}`);
  return { index: Number(match[1]), count: Number(match[2]) };
}

/** Rejects options that the command does not take. */
function only(command: string, given: Record<string, unknown>, allowed: string[]): void {
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined && !allowed.includes(name)) throw new UsageError(`${command} does not take --${name}`);
  }
}

export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [first, ...rest] = positionals;
  if (first === undefined) throw new UsageError('no command given');

  if (first === 'help') {
    only('help', values, []);
    return { kind: 'help' };
  }
  if (first === 'merge') {
    only('merge', values, ['json']);
    return { kind: 'merge', files: rest, json: values.json ?? false };
  }
  if (first === 'compare') {
    only('compare', values, ['runs']);
    if (rest.length !== 1) throw new UsageError('compare takes n or one range, such as 4..14');
    const [from, to] = range(rest[0]);
    return { kind: 'compare', from, to, runs: values.runs === undefined ? undefined : integer('--runs', values.runs) };
  }
  if (rest.length > 0) throw new UsageError(`unexpected ${JSON.stringify(rest[0])}`);
  if (!/^\d{1,16}$/.test(first)) throw new UsageError(`unknown command ${JSON.stringify(first)}; n must be a whole number`);
  const n = Number(first);
  if (values.print) {
    only('--print', values, ['print', 'limit', 'engine']);
    const limit = values.limit === undefined ? Infinity : integer('--limit', values.limit);
    return { kind: 'print', n, engine: values.engine, limit };
  }
  only('counting', values, ['engine', 'workers', 'json', 'shard', 'checkpoint', 'checkpoint-every', 'progress']);
  const every = values['checkpoint-every'];
  if (every !== undefined && values.checkpoint === undefined) throw new UsageError('--checkpoint-every goes with --checkpoint FILE');
  const everyMs = every === undefined ? undefined : parseDuration(every);
  if (everyMs === null) throw new UsageError(`--checkpoint-every takes a duration such as 30s, 500ms, 5m or 1h, got ${JSON.stringify(every)}`);
  const progress = values.progress;
  if (progress !== undefined && progress !== 'bar' && progress !== 'json' && progress !== 'none') {
    throw new UsageError(`--progress must be bar, json or none, got ${JSON.stringify(progress)}`);
  }
  return {
    kind: 'count',
    n,
    engine: values.engine,
    workers: values.workers === undefined ? undefined : integer('--workers', values.workers),
    json: values.json ?? false,
    shard: values.shard === undefined ? null : shard(values.shard),
    checkpoint: values.checkpoint ?? null,
    checkpointEveryMs: everyMs,
    progress: progress ?? null,
  };
}
