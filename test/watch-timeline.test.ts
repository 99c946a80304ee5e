// The search panel's timeline (demo/src/timeline.ts) in Node: forwards, back, to any step and to
// the next step of a kind, each landing where stepping one at a time lands, with the same latest
// steps listed.
import { describe, expect, it } from 'vitest';
import { searchTree } from '../demo/src/search-tree.js';
import { Search } from '../demo/src/stepper.js';
import { atDeadEnd, atSolution, RECENT, rowEnd, Timeline } from '../demo/src/timeline.js';

/** The kinds and messages of every step of the search of n, from the first. */
function walk(n: number): { kind: string; message: string; row: number }[] {
  const timeline = new Timeline(n);
  const steps = [timeline.current];
  while (timeline.forward()) steps.push(timeline.current);
  return steps.map(({ kind, message, row }) => ({ kind, message, row }));
}

describe('the search panel’s timeline', () => {
  it('n = 6: its length is the search’s steps, and forward ends at the last', () => {
    const search = new Search(6);
    let steps = 0;
    while (search.next()) steps++;
    const timeline = new Timeline(6);
    expect(timeline.last).toBe(steps);
    expect(walk(6)).toHaveLength(steps + 1);
    for (let i = 0; i < steps; i++) timeline.forward();
    expect([timeline.atEnd, timeline.forward(), timeline.position]).toEqual([true, false, steps]);
  });

  it('seek lands on the step that stepping one at a time reaches, with the same latest steps', () => {
    const steps = walk(6);
    const stepped = new Timeline(6);
    for (const target of [0, 1, 5, RECENT, 41, 300, steps.length - 1]) {
      const timeline = new Timeline(6);
      expect(timeline.seek(target)).toBe(true);
      while (stepped.position < target) stepped.forward();
      expect(timeline.position).toBe(target);
      expect(timeline.current.message).toBe(steps[target].message);
      expect(timeline.recent.map((s) => s.message)).toEqual(stepped.recent.map((s) => s.message));
      expect(timeline.recent).toHaveLength(Math.min(RECENT, target + 1));
    }
  });

  it('seek refuses a step that is not one, and stays', () => {
    const timeline = new Timeline(5);
    timeline.seek(10);
    for (const wrong of [-1, 1.5, Number.NaN, timeline.last + 1]) {
      expect(timeline.seek(wrong)).toBe(false);
      expect(timeline.position).toBe(10);
    }
  });

  it('seeking the step before, step by step, undoes forward to the start, and no further', () => {
    const steps = walk(5);
    const timeline = new Timeline(5);
    timeline.seek(20);
    for (let at = 19; at >= 0; at--) {
      expect(timeline.seek(timeline.position - 1)).toBe(true);
      expect([timeline.position, timeline.current.message]).toEqual([at, steps[at].message]);
    }
    expect([timeline.seek(-1), timeline.position]).toEqual([false, 0]);
  });

  it('seeking the next step takes it, as forward does, with the same view', () => {
    const stepped = new Timeline(6);
    const sought = new Timeline(6);
    sought.seek(30);
    stepped.seek(30);
    for (let at = 31; at <= 60; at++) {
      expect(sought.seek(at)).toBe(true);
      stepped.forward();
      expect(sought.view()).toEqual(stepped.view());
    }
    const replayed = new Timeline(6);
    replayed.seek(60);
    expect(sought.view()).toEqual(replayed.view());
  });

  it('find gives the next step of a kind after this one, or null where none is left, and moves nothing', () => {
    const steps = walk(6);
    const timeline = new Timeline(6);
    const solutions = steps.flatMap((s, i) => (s.kind === 'solution' ? [i] : []));
    expect(solutions).toHaveLength(4);
    for (const at of solutions) {
      const found = timeline.find(atSolution);
      expect(found).toBe(at);
      timeline.seek(found!);
    }
    expect(timeline.find(atSolution)).toBeNull();
    expect(timeline.position).toBe(solutions[3]);
    const exhausted = steps.findIndex((s, i) => i > solutions[3] && s.kind === 'exhausted');
    expect(timeline.find((search) => search.kind === 'exhausted')).toBe(exhausted);
    expect(timeline.position).toBe(solutions[3]);
  });

  it('its view is the step it stands at, with where, the latest steps newest first, and whether it is the end', () => {
    const timeline = new Timeline(4);
    timeline.seek(timeline.last);
    const view = timeline.view();
    expect(view).toMatchObject({ n: 4, position: timeline.last, atEnd: true });
    expect(view.step.kind).toBe('done');
    expect(view.recent[0]).toBe(view.step);
    expect(view.recent).toHaveLength(RECENT);
  });

  it.each([4, 5, 6, 7, 8])(
    'n = %i: the dead-end jump stops once at each dead end the tree counts, on the row below its queen',
    (n) => {
      const tree = searchTree(n);
      const deadEnds = tree.nodes.filter((node) => node.deadEnd);
      const timeline = new Timeline(n);
      const stops: number[] = [];
      for (let at = timeline.find(atDeadEnd); at !== null; at = timeline.find(atDeadEnd)) {
        timeline.seek(at);
        stops.push(at);
        expect(timeline.current.message).toMatch(/: every square is attacked, so the queen on row \d is a dead end$/);
      }
      expect(stops).toHaveLength(deadEnds.length);
      // A queen tried at step s goes down at s + 1 and finds its next row empty at s + 2.
      expect(stops).toEqual(deadEnds.map((node) => node.step + 2));
      if (n === 6) expect(stops).toHaveLength(46);
    },
  );

  it('n = 6: the solution jump stops at each of the 4 solutions, and the last of each jump is known ahead', () => {
    const timeline = new Timeline(6);
    const solutions = timeline.stepsWhere(atSolution);
    expect(solutions).toHaveLength(4);
    timeline.seek(solutions[3]);
    expect(timeline.find(atSolution)).toBeNull();
    const deadEnds = timeline.stepsWhere(atDeadEnd);
    timeline.seek(deadEnds[deadEnds.length - 1]);
    expect(timeline.find(atDeadEnd)).toBeNull();
  });

  it('says what comes off the stack going back: the row’s level, its words saved going down', () => {
    const timeline = new Timeline(6);
    const back = timeline.find((search) => search.kind === 'back')!;
    timeline.seek(back);
    expect(timeline.current.message).toMatch(
      /^Back to row \d: its level \(the row's cols, first, second and free, saved going down\) comes off the stack, and its queen off column \d; /,
    );
  });
  it.each([4, 5, 6])(
    'n = %i: the run to the row’s end stops where the row has nothing left to try, its subtree searched',
    (n) => {
      const search = new Search(n);
      const steps = [{ kind: search.kind, row: search.row, free: search.free }];
      while (search.next()) steps.push({ kind: search.kind, row: search.row, free: search.free });
      for (let at = 0; at < steps.length; at++) {
        const end = rowEnd(n, at);
        if (at === steps.length - 1) {
          expect(end).toBeNull();
          continue;
        }
        const row = steps[at].kind === 'exhausted' ? steps[at].row - 1 : steps[at].row;
        if (row < 0) {
          expect(end).toBe(steps.length - 1);
          continue;
        }
        expect(end, `step ${at}`).not.toBeNull();
        const there = steps[end!];
        expect(there.kind).toBe('exhausted');
        expect([there.row, there.free]).toEqual([row, 0]);
        // On the way the search stays in the row or below it, and ends it nowhere earlier.
        for (const step of steps.slice(at + 1, end!)) {
          expect(step.row).toBeGreaterThanOrEqual(row);
          expect(step.kind === 'exhausted' && step.row === row).toBe(false);
        }
      }
    },
  );
});
