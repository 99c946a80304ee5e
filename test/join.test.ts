// The join (assembly/join.ts and its TypeScript twin): every unit of a join's plan counted on both
// kernels and by an independent reference; the totals and unique counts it adds up to; its parts
// when the room is small; and the way a count chooses it.

import { describe, expect, it } from 'vitest';
import { FIXED_JOIN, RESULT_COMPLETIONS } from '../assembly/layout.js';
import { count, countSync } from '../src/index.js';
import { jsKernel } from '../src/kernel/js/index.js';
import type { Kernel } from '../src/kernel/kernel.js';
import { compileKernelSync } from '../src/kernel/wasm/compile.js';
import { wasmKernel } from '../src/kernel/wasm/kernel.js';
import { instantiateKernelSync } from '../src/kernel/wasm/module.js';
import { joinUnits } from '../src/plan/join-units.js';
import { plan } from '../src/plan/plan.js';
import { knownCounts } from './helpers/known-counts.js';
import { seededRandom } from './helpers/random.js';
import { referenceSolutions } from './helpers/reference.js';

const kernels: Record<'wasm' | 'js', () => Kernel> = {
  wasm: () => wasmKernel(instantiateKernelSync(compileKernelSync())),
  js: () => jsKernel(),
};

/** Unit i of n's join plan counted alone on `kernel`, in calls of `budget` steps, with lists of `room` bytes. */
function unitCount(kernel: Kernel, n: number, i: number, budget: number, room: number): bigint {
  const list = joinUnits(n, null);
  const pairs = list.width * 2;
  kernel.subproblems.set(list.queens.subarray(i * pairs, (i + 1) * pairs));
  kernel.fixed[0] = FIXED_JOIN;
  kernel.eastRows[0] = list.eastRows![i];
  kernel.startBatch(1, n, list.width, room);
  while (kernel.countSteps(budget) < 1);
  return kernel.bigResult(0, RESULT_COMPLETIONS);
}

/**
 * What a unit counts, by the reference: over the solutions of n with this unit's row choice (the
 * queen of each row in `eastRows` right of the middle, of every other row left of it; on an odd
 * board the middle column's queen on `middleRow`), 2^w where no east queen stands on one of the two
 * longest diagonals (w: the west queens on them), plus 2^e where no west queen does (e: the east
 * ones). assembly/join.ts says why that, over a class of choices, adds up to its solutions.
 */
function referenceUnit(n: number, eastRows: number, middleRow: number, solutions: number[][]): bigint {
  const half = n >> 1;
  const middleCol = (n - 1) >> 1;
  let found = 0n;
  for (const cols of solutions) {
    if (middleRow >= 0 && cols[middleRow] !== middleCol) continue;
    const fits = cols.every((col, row) => row === middleRow || ((eastRows >>> row) & 1) === (col >= n - half ? 1 : 0));
    if (!fits) continue;
    let east = 0;
    let west = 0;
    cols.forEach((col, row) => {
      if (row === middleRow || (row !== col && row + col !== n - 1)) return;
      if (col >= n - half) east++;
      else west++;
    });
    found += (east === 0 ? 2n ** BigInt(west) : 0n) + (west === 0 ? 2n ** BigInt(east) : 0n);
  }
  return found;
}

describe('the join, unit by unit', () => {
  for (const n of [6, 7, 8, 9, 10, 11]) {
    it(`n = ${n}: every unit of the plan, on both kernels, counts what the reference counts`, () => {
      const list = joinUnits(n, null);
      const solutions = referenceSolutions(n);
      const wasm = kernels.wasm();
      const js = kernels.js();
      for (let i = 0; i < list.count; i++) {
        const middleRow = list.width > 0 ? list.queens[2 * i] : -1;
        const expected = referenceUnit(n, list.eastRows![i], middleRow, solutions);
        const got = { wasm: unitCount(wasm, n, i, 1 << 20, 2 ** 30), js: unitCount(js, n, i, 1 << 20, 2 ** 30) };
        expect({ unit: i, ...got }).toEqual({ unit: i, wasm: expected, js: expected });
      }
    });
  }

  it('n = 12 and 13: random units, on both kernels, count what the reference counts', () => {
    const random = seededRandom(35);
    for (const n of [12, 13]) {
      const list = joinUnits(n, null);
      const solutions = referenceSolutions(n);
      const wasm = kernels.wasm();
      const js = kernels.js();
      for (let t = 0; t < 12; t++) {
        const i = Math.floor(random() * list.count);
        const middleRow = list.width > 0 ? list.queens[2 * i] : -1;
        const expected = referenceUnit(n, list.eastRows![i], middleRow, solutions);
        expect({
          n,
          unit: i,
          wasm: unitCount(wasm, n, i, 1 << 20, 2 ** 30),
          js: unitCount(js, n, i, 1 << 20, 2 ** 30),
        }).toEqual({ n, unit: i, wasm: expected, js: expected });
      }
    }
  });

  it('n = 14 to 17: random units give the same count on both kernels, whole and in parts of the smallest room, in calls of any size', () => {
    const random = seededRandom(1735);
    const wasm = kernels.wasm();
    const js = kernels.js();
    for (const n of [14, 15, 16, 17]) {
      const list = joinUnits(n, null);
      for (let t = 0; t < 4; t++) {
        const i = Math.floor(random() * list.count);
        const whole = unitCount(wasm, n, i, 1 << 30, 2 ** 30);
        // Room 0: lists of JOIN_ROOM_MIN half-boards, shorter than these units' (taken in parts).
        expect({ n, unit: i, js: unitCount(js, n, i, 1 << 30, 2 ** 30) }).toEqual({ n, unit: i, js: whole });
        expect({ n, unit: i, parts: unitCount(wasm, n, i, 1 << 30, 0) }).toEqual({ n, unit: i, parts: whole });
        expect({ n, unit: i, jsParts: unitCount(js, n, i, 1 << 30, 0) }).toEqual({ n, unit: i, jsParts: whole });
        expect({ n, unit: i, stepByStep: unitCount(wasm, n, i, 1, 2 ** 30) }).toEqual({
          n,
          unit: i,
          stepByStep: whole,
        });
        expect({ n, unit: i, jsStepByStep: unitCount(js, n, i, 3, 0) }).toEqual({ n, unit: i, jsStepByStep: whole });
      }
    }
  });

  it("a plan's units are one row choice of each class, weighted by half its size: the weights add up to half the choices", () => {
    const binomial = (a: number, b: number) => {
      let r = 1;
      for (let i = 1; i <= b; i++) r = (r * (a - b + i)) / i;
      return r;
    };
    for (let n = 6; n <= 19; n++) {
      const list = joinUnits(n, null);
      const choices = n % 2 === 0 ? binomial(n, n / 2) : n * binomial(n - 1, (n - 1) / 2);
      expect({ n, halfTheChoices: list.weight.reduce((sum, w) => sum + w, 0) }).toEqual({
        n,
        halfTheChoices: choices / 2,
      });
    }
  });
});

