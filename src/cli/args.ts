// The command line, parsed with commander into one of the commands below: `nqueens <n>` counts (or
// prints, with --print), and merge, compare and help are subcommands. Values are only turned from
// text into numbers here; whether they are in range is for the package's own checks to say, and
// run.ts reports their errors with the flags' names. The mistakes commander finds keep its own
// words (less its "error: "), except those it tells in parts (a value refused, options that
// conflict, an unknown option, a value missing), which are told here in the command line's words
// from commander's public API only, so that any 14.x does.

import { Command as Commander, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_CHECKPOINT_EVERY_MS, DEFAULT_MAX_MEMORY, DEFAULT_RUNS, DEFAULT_THREAD_MEMORY } from '../defaults.js';
import type { Engine, Method, Shard } from '../index.js';
import { METHOD_NAMES } from '../method-list.js';
import { quote, shown } from '../quote.js';
import { LaidOutHelp, twoColumns } from './layout.js';
import { LINE_EVERY_MS, type ProgressMode } from './progress.js';

// What each command is given, as parsed: the commands (count-command.ts and the others) take these,
// so that their imports run one way, from the commands to the parser.

export interface CountCommand {
  n: number;
  engine?: Engine;
  method?: Method;
  /** Bytes for the join's lists. */
  maxMemory?: number;
  workers?: number;
  json: boolean;
  shard: Shard | null;
  /** Resume from this file if it exists; keep the progress in it while counting. */
  checkpoint: string | null;
  checkpointEveryMs?: number;
  progress: ProgressMode | null;
}

export interface PrintCommand {
  n: number;
  engine?: Engine;
  limit: number;
}

export interface MergeCommand {
  /** Files of shard results; standard input when none is given, or for '-'. */
  files: string[];
  json: boolean;
}

export interface CompareCommand {
  from: number;
  to: number;
  runs?: number;
  /** A JSON line per n instead of the table. */
  json: boolean;
  /** Time the GPU too. */
  webgpu: boolean;
}

/** A command as parsed, before the texts its values came from are attached. */
type Parsed =
  | { kind: 'text'; text: string; what: 'the help' | 'the version' }
  | ({ kind: 'count' } & CountCommand)
  | ({ kind: 'print' } & PrintCommand)
  | ({ kind: 'merge' } & MergeCommand)
  | ({ kind: 'compare' } & CompareCommand);

export type Command = Parsed & {
  /**
   * The text each value came from, by the package's name for it (n, options.workers…): an error
   * from the package names the value as the user typed it, not as the number it became.
   */
  readonly given: Readonly<Record<string, string>>;
};

/** A mistake in the command line, or a file it names that cannot be used: exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';

  /** `withUsage`: a mistake in the command line itself, told with the usage. */
  constructor(
    message: string,
    readonly withUsage = true,
  ) {
    super(message);
  }
}

/** The exit codes of a stop by a signal, the same for every command. */
const STOPPED: [string, string][] = [
  ['130', 'interrupted (SIGINT, Ctrl-C)'],
  ['143', 'terminated (SIGTERM)'],
];

