// The controller both walk-throughs share (demo/src/walk-controller.ts) in Node, without a page:
// the steps it goes to, what it draws and when the address keeps the step, play at a speed on a
// fake clock, the keys, the jumps and the link; and both panels' models moved by it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinTimeline, type JoinView, joinView } from '../demo/src/join-view.js';
import { JoinWalk } from '../demo/src/join-walk.js';
import { linkedStep, stepUrl } from '../demo/src/step-link.js';
import { type SearchView, Timeline } from '../demo/src/timeline.js';
import { keyCommand, MAX_TICKS, type Say, WalkController, type WalkModel } from '../demo/src/walk-controller.js';

const LINK = { n: 'n', step: 'step', panel: 'watch' };

/** A walk of `last` steps whose view is the step it stands at. */
class Steps implements WalkModel<number> {
  at = 0;
  constructor(
    readonly n: number,
    readonly last: number,
  ) {}
  seek(step: number): boolean {
    if (!Number.isInteger(step) || step < 0 || step > this.last) return false;
    this.at = step;
    return true;
  }
  view(): number {
    return this.at;
  }
}

/** A controller over `model`, and what it asked of its panel, in order. */
function controlled<V, M extends WalkModel<V>>(model: M) {
  const asked: (string | [V, Say])[] = [];
  const walk = new WalkController<V, M>(
    model,
    {
      show: (view, say) => asked.push([view, say]),
      settle: () => asked.push('settle'),
      playing: (on) => asked.push(on ? 'playing' : 'paused'),
    },
    LINK,
  );
  return { walk, asked };
}

