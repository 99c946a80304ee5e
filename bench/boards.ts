// The boards the benchmark times: as the command line names them, the sample it times of a big
// board, and the count each board must give (every total the benchmark times is checked).

import { readFileSync } from 'node:fs';
import { repositoryRoot } from './repository.js';

/** The largest board a section times. */
const MAX_BOARD = 22;

/** `n` and `from..to` arguments, 4..22, as sorted boards without repeats; throws on anything else. */
export function parseBoards(args: readonly string[]): number[] {
  const boards: number[] = [];
  for (const arg of args) {
    const match = /^(\d+)(?:\.\.(\d+))?$/.exec(arg);
    if (!match) throw new Error(`expected n or from..to, got ${JSON.stringify(arg)}`);
    const [from, to] = [Number(match[1]), Number(match[2] ?? match[1])];
    if (from < 4 || to > MAX_BOARD || from > to) throw new Error(`boards must lie within 4..${MAX_BOARD}, got ${arg}`);
    for (let n = from; n <= to; n++) boards.push(n);
  }
  return [...new Set(boards)].sort((a, b) => a - b);
}

/** The sample timed of a big board: shard 0 of this many (the whole board where n is not listed). */
const SAMPLE_SHARDS: Readonly<Record<number, number>> = { 18: 8, 19: 64, 20: 256, 21: 2048, 22: 16384 };

export const sampleShards = (n: number): number => SAMPLE_SHARDS[n] ?? 1;

/** The solutions of each board with a known count (test/data/known-counts.json, OEIS A000170). */
export const knownCounts: ReadonlyMap<number, bigint> = new Map(
  (
    JSON.parse(readFileSync(`${repositoryRoot}test/data/known-counts.json`, 'utf8')).counts as {
      n: number;
      total: string;
    }[]
  ).map((c) => [c.n, BigInt(c.total)]),
);
