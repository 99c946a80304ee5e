// The subproblem records of a full count, laid out once for every kernel the benchmark times:
// a flat Int32Array of [weight, record...] entries, and the same bytes as a file for the C kernel.

import { writeFileSync } from 'node:fs';
import { RECORD_WORDS } from '../assembly/layout.js';
import { framePlan } from '../src/plan/frames.js';
import { writeRecord } from '../src/plan/records.js';

export interface Records {
  readonly count: number;
  /** count entries of 1 + RECORD_WORDS words: the weight, then the record. */
  readonly entries: Int32Array;
}

export const ENTRY_WORDS = 1 + RECORD_WORDS;

export function frameRecords(n: number): Records {
  const plan = framePlan(n);
  const entries = new Int32Array(plan.length * ENTRY_WORDS);
  plan.forEach((sub, i) => {
    entries[i * ENTRY_WORDS] = sub.weight;
    writeRecord(entries, i * ENTRY_WORDS + 1, n, sub.queens);
  });
  return { count: plan.length, entries };
}

/** The file bench/c/kernel.c reads: [count, RECORD_WORDS], then the entries. */
export function writeRecordsFile(path: string, records: Records): void {
  const header = new Int32Array([records.count, RECORD_WORDS]);
  writeFileSync(path, Buffer.concat([Buffer.from(header.buffer), Buffer.from(records.entries.buffer)]));
}
