// What the join's panel shows at a step (demo/src/join-view.ts), read against the walk it shows:
// the words and their ANDs, the buckets met and skipped, the queens on the board, the sums.

import { describe, expect, it } from 'vitest';
import { JOIN_CODE, joinLineOf } from '../demo/src/join-code.js';
import { choiceEnd } from '../demo/src/join-panel.js';
import { joinView } from '../demo/src/join-view.js';
import { type JoinStep, JoinWalk } from '../demo/src/join-walk.js';

const walk8 = new JoinWalk(8);

/** The first step of `kind` from `from` on that `where` accepts. */
function find(
  walk: JoinWalk,
  kind: JoinStep['kind'],
  where: (step: JoinStep) => boolean = () => true,
  from = 0,
): number {
  for (let i = from; i <= walk.last; i++) {
    const step = walk.step(i);
    if (step.kind === kind && where(step)) return i;
  }
  throw new Error(`no ${kind} step`);
}

/**
 * The diagonal a refusal names (first ↗ r + c = d, or second ↘ r − c = d) holds a queen of each
 * of the two boards refused: one of `rows` and one of the others shown.
 */
function expectSharedDiagonal(message: string, queens: (number | undefined)[], rows: readonly number[]): void {
  const named = message.match(/they share (first ↗ diagonal r \+ c|second ↘ diagonal r − c) = (−?\d+)$/);
  expect(named, message).not.toBeNull();
  const d = Number(named![2].replace('−', '-'));
  const on = queens.flatMap((c, r) =>
    c === undefined ? [] : (named![1].startsWith('first') ? r + c : r - c) === d ? [r] : [],
  );
  expect(on.some((r) => rows.includes(r))).toBe(true);
  expect(on.some((r) => !rows.includes(r))).toBe(true);
}

const bitsOf = (value: number, width: number) => [...Array(width).keys()].map((i) => (value >>> i) & 1).join('');

