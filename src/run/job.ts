// A count in progress: the subproblems still to hand out, the tally of those finished, progress,
// checkpoints, and how it ends. The threads that count (the calling thread, pool threads) take
// ranges of subproblems from it and give back their tallies.
//
// A job settles exactly once: with its tally when every subproblem is counted, or with the first
// fault: a callback that throws (whatever it throws), an abort (whatever its reason), a failed
// thread. After that nothing reaches it: late results are dropped, and whoever still counts for
// it is told to stop (onSettled).

import { DEFAULT_CHECKPOINT_EVERY_MS } from '../defaults.js';
import { abortReason } from '../errors.js';
import { addTallies, emptyTally, type Tally } from '../kernel/tally.js';
import type { PooledCount } from '../pool/pooled-count.js';
import type { Progress } from '../types.js';

/** Where a resumed count starts: the ranges already counted, their tally and the time they took. */
export interface ResumeState {
  readonly done: readonly (readonly [number, number])[];
  readonly tally: Tally;
  readonly elapsedMs: number;
}

export interface JobControl {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  resume?: ResumeState;
  /** Called every checkpointEveryMs, when the count is aborted, and once when it is finished. */
  onCheckpoint?: (state: ResumeState) => void;
  /** Default DEFAULT_CHECKPOINT_EVERY_MS. */
  checkpointEveryMs?: number;
  /** When the count began (performance.now()), if before the job: its time counts too. */
  startedAt?: number;
}

/**
 * The time a thread's range should take: often enough for progress, rarely enough for the messages
 * to cost nothing. A range is reckoned by its own stretch's latest reports, since subproblems far
 * apart in the plan differ several-fold in size and neighbours little; until its stretch has any,
 * a range is one subproblem.
 */
const RANGE_MS = 50;
/**
 * With several threads, a range takes at least this (but at the end of a stretch): a pool thread
 * holds two ranges (pool.ts) and is heard only between the calling thread's turns of the event loop
 * (slices.ts), so a shorter range leaves it idle before it is heard.
 */
const MIN_RANGE_MS = 5;
/**
 * With several threads, a range takes at most this share of each thread's part of the time left,
 * so that a range of big subproblems near the end does not hold its thread after the others end.
 */
const SHARE_OF_LEFT = 8;
/**
 * A stretch's time per subproblem weighs each earlier report this much less than the next: a
 * report may hold part of a subproblem's time (a slice ends within one), and the subproblems change
 * size along a stretch sooner than a plain average follows.
 */
const KEPT_OF_EARLIER = 0.5;
/**
 * Stretches of the plan handed out in turn: the first frames are the biggest, so subproblems taken
 * from across the plan finish about evenly with the time, and an estimate of the time left holds.
 * A checkpoint's finished ranges stay about this many.
 */
const STRETCHES = 16;

export class Job implements PooledCount {
  readonly promise: Promise<Tally>;
  private readonly tally: Tally = emptyTally();
  /** Finished ranges, disjoint and in order. */
  private readonly finished: [number, number][] = [];
  /** Ranges not handed out yet, in order, each with its stretch's number; taken from in turn. */
  private readonly pending: [number, number, number][] = [];
  /** Where each stretch starts, in order. */
  private readonly stretchStarts: number[] = [];
  /** Per stretch, milliseconds its reported subproblems took, and how many they were. */
  private readonly stretchMs: number[] = [];
  private readonly stretchTimed: number[] = [];
  private turn = 0;
  private done = 0;
  private joined = 0;
  private countedMs = 0;
  private timedSubproblems = 0;
  private settled = false;
  private failed = false;
  private readonly startedAt: number;
  private readonly earlierMs: number;
  private readonly settledListeners: ((failed: boolean) => void)[] = [];
  private resolve!: (tally: Tally) => void;
  private reject!: (reason: unknown) => void;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly onAbort = () => this.abort();

