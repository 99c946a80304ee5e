import { readFileSync } from 'node:fs';

interface KnownCount {
  n: number;
  total: string;
  unique: string;
}

// A copy of the project's shared data, kept in the repository so that a fresh clone tests on its own.
const file = new URL('../data/known-counts.json', import.meta.url);

/** OEIS A000170 (total) and A002562 (unique) for n = 1..27. */
export const knownCounts: ReadonlyMap<number, { total: bigint; unique: bigint }> = new Map(
  (JSON.parse(readFileSync(file, 'utf8')).counts as KnownCount[]).map((c) => [
    c.n,
    { total: BigInt(c.total), unique: BigInt(c.unique) },
  ]),
);
