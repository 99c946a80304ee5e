// Adding up the results of the shards of one split, as BigInt, after checking each line and that
// they belong together: one n, one split, every shard present exactly once.

import { MAX_N } from '../../assembly/layout.js';
import { isDecimalCount, MAX_COUNT_DIGITS } from '../decimal-count.js';

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

export interface ShardResult {
  n: number;
  /** The way the shard was counted: the shards of one split all count the same way. */
  method: 'join' | 'backtrack';
  index: number;
  count: number;
  total: bigint;
  /** Where the result came from, for messages: file:line. */
  source: string;
}

/** Longer than any line nqueens prints; nothing longer is parsed. */
export const MAX_LINE = 4096;

const isWhole = (x: unknown, max: number): x is number =>
  Number.isSafeInteger(x) && (x as number) >= 0 && (x as number) <= max;

/** A plain progress line: "n = 20, shard 3/64: 37% · …". */
const PROGRESS_LINE = /^n = \d+(, shard \d+\/\d+)?: \d+% · /;

/**
 * Whether `line` is one that nqueens itself writes on stderr: a message ("nqueens: resuming …",
 * "nqueens: terminated") or a line of progress, plain or JSON (--progress bar or json where stderr
 * is no terminal). A log that gathers a command's stderr with its stdout (kubectl logs, one log
 * file of a batch job) holds them between the results, and merge skips them. Nothing else is
 * skipped: a result, whole or damaged, starts with "{" and has no "progress" field, and a progress
 * line that is not whole JSON is refused as any other line is.
 */
export function isOwnLine(line: string): boolean {
  if (line.startsWith('nqueens: ') || PROGRESS_LINE.test(line)) return true;
  if (!line.startsWith('{"progress":')) return false;
  try {
    const value = JSON.parse(line) as Record<string, unknown> | null;
    return typeof value?.progress === 'string' && !('shard' in value);
  } catch {
    return false;
  }
}

/** One JSON line as `nqueens <n> --shard i/m --json` prints it. */
export function parseShardResult(line: string, source: string): ShardResult {
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
  const method = v.method ?? 'backtrack';
  if (method !== 'join' && method !== 'backtrack') {
    throw new MergeError(`${source}: method must be "join" or "backtrack"`, true);
  }
  return { n, method, index: shard.index, count: shard.count, total: BigInt(total), source };
}

/** Checks and adds up shard results as they come. */
export class ShardMerger {
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
        `${r.source} counted by ${r.method === 'join' ? 'the join' : 'backtracking'}, but ${first.source} by ${first.method === 'join' ? 'the join' : 'backtracking'}: ` +
          'the shards of one split must count the same way (--method)',
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
