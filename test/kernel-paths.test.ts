// The searches of the kernels: forward checking for records that fit in 16 lanes, the bitmask
// search for the others, and the resumable batch over them. They must count the same completions,
// however often a search is stopped and resumed.
import { describe, expect, it } from 'vitest';
import { RECORD_WORDS } from '../assembly/layout.js';
import { countSync } from '../src/index.js';
import { bitmaskSearch } from '../src/kernel/js/bitmask.js';
import { forwardSearch, laneOffset } from '../src/kernel/js/forward.js';
import { frames } from '../src/plan/frames.js';
import { writeSubproblem, writeRecord } from '../src/run/records.js';
import type { Queen } from '../src/types.js';
import { ENGINES } from './helpers/engines.js';

/** Runs a search to its end in calls of `budget` steps; returns its count and how many calls it took. */
function finish(search: { run(budget: number): number; count(): number }, started: boolean, budget: number) {
  let calls = 0;
  if (started) while ((calls++, search.run(budget)) < 0);
  return { count: search.count(), calls };
}

describe('forward checking and the bitmask search', () => {
  it('count the same completions for every frame of n = 6..12 (TS kernel), in one call and in calls of 3 steps', () => {
    const record = new Int32Array(RECORD_WORDS);
    const forward = forwardSearch();
    const bitmask = bitmaskSearch();
    let checked = 0;
    let resumed = 0;
    for (let n = 6; n <= 12; n++) {
      const list = frames(n);
      for (let i = 0; i < list.count; i++) {
        writeSubproblem(record, 0, n, list, i, false);
        const low = laneOffset(record, 0);
        expect(low).toBeGreaterThanOrEqual(0);
        const whole = finish(bitmask, bitmask.start(record, 0), 0x7fffffff).count;
        expect(finish(forward, forward.start(record, 0, low), 0x7fffffff).count).toBe(whole);
        const inSteps = finish(forward, forward.start(record, 0, low), 3);
        expect(inSteps.count).toBe(whole);
        expect(finish(bitmask, bitmask.start(record, 0), 3).count).toBe(whole);
        if (inSteps.calls > 1) resumed++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // Most searches really were stopped and resumed.
    expect(resumed).toBeGreaterThan(checked / 2);
  });

  it('records wider than 16 columns or deeper than 16 rows go to the bitmask search', () => {
    const record = new Int32Array(RECORD_WORDS);
    writeRecord(record, 0, 17, [0, 8], 0, 2, 0); // 16 free rows, but open squares in all 17 columns
    expect(laneOffset(record, 0)).toBe(-1);
    writeRecord(record, 0, 18, [0, 0, 17, 17], 0, 4, 0); // 16 free rows within columns 1..16
    expect(laneOffset(record, 0)).toBe(1);
    writeRecord(record, 0, 19, [0, 0, 18, 18], 0, 4, 0); // 17 free rows
    expect(laneOffset(record, 0)).toBe(-1);
  });

  // Every solution has one queen in column 0 and one in column 16, so the count of a wide
  // subproblem (bitmask search) is the sum over those two queens' rows of narrow ones (forward
  // checking: columns 1..15 only).
  describe.each(ENGINES)('engine %s', (engine) => {
    it('a wide n = 17 subproblem equals the sum of its narrow refinements', () => {
      const placed: Queen[] = [[0, 8], [1, 10], [2, 12]];
      const wide = countSync(17, { engine, placed }).total;
      let sum = 0;
      for (let r0 = 3; r0 < 17; r0++) {
        for (let r16 = 3; r16 < 17; r16++) {
          if (r0 === r16 || Math.abs(r0 - r16) === 16) continue;
          const refined: Queen[] = [...placed, [r0, 0], [r16, 16]];
          if (refined.some(([r, c], i) => refined.some(([s, d], j) => j < i && Math.abs(r - s) === Math.abs(c - d)))) continue;
          sum += countSync(17, { engine, placed: refined }).total;
        }
      }
      expect(wide).toBeGreaterThan(1000);
      expect(wide).toBe(sum);
    });
  });
});