  constructor(
    /** Subproblems planned. */
    readonly total: number,
    private readonly control: JobControl,
  ) {
    this.startedAt = control.startedAt ?? performance.now();
    this.promise = new Promise<Tally>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // Settling is observed by the caller through `promise`; a rejection nobody awaits yet is not
    // an unhandled one.
    this.promise.catch(() => {});
    const { resume, signal } = control;
    this.earlierMs = resume?.elapsedMs ?? 0;
    if (resume) {
      for (const [from, to] of resume.done) {
        this.addFinished(from, to);
        this.done += to - from;
      }
      addTallies(this.tally, resume.tally);
    }
    let at = 0;
    const gaps: [number, number][] = [];
    for (const [from, to] of this.finished) {
      if (from > at) gaps.push([at, from]);
      at = to;
    }
    if (at < this.total) gaps.push([at, this.total]);
    const stretch = Math.max(1, Math.ceil((this.total - this.done) / STRETCHES));
    for (const [from, to] of gaps)
      for (let start = from; start < to; start += stretch) {
        this.pending.push([start, Math.min(to, start + stretch), this.stretchStarts.length]);
        this.stretchStarts.push(start);
        this.stretchMs.push(0);
        this.stretchTimed.push(0);
      }

    // The abort listener comes first, so that an abort from inside any later callback is seen.
    if (signal) {
      if (signal.aborted) {
        this.fail(abortReason(signal));
        return;
      }
      signal.addEventListener('abort', this.onAbort, { once: true });
    }
    if (control.onCheckpoint) {
      this.timer = setInterval(() => this.checkpoint(), control.checkpointEveryMs ?? DEFAULT_CHECKPOINT_EVERY_MS);
      (this.timer as { unref?: () => void }).unref?.();
    }
    this.progress();
    if (!this.settled && this.done === this.total) this.succeed();
  }

  get isSettled(): boolean {
    return this.settled;
  }

  /** Whether ranges are left to hand out. */
  get hasWork(): boolean {
    return !this.settled && this.pending.length > 0;
  }

  /** Threads that took part: the calling thread and pool threads that were given a range. */
  get threads(): number {
    return this.joined;
  }

  /** A thread takes its first range of the job. */
  join(): void {
    this.joined++;
  }

  /** Time spent on this count, over every run it continues. */
  get elapsedMs(): number {
    return this.earlierMs + (performance.now() - this.startedAt);
  }

  /** Calls `listener` once the job settles (at once if it has): failed is false on success. */
  onSettled(listener: (failed: boolean) => void): void {
    if (this.settled) listener(this.failed);
    else this.settledListeners.push(listener);
  }

  /**
   * The next range for one of `threads` threads sharing the count, or null when everything is
   * handed out. A range takes about RANGE_MS as measured so far (one subproblem before anything
   * of its stretch is measured) and, when several threads share the count, never more than a share
   * of the time left, so that the last ones are small and no thread idles at the end.
   */
  nextRange(threads: number): [number, number] | null {
    if (!this.hasWork) return null;
    const msEach = this.msEach(this.pending[this.turn % this.pending.length][2]);
    if (msEach === 0) return this.handOut(1);
    const measured = Math.floor(RANGE_MS / msEach);
    if (threads <= 1) return this.handOut(measured);
    // Stretches not measured yet are reckoned at the count's average.
    const average = this.countedMs / this.timedSubproblems;
    let leftMs = 0;
    for (const [from, to, stretch] of this.pending) leftMs += (to - from) * (this.msEach(stretch) || average);
    const share = Math.ceil(leftMs / (threads * SHARE_OF_LEFT) / msEach);
    return this.handOut(Math.min(measured, Math.max(Math.floor(MIN_RANGE_MS / msEach), share)));
  }

  /** Milliseconds a subproblem of the stretch takes, as measured so far; 0 before any is. */
  private msEach(stretch: number): number {
    const ms = this.stretchMs[stretch];
    return ms > 0 ? ms / this.stretchTimed[stretch] : 0;
  }