describe('the walk-throughs’ controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes on, back and to a step: each drawn as chosen and kept in the address; a step that is not one moves nothing', () => {
    const { walk, asked } = controlled(new Steps(5, 10));
    expect(walk.forward()).toBe(true);
    expect(walk.go(7)).toBe(true);
    expect(walk.back()).toBe(true);
    expect(walk.position).toBe(6);
    expect(asked).toEqual([[1, 'step'], 'settle', [7, 'step'], 'settle', [6, 'step'], 'settle']);
    asked.length = 0;
    for (const wrong of [-1, 11, 2.5, Number.NaN]) expect(walk.go(wrong)).toBe(false);
    expect([walk.position, walk.model.view(), asked]).toEqual([6, 6, []]);
  });

  it('back at the start and on at the end are refused', () => {
    const { walk } = controlled(new Steps(5, 3));
    expect([walk.atStart, walk.back(), walk.position]).toEqual([true, false, 0]);
    walk.go(3);
    expect([walk.atEnd, walk.forward(), walk.position]).toEqual([true, false, 3]);
  });

  it('load takes a new walk at a step kept within it, and draws nothing until asked', () => {
    const { walk, asked } = controlled(new Steps(5, 10));
    walk.load(new Steps(6, 20), 50);
    expect([walk.model.n, walk.position, walk.model.view()]).toEqual([6, 20, 20]);
    walk.load(new Steps(7, 20), -3);
    expect(walk.position).toBe(0);
    expect(asked).toEqual([]);
    walk.redraw();
    expect(asked).toEqual([[0, 'none']]);
  });

  it('plays a step a tick at its speed, heard as play, and stops at the end, where the address keeps the step', () => {
    const { walk, asked } = controlled(new Steps(5, 4));
    walk.speed = 10;
    walk.toggle();
    expect(walk.playing).toBe(true);
    vi.advanceTimersByTime(250);
    expect(walk.position).toBe(2);
    vi.advanceTimersByTime(1000);
    expect([walk.position, walk.playing]).toEqual([4, false]);
    expect(asked).toEqual(['playing', [1, 'play'], [2, 'play'], [3, 'play'], 'paused', 'settle', [4, 'play']]);
    asked.length = 0;
    walk.toggle();
    expect([walk.playing, asked]).toEqual([false, []]);
  });

  it('plays faster than a screen draws by several steps a tick, drawn once each, and stops at the end', () => {
    const { walk, asked } = controlled(new Steps(5, 1000));
    walk.speed = 20 * MAX_TICKS;
    walk.toggle();
    vi.advanceTimersByTime(1000 / MAX_TICKS);
    expect(walk.position).toBe(20);
    vi.advanceTimersByTime((1000 / MAX_TICKS) * 5);
    expect(walk.position).toBe(120);
    expect(asked.filter((a) => Array.isArray(a))).toEqual([20, 40, 60, 80, 100, 120].map((at) => [at, 'play']));
    vi.advanceTimersByTime(1000);
    expect([walk.position, walk.playing]).toEqual([1000, false]);
  });

  it('pause stops the timer and keeps the step; a new speed plays on at that speed', () => {
    const { walk, asked } = controlled(new Steps(5, 100));
    walk.speed = 2;
    walk.toggle();
    vi.advanceTimersByTime(1000);
    expect(walk.position).toBe(2);
    walk.speed = 20;
    expect(walk.playing).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(walk.position).toBe(22);
    walk.toggle();
    expect(asked.slice(-2)).toEqual(['paused', 'settle']);
    vi.advanceTimersByTime(5000);
    expect(walk.position).toBe(22);
  });

  it('a step chosen while playing stops play first', () => {
    const { walk, asked } = controlled(new Steps(5, 100));
    walk.speed = 10;
    walk.toggle();
    vi.advanceTimersByTime(300);
    asked.length = 0;
    walk.go(50);
    expect(asked).toEqual(['paused', 'settle', [50, 'step'], 'settle']);
    vi.advanceTimersByTime(1000);
    expect([walk.position, walk.playing]).toEqual([50, false]);
  });

  it('the keys do what their buttons do, and nothing where the button is disabled', () => {
    const { walk } = controlled(new Steps(5, 2));
    walk.press('back');
    expect(walk.position).toBe(0);
    walk.press('step');
    walk.press('step');
    expect(walk.position).toBe(2);
    walk.press('step');
    walk.press('play');
    expect([walk.position, walk.playing]).toEqual([2, false]);
    walk.press('back');
    walk.press('play');
    expect([walk.position, walk.playing]).toEqual([1, true]);
    walk.press('play');
    expect(walk.playing).toBe(false);
  });

  it('a jump goes to the step found, or stops play and stays where none was', () => {
    const { walk } = controlled(new Steps(5, 100));
    expect(walk.jump(40)).toBe(true);
    expect(walk.position).toBe(40);
    walk.toggle();
    expect(walk.jump(null)).toBe(false);
    expect([walk.position, walk.playing]).toEqual([40, false]);
  });

  it('links to its step: the panel’s n and step in the query, its id the hash; the link read back gives both', () => {
    const { walk } = controlled(new Steps(7, 100));
    walk.go(41);
    const url = walk.url('https://example.org/demo/?join-n=8&join-step=5#count');
    expect(url).toBe('https://example.org/demo/?join-n=8&join-step=5&n=7&step=41#watch');
    expect(url).toBe(stepUrl(LINK, 'https://example.org/demo/?join-n=8&join-step=5', 7, 41));
    expect(linkedStep(LINK, new URL(url).search)).toEqual({ n: '7', step: 41 });
    expect(linkedStep({ n: 'join-n', step: 'join-step', panel: 'join' }, new URL(url).search)).toEqual({
      n: '8',
      step: 5,
    });
    for (const step of ['-2', '1.5', 'x', ''])
      expect(linkedStep(LINK, `?n=6&step=${step}`)).toEqual({ n: '6', step: 0 });
    expect(linkedStep(LINK, '')).toEqual({ n: null, step: 0 });
  });

  it('moves the search’s timeline: each view the one the timeline gives at that step', () => {
    const { walk, asked } = controlled<SearchView, Timeline>(new Timeline(5));
    walk.go(30);
    walk.back();
    walk.speed = 10;
    walk.toggle();
    vi.advanceTimersByTime(500);
    walk.toggle();
    const views = asked.flatMap((a) => (typeof a === 'string' ? [] : [a[0]]));
    expect(views.map((v) => v.position)).toEqual([30, 29, 30, 31, 32, 33, 34]);
    for (const view of views) {
      const fresh = new Timeline(5);
      fresh.seek(view.position);
      expect(view).toEqual(fresh.view());
    }
  });

  it('moves the join’s walk: each view the one the walk gives at that step', () => {
    const joinWalk = new JoinWalk(6);
    const { walk, asked } = controlled<JoinView, JoinTimeline>(new JoinTimeline(joinWalk));
    walk.go(135);
    walk.forward();
    walk.go(joinWalk.last);
    const views = asked.flatMap((a) => (typeof a === 'string' ? [] : [a[0]]));
    expect(views).toEqual([135, 136, joinWalk.last].map((step) => joinView(joinWalk, step)));
    expect(views[0].queens).toEqual([3, 0, 4, 1, 5, 2]);
  });
});

describe('the keys of a walk-through’s panel', () => {
  it('space plays, the arrows step, where the focus has no use for them; a modifier leaves them all alone', () => {
    expect(keyCommand(' ', false, 'other')).toBe('play');
    expect(keyCommand('ArrowRight', false, 'other')).toBe('step');
    expect(keyCommand('ArrowLeft', false, 'other')).toBe('back');
    expect(keyCommand('ArrowRight', false, 'button')).toBe('step');
    expect(keyCommand('ArrowLeft', false, 'button')).toBe('back');
    // A button or a link owns space; a field (a number, a slider) owns the arrows and space.
    expect(keyCommand(' ', false, 'button')).toBeNull();
    for (const key of [' ', 'ArrowRight', 'ArrowLeft']) {
      expect(keyCommand(key, false, 'field')).toBeNull();
      expect(keyCommand(key, true, 'other')).toBeNull();
    }
    expect(keyCommand('Enter', false, 'other')).toBeNull();
  });
});
