// The host description that scenario.js takes, with the exact counts from the repository's copy of
// the project's data (the engines cannot read files, so the counts travel with the call).
import { readFileSync } from 'node:fs';
import type { Host } from './scenario.js';

const file = new URL('../data/known-counts.json', import.meta.url);

/** The scenario counts n = 1..MAX_N on every engine; beyond that it uses n = 14 to 17 only. */
export const MAX_N = 13;

function knownCounts(): Host['known'] {
  const { counts } = JSON.parse(readFileSync(file, 'utf8')) as {
    counts: { n: number; total: string; unique: string }[];
  };
  return Object.fromEntries(counts.filter((c) => c.n <= 17).map((c) => [c.n, { total: c.total, unique: c.unique }]));
}

export function host(name: string, allows: { workers: boolean; wasm: boolean }): Host {
  return { name, ...allows, known: knownCounts(), maxN: MAX_N };
}
