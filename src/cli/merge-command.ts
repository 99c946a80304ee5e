// `nqueens merge`: the results of the shards of one split added up, as BigInt, after checking each
// line and that they belong together: one n, one split, every shard present exactly once. Files are
// read as streams with a cap on the length of a line, so that no input, however large or
// malformed, makes merge hold more than one line; UTF-8 by default, and a byte order mark says
// UTF-8 or UTF-16 (little or big endian) and is dropped.

import { createReadStream } from 'node:fs';
import { addAbortSignal, type Readable } from 'node:stream';
import { MAX_N } from '../../assembly/layout.js';
import { isDecimalCount, MAX_COUNT_DIGITS } from '../decimal-count.js';
import type { Method } from '../index.js';
import { IMPLIED_METHOD, isMethodName, methodChoices, methodLabel } from '../method-list.js';
import { formatCount } from '../progress-display.js';
import { shown } from '../quote.js';
import type { MergeCommand } from './args.js';
import { type Io, ioErrorText, write } from './io.js';
import { columnsOf, wrap } from './layout.js';

/** Reads shard results (one JSON line each; a file may hold several) and adds them up. */
export async function mergeCommand({ files, json }: MergeCommand, io: Io): Promise<void> {
  const merger = new ShardMerger();
  // Typed at a terminal, the input would otherwise wait there without a word.
  if (files.length === 0 && io.stdin.isTTY === true) {
    const hint = 'nqueens merge: no files given, so reading shard results from standard input; end them with Ctrl-D';
    io.stderr.write(`${wrap(hint, columnsOf(io.stderr))}\n`);
  }
  for (const file of files.length === 0 ? ['-'] : files) {
    const name = file === '-' ? '(standard input)' : shown(file);
    try {
      for await (const { line, number } of readLines(file, name, io.signal, io.stdin)) {
        io.signal.throwIfAborted();
        if (line.trim() !== '' && !isOwnLine(line)) merger.add(parseShardResult(line, `${name}:${number}`));
      }
    } catch (error) {
      if (error instanceof MergeError || io.signal.aborted) throw error;
      throw new MergeError(`cannot read ${name}: ${ioErrorText(error)}`, true);
    }
  }
  const { n, count, total } = merger.result();
  await write(
    io.stdout,
    json
      ? `${JSON.stringify({ n, shards: count, total: String(total) })}\n`
      : `n = ${n}: ${formatCount(total)} solutions (${formatCount(count)} shards merged)\n`,
    io.signal,
    'the result',
  );
}

export class MergeError extends Error {
  override name = 'MergeError';

  /** `unusable`: the input is not shard results (exit code 2); otherwise they do not add up (1). */
  constructor(
    message: string,
    readonly unusable = false,
  ) {
    super(message);
  }
}

interface ShardResult {
  n: number;
  /** The method the shard was counted by: the shards of one split are all counted by one. */
  method: Method;
  index: number;
  count: number;
  total: bigint;
  /** Where the result came from, for messages: file:line. */
  source: string;
}

/** Longer than any line nqueens prints; nothing longer is parsed. */
const MAX_LINE = 4096;

const isWhole = (x: unknown, max: number): x is number =>
  Number.isSafeInteger(x) && (x as number) >= 0 && (x as number) <= max;

/**
 * Whether `line` is one that nqueens itself writes on stderr, by the mark each carries: its
 * messages and its plain progress lines start with "nqueens: ", and its JSON progress lines are
 * JSON objects with a "progress" label and no shard. A log that gathers a command's stderr with its
 * stdout (kubectl logs, one log file of a batch job) holds them between the results, and merge
 * skips them. Nothing else is skipped: a result, whole or damaged, starts with "{" and has no
 * "progress" field, and a progress line that is not whole JSON is refused as any other line is.
 */
function isOwnLine(line: string): boolean {
  if (line.startsWith('nqueens: ')) return true;
  if (!line.startsWith('{"progress":')) return false;
  try {
    const value = JSON.parse(line) as Record<string, unknown> | null;
    return typeof value?.progress === 'string' && !('shard' in value);
  } catch {
    return false;
  }
}

/** One JSON line as `nqueens <n> --shard i/m --json` prints it. */
function parseShardResult(line: string, source: string): ShardResult {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new MergeError(`${source}: not a JSON line`, true);
  }
  const v = value as {
    n?: unknown;
    shard?: { index?: unknown; count?: unknown } | null;
    total?: unknown;
    method?: unknown;
  } | null;
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v.shard === undefined) {
    throw new MergeError(`${source}: not a shard result (made by nqueens <n> --shard i/m --json)`, true);
  }
  const { n, shard, total } = v;
  if (!isWhole(n, MAX_N) || n < 1) throw new MergeError(`${source}: n must be an integer from 1 to ${MAX_N}`, true);
  if (
    shard === null ||
    typeof shard !== 'object' ||
    !isWhole(shard.count, Number.MAX_SAFE_INTEGER) ||
    shard.count < 1
  ) {
    throw new MergeError(`${source}: shard.count must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`, true);
  }
  if (!isWhole(shard.index, shard.count - 1)) {
    throw new MergeError(`${source}: shard.index must be a whole number from 0 to ${shard.count - 1}`, true);
  }
  if (typeof total !== 'string' || !isDecimalCount(total)) {
    throw new MergeError(`${source}: total must be a decimal string of at most ${MAX_COUNT_DIGITS} digits`, true);
  }
  // Lines written before the join have no method: they backtracked.
  const method = v.method ?? IMPLIED_METHOD;
  if (!isMethodName(method)) throw new MergeError(`${source}: method must be ${methodChoices('"')}`, true);
  return { n, method, index: shard.index, count: shard.count, total: BigInt(total), source };
}

