import { readFileSync } from 'node:fs';

interface KnownCount {
  n: number;
  total: string;
  unique: string;
}

const file = new URL('../../../shared/data/known-counts.json', import.meta.url);

/** OEIS A000170 (total) and A002562 (unique) for n = 1..27, from ../shared/data. */
export const knownCounts: ReadonlyMap<number, { total: bigint; unique: bigint }> = new Map(
  (JSON.parse(readFileSync(file, 'utf8')).counts as KnownCount[]).map((c) => [
    c.n,
    { total: BigInt(c.total), unique: BigInt(c.unique) },
  ]),
);
