// The search panel's timeline (demo/src/timeline.ts) in Node: forwards, back, to any step and to
// the next step of a kind, each landing where stepping one at a time lands, with the same latest
// steps listed.
import { describe, expect, it } from 'vitest';
import { Search } from '../demo/src/stepper.js';
import { RECENT, Timeline } from '../demo/src/timeline.js';

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

  it('back undoes forward, step by step, to the start, and no further', () => {
    const steps = walk(5);
    const timeline = new Timeline(5);
    timeline.seek(20);
    for (let at = 19; at >= 0; at--) {
      expect(timeline.back()).toBe(true);
      expect([timeline.position, timeline.current.message]).toEqual([at, steps[at].message]);
    }
    expect([timeline.atStart, timeline.back(), timeline.position]).toEqual([true, false, 0]);
  });

  it('forwardTo goes to the next step of a kind, or stays where none is left', () => {
    const steps = walk(6);
    const timeline = new Timeline(6);
    const solutions = steps.flatMap((s, i) => (s.kind === 'solution' ? [i] : []));
    expect(solutions).toHaveLength(4);
    for (const at of solutions) {
      expect(timeline.forwardTo('solution')).toBe(true);
      expect(timeline.position).toBe(at);
    }
    expect(timeline.forwardTo('solution')).toBe(false);
    expect(timeline.position).toBe(solutions[3]);
    const deadEnd = steps.findIndex((s, i) => i > solutions[3] && s.kind === 'dead-end');
    expect(timeline.forwardTo('dead-end')).toBe(true);
    expect(timeline.position).toBe(deadEnd);
  });
});