/** Each command's examples and exit codes, shown after its options. */
const AFTER: Record<'nqueens' | 'merge' | 'compare', { examples: [string, string][]; exits: [string, string][] }> = {
  nqueens: {
    examples: [
      ['nqueens 16', 'count the 16×16 board on every core'],
      ['nqueens 16 --engine js --workers 1', 'the TypeScript kernel, one thread'],
      ['nqueens 8 --print --limit 3', 'the first three boards'],
      ['nqueens 20 --checkpoint n20.json', 'resumable: run it again after a stop'],
      ['nqueens 20 --shard 3/64 --json > s3', 'one shard of a split into 64'],
      ['nqueens merge s*', 'add the shards up'],
      ['nqueens compare 4..14', 'TypeScript against wasm, n = 4..14'],
    ],
    exits: [['0', 'done'], ['1', 'failed'], ['2', 'bad arguments or an unusable file'], ...STOPPED],
  },
  merge: {
    examples: [
      ['nqueens merge s*', 'add up the shards in the files s*'],
      ['nqueens merge --json s*', 'the total as one JSON line'],
      ['cat s* | nqueens merge', 'the same, from standard input'],
      ['nqueens merge pods.log', 'a log that holds nqueens messages too'],
    ],
    exits: [
      ['0', 'merged: every shard of the split once'],
      ['1', 'the shards do not add up: one missing, one there twice, or one of another count'],
      ['2', 'bad arguments, or a line that is not a shard result (nor a line nqueens writes on stderr)'],
      ...STOPPED,
    ],
  },
  compare: {
    examples: [
      ['nqueens compare 4..14', 'TypeScript against wasm, n = 4..14'],
      ['nqueens compare 12 --runs 9', 'one n, nine timed runs per engine'],
      ['nqueens compare 10..16 --webgpu', 'the GPU too'],
      ['nqueens compare 4..14 --json', 'a JSON line per n'],
    ],
    exits: [
      ['0', 'done'],
      ['1', 'failed: no GPU for --webgpu, or the engines disagree'],
      ['2', 'bad arguments'],
      ...STOPPED,
    ],
  },
};

/** What follows a command's options in its help, laid out for `width` columns. */
function afterHelp(command: keyof typeof AFTER, width: number): string {
  const { examples, exits } = AFTER[command];
  return `\n${twoColumns('Examples:', examples, width)}\n\n${twoColumns('Exit codes:', exits, width)}\n`;
}

/**
 * A whole number. `negative`: one the package checks the range of, where a negative one is out of
 * its range, and it says so.
 */
function integer(flag: string, negative = true) {
  const pattern = negative ? /^-?\d{1,16}$/ : /^\d{1,16}$/;
  return (text: string): number => {
    if (!pattern.test(text)) throw new UsageError(`${flag} must be a whole number, got ${quote(text)}`);
    return Number(text);
  };
}

/** "4..14" or a single "12". */
function range(text: string): [number, number] {
  const single = /^(-?\d{1,3})$/.exec(text);
  if (single) return [Number(single[1]), Number(single[1])];
  const match = /^(\d{1,3})\.\.(\d{1,3})$/.exec(text);
  if (!match) throw new UsageError(`compare takes n or a range such as 4..14, got ${quote(text)}`);
  const [from, to] = [Number(match[1]), Number(match[2])];
  if (from > to) throw new UsageError(`the range must go upwards, got ${shown(text)}`);
  return [from, to];
}

function shard(text: string): Shard {
  const match = /^(-?\d{1,16})\/(-?\d{1,16})$/.exec(text);
  if (!match) throw new UsageError(`--shard takes i/m, such as 0/8, got ${quote(text)}`);
  return { index: Number(match[1]), count: Number(match[2]) };
}

/** A size in bytes: a whole number, or with KiB, MiB or GiB after it ("512MiB", "2GiB"). */
function bytes(text: string): number {
  const match = /^(\d{1,16})(KiB|MiB|GiB)?$/.exec(text);
  if (!match)
    throw new UsageError(`--max-memory takes a size such as 512MiB, 2GiB or a number of bytes, got ${quote(text)}`);
  const unit = { KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

/** Milliseconds from "10s", "500ms", "2m", "1h", or a plain number of seconds. */
function duration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match)
    throw new UsageError(`--checkpoint-every takes a duration such as 30s, 500ms, 5m or 1h, got ${quote(text)}`);
  return Math.round(Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's']!);
}

const COMMANDS = ['merge', 'compare', 'help'];

/** Letters to change, add or drop to turn a into b. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** `nqueens merg` and `nqueens help merg` alike: the nearest command, and what there is. */
function unknownCommand(text: string): UsageError {
  const near = COMMANDS.find((command) => distance(text.toLowerCase(), command) <= 2);
  return new UsageError(
    `unknown command ${quote(text)}${near ? ` (did you mean ${near}?)` : ''}; the commands are ${COMMANDS.join(', ')}, or give a board size n`,
  );
}

