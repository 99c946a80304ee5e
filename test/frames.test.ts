// The symmetry frames: one representative per class, with weights that cover every frame once.
import { describe, expect, it } from 'vitest';
import type { Subproblems } from '../src/kernel/subproblems.js';
import { frames, halfTurnFrames } from '../src/plan/frames.js';
import { HALF_TURN, SYMMETRIES, transform } from '../src/symmetry.js';

/** The queens of subproblem i, without padding, as [row, col, ...]. */
function queensOf(list: Subproblems, i: number): number[] {
  const out: number[] = [];
  for (let q = 0; q < list.width; q++) {
    const at = (i * list.width + q) * 2;
    if (list.queens[at] >= 0) out.push(list.queens[at], list.queens[at + 1]);
  }
  return out;
}

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

/**
 * Every frame of the board by its definition alone: one queen on each border line (a corner queen
 * on two), no two attacking. Independent of the planner's loops and of its test on images.
 */
function validFrames(n: number): Set<string> {
  const m = n - 1;
  const frames = new Set<string>();
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (let k = 0; k < n; k++) {
        for (let l = 0; l < n; l++) {
          const squares = [...new Set([`0,${a}`, `${m},${b}`, `${k},0`, `${l},${m}`])].map((s) =>
            s.split(',').map(Number),
          );
          const onLine = (inLine: (r: number, c: number) => boolean) =>
            squares.filter(([r, c]) => inLine(r, c)).length === 1;
          if (
            !onLine((r) => r === 0) ||
            !onLine((r) => r === m) ||
            !onLine((_, c) => c === 0) ||
            !onLine((_, c) => c === m)
          )
            continue;
          let attack = false;
          for (let i = 0; i < squares.length; i++) {
            for (let j = i + 1; j < squares.length; j++) {
              const [r1, c1] = squares[i];
              const [r2, c2] = squares[j];
              attack ||= r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);
            }
          }
          if (!attack)
            frames.add(
              squares
                .map((q) => q.join(','))
                .sort()
                .join(' '),
            );
        }
      }
    }
  }
  return frames;
}

function key(n: number, queens: readonly number[], g: number): string {
  const out: string[] = [];
  for (let i = 0; i < queens.length; i += 2) out.push(transform(g, n, queens[i], queens[i + 1]).join(','));
  return out.sort().join(' ');
}

/**
 * How many times each frame is covered by the orbits of the planned frames, after checking each
 * planned frame's weight (its orbit's size) and stabilizer (the symmetries that fix it).
 */
function orbitsOfPlannedFrames(n: number): Map<string, number> {
  const list = frames(n);
  const covered = new Map<string, number>();
  for (let i = 0; i < list.count; i++) {
    const queens = queensOf(list, i);
    const orbit = new Set(Array.from({ length: SYMMETRIES }, (_, g) => key(n, queens, g)));
    expect({ frame: i, weight: list.weight[i] }).toEqual({ frame: i, weight: orbit.size });
    let stabilizer = 0;
    for (let g = 0; g < SYMMETRIES; g++) if (key(n, queens, g) === key(n, queens, 0)) stabilizer |= 1 << g;
    expect({ frame: i, stabilizer: list.stabilizer[i] }).toEqual({ frame: i, stabilizer });
    for (const k of orbit) covered.set(k, (covered.get(k) ?? 0) + 1);
  }
  return covered;
}

describe('frames', () => {
  it.each([5, 6, 7, 8, 9, 10])(
    'n = %i: the orbits of the planned frames cover every frame that occurs in a solution, each once',
    (n) => {
      const covered = orbitsOfPlannedFrames(n);
      expect([...covered.values()].every((times) => times === 1)).toBe(true);
      for (const frame of allFrames(n)) expect(covered.has(frame)).toBe(true);
    },
  );

  it.each([1, 2, 3, 4, 11, 12, 13, 14, 15, 16])(
    'n = %i: the orbits of the planned frames are exactly the frames of the board (one queen per border line, none attacking), each covered once, with the right weights and stabilizers',
    (n) => {
      const covered = orbitsOfPlannedFrames(n);
      expect([...covered.values()].filter((times) => times !== 1)).toEqual([]);
      expect([...covered.keys()].sort()).toEqual([...validFrames(n)].sort());
    },
  );

  it.each([1, 2, 3, 4, 5, 8, 11, 12, 16, 17, 23, 32])(
    'n = %i: halfTurnFrames lists the frames a half turn fixes, as frames(n) has them, in its order',
    (n) => {
      const all = frames(n);
      const kept: number[] = [];
      for (let i = 0; i < all.count; i++) if ((all.stabilizer[i]! >> HALF_TURN) & 1) kept.push(i);
      const fixed = halfTurnFrames(n);
      expect(fixed.count).toBe(kept.length);
      expect(Array.from({ length: fixed.count }, (_, i) => queensOf(fixed, i))).toEqual(
        kept.map((i) => queensOf(all, i)),
      );
      expect(Array.from(fixed.weight)).toEqual(kept.map((i) => all.weight[i]));
      expect(Array.from(fixed.stabilizer)).toEqual(kept.map((i) => all.stabilizer[i]));
    },
  );

  it('planned twice from scratch, gives the same list in the same order (shards and checkpoints rely on it)', () => {
    const first = frames(11);
    const second = frames(11);
    expect(second).not.toBe(first);
    expect(second.count).toBeGreaterThan(100);
    expect(second).toEqual(first);
  });
});
