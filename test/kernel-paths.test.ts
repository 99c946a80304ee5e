// The searches of the kernels, each against another path to the same count: forward checking in a
// window (records up to n = 18) and in compact mode (wider ones), the bitmask search, and the
// bitmask search handing the last 16 rows over to forward checking (more than 16 free rows). They
// must count the same completions, however often a search is stopped and resumed.
import { describe, expect, it } from 'vitest';
import {
  FIXED_HALF_TURN,
  FIXED_ONLY,
  FIXED_QUARTER_TURN,
  RECORD_WORDS,
  RESULT_COMPLETIONS,
  RESULT_HALF_TURNS,
  RESULT_QUARTER_TURNS,
} from '../assembly/layout.js';
import { countSync } from '../src/index.js';
import { bitmaskSearch } from '../src/kernel/js/bitmask.js';
import { expandRecord } from '../src/kernel/js/expand.js';
import { forwardSearch } from '../src/kernel/js/forward.js';
import { jsKernel } from '../src/kernel/js/index.js';
import { compileKernelSync } from '../src/kernel/wasm/compile.js';
import { wasmKernel } from '../src/kernel/wasm/kernel.js';
import { instantiateKernelSync } from '../src/kernel/wasm/module.js';
import { frames } from '../src/plan/frames.js';
import { HALF_TURN } from '../src/symmetry.js';
import type { Queen } from '../src/types.js';
import { ENGINES } from './helpers/engines.js';
import { kernelCount } from './helpers/kernel-count.js';
import { randomInt, randomQueens, seededRandom } from './helpers/random.js';

/** Runs a search to its end in calls of `budget` steps; returns its count and how many calls it took. */
function finish(search: { run(budget: number): number; count(): number }, started: boolean, budget: number) {
  let calls = 0;
  if (!started) return { count: search.count(), calls };
  do calls++;
  while (search.run(budget) < 0);
  return { count: search.count(), calls };
}

/** The record of some queens (the TS kernel's expansion). */
function writeRecord(record: Int32Array, n: number, queens: readonly Queen[]): void {
  expandRecord(Int8Array.from(queens.flat()), 0, queens.length, n, 0, record, 0);
}

/** The open squares of a record span more than 16 columns: forward checking runs in compact mode. */
function spansMoreThan16(n: number, queens: readonly Queen[]): boolean {
  const record = new Int32Array(RECORD_WORDS);
  writeRecord(record, n, queens);
  let span = 0;
  for (let level = 0; level < record[0]; level++) span |= record[3 + level];
  return 32 - Math.clz32(span) - (31 - Math.clz32(span & -span)) > 16;
}