  /** The next range of at most `most` subproblems (fewer at a stretch's end), or null when everything is handed out. */
  nextRangeUpTo(most: number): [number, number] | null {
    return this.hasWork ? this.handOut(most) : null;
  }

  /** Up to `size` subproblems (at least one) from the next stretch in turn. */
  private handOut(size: number): [number, number] {
    const at = this.turn++ % this.pending.length;
    const stretch = this.pending[at];
    const from = stretch[0];
    const to = Math.min(stretch[1], from + Math.max(1, size));
    if (to === stretch[1]) this.pending.splice(at, 1);
    else stretch[0] = to;
    return [from, to];
  }

  /** The stretch that subproblem i lies in. */
  private stretchOf(i: number): number {
    const starts = this.stretchStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= i) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** A thread finished subproblems from..to-1 in `ms`, with this tally. */
  report(from: number, to: number, tally: Tally, ms: number): void {
    if (this.settled) return;
    addTallies(this.tally, tally);
    this.addFinished(from, to);
    this.done += to - from;
    this.countedMs += ms;
    this.timedSubproblems += to - from;
    if (to > from) {
      const stretch = this.stretchOf(from);
      this.stretchMs[stretch] = this.stretchMs[stretch] * KEPT_OF_EARLIER + ms;
      this.stretchTimed[stretch] = this.stretchTimed[stretch] * KEPT_OF_EARLIER + (to - from);
    }
    this.progress();
    if (!this.settled && this.done === this.total) this.succeed();
  }

  /** Ends the count with a fault; the first one wins. */
  fail(reason: unknown): void {
    if (this.settled) return;
    this.finish(true);
    this.reject(reason);
  }

  /** The state to resume from: what is finished, its tally, the time so far. */
  state(): ResumeState {
    return {
      done: this.finished.map(([from, to]) => [from, to] as const),
      tally: { ...this.tally },
      elapsedMs: this.elapsedMs,
    };
  }

  private abort(): void {
    if (this.settled) return;
    const reason = abortReason(this.control.signal!);
    // The checkpoint of an aborted count is the one to resume from; a throw from it does not
    // replace the abort as the reason.
    try {
      this.control.onCheckpoint?.(this.state());
    } catch {
      // the count is ending with the abort reason either way
    }
    this.fail(reason);
  }

  private checkpoint(): void {
    if (this.settled) return;
    try {
      this.control.onCheckpoint?.(this.state());
    } catch (error) {
      this.fail(error);
    }
  }

  private progress(): void {
    if (!this.control.onProgress) return;
    try {
      this.control.onProgress({ done: this.done, total: this.total, solutions: this.tally.total });
    } catch (error) {
      this.fail(error);
    }
  }

  private succeed(): void {
    if (this.settled) return;
    // The finished count's checkpoint: kept, resuming from it gives the result at once (a caller
    // that could not deliver the result keeps that). A throw from it fails the count, as any.
    try {
      this.control.onCheckpoint?.(this.state());
    } catch (error) {
      this.fail(error);
      return;
    }
    this.finish(false);
    this.resolve(this.tally);
  }

  private finish(failed: boolean): void {
    this.settled = true;
    this.failed = failed;
    this.pending.length = 0;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.control.signal?.removeEventListener('abort', this.onAbort);
    for (const listener of this.settledListeners.splice(0)) listener(failed);
  }

  private addFinished(from: number, to: number): void {
    if (from >= to) return;
    const list = this.finished;
    // Insert in order, merging with the neighbours it touches.
    let i = list.length;
    while (i > 0 && list[i - 1][0] > from) i--;
    list.splice(i, 0, [from, to]);
    if (i + 1 < list.length && list[i][1] === list[i + 1][0]) {
      list[i][1] = list[i + 1][1];
      list.splice(i + 1, 1);
    }
    if (i > 0 && list[i - 1][1] === list[i][0]) {
      list[i - 1][1] = list[i][1];
      list.splice(i, 1);
    }
  }
}
