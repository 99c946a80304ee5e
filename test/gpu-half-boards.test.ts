// The half-boards the GPU's join pairs (src/kernel/webgpu/half-boards.ts), listed on the host:
// paired on the CPU here, with the same weights, each row choice's lists count what the wasm
// kernel's join counts for it; and the buckets hold the list, sorted by key.

import { describe, expect, it } from 'vitest';
import { keyShape, pairWeight, restWord, SideLister } from '../src/kernel/webgpu/half-boards.js';
import { joinPlan, kernels, subproblemOf, unitCount } from './helpers/join-subproblem.js';

/** A side's half-boards, copied out of a lister of their own. */
function listSide(n: number, rows: number, east: boolean, middleRow: number) {
  const lister = new SideLister(n);
  const count = lister.list(rows, east, middleRow);
  return {
    count,
    first: lister.first.slice(0, count),
    second: lister.second.slice(0, count),
    key: lister.key.slice(0, count),
  };
}

/** A row choice counted from its listed half-boards, every west against every east. */
function countFromLists(n: number, eastRows: number, middleRow: number): bigint {
  let westRows = ((1 << n) - 1) & ~eastRows;
  if (middleRow >= 0) westRows &= ~(1 << middleRow);
  const west = listSide(n, westRows, false, middleRow);
  const east = listSide(n, eastRows, true, middleRow);
  const shape = keyShape(n);
  let total = 0n;
  for (let w = 0; w < west.count; w++)
    for (let e = 0; e < east.count; e++) {
      if ((west.first[w]! & east.first[e]!) !== 0 || (west.second[w]! & east.second[e]!) !== 0) continue;
      total += BigInt(pairWeight(shape, west.key[w]!, east.key[e]!));
    }
  return total;
}

describe('the GPU join’s half-boards', () => {
  const wasm = kernels.wasm();
  for (const n of [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]) {
    it(`n = ${n}: each row choice sampled counts from its lists what the wasm kernel's join counts`, () => {
      const plan = joinPlan(n);
      // Every row choice up to n = 11; past it, every 97th and the last.
      const step = n <= 11 ? 1 : 97;
      const picked = [...Array(Math.ceil(plan.count / step)).keys()].map((j) => j * step);
      picked.push(plan.count - 1);
      for (const i of picked) {
        const { eastRows, middleRow } = subproblemOf(n, i);
        expect(countFromLists(n, eastRows, middleRow), `n = ${n}, row choice ${i}`).toBe(
          unitCount(wasm, n, i, 1 << 20, 1 << 26),
        );
      }
    });
  }

  for (const n of [16, 20, 22, 24])
    it(`n = ${n}: a key holds the words' bits around the longest diagonals, and says which longest diagonals a half-board holds`, () => {
      const k = n >> 1;
      const shape = keyShape(n);
      const side = listSide(n, subproblemOf(n, 0).eastRows, true, subproblemOf(n, 0).middleRow);
      expect(side.count).toBeGreaterThan(0);
      const low = k - 1 - (shape.half >> 1);
      for (let i = 0; i < side.count; i += 7) {
        const [first, second, key] = [side.first[i]!, side.second[i]!, side.key[i]!];
        for (let bit = 0; bit < shape.half; bit++) {
          expect((key >>> bit) & 1).toBe((first >>> (low + bit)) & 1);
          expect((key >>> (shape.half + bit)) & 1).toBe((second >>> (low + bit)) & 1);
        }
        const held = ((first >>> (k - 1)) & 1) + ((second >>> (k - 1)) & 1);
        // Against an east half-board that holds neither: 2^held, plus 1 where this one holds neither too.
        expect(pairWeight(shape, key, 0)).toBe((1 << held) + (held === 0 ? 1 : 0));
      }
    });

  it('narrows a half-board to one word exactly where its shape says, n = 14..23, and keeps which pairs fit', () => {
    expect([...Array(19).keys()].map((i) => i + 6).filter((n) => keyShape(n).narrow)).toEqual([
      14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
    ]);
    for (const n of [14, 17, 20, 23]) {
      const k = n >> 1;
      const shape = keyShape(n);
      const count = joinPlan(n).count;
      let checked = 0;
      let fitting = 0;
      // Row choices across the plan, until a hundred pairs of disjoint keys are checked, some of them fitting.
      for (let i = 0; (checked < 100 || fitting < 5) && i < 200; i++) {
        const { eastRows, middleRow } = subproblemOf(n, Math.floor((i * count) / 199) % count);
        let westRows = ((1 << n) - 1) & ~eastRows;
        if (middleRow >= 0) westRows &= ~(1 << middleRow);
        const west = listSide(n, westRows, false, middleRow);
        const east = listSide(n, eastRows, true, middleRow);
        const [ws, es] = [Math.max(1, Math.floor(west.count / 40)), Math.max(1, Math.floor(east.count / 40))];
        for (let w = 0; w < west.count; w += ws)
          for (let e = 0; e < east.count; e += es) {
            if ((west.key[w]! & east.key[e]!) !== 0) continue;
            const fits = (west.first[w]! & east.first[e]!) === 0 && (west.second[w]! & east.second[e]!) === 0;
            const a = restWord(shape, k, west.first[w]!, west.second[w]!);
            const b = restWord(shape, k, east.first[e]!, east.second[e]!);
            expect((a & b) === 0, `n = ${n}, ${w} and ${e}`).toBe(fits);
            expect(a).not.toBe(0);
            checked++;
            if (fits) fitting++;
          }
      }
      expect(fitting, `n = ${n}: pairs that fit among those checked`).toBeGreaterThanOrEqual(5);
    }
  });

  it('sorts a side into buckets by key, keeping every half-board', () => {
    const lister = new SideLister(16);
    const count = lister.list(0b1010_0110_1001_0101, true, -1);
    const { buckets } = keyShape(16);
    lister.sortByKey();
    const { order, starts } = lister;
    expect(count).toBeGreaterThan(100);
    expect(starts[0]).toBe(0);
    expect(starts[buckets]).toBe(count);
    expect([...order].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
    for (let b = 0; b < buckets; b++)
      for (let p = starts[b]!; p < starts[b + 1]!; p++) expect(lister.key[order[p]!]).toBe(b);
  });

  it('lists each side anew with one lister, as a wave lists its row choices one after another', () => {
    const lister = new SideLister(15);
    const words = (rows: number, middleRow: number) => {
      const count = lister.list(rows, true, middleRow);
      return [...lister.first.subarray(0, count)].map((f, i) => `${f},${lister.second[i]}`).sort();
    };
    const rows = [0b000_1101_0110_1001, 0b101_0100_1011_0010, 0b010_0011_0100_1101];
    const alone = rows.map((r, i) => {
      const middle = [7, 3, 10][i]!;
      const count = new SideLister(15).list(r, true, middle);
      expect(count).toBeGreaterThan(0);
      return words(r, middle);
    });
    // Again in the other order on the same lister: the same lists.
    for (const i of [2, 1, 0]) expect(words(rows[i]!, [7, 3, 10][i]!)).toEqual(alone[i]);
  });
});
