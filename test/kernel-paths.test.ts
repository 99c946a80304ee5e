// The two searches of the kernels: forward checking for records that fit in 16 lanes, the bitmask
// search for the others. Both must count the same completions.
import { describe, expect, it } from 'vitest';
import { RECORD_WORDS } from '../assembly/layout.js';
import { countSync } from '../src/index.js';
import { bitmaskCompletions } from '../src/kernel/js/count.js';
import { forwardCompletions, laneOffset } from '../src/kernel/js/forward.js';
import { framePlan } from '../src/plan/frames.js';
import { writeRecord } from '../src/plan/records.js';
import type { Queen } from '../src/types.js';
import { ENGINES } from './helpers/engines.js';

describe('forward checking and the bitmask search', () => {
  it('count the same completions for every frame of n = 6..12 (TS kernel)', () => {
    const record = new Int32Array(RECORD_WORDS);
    let checked = 0;
    for (let n = 6; n <= 12; n++) {
      for (const subproblem of framePlan(n)) {
        writeRecord(record, 0, n, subproblem.queens);
        const low = laneOffset(record, 0);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(forwardCompletions(record, 0, low)).toBe(bitmaskCompletions(record, 0));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('records wider than 16 columns or deeper than 16 rows go to the bitmask search', () => {
    const record = new Int32Array(RECORD_WORDS);
    writeRecord(record, 0, 17, [0, 8]); // 16 free rows, but open squares in all 17 columns
    expect(laneOffset(record, 0)).toBe(-1);
    writeRecord(record, 0, 18, [0, 0, 17, 17]); // 16 free rows within columns 1..16
    expect(laneOffset(record, 0)).toBe(1);
    writeRecord(record, 0, 19, [0, 0, 18, 18]); // 17 free rows
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