/** n as typed; a negative one is a board size out of range (the package says which range). */
function boardSize(text: string): number {
  if (/^-?\d{1,16}$/.test(text)) return Number(text);
  if (/^[a-z][a-z-]*$/i.test(text)) throw unknownCommand(text);
  throw new UsageError(`n must be a whole number from 1 to 32, got ${quote(text)}`);
}

interface CountValues {
  engine?: Engine;
  method?: Method;
  maxMemory?: number;
  workers?: number;
  json?: boolean;
  shard?: Shard;
  checkpoint?: string;
  checkpointEvery?: number;
  progress?: 'bar' | 'json' | 'none';
  print?: boolean;
  limit?: number;
}

/** Options that go only with counting (commander refuses them with --print), and their flags. */
const COUNT_ONLY = [
  'workers',
  'json',
  'shard',
  'checkpoint',
  'checkpointEvery',
  'progress',
  'method',
  'maxMemory',
] as const;
const FLAG: Record<string, string> = { checkpointEvery: '--checkpoint-every', maxMemory: '--max-memory' };
const flagOf = (key: string) => FLAG[key] ?? `--${key}`;

function countOrPrint(n: number, values: CountValues): Parsed {
  if (values.print) return { kind: 'print', n, engine: values.engine, limit: values.limit ?? Infinity };
  if (values.limit !== undefined) throw new UsageError('--limit goes with --print');
  if (values.checkpointEvery !== undefined && values.checkpoint === undefined)
    throw new UsageError('--checkpoint-every goes with --checkpoint FILE');
  return {
    kind: 'count',
    n,
    engine: values.engine,
    method: values.method,
    maxMemory: values.maxMemory,
    workers: values.workers,
    json: values.json ?? false,
    shard: values.shard ?? null,
    checkpoint: values.checkpoint ?? null,
    checkpointEveryMs: values.checkpointEvery,
    progress: values.progress ?? null,
  };
}

/** What the last command to read its options was given, and the first of them it did not know. */
interface LastParse {
  command: Program | null;
  args: readonly string[];
  unknown: readonly string[];
}

/**
 * Commander, with its help laid out for the terminal, and noting what each command parses
 * (`lastParse`): commander refuses an unknown option or a value missing in the last command to
 * parse its options, and parseCommand tells which from this.
 */
class Program extends Commander {
  lastParse: LastParse = { command: null, args: [], unknown: [] };

  override createCommand(name?: string): Program {
    return Object.assign(new Program(name), { lastParse: this.lastParse });
  }

  override createHelp(): LaidOutHelp {
    return Object.assign(new LaidOutHelp(), this.configureHelp());
  }

  /**
   * Commander takes `-5` for an option where the command has subcommands, as this one has: given
   * before any other operand, it is the board size, out of range, and is told so.
   */
  override parseOptions(args: string[]): { operands: string[]; unknown: string[] } {
    Object.assign(this.lastParse, { command: this, args });
    let parsed = super.parseOptions(args);
    const [first, ...rest] = parsed.unknown;
    if (this.parent === null && parsed.operands.length === 0 && first !== undefined && /^-\d/.test(first)) {
      const after = super.parseOptions(rest);
      parsed = { operands: [first, ...after.operands], unknown: after.unknown };
    }
    this.lastParse.unknown = parsed.unknown;
    return parsed;
  }
}

/** An unknown option (the first its command did not know), shown bounded and escaped, with the nearest one. */
function unknownOption({ command, unknown }: LastParse): UsageError {
  const flag = unknown[0] ?? '';
  const longs = [...(command?.options ?? []).flatMap((option) => option.long ?? []), '--help'];
  const near = flag.startsWith('--') ? longs.find((long) => distance(flag.slice(2), long.slice(2)) <= 2) : undefined;
  return new UsageError(`unknown option '${shown(flag)}'${near ? ` (did you mean ${near}?)` : ''}`);
}