describe('counts by the join', () => {
  for (const engine of ['wasm', 'js'] as const) {
    it(`${engine}: totals and unique counts are OEIS A000170 and A002562 for n = 6 to ${engine === 'wasm' ? 16 : 15}`, () => {
      for (let n = 6; n <= (engine === 'wasm' ? 16 : 15); n++) {
        const r = countSync(n, { engine, method: 'join' });
        expect({ n, method: r.method, ...r.exact }).toEqual({ n, method: 'join', ...knownCounts.get(n) });
      }
    });
  }

  it('the unique count is (total + F180 + 2 F90) / 8 for n > 1, with the fixed solutions counted by the reference', () => {
    const rotate = (cols: readonly number[]) => {
      const n = cols.length;
      const out = new Array<number>(n);
      cols.forEach((c, r) => {
        out[c] = n - 1 - r;
      });
      return out;
    };
    // (On a 1×1 board the reflections fix the one solution too.)
    for (let n = 2; n <= 10; n++) {
      const solutions = referenceSolutions(n);
      const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x === b[i]);
      const f90 = solutions.filter((s) => same(rotate(s), s)).length;
      const f180 = solutions.filter((s) => same(rotate(rotate(s)), s)).length;
      const unique = (solutions.length + f180 + 2 * f90) / 8;
      expect({ n, unique: BigInt(unique) }).toEqual({ n, unique: knownCounts.get(n)!.unique });
    }
  });

  it('the shards of a join add up to the total, and their sum matches backtracking', async () => {
    const parts = 5;
    let sum = 0n;
    for (let index = 0; index < parts; index++) {
      const r = await count(15, { method: 'join', shard: { index, count: parts } });
      expect(r.unique).toBe(null);
      sum += r.exact.total;
    }
    expect(sum).toBe(countSync(15, { method: 'backtrack' }).exact.total);
  });

  it('a small maxMemory takes the lists in parts, and the count stays exact (TS and wasm, worker threads too)', async () => {
    expect(countSync(16, { method: 'join', maxMemory: 2 ** 20 }).exact).toEqual(knownCounts.get(16));
    expect(countSync(14, { engine: 'js', method: 'join', maxMemory: 2 ** 20 }).exact).toEqual(knownCounts.get(14));
    expect((await count(16, { method: 'join', maxMemory: 2 ** 20, workers: 2 })).exact).toEqual(knownCounts.get(16));
  });

  it('worker threads count a join exactly, and report progress by units', async () => {
    const seen: number[] = [];
    const r = await count(16, { method: 'join', workers: 2, onProgress: (p) => seen.push(p.done) });
    expect(r.exact).toEqual(knownCounts.get(16));
    expect(r.method).toBe('join');
    expect(seen.at(-1)).toBe(plan(16, null, null, 'join').subproblems.count);
  });
});

describe('the way a count goes', () => {
  it('by default: the join on big boards (from n = 16 on wasm, 14 on TS), backtracking on small ones and with placed queens', async () => {
    expect(countSync(16).method).toBe('join');
    expect(countSync(12).method).toBe('backtrack');
    expect(countSync(16, { placed: [[0, 1]] }).method).toBe('backtrack');
    expect((await count(15)).method).toBe('backtrack');
    expect((await count(16)).method).toBe('join');
    // The TS engine's search is slower, and the join pays from a smaller board on.
    expect(countSync(14, { engine: 'js' }).method).toBe('join');
    expect(countSync(13, { engine: 'js' }).method).toBe('backtrack');
    expect(countSync(16, { method: 'backtrack' }).method).toBe('backtrack');
  });
});