describe('forward checking and the bitmask search (TS kernel)', () => {
  it('count the same completions for every frame of n = 6..12 (window), in one call and in calls of 3 steps', () => {
    const record = new Int32Array(RECORD_WORDS);
    const forward = forwardSearch();
    const bitmask = bitmaskSearch();
    let checked = 0;
    let resumed = 0;
    for (let n = 6; n <= 12; n++) {
      const list = frames(n);
      for (let i = 0; i < list.count; i++) {
        expandRecord(list.queens, i * list.width * 2, list.width, n, 0, record, 0);
        const whole = finish(bitmask, bitmask.start(record, 0, record[0]), 0x7fffffff).count;
        expect(finish(forward, forward.start(record, 0), 0x7fffffff).count).toBe(whole);
        const inSteps = finish(forward, forward.start(record, 0), 3);
        expect(inSteps.count).toBe(whole);
        expect(finish(bitmask, bitmask.start(record, 0, record[0]), 3).count).toBe(whole);
        if (inSteps.calls > 1) resumed++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // Most searches really were stopped and resumed.
    expect(resumed).toBeGreaterThan(checked / 2);
  });

  it('count the same for records wider than 16 columns (compact mode): 40 random placements on n = 17..20', () => {
    const random = seededRandom(1719);
    const record = new Int32Array(RECORD_WORDS);
    const forward = forwardSearch();
    const bitmask = bitmaskSearch();
    let compact = 0;
    let nonZero = 0;
    for (let k = 0; k < 40; k++) {
      const n = randomInt(random, 17, 20);
      const queens = randomQueens(random, n, n - 14);
      writeRecord(record, n, queens);
      const whole = finish(bitmask, bitmask.start(record, 0, record[0]), 0x7fffffff).count;
      expect({ n, queens, count: finish(forward, forward.start(record, 0), 7).count }).toEqual({
        n,
        queens,
        count: whole,
      });
      if (spansMoreThan16(n, queens)) compact++;
      if (whole > 0) nonZero++;
    }
    expect(compact).toBeGreaterThan(20);
    expect(nonZero).toBeGreaterThan(10);
    // Two TS searches of 14 free rows each, 40 times: 1.5 to 4 s on the 2-core development machine.
  }, 20_000);
});

describe.each(ENGINES)('engine %s', (engine) => {
  const kernel = () => (engine === 'js' ? jsKernel() : wasmKernel(instantiateKernelSync(compileKernelSync())));

  it('a record with more than 16 free rows (bitmask search, then forward checking) counts the sum of its refinements on its first free row', () => {
    const random = seededRandom(engine === 'js' ? 22 : 23);
    const k = kernel();
    let counted = 0n;
    // The TS kernel on one (it is a few times slower), the wasm kernel on three.
    for (const [n, placed] of engine === 'js'
      ? [[26, 9]]
      : [
          [23, 6],
          [26, 9],
          [27, 9],
        ]) {
      const queens = randomQueens(random, n, placed); // 17 or 18 free rows
      const free = Array.from({ length: n }, (_, r) => r).filter((r) => !queens.some(([q]) => q === r));
      const whole = kernelCount(k, n, queens, 5);
      let sum = 0n;
      for (let c = 0; c < n; c++) {
        const refined: Queen[] = [...queens, [free[0], c]];
        if (queens.some(([r, q]) => q === c || Math.abs(r - free[0]) === Math.abs(q - c))) continue;
        sum += kernelCount(k, n, refined, 0x7fffffff);
      }
      expect({ queens, whole }).toEqual({ queens, whole: sum });
      counted += whole;
    }
    expect(counted).toBeGreaterThan(1000n);
  });

  it("asked for the rotations' fixed completions only (FIXED_ONLY), counts those and no completions: the empty board of n = 1..12 and every frame of n = 11..13 a half turn maps onto itself", () => {
    const k = kernel();
    const rotations = FIXED_HALF_TURN | FIXED_QUARTER_TURN;
    const results = (n: number, queens: readonly number[], width: number, fixed: number) => {
      k.subproblems.set(queens);
      k.fixed[0] = fixed;
      k.startBatch(1, n, width, 0);
      while (k.countSteps(7) < 1);
      return [RESULT_COMPLETIONS, RESULT_HALF_TURNS, RESULT_QUARTER_TURNS].map((word) => k.bigResult(0, word));
    };
    let fixedSeen = 0n;
    let checked = 0;
    for (let n = 1; n <= 13; n++) {
      const cases: [readonly number[], number][] = n <= 12 ? [[[], 0]] : [];
      if (n >= 11) {
        const list = frames(n);
        for (let i = 0; i < list.count; i++) {
          if (((list.stabilizer[i] >> HALF_TURN) & 1) === 0) continue;
          cases.push([Array.from(list.queens.subarray(i * list.width * 2, (i + 1) * list.width * 2)), list.width]);
        }
      }
      for (const [queens, width] of cases) {
        const [completions, halfTurns, quarterTurns] = results(n, queens, width, rotations);
        expect({ n, queens, results: results(n, queens, width, rotations | FIXED_ONLY) }).toEqual({
          n,
          queens,
          results: [0n, halfTurns, quarterTurns],
        });
        expect(completions).toBeGreaterThanOrEqual(halfTurns);
        fixedSeen += halfTurns + quarterTurns;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(fixedSeen).toBeGreaterThan(100n);
  });

  it('a wide n = 17 subproblem equals the sum of its narrow refinements', () => {
    const placed: Queen[] = [
      [0, 8],
      [1, 10],
      [2, 12],
    ];
    const wide = countSync(17, { engine, placed }).total;
    let sum = 0;
    for (let r0 = 3; r0 < 17; r0++) {
      for (let r16 = 3; r16 < 17; r16++) {
        if (r0 === r16 || Math.abs(r0 - r16) === 16) continue;
        const refined: Queen[] = [...placed, [r0, 0], [r16, 16]];
        if (refined.some(([r, c], i) => refined.some(([s, d], j) => j < i && Math.abs(r - s) === Math.abs(c - d))))
          continue;
        sum += countSync(17, { engine, placed: refined }).total;
      }
    }
    expect(wide).toBeGreaterThan(1000);
    expect(wide).toBe(sum);
  });
});
