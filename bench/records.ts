// The subproblem records of a full count, laid out once for every kernel the benchmark times:
// a flat Int32Array of [weight, record...] entries, and the same bytes as a file for the C kernel.

import { writeFileSync } from 'node:fs';
import { RECORD_WORDS } from '../assembly/layout.js';
import { plan } from '../src/plan/plan.js';
import { writeSubproblem } from '../src/run/records.js';

export interface Records {
  readonly count: number;
  /** count entries of 1 + RECORD_WORDS words: the weight, then the record. */
  readonly entries: Int32Array;
}

export const ENTRY_WORDS = 1 + RECORD_WORDS;

/** The records of count(n), without the fixed-completion counts (the benchmark times totals). */
export function frameRecords(n: number): Records {
  const { subproblems } = plan(n, null, null);
  const entries = new Int32Array(subproblems.count * ENTRY_WORDS);
  for (let i = 0; i < subproblems.count; i++) {
    entries[i * ENTRY_WORDS] = subproblems.weight[i];
    writeSubproblem(entries, i * ENTRY_WORDS + 1, n, subproblems, i, false);
  }
  return { count: subproblems.count, entries };
}

/** The file bench/c/kernel.c reads: [count, RECORD_WORDS], then the entries. */
export function writeRecordsFile(path: string, records: Records): void {
  const header = new Int32Array([records.count, RECORD_WORDS]);
  writeFileSync(path, Buffer.concat([Buffer.from(header.buffer), Buffer.from(records.entries.buffer)]));
}
