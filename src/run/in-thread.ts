// Counting for a job in the calling thread, without holding it: the kernel is called with a
// budget of steps sized to take about CALL_MS, and every SLICE_MS the event loop gets its turn, so
// that progress is reported and an abort is seen within a slice whatever the size of a subproblem.

import type { CpuEngine, Kernel } from '../kernel/kernel.js';
import type { Plan } from '../plan/plan.js';
import { RangeCounter } from './count-range.js';
import type { Job } from './job.js';

/**
 * Up to this many free rows the wasm kernel counts a board in about a slice, even on a first call
 * (the TS kernel takes several).
 */
const ONE_SLICE_FREE_ROWS = 12;

/** Whether a count takes about a slice at most: it may then be counted in one piece. */
export function fitsOneSlice(plan: Plan, engine: CpuEngine): boolean {
  return engine === 'wasm' && plan.n - (plan.placed?.length ?? 0) <= ONE_SLICE_FREE_ROWS;
}

/** Milliseconds a kernel call should take. */
const CALL_MS = 2;
/** Milliseconds of counting between two turns of the event loop. */
const SLICE_MS = 5;
const MIN_BUDGET = 1 << 8;
const MAX_BUDGET = 1 << 30;

/** Sizes kernel calls by how long the last ones took. */
export class Budget {
  steps = 1 << 12;

  /**
   * Runs one call with the current budget and adjusts the budget by how long it took; `spent`
   * tells from the call's result whether it stopped because the budget ran out.
   */
  measure<T>(call: (budget: number) => T, spent: (result: T) => boolean): T {
    const started = performance.now();
    const result = call(this.steps);
    const ms = performance.now() - started;
    if (spent(result) && ms < CALL_MS / 2) this.steps = Math.min(MAX_BUDGET, this.steps * 2);
    else if (ms > CALL_MS * 2) this.steps = Math.max(MIN_BUDGET, Math.floor(this.steps / 2));
    return result;
  }

  /** measure() for a call that returns whether it spent its budget. */
  time(call: (budget: number) => boolean): boolean {
    return this.measure(call, (spent) => spent);
  }
}

/** How long a pending timer may wait behind channel messages before a yield waits for it. */
const TIMER_STARVED_MS = 10;
/** A timer set at some yield and not yet run, and when it was set. */
let pendingTimer: Promise<void> | undefined;
let pendingSince = 0;

function nextMessage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Lets the event loop run (timers, I/O, an abort) before counting on: setImmediate where there is
 * one; elsewhere a MessageChannel message, which browsers do not clamp to 4 ms as they clamp
 * setTimeout. Some hosts (workerd without nodejs_compat) deliver every channel message before any
 * timer, so a timer is kept pending beside them, and a yield waits for it once it has been kept
 * waiting: the caller's timers (a setTimeout that aborts the count) run in every host.
 */
export function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  const now = performance.now();
  if (pendingTimer === undefined) {
    pendingSince = now;
    pendingTimer = new Promise((resolve) =>
      setTimeout(() => {
        pendingTimer = undefined;
        resolve();
      }, 0),
    );
  } else if (now - pendingSince > TIMER_STARVED_MS) return pendingTimer;
  return nextMessage();
}

/** Counts ranges of the job in this thread until none are left or the job settles. */
export async function countInThread(job: Job, plan: Plan, kernel: Kernel, threads: number): Promise<void> {
  const budget = new Budget();
  // A slice may span ranges: a turn of the event loop per range would cost more than the count on
  // small boards, where ranges take microseconds.
  let sliceStarted = performance.now();
  let joined = false;
  for (let range = job.nextRange(threads); range !== null; range = job.nextRange(threads)) {
    if (!joined) job.join();
    joined = true;
    const [from, to] = range;
    const counter = new RangeCounter(kernel, plan.n, plan.subproblems, plan.countsUnique, from, to);
    let reported = 0;
    let ms = 0;
    while (!counter.done) {
      const started = performance.now();
      do budget.time((steps) => counter.step(steps));
      while (!counter.done && performance.now() - sliceStarted < SLICE_MS);
      ms += performance.now() - started;
      if (counter.finished > reported) {
        job.report(from + reported, from + counter.finished, counter.takeTally(), ms);
        reported = counter.finished;
        ms = 0;
      }
      if (job.isSettled) return;
      if (performance.now() - sliceStarted >= SLICE_MS) {
        await yieldToEventLoop();
        if (job.isSettled) return;
        sliceStarted = performance.now();
      }
    }
  }
}
