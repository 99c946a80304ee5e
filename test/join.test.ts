// The join (assembly/join.ts and its TypeScript twin): every unit of a join's plan counted on both
// kernels and by an independent reference; the totals and unique counts it adds up to (a unique
// count that does not divide is an internal error); its parts when the room is small; and the way
// a count chooses it. test/join-widths.test.ts checks the units at every width of a side.

import { describe, expect, it } from 'vitest';
import { uniqueOf } from '../src/count.js';
import { count, countSync, InternalError } from '../src/index.js';
import { countWhole } from '../src/kernel/count-range.js';
import { defaultMethod } from '../src/plan/methods/index.js';
import { joinUnique } from '../src/plan/methods/join.js';
import { plan } from '../src/plan/plan.js';
import { joinPlan, kernels, referenceUnit, unitCount } from './helpers/join-subproblem.js';
import { knownCounts } from './helpers/known-counts.js';
import { seededRandom } from './helpers/random.js';
import { referenceSolutions } from './helpers/reference.js';

describe('the join, unit by unit', () => {
  for (const n of [6, 7, 8, 9, 10, 11]) {
    it(`n = ${n}: every unit of the plan, on both kernels, counts what the reference counts`, () => {
      const list = joinPlan(n);
      const solutions = referenceSolutions(n);
      const wasm = kernels.wasm();
      const js = kernels.js();
      for (let i = 0; i < list.count; i++) {
        const middleRow = list.width > 0 ? list.queens[2 * i] : -1;
        const expected = referenceUnit(n, list.choice[i], middleRow, solutions);
        const got = { wasm: unitCount(wasm, n, i, 1 << 20, 2 ** 30), js: unitCount(js, n, i, 1 << 20, 2 ** 30) };
        expect({ unit: i, ...got }).toEqual({ unit: i, wasm: expected, js: expected });
      }
    });
  }

  it('n = 12 and 13: random units, on both kernels, count what the reference counts', () => {
    const random = seededRandom(35);
    for (const n of [12, 13]) {
      const list = joinPlan(n);
      const solutions = referenceSolutions(n);
      const wasm = kernels.wasm();
      const js = kernels.js();
      for (let t = 0; t < 12; t++) {
        const i = Math.floor(random() * list.count);
        const middleRow = list.width > 0 ? list.queens[2 * i] : -1;
        const expected = referenceUnit(n, list.choice[i], middleRow, solutions);
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
      const list = joinPlan(n);
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

  it('the unique count of a real join tally of n = 6 to 14 (both kernels) is the known one, through the divisibility check', () => {
    for (const engine of ['wasm', 'js'] as const) {
      const kernel = kernels[engine]();
      for (let n = 6; n <= 14; n++) {
        const p = plan(n, null, null, 'join', 2 ** 30);
        const tally = countWhole(kernel, p);
        expect({ engine, n, unique: uniqueOf(p, tally) }).toEqual({ engine, n, unique: knownCounts.get(n)!.unique });
      }
    }
  });

  it('a tally whose total + F180 + 2 F90 is not divisible by 8 throws InternalError (ERR_NQUEENS_INTERNAL) naming n, never a rounded unique count', () => {
    const n = 12;
    const p = plan(n, null, null, 'join', 2 ** 30);
    const right = countWhole(kernels.wasm(), p);
    // Off by 1 to 7 in either word: a sum 8 does not divide, which a truncating division would round.
    for (const [total, unique] of [
      [right.total + 1n, right.unique],
      [right.total, right.unique + 4n],
      [right.total - 3n, right.unique],
    ]) {
      const wrong = { total, unique };
      const thrown = (() => {
        try {
          uniqueOf(p, wrong);
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(thrown).toBeInstanceOf(InternalError);
      expect((thrown as InternalError).code).toBe('ERR_NQUEENS_INTERNAL');
      expect((thrown as InternalError).message).toMatch(new RegExp(`\\bn = ${n}\\b`));
      expect(() => joinUnique(wrong, 19)).toThrow(/\bn = 19\b/);
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

describe('the method a count goes by', () => {
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

  it('on the GPU: the join from n = 16 on a software adapter, where it was timed; a hardware GPU searches', () => {
    const software = { name: 'llvmpipe', software: true };
    const hardware = { name: 'NVIDIA H100', software: false };
    expect(defaultMethod(16, null, 'webgpu', software)).toBe('join');
    expect(defaultMethod(27, null, 'webgpu', software)).toBe('join');
    expect(defaultMethod(15, null, 'webgpu', software)).toBe('backtrack');
    expect(defaultMethod(28, null, 'webgpu', software)).toBe('backtrack');
    expect(defaultMethod(18, [[0, 1]], 'webgpu', software)).toBe('backtrack');
    expect(defaultMethod(18, null, 'webgpu', hardware)).toBe('backtrack');
    // Before the GPU is set up, no adapter: the search.
    expect(defaultMethod(18, null, 'webgpu')).toBe('backtrack');
  });
});
