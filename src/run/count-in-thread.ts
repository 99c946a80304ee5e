// Counting for a job in the calling thread, without holding it: in slices between which the event
// loop gets its turn (slices.ts), so that progress is reported and an abort is seen within a slice
// whatever the size of a subproblem.

import { RangeCounter } from '../kernel/count-range.js';
import type { CpuEngine, Kernel } from '../kernel/kernel.js';
import type { CountWork } from '../kernel/subproblems.js';
import type { Job } from './job.js';
import { Slices } from './slices.js';

/**
 * Up to this many free rows the wasm kernel counts a board in about a slice, even on a first call
 * (the TS kernel takes several).
 */
const ONE_SLICE_FREE_ROWS = 12;

/** Whether a count of `freeRows` rows takes about a slice at most: it may then be counted in one piece. */
export function fitsOneSlice(freeRows: number, engine: CpuEngine): boolean {
  return engine === 'wasm' && freeRows <= ONE_SLICE_FREE_ROWS;
}

/** Counts ranges of the job in this thread until none are left or the job settles. */
export async function countInThread(job: Job, work: CountWork, kernel: Kernel, threads: number): Promise<void> {
  // A slice may span ranges: a turn of the event loop per range would cost more than the count on
  // small boards, where ranges take microseconds.
  const slices = new Slices();
  try {
    let joined = false;
    for (let range = job.nextRange(threads); range !== null; range = job.nextRange(threads)) {
      if (!joined) job.join();
      joined = true;
      const [from, to] = range;
      const counter = new RangeCounter(kernel, work, from, to);
      let reported = 0;
      let ms = 0;
      while (!counter.done) {
        ms += slices.count(counter);
        if (counter.finished > reported) {
          job.report(from + reported, from + counter.finished, counter.takeTally(), ms);
          reported = counter.finished;
          ms = 0;
        }
        if (job.isSettled) return;
        if (slices.isOver) {
          await slices.next();
          if (job.isSettled) return;
        }
      }
    }
  } finally {
    slices.end();
  }
}
