// The job of a count (src/run/job.ts) on its own, with no kernel: how it hands its subproblems out
// (in stretches across the plan, sized by the time reported, at most as many as asked), how it
// keeps the finished ranges, and how it settles (once, with the tally or the first fault).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHECKPOINT_EVERY_MS } from '../src/defaults.js';
import type { Tally } from '../src/kernel/tally.js';
import { Job, type ResumeState } from '../src/run/job.js';

const tally = (total: number, unique = 0): Tally => ({ total: BigInt(total), unique: BigInt(unique) });

/** Every range the job hands out, asking for at most `most` each time, in the order given. */
function drain(job: Job, most: () => number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let range = job.nextRangeUpTo(most()); range !== null; range = job.nextRangeUpTo(most())) ranges.push(range);
  return ranges;
}

/** Whether `ranges` cover from..to exactly once between them. */
function tiles(ranges: [number, number][], from: number, to: number): boolean {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let at = from;
  for (const [a, b] of sorted) {
    if (a !== at || b <= a) return false;
    at = b;
  }
  return at === to;
}

describe('handing out', () => {
  it('takes the first range of each of 16 stretches across the plan in turn, then the second of each', () => {
    const job = new Job(160, {});
    const starts = Array.from({ length: 17 }, () => job.nextRangeUpTo(1)![0]);
    expect(starts).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 1]);
  });

  it('hands every subproblem out once, never a range across a stretch, at most as many as asked', () => {
    for (const total of [1, 7, 16, 17, 160, 1001]) {
      const job = new Job(total, {});
      let asked = 0;
      let k = 0;
      const ranges = drain(job, () => {
        asked = [1, 3, 50, 1000][k++ % 4];
        return asked;
      });
      const stretch = Math.ceil(total / 16);
      for (const [from, to] of ranges) {
        expect(Math.floor(from / stretch)).toBe(Math.floor((to - 1) / stretch));
      }
      expect(ranges.every(([from, to], i) => to - from <= [1, 3, 50, 1000][i % 4])).toBe(true);
      expect(tiles(ranges, 0, total)).toBe(true);
      expect(job.hasWork).toBe(false);
      expect(job.nextRange(1)).toBeNull();
    }
  });

  it("sizes a thread's range by the time reported: one subproblem before anything is, then about 50 ms of them", () => {
    const job = new Job(1600, {});
    expect(job.nextRange(1)).toEqual([0, 1]);
    job.report(0, 1, tally(0), 10);
    // Stretch s is subproblems 100s..100s+99; the others have reported nothing yet.
    for (let s = 1; s < 16; s++) expect(job.nextRange(1)).toEqual([100 * s, 100 * s + 1]);
    // 10 ms a subproblem: 5 in 50 ms.
    expect(job.nextRange(1)).toEqual([1, 6]);
  });

  it("times a range by its own stretch's latest reports, one subproblem at a time until its stretch has one", () => {
    const job = new Job(1600, {});
    expect(job.nextRange(1)).toEqual([0, 1]);
    job.report(0, 1, tally(0), 10);
    expect(job.nextRange(1)).toEqual([100, 101]);
    job.report(100, 101, tally(0), 1);
    // Not measured yet: one subproblem each, whatever the others took.
    for (let s = 2; s < 16; s++) expect(job.nextRange(1)).toEqual([100 * s, 100 * s + 1]);
    // Stretch 0 at 10 ms a subproblem, 5 in 50 ms; stretch 1 at 1 ms, 50.
    expect(job.nextRange(1)).toEqual([1, 6]);
    expect(job.nextRange(1)).toEqual([101, 151]);
    job.report(1, 6, tally(0), 5);
    for (let s = 2; s < 16; s++) expect(job.nextRange(1)).toEqual([100 * s + 1, 100 * s + 2]);
    // The earlier report weighs half: (10 / 2 + 5) ms over (1 / 2 + 5) subproblems, 1.82 ms each.
    expect(job.nextRange(1)).toEqual([6, 33]);
  });

  it("a report that happened to be short (a slice ended within a subproblem) does not make its stretch's next range many times too long", () => {
    const job = new Job(1600, {});
    expect(job.nextRange(1)).toEqual([0, 1]);
    job.report(0, 1, tally(0), 3);
    for (let s = 1; s < 16; s++) expect(job.nextRange(1)).toEqual([100 * s, 100 * s + 1]);
    expect(job.nextRange(1)).toEqual([1, 17]);
    // Subproblems of 3 ms, counted in slices: the first report holds 3 ms of the third subproblem,
    // the second only what was left of it.
    job.report(1, 3, tally(0), 9);
    job.report(3, 4, tally(0), 0.01);
    for (let s = 1; s < 16; s++) expect(job.nextRange(1)).toEqual([100 * s + 1, 100 * s + 2]);
    // ((3 / 2 + 9) / 2 + 0.01) ms over ((1 / 2 + 2) / 2 + 1) subproblems: 2.34 ms each, 21 in 50 ms
    // (timed by the last report alone, the rest of the stretch would have gone in one range).
    expect(job.nextRange(1)).toEqual([17, 38]);
  });

  it('gives threads that share a count smaller ranges towards its end, so that none idles, but not below 5 ms of them', () => {
    const job = new Job(6400, {});
    // 0.125 ms a subproblem: 50 ms is 400 of them, 5 ms 40. Stretches are 400 subproblems.
    const sizes: number[] = [];
    for (let range = job.nextRange(4); range !== null; range = job.nextRange(4)) {
      const [from, to] = range;
      sizes.push(to - from);
      job.report(from, to, tally(0), 0.125 * (to - from));
      // Below 40 only where a stretch ends, or where it is not measured yet (its first range).
      if (to - from < 40) expect(to % 400 === 0 || from % 400 === 0).toBe(true);
    }
    expect(sizes.slice(0, 16)).toEqual(Array(16).fill(1));
    // At most an eighth of each thread's part of the time left: 6384 subproblems over 4 threads, 200.
    expect(sizes[16]).toBe(200);
    expect(Math.max(...sizes)).toBe(200);
    expect(sizes.filter((size) => size === 40).length).toBeGreaterThan(16);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(6400);
  });

  it('shares out the time left, not the subproblems: a range of big ones near the end is no longer than the share', () => {
    const job = new Job(1600, {});
    // Stretch 0 at 1 ms a subproblem, the others at 0.01 ms.
    expect(job.nextRange(2)).toEqual([0, 1]);
    job.report(0, 1, tally(0), 1);
    for (let s = 1; s < 16; s++) {
      expect(job.nextRange(2)).toEqual([100 * s, 100 * s + 1]);
      job.report(100 * s, 100 * s + 1, tally(0), 0.01);
    }
    // Left: 99 ms in stretch 0 and 14.85 ms in the others, 113.85 ms; an eighth of each of two
    // threads' part is 7.1 ms, 8 subproblems of stretch 0 (reckoned in subproblems, 50: all 1584
    // left over 16).
    expect(job.nextRange(2)).toEqual([1, 9]);
  });

  it('resumed, hands out exactly what the checkpoint had not finished', () => {
    const resume: ResumeState = {
      done: [
        [0, 50],
        [100, 120],
      ],
      tally: tally(7),
      elapsedMs: 0,
    };
    const job = new Job(160, { resume });
    const ranges = drain(job, () => 1000);
    expect(
      tiles(
        ranges.filter(([from]) => from < 100),
        50,
        100,
      ),
    ).toBe(true);
    expect(
      tiles(
        ranges.filter(([from]) => from >= 100),
        120,
        160,
      ),
    ).toBe(true);
  });
});