/** The program: its commands and options, the help they make, and where a parsed command goes. */
function program(
  version: string,
  width: number,
  parsed: (command: Parsed) => void,
  out: (text: string) => void,
  given: Record<string, string>,
  refused: (error: UsageError) => void,
): Program {
  /**
   * A parser of a value's text that keeps the text, under the package's names for what it gives,
   * and refuses a text it cannot read with commander's InvalidArgumentError; the message is the
   * command line's own (`refused` keeps it), not commander's "option '…' argument '…' is invalid".
   */
  const reading =
    <T>(names: readonly string[], parse: (text: string) => T) =>
    (text: string): T => {
      if (names.length === 1) given[names[0]] = text;
      else
        text.split('/').forEach((part, i) => {
          given[names[i]] = part;
        });
      try {
        return parse(text);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        refused(error);
        throw new InvalidArgumentError(error.message);
      }
    };
  /** An option that takes one of `choices`: the help lists them, and any other is refused naming them. */
  const oneOf = (flags: string, choices: readonly string[], description: string) => {
    const words = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
    const check = (text: string) => {
      if (choices.includes(text)) return text;
      throw new UsageError(`${flags.split(' ')[0]} must be ${words}, got ${quote(text)}`);
    };
    return new Option(flags, description).choices(choices).argParser(reading([], check));
  };
  const nqueens = new Program('nqueens')
    .description('Count, list and split the solutions of the n-queens puzzle (n = 1..32).')
    .usage('<n> [options]\n       nqueens <command> [options]')
    // A help command of its own: commander's shows the main help for a command it does not know.
    .helpCommand(false)
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: out, writeErr: out, outputError: () => {} })
    .configureHelp({ helpWidth: width, sortSubcommands: false })
    .argument('<n>', 'the board size: count the solutions of the n×n board', reading(['n'], boardSize))
    .addOption(oneOf('--engine <name>', ['wasm', 'js', 'webgpu'], 'the kernel that counts (webgpu: the GPU)'))
    .addOption(
      oneOf(
        '--method <name>',
        METHOD_NAMES,
        'how to count: join half-boards, or backtrack row by row (default: the faster for n)',
      ),
    )
    .option(
      '--max-memory <size>',
      `memory for the join's lists, all threads together (default ${DEFAULT_MAX_MEMORY / 2 ** 30}GiB, at least ${DEFAULT_THREAD_MEMORY / 2 ** 20}MiB a thread; also 512MiB, bytes)`,
      reading(['options.maxMemory'], bytes),
    )
    .option(
      '--workers <k>',
      'worker threads (default: every core once the board is big enough)',
      reading(['options.workers'], integer('--workers')),
    )
    .option(
      '--shard <i/m>',
      'count only shard i of a split into m (0 <= i < m)',
      reading(['options.shard.index', 'options.shard.count'], shard),
    )
    .option('--json', 'print the result as one JSON line (counts as strings)')
    .option('--checkpoint <file>', 'keep the progress in FILE; resume from it when it exists')
    .option(
      '--checkpoint-every <time>',
      `how often FILE is written (default ${DEFAULT_CHECKPOINT_EVERY_MS / 1000}s; also 500ms, 5m, 1h)`,
      reading(['options.checkpointEveryMs'], duration),
    )
    .addOption(
      oneOf(
        '--progress <how>',
        ['bar', 'json', 'none'],
        `progress on stderr: a bar (a line every ${LINE_EVERY_MS / 1000} s where stderr is no terminal), JSON lines, or none; default: bar on a terminal, else none`,
      ),
    )
    .addOption(
      new Option('--print', 'print the solutions as boards instead of counting them').conflicts([...COUNT_ONLY]),
    )
    .option('--limit <k>', 'with --print: at most k boards', reading([], integer('--limit', false)))
    .version(version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'print this help')
    .addHelpText('after', () => afterHelp('nqueens', width))
    .action((n: number, values: CountValues) => parsed(countOrPrint(n, values)));

  nqueens
    .command('merge')
    .summary('add up the JSON lines of the shards of one split')
    .description(
      'Add up the JSON lines of the shards of one split (nqueens <n> --shard i/m --json), from the files, or from ' +
        'standard input without files (or for -). Lines that nqueens writes on stderr, its messages and its ' +
        'progress, are skipped: a log that holds both, such as kubectl logs collects, merges as it is.',
    )
    .argument('[files...]', 'files of shard results')
    .option('--json', 'print the total as one JSON line')
    .addHelpText('after', () => afterHelp('merge', width))
    .action((files: string[], values: { json?: boolean }) =>
      parsed({ kind: 'merge', files, json: values.json ?? false }),
    );

  nqueens
    .command('compare')
    .summary('time the TypeScript and wasm engines (and the GPU)')
    .description(
      'Time the TypeScript and wasm engines (and the GPU, with --webgpu) on the same boards, a row per n as it is measured.',
    )
    .argument('<n-or-range>', 'one n, or a range such as 4..14', reading([], range))
    .option(
      '--runs <k>',
      `timed runs per engine after a warm-up (default ${DEFAULT_RUNS})`,
      reading(['options.runs'], integer('--runs')),
    )
    .option('--webgpu', 'time the GPU too (the engine webgpu), and name its adapter')
    .option('--json', 'print a JSON line per n instead of the table')
    .addHelpText('after', () => afterHelp('compare', width))
    .action(([from, to]: [number, number], values: { runs?: number; json?: boolean; webgpu?: boolean }) => {
      parsed({
        kind: 'compare',
        from,
        to,
        runs: values.runs,
        json: values.json ?? false,
        webgpu: values.webgpu ?? false,
      });
    });

  nqueens
    .command('help')
    .description('print the help of a command')
    .argument('[command]', 'merge or compare (none: the main help)')
    .action((name: string | undefined) => {
      if (name === undefined) return nqueens.outputHelp();
      const command = nqueens.commands.find((c) => c.name() === name);
      if (command === undefined) throw unknownCommand(name);
      command.outputHelp();
    });
  return nqueens;
}