/** Checks and adds up shard results as they come. */
class ShardMerger {
  private first: ShardResult | undefined;
  private readonly seen = new Map<number, string>();
  private total = 0n;

  add(r: ShardResult): void {
    this.first ??= r;
    const first = this.first;
    if (r.n !== first.n)
      throw new MergeError(`${r.source} is for n = ${r.n}, but ${first.source} is for n = ${first.n}`);
    if (r.method !== first.method) {
      // A join's shards and a search's are different slices of the work: they do not add up.
      throw new MergeError(
        `${r.source} counted by ${methodLabel(r.method)}, but ${first.source} by ${methodLabel(first.method)}: ` +
          'the shards of one split must count by the same method (--method)',
      );
    }
    if (r.count !== first.count) {
      throw new MergeError(
        `${r.source} is from a split into ${r.count}, but ${first.source} from a split into ${first.count}`,
      );
    }
    const twin = this.seen.get(r.index);
    if (twin !== undefined) throw new MergeError(`shard ${r.index}/${r.count} is there twice: ${twin} and ${r.source}`);
    this.seen.set(r.index, r.source);
    this.total += r.total;
  }

  result(): { n: number; count: number; total: bigint } {
    const first = this.first;
    if (first === undefined) throw new MergeError('no shard results to merge');
    const missing: number[] = [];
    for (let i = 0; i < first.count && missing.length < 20; i++) if (!this.seen.has(i)) missing.push(i);
    if (missing.length > 0) {
      const more = first.count - this.seen.size > missing.length ? ', ...' : '';
      throw new MergeError(
        `${first.count - this.seen.size} of ${first.count} shards missing (n = ${first.n}): ${missing.join(', ')}${more}`,
      );
    }
    return { n: first.n, count: first.count, total: this.total };
  }
}

function encodingOf(head: Uint8Array): { label: string; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { label: 'utf-8', skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { label: 'utf-16le', skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { label: 'utf-16be', skip: 2 };
  return { label: 'utf-8', skip: 0 };
}

/**
 * The lines of `path` ('-' for `stdin`; `name` in messages), numbered from 1, each at most
 * MAX_LINE characters. An abort of `signal` ends the reading at once, also while the input is silent.
 */
async function* readLines(
  path: string,
  name: string,
  signal: AbortSignal,
  stdin: Readable,
): AsyncGenerator<{ line: string; number: number }> {
  const tooLong = (number: number) =>
    new MergeError(`${name}: line ${number} is longer than ${MAX_LINE} characters: not a shard result`, true);
  const stream = addAbortSignal(signal, path === '-' ? stdin : createReadStream(path));
  let decoder: TextDecoder | undefined;
  let head = new Uint8Array(0);
  let partial = '';
  let number = 0;
  const lines = function* (text: string) {
    let start = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
      const line = partial + text.slice(start, i);
      partial = '';
      start = i + 1;
      number++;
      if (line.length > MAX_LINE) throw tooLong(number);
      yield { line: line.endsWith('\r') ? line.slice(0, -1) : line, number };
    }
    partial += text.slice(start);
    if (partial.length > MAX_LINE) throw tooLong(number + 1);
  };
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      let bytes = chunk;
      if (decoder === undefined) {
        // The byte order mark may come split over the first chunks.
        const joined = new Uint8Array(head.length + bytes.length);
        joined.set(head);
        joined.set(bytes, head.length);
        if (joined.length < 3) {
          head = joined;
          continue;
        }
        const { label, skip } = encodingOf(joined);
        decoder = new TextDecoder(label, { fatal: false });
        bytes = joined.subarray(skip);
      }
      yield* lines(decoder.decode(bytes, { stream: true }));
    }
    if (decoder === undefined && head.length > 0) {
      const { label, skip } = encodingOf(head);
      decoder = new TextDecoder(label);
      yield* lines(decoder.decode(head.subarray(skip), { stream: true }));
    }
    if (decoder !== undefined) yield* lines(decoder.decode());
    if (partial.length > 0) {
      number++;
      yield { line: partial, number };
    }
  } finally {
    if (stream !== stdin) (stream as { destroy?: () => void }).destroy?.();
  }
}