describe('finished ranges', () => {
  it('are kept in order and merged where they touch, whatever order they are reported in', () => {
    const job = new Job(40, {});
    job.report(5, 10, tally(1), 1);
    job.report(20, 30, tally(1), 1);
    job.report(0, 5, tally(1), 1);
    expect(job.state().done).toEqual([
      [0, 10],
      [20, 30],
    ]);
    job.report(10, 20, tally(1), 1);
    expect(job.state().done).toEqual([[0, 30]]);
    expect(job.state().tally).toEqual(tally(4));
  });

  it('continue those of the checkpoint resumed from, its tally and its time', () => {
    const job = new Job(10, { resume: { done: [[0, 4]], tally: tally(3, 1), elapsedMs: 1234 } });
    job.report(4, 6, tally(2), 1);
    const state = job.state();
    expect(state.done).toEqual([[0, 6]]);
    expect(state.tally).toEqual(tally(5, 1));
    expect(state.elapsedMs).toBeGreaterThanOrEqual(1234);
  });
});

describe('settling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('once every subproblem is reported: with the tally, telling its listeners once, and dropping what comes after', async () => {
    const job = new Job(4, {});
    const heard: boolean[] = [];
    job.onSettled((failed) => heard.push(failed));
    job.report(0, 2, tally(3, 1), 1);
    expect(job.isSettled).toBe(false);
    job.report(2, 4, tally(4, 2), 1);
    expect(job.isSettled).toBe(true);
    job.report(0, 4, tally(100), 1);
    job.fail(new Error('late'));
    await expect(job.promise).resolves.toEqual(tally(7, 3));
    job.onSettled((failed) => heard.push(failed));
    expect(heard).toEqual([false, false]);
    expect(job.nextRange(1)).toBeNull();
  });

  it('with the first fault, whatever comes after', async () => {
    const job = new Job(4, {});
    const heard: boolean[] = [];
    job.onSettled((failed) => heard.push(failed));
    const first = new Error('first');
    job.fail(first);
    job.fail(new Error('second'));
    job.report(0, 4, tally(1), 1);
    await expect(job.promise).rejects.toBe(first);
    expect(heard).toEqual([true]);
    expect(job.hasWork).toBe(false);
    expect(job.state().done).toEqual([]);
  });

  it('at once, for a count of no subproblems', async () => {
    await expect(new Job(0, {}).promise).resolves.toEqual(tally(0));
  });

  it("on an abort, after a checkpoint to resume from, with the signal's reason", async () => {
    const controller = new AbortController();
    const checkpoints: ResumeState[] = [];
    const job = new Job(10, { signal: controller.signal, onCheckpoint: (state) => checkpoints.push(state) });
    job.report(0, 3, tally(2), 1);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(job.promise).rejects.toBe(reason);
    expect(checkpoints.map((c) => c.done)).toEqual([[[0, 3]]]);
  });

  it('with the standard AbortError for a signal-like object that gives no reason, at once if aborted before', async () => {
    const signal = { aborted: true, reason: undefined, addEventListener() {}, removeEventListener() {} };
    const job = new Job(10, { signal: signal as unknown as AbortSignal });
    expect(job.isSettled).toBe(true);
    await expect(job.promise).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('with what a callback threw', async () => {
    const thrown = { not: 'an error' };
    const job = new Job(10, {
      onProgress: ({ done }) => {
        if (done > 0) throw thrown;
      },
    });
    job.report(0, 1, tally(1), 1);
    await expect(job.promise).rejects.toBe(thrown);
  });

  it('checkpoints at the interval (30 s unless told), and once more when finished', async () => {
    vi.useFakeTimers();
    const every: ResumeState[] = [];
    const job = new Job(4, { onCheckpoint: (state) => every.push(state), checkpointEveryMs: 100 });
    vi.advanceTimersByTime(250);
    expect(every.length).toBe(2);
    job.report(0, 4, tally(1), 1);
    expect(every.at(-1)!.done).toEqual([[0, 4]]);
    vi.advanceTimersByTime(1000);
    expect(every.length).toBe(3);
    await job.promise;

    const byDefault: ResumeState[] = [];
    const other = new Job(4, { onCheckpoint: (state) => byDefault.push(state) });
    vi.advanceTimersByTime(DEFAULT_CHECKPOINT_EVERY_MS - 1);
    expect(byDefault.length).toBe(0);
    vi.advanceTimersByTime(1);
    expect(byDefault.length).toBe(1);
    other.fail(new Error('done with it'));
    expect(DEFAULT_CHECKPOINT_EVERY_MS).toBe(30_000);
  });
});
