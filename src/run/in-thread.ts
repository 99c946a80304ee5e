// Runs a plan on one kernel in the calling thread: all at once (sync), or in slices that yield to
// the event loop between them so that progress is reported and an abort is noticed (async).

import { BATCH, RECORD_WORDS } from '../../assembly/layout.js';
import type { Kernel } from '../kernel/kernel.js';
import type { Plan } from '../plan/plan.js';
import { writeRecord } from '../plan/records.js';
import type { Progress } from '../types.js';
import { addToTally, emptyTally, needsSymmetricPass, type Tally } from './tally.js';

/** Counts subproblems from..to-1 of the plan into the tally. */
export function countRange(kernel: Kernel, plan: Plan, from: number, to: number, tally: Tally): void {
  const { n, subproblems, countsUnique } = plan;
  const plain: number[] = [];
  const symmetric: number[] = [];
  for (let start = from; start < to; start += BATCH) {
    plain.length = 0;
    symmetric.length = 0;
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      (needsSymmetricPass(subproblems[i], countsUnique) ? symmetric : plain).push(i);
    }
    plain.forEach((s, r) => writeRecord(kernel.records, r * RECORD_WORDS, n, subproblems[s].queens));
    kernel.countBatch(plain.length);
    plain.forEach((s, r) => addToTally(tally, n, subproblems[s], kernel.result(r, 0), 0n, 0n));
    symmetric.forEach((s, r) => writeRecord(kernel.records, r * RECORD_WORDS, n, subproblems[s].queens));
    kernel.countSymmetricBatch(symmetric.length);
    symmetric.forEach((s, r) =>
      addToTally(tally, n, subproblems[s], kernel.result(r, 0), kernel.result(r, 1), kernel.result(r, 2)),
    );
  }
}

export function runSync(kernel: Kernel, plan: Plan): Tally {
  const tally = emptyTally();
  countRange(kernel, plan, 0, plan.subproblems.length, tally);
  return tally;
}

export interface RunControl {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** Milliseconds of work between two yields to the event loop. */
const SLICE_MS = 20;

export async function runAsync(kernel: Kernel, plan: Plan, control: RunControl): Promise<Tally> {
  const { signal, onProgress } = control;
  const total = plan.subproblems.length;
  const tally = emptyTally();
  let done = 0;
  let step = 1;
  onProgress?.({ done, total });
  while (done < total) {
    signal?.throwIfAborted();
    const to = Math.min(total, done + step);
    const started = performance.now();
    countRange(kernel, plan, done, to, tally);
    const elapsed = performance.now() - started;
    done = to;
    // Subproblems differ in size; keep each slice near SLICE_MS.
    if (elapsed < SLICE_MS / 2) step *= 2;
    else if (elapsed > SLICE_MS * 2 && step > 1) step = Math.ceil(step / 2);
    onProgress?.({ done, total });
    if (done < total) await yieldToEventLoop();
  }
  signal?.throwIfAborted();
  return tally;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}
