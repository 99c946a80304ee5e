// The symmetry frames: one representative per class, with weights that cover every frame once.
import { describe, expect, it } from 'vitest';
import { framePlan } from '../src/plan/frames.js';
import { SYMMETRIES, transform } from '../src/symmetry.js';

/** Every frame of the board, by brute force: the queens of each solution on the four border lines. */
function allFrames(n: number): Set<string> {
  const frames = new Set<string>();
  const cols = new Array<number>(n);
  const place = (row: number) => {
    if (row === n) {
      const border: string[] = [];
      cols.forEach((c, r) => {
        if (r === 0 || r === n - 1 || c === 0 || c === n - 1) border.push(`${r},${c}`);
      });
      frames.add(border.sort().join(' '));
      return;
    }
    for (let c = 0; c < n; c++) {
      let ok = true;
      for (let r = 0; r < row && ok; r++) ok = cols[r] !== c && Math.abs(cols[r] - c) !== row - r;
      if (ok) {
        cols[row] = c;
        place(row + 1);
      }
    }
  };
  place(0);
  return frames;
}

function key(n: number, queens: readonly number[], g: number): string {
  const out: string[] = [];
  for (let i = 0; i < queens.length; i += 2) out.push(transform(g, n, queens[i], queens[i + 1]).join(','));
  return out.sort().join(' ');
}

describe('framePlan', () => {
  it.each([5, 6, 7, 8, 9, 10])('n = %i: the orbits of the planned frames cover every frame that occurs in a solution, each once', (n) => {
    const plan = framePlan(n);
    const covered = new Map<string, number>();
    for (const frame of plan) {
      const orbit = new Set(Array.from({ length: SYMMETRIES }, (_, g) => key(n, frame.queens, g)));
      expect(orbit.size).toBe(frame.weight);
      let stabilizer = 0;
      for (let g = 0; g < SYMMETRIES; g++) if (key(n, frame.queens, g) === key(n, frame.queens, 0)) stabilizer |= 1 << g;
      expect(stabilizer).toBe(frame.stabilizer);
      for (const k of orbit) covered.set(k, (covered.get(k) ?? 0) + 1);
    }
    expect([...covered.values()].every((times) => times === 1)).toBe(true);
    for (const frame of allFrames(n)) expect(covered.has(frame)).toBe(true);
  });

  it('is the same list every time (shards and workers rely on it)', () => {
    expect(framePlan(9).map((f) => f.queens.join())).toEqual(framePlan(9).map((f) => f.queens.join()));
  });
});