describe('the join panel’s views', () => {
  it('a row choice: its rows lettered, its class and class size, its line of code with the values', () => {
    const f = joinView(walk8, 0);
    const choice = walk8.subproblems[0];
    expect(f.kind).toBe('choice');
    expect(f.sides.join('')).toBe([...Array(8).keys()].map((r) => (choice.east.includes(r) ? 'E' : 'W')).join(''));
    expect(f.choices[0]).toBe(f.sides.join(''));
    expect(f.choices).toHaveLength(choice.classSize);
    expect(new Set(f.choices).size).toBe(choice.classSize);
    expect(JOIN_CODE[f.line]).toContain('rowChoices(n)');
    expect(f.values).toBe(
      `east = [${choice.east.join(', ')}], west = [${choice.west.join(', ')}], middle = -1, classSize = ${choice.classSize}`,
    );
    expect(f.queens.every((c) => c === undefined)).toBe(true);
  });

  it('an odd board: the middle row lettered M, its queen on the middle column at every step of the choice', () => {
    const walk = new JoinWalk(7);
    const choice = walk.subproblems[3];
    for (let i = choice.start; i < choice.start + choice.steps; i++) {
      const f = joinView(walk, i);
      expect(f.sides[choice.middle]).toBe('M');
      expect(f.queens[choice.middle]).toBe(3);
    }
  });

  it('a join refused for a column shows the shared column in the AND, and one accepted an AND of zero', () => {
    const refused = find(walk8, 'join', (s) => {
      const side =
        s.side === 'west' ? walk8.subproblems[s.subproblem].westSide : walk8.subproblems[s.subproblem].eastSide;
      return side.candidates[s.index].clash === 'column';
    });
    const f = joinView(walk8, refused);
    expect(f.message).toMatch(/refused: they share a column$/);
    const and = f.words.find((w) => w.role === 'and')!;
    expect(and.name).toBe('cols AND');
    expect(and.bits).toMatch(/1/);
    const queens = f.queens.filter((c) => c !== undefined);
    expect(new Set(queens).size).toBeLessThan(queens.length);
    const accepted = find(walk8, 'join', (s) => {
      const side =
        s.side === 'west' ? walk8.subproblems[s.subproblem].westSide : walk8.subproblems[s.subproblem].eastSide;
      return side.candidates[s.index].clash === '';
    });
    const g = joinView(walk8, accepted);
    expect(g.message).toMatch(/accepted: half-board 1$/);
    expect(g.words.find((w) => w.role === 'and')!.bits).toBe('0'.repeat(15));
  });

  it('a west half-board meets the buckets whose key shares no bit with its own, and the tests add up', () => {
    const at = find(walk8, 'west', (s) => walk8.subproblems[s.subproblem].westSide.halves[s.index].key !== 0);
    const f = joinView(walk8, at);
    const step = walk8.step(at);
    const choice = walk8.subproblems[step.subproblem];
    const key = choice.westSide.halves[step.index].key;
    expect(f.buckets).toHaveLength(16);
    for (const bucket of f.buckets) {
      expect(bucket.state).toBe((bucket.key & key) === 0 ? 'meets' : 'skips');
      expect(bucket.size).toBe(choice.eastSide.halves.filter((e) => e.key === bucket.key).length);
      expect(bucket.bits).toBe(bitsOf(bucket.key, 4));
    }
    const met = f.buckets.filter((b) => b.state === 'meets').reduce((s, b) => s + b.size, 0);
    expect([f.tested, f.skipped]).toEqual([met, choice.eastSide.halves.length - met]);
    expect(f.skipped).toBeGreaterThan(0);
  });

  it('a pair that fits draws a whole solution, its ANDs zero; one that clashes shows where', () => {
    const fit = find(walk8, 'pair', (s) => walk8.subproblems[s.subproblem].probes[s.index].tests[s.test].fits);
    const f = joinView(walk8, fit);
    const cols = f.queens as number[];
    expect(cols.every((c) => c !== undefined)).toBe(true);
    for (let a = 0; a < 8; a++)
      for (let b = a + 1; b < 8; b++) {
        expect(cols[a]).not.toBe(cols[b]);
        expect(Math.abs(cols[a] - cols[b])).not.toBe(b - a);
      }
    expect(f.words.filter((w) => w.role === 'and').map((w) => w.bits)).toEqual(['0'.repeat(15), '0'.repeat(15)]);
    const { classSize } = walk8.subproblems[f.subproblem];
    expect(f.message).toMatch(
      new RegExp(
        `both ANDs are zero, so the pair fits: pair 1 of this row choice, ${classSize} solutions? with its class, ${f.found} so far$`,
      ),
    );
    const clash = find(walk8, 'pair', (s) => !walk8.subproblems[s.subproblem].probes[s.index].tests[s.test].fits);
    const g = joinView(walk8, clash);
    expect(g.words.filter((w) => w.role === 'and').some((w) => w.bits.includes('1'))).toBe(true);
    expectSharedDiagonal(g.message, g.queens as number[], walk8.subproblems[g.subproblem].west);
  });

  it('the sums: each row choice once it is summed, pairs times class size, to the total; Burnside at the end', () => {
    const firstSum = find(walk8, 'sum');
    expect(joinView(walk8, firstSum - 1).tally).toEqual([]);
    const f = joinView(walk8, firstSum);
    expect(f.tally).toHaveLength(1);
    expect(f.total).toBe(f.tally[0].pairs * f.tally[0].classSize);
    const end = joinView(walk8, walk8.last);
    expect(end.kind).toBe('done');
    expect(end.tally).toHaveLength(walk8.subproblems.length);
    expect(end.tally.reduce((s, t) => s + t.pairs * t.classSize, 0)).toBe(92);
    expect(end.burnside).toBe('12 = (92 + 4 + 2 × 0) / 8');
    expect(end.kept!.halfTurn).toHaveLength(4);
    expect(end.message).toBe('Done: 92 solutions for n = 8, 12 unique');
    expect(end.line).toBe(joinLineOf('done'));
  });

  it('says a side with no row in a half has one empty quarter-board', () => {
    const walk = new JoinWalk(6);
    const at = find(walk, 'quarter', (s) => {
      const side =
        s.side === 'west' ? walk.subproblems[s.subproblem].westSide : walk.subproblems[s.subproblem].eastSide;
      return (s.part === 'north' ? side.northRows : side.southRows).length === 0;
    });
    expect(joinView(walk, at).message).toMatch(/no row in this half, so one empty quarter-board$/);
  });

  it.each([6, 7, 8])(
    'n = %i: the pair jump stops at each pair that fits, and the solutions so far grow by its class size there',
    (n) => {
      const walk = new JoinWalk(n);
      const fitting: number[] = [];
      let found = 0;
      for (let i = 0; i <= walk.last; i++) {
        const step = walk.step(i);
        const v = joinView(walk, i);
        const fits = step.kind === 'pair' && walk.subproblems[step.subproblem].probes[step.index].tests[step.test].fits;
        if (fits) {
          fitting.push(i);
          found += walk.subproblems[step.subproblem].classSize;
        }
        // Each step shows the solutions found up to it, counted as the sums count them.
        expect(v.found).toBe(found);
        if (step.kind === 'pair' || step.kind === 'west')
          expect(v.foundHow).toBe(
            `${walk.subproblems[step.subproblem].before} before this row choice + ${step.pairs} pair${step.pairs === 1 ? '' : 's'} × class size ${walk.subproblems[step.subproblem].classSize}`,
          );
      }
      expect(walk.fittingPairs).toEqual(fitting);
      expect(found).toBe(walk.sums.total);
      expect(fitting.length).toBe(walk.subproblems.reduce((s, u) => s + u.pairs, 0));
      if (n === 6) expect([fitting.length, found]).toEqual([2, 4]);
      if (n === 8) expect([fitting.length, found]).toEqual([34, 92]);
    },
  );

  it('a refused meeting names the diagonal the two quarter-boards share, and each has a queen on it', () => {
    const sideOf = (s: JoinStep) =>
      s.side === 'west' ? walk8.subproblems[s.subproblem].westSide : walk8.subproblems[s.subproblem].eastSide;
    const at = find(walk8, 'join', (s) => sideOf(s).candidates[s.index].clash === 'diagonal');
    const v = joinView(walk8, at);
    expectSharedDiagonal(v.message, v.queens, sideOf(walk8.step(at)).northRows);
  });

  it('names every diagonal word by its direction and arrow: first ↗, second ↘', () => {
    for (const at of [find(walk8, 'quarter'), find(walk8, 'join'), find(walk8, 'west'), find(walk8, 'pair')])
      for (const word of joinView(walk8, at).words) {
        if (word.name.includes('key') || word.name.includes('cols')) continue;
        expect(word.name).toMatch(/first ↗|second ↘/);
        expect(word.name).not.toMatch(/first(?! ↗)|second(?! ↘)/);
      }
  });
  it.each([6, 7, 8, 9, 10])(
    'n = %i: the key is what the buckets stage says: the queens on first r + c = n − 1, n and second r − c = 0, 1',
    (n) => {
      const walk = new JoinWalk(n);
      const why = joinView(walk, find(walk, 'buckets')).why;
      expect(why).toContain(
        `first ↗ diagonal r + c = ${n - 1} (the longest) and ${n}, and second ↘ diagonal r − c = 0 (the longest) and 1, its bits in that order`,
      );
      for (const choice of walk.subproblems)
        for (const [side, rows] of [
          [choice.eastSide, choice.east],
          [choice.westSide, choice.west],
        ] as const)
          for (const half of side.halves) {
            const squares = rows.map((r, i) => [r, half.queens[i]]);
            const has = (test: (r: number, c: number) => boolean) => (squares.some(([r, c]) => test(r, c)) ? 1 : 0);
            const bits = [
              has((r, c) => r + c === n - 1),
              has((r, c) => r + c === n),
              has((r, c) => r === c),
              has((r, c) => r - c === 1),
            ];
            expect(bits.reduce((key, bit, i) => key | (bit << i), 0)).toBe(half.key);
          }
    },
  );

  it('says at each stage why it works, its words defined where first shown', () => {
    const walk = new JoinWalk(8);
    const why = (kind: JoinStep['kind']) => joinView(walk, find(walk, kind)).why;
    const first = walk.subproblems[0];
    expect(why('choice')).toMatch(
      /^Why one row choice of each mirror class: mirroring the board left to right swaps east and west, and top to bottom reverses the rows;/,
    );
    expect(why('choice')).toContain(`(its mirror class, ${first.classSize} in all)`);
    expect(why('quarter')).toMatch(/^Why quarter-boards: .* in the top half \(north\) or the bottom half \(south\)/);
    expect(why('join')).toMatch(
      /^Why meet them: .*\(the quarter-boards met\).* only where they share no column and no diagonal/,
    );
    expect(why('buckets')).toMatch(
      /^Why keys: .* so a west half-board reads no east one in a bucket whose key shares a bit with its own\.$/,
    );
    expect(why('west')).toMatch(/^Why it skips the ✗ buckets unread:/);
    expect(why('pair')).toMatch(/^Why a pair that fits is a solution: .* only a diagonal, which the two ANDs test\.$/);
    expect(why('sum')).toBe(
      `Why × class size: each of the ${first.classSize} row choices of the class has as many solutions as this one, the mirror images of its own, so this one's pairs count ${first.classSize} times.`,
    );
    const end = joinView(walk, walk.last).why;
    expect(end).toMatch(/^Why Burnside divides by 8: the board has eight symmetries/);
    for (const reason of [
      'no solution is its own mirror image',
      'the two quarter turns keep the same F90 boards',
      'the half turn keeps F180',
    ])
      expect(end).toContain(reason);
  });

  it('n = 6: the walk opens on a row choice with no pair and says why its lists are short', () => {
    const walk = new JoinWalk(6);
    expect(joinView(walk, 0).message).toBe(
      'Row choice 1 of 7: rows 0, 1 and 2 east; its class holds 2 choices, so each of its pairs counts 2 times. It has no pair, so its lists are short: the east side has no north quarter-board, as no queens fit on rows 0, 1 and 2 in columns 3 to 5 without two sharing a column or a diagonal; so no east half-board',
    );
  });

  it.each([6, 7, 8, 9, 10])(
    'n = %i: a row choice says why it has no pair exactly where a side makes no half-board',
    (n) => {
      const walk = new JoinWalk(n);
      for (const choice of walk.subproblems) {
        const message = joinView(walk, choice.start).message;
        const empty = [choice.eastSide, choice.westSide].some((side) => side.halves.length === 0);
        expect(message.includes('. It has no pair, so its lists are short: '), message).toBe(empty);
        if (empty) expect(choice.pairs).toBe(0);
        for (const [name, side] of [
          ['east', choice.eastSide],
          ['west', choice.westSide],
        ] as const)
          for (const part of ['north', 'south'] as const)
            if (message.includes(`the ${name} side has no ${part} quarter-board`)) expect(side[part]).toEqual([]);
      }
    },
  );
  it.each([6, 7, 8])(
    'n = %i: the board draws the key diagonals where keys are read, each square a key diagonal’s, in the key’s bit order',
    (n) => {
      const walk = new JoinWalk(n);
      const keySquares = new Set<string>();
      for (let r = 0; r < n; r++)
        for (let c = 0; c < n; c++)
          if (r + c === n - 1 || r + c === n || r - c === 0 || r - c === 1) keySquares.add(`${r},${c}`);
      let drawn = 0;
      for (let at = 0; at <= walk.last; at++) {
        const step = walk.step(at);
        const v = joinView(walk, at);
        expect(v.southFrom).toBe(Math.ceil(n / 2));
        const keys = v.diagonals.filter((d) => d.role === 'key');
        if (!['buckets', 'west', 'pair'].includes(step.kind)) {
          expect(keys).toEqual([]);
          continue;
        }
        drawn++;
        expect(keys.map((d) => `${d.direction} ${d.bit}`)).toEqual([
          `first ${n - 1}`,
          `first ${n}`,
          `second ${n - 1}`,
          `second ${n}`,
        ]);
        const squares = keys.flatMap((d) => d.squares.map(([r, c]) => `${r},${c}`));
        expect(new Set(squares)).toEqual(keySquares);
        for (const d of keys)
          for (const [r, c] of d.squares) expect(d.direction === 'first' ? r + c : r - c + n - 1).toBe(d.bit);
        if (step.kind === 'west') {
          // The west half-board's key has a bit set exactly where a queen of it stands on that diagonal.
          const choice = walk.subproblems[step.subproblem];
          const w = choice.westSide.halves[choice.probes[step.index].west];
          const on = keys.map((d) =>
            choice.west.some((r, i) => d.squares.some(([dr, dc]) => dr === r && dc === w.queens[i])) ? 1 : 0,
          );
          expect(on.reduce((key: number, bit, i) => key | (bit << i), 0)).toBe(w.key);
        }
        expect(v.summary).toContain(
          `Key diagonals marked with their arrows: ${keys
            .map((d) => d.name)
            .join(', ')
            .replace(/, (?!.*, )/, ' and ')}.`,
        );
      }
      expect(drawn).toBeGreaterThan(0);
    },
  );

  it.each([6, 7, 8])(
    'n = %i: every refusal on a diagonal draws the shared diagonal, a queen of each board on it',
    (n) => {
      const walk = new JoinWalk(n);
      let refusals = 0;
      for (let at = 0; at <= walk.last; at++) {
        const step = walk.step(at);
        const v = joinView(walk, at);
        const clash = v.diagonals.filter((d) => d.role === 'shared');
        const choice = step.kind === 'done' ? null : walk.subproblems[step.subproblem];
        let rows: readonly number[] | null = null;
        if (step.kind === 'join') {
          const side = step.side === 'west' ? choice!.westSide : choice!.eastSide;
          if (side.candidates[step.index].clash === 'diagonal') rows = side.northRows;
        }
        if (step.kind === 'pair' && !choice!.probes[step.index].tests[step.test].fits) rows = choice!.west;
        if (rows === null) {
          expect(clash).toEqual([]);
          continue;
        }
        refusals++;
        expect(clash).toHaveLength(1);
        const d = clash[0];
        expect(v.message).toMatch(new RegExp(`they share ${d.name.replace(/[+]/g, '\\+')}$`));
        for (const [r, c] of d.squares) expect(d.direction === 'first' ? r + c : r - c + n - 1).toBe(d.bit);
        const queensOn = d.squares.filter(([r, c]) => v.queens[r] === c).map(([r]) => r);
        expect(queensOn.some((r) => rows.includes(r))).toBe(true);
        expect(queensOn.some((r) => !rows.includes(r))).toBe(true);
        expect(v.summary).toContain(`Marked ✕: the ${d.name}, which both boards have a queen on.`);
      }
      expect(refusals).toBeGreaterThan(0);
    },
  );
  it.each([6, 7, 8])('n = %i: the run to the row choice’s end stops at its sum, or the next one’s from there', (n) => {
    const walk = new JoinWalk(n);
    for (let at = 0; at <= walk.last; at++) {
      const step = walk.step(at);
      const end = choiceEnd(walk, at);
      const last = step.kind === 'done' || (step.kind === 'sum' && step.subproblem === walk.subproblems.length - 1);
      if (last) {
        expect(end).toBeNull();
        continue;
      }
      const there = walk.step(end!);
      expect(there.kind).toBe('sum');
      expect(there.subproblem).toBe(step.kind === 'sum' ? step.subproblem + 1 : step.subproblem);
    }
  });
});
