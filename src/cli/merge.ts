// Adding up the results of the shards of one split, as BigInt, after checking that they belong
// together: one n, one split, every shard present exactly once.

export class MergeError extends Error {
  override name = 'MergeError';
}

export interface ShardResult {
  n: number;
  index: number;
  count: number;
  total: bigint;
  /** Where the result came from, for messages: file:line. */
  source: string;
}

/** One JSON line as `nqueens <n> --shard i/m --json` prints it. */
export function parseShardResult(line: string, source: string): ShardResult {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new MergeError(`${source}: not a JSON line`);
  }
  const v = value as { n?: unknown; shard?: { index?: unknown; count?: unknown } | null; total?: unknown };
  if (v === null || typeof v !== 'object' || v.shard === undefined) {
    throw new MergeError(`${source}: not a shard result (made by nqueens <n> --shard i/m --json)`);
  }
  const { n, shard, total } = v;
  const whole = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
  if (!whole(n) || shard === null || typeof shard !== 'object' || !whole(shard.index) || !whole(shard.count)) {
    throw new MergeError(`${source}: a shard result needs n and shard { index, count }`);
  }
  if (typeof total !== 'string' || !/^\d+$/.test(total)) {
    throw new MergeError(`${source}: total must be a decimal string`);
  }
  return { n: n as number, index: shard.index as number, count: shard.count as number, total: BigInt(total), source };
}

export function mergeShards(results: readonly ShardResult[]): { n: number; count: number; total: bigint } {
  if (results.length === 0) throw new MergeError('no shard results to merge');
  const [first] = results;
  const seen = new Map<number, ShardResult>();
  let total = 0n;
  for (const r of results) {
    if (r.n !== first.n) throw new MergeError(`${r.source} is for n = ${r.n}, but ${first.source} is for n = ${first.n}`);
    if (r.count !== first.count) {
      throw new MergeError(`${r.source} is from a split into ${r.count}, but ${first.source} from a split into ${first.count}`);
    }
    if (r.index >= r.count) throw new MergeError(`${r.source}: shard ${r.index}/${r.count} does not exist`);
    const twin = seen.get(r.index);
    if (twin !== undefined) throw new MergeError(`shard ${r.index}/${r.count} is there twice: ${twin.source} and ${r.source}`);
    seen.set(r.index, r);
    total += r.total;
  }
  const missing: number[] = [];
  for (let i = 0; i < first.count && missing.length < 20; i++) if (!seen.has(i)) missing.push(i);
  if (missing.length > 0) {
    const more = first.count - seen.size > missing.length ? ', ...' : '';
    throw new MergeError(
      `${first.count - seen.size} of ${first.count} shards missing (n = ${first.n}): ${missing.join(', ')}${more}`,
    );
  }
  return { n: first.n, count: first.count, total };
}