/**
 * The command that argv asks for; help and the version come back as text to print. `width` is
 * the terminal's (help is wrapped to it).
 */
export function parseCommand(argv: string[], version: string, width = 80): Command {
  let command: Parsed | null = null;
  let text = '';
  let refusal: UsageError | null = null;
  const given: Record<string, string> = {};
  const nqueens = program(
    version,
    Math.max(40, Math.min(width, 100)),
    (c) => (command = c),
    (t) => (text += t),
    given,
    (error) => (refusal = error),
  );
  try {
    if (argv.length === 0) throw new UsageError('no board size or command given');
    nqueens.parse(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    switch (error.code) {
      case 'commander.version':
        return { kind: 'text', text, what: 'the version', given };
      case 'commander.help':
      case 'commander.helpDisplayed':
        return { kind: 'text', text, what: 'the help', given };
      case 'commander.invalidArgument':
        throw refusal ?? new UsageError(shown(error.message));
      case 'commander.unknownOption':
        throw unknownOption(nqueens.lastParse);
      // Commander finds a value missing only after the last argument: that is the option's flag.
      case 'commander.optionMissingArgument':
        throw new UsageError(`${shown(nqueens.lastParse.args.at(-1) ?? '')} needs a value`);
      case 'commander.conflictingOption': {
        // --print is the one option that conflicts: with the counting option given.
        const counting = COUNT_ONLY.find((key) => nqueens.getOptionValueSource(key) === 'cli');
        throw new UsageError(`${flagOf(counting ?? 'json')} does not go with --print`);
      }
      default:
        // Commander's own words, but for the "error: " it starts them with.
        throw new UsageError(shown(error.message.startsWith('error: ') ? error.message.slice(7) : error.message));
    }
  }
  if (command === null) return { kind: 'text', text, what: 'the help', given };
  return { ...(command as Parsed), given };
}
