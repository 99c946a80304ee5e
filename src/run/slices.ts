// The calling thread's share of a count, a comparison or a GPU wave, taken without holding the
// thread: work in slices of SLICE_MS, each followed by a turn of the event loop, so that the
// caller's timers and events run (progress is drawn, an abort is seen) whatever the size of a
// subproblem; and kernel calls sized to take about CALL_MS each, so that a slice ends on time.

/** What a slice steps: a count that goes on in kernel calls of a budget of steps. */
export interface Stepped {
  readonly done: boolean;
  /** One kernel call of at most `budget` steps; true when it stopped because the budget was spent. */
  step(budget: number): boolean;
}

/** Milliseconds a kernel call should take. */
const CALL_MS = 2;
/** Milliseconds of work between two turns of the event loop. */
const SLICE_MS = 5;
const MIN_BUDGET = 1 << 8;
const MAX_BUDGET = 1 << 30;

/** Sizes kernel calls by how long the last ones took: their budget of search steps. */
class StepBudget {
  steps = 1 << 12;

  /** Runs one call with the current budget and adjusts the budget by how long it took. */
  call(step: (budget: number) => boolean): void {
    const started = performance.now();
    const spent = step(this.steps);
    const ms = performance.now() - started;
    if (spent && ms < CALL_MS / 2) this.steps = Math.min(MAX_BUDGET, this.steps * 2);
    else if (ms > CALL_MS * 2) this.steps = Math.max(MIN_BUDGET, Math.floor(this.steps / 2));
  }
}

/** How long a pending timer may wait behind channel messages before a yield waits for it. */
const TIMER_STARVED_MS = 10;

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
 * The calling thread's time for one count, in slices between turns of the event loop. Nothing of
 * it is shared with another count: a host that ties each promise to the request that made it
 * (workerd) never settles one in another request, so a timer kept pending by one count and
 * awaited by the next would never fire once the first request had ended.
 */
export class Slices {
  private readonly budget = new StepBudget();
  private started = performance.now();
  /** A timer set at some yield of this count and not yet run, and when it was set. */
  private pendingTimer: Promise<void> | undefined;
  private pendingSince = 0;

  /** Whether the current slice has run its time. */
  get isOver(): boolean {
    return performance.now() - this.started >= SLICE_MS;
  }

  /** Milliseconds left of the current slice. */
  get leftMs(): number {
    return Math.max(0, SLICE_MS - (performance.now() - this.started));
  }

  /**
   * Steps `counter` in kernel calls of a sized budget until it is done or the slice is over (one
   * call at least); returns the milliseconds it took.
   */
  count(counter: Stepped): number {
    const started = performance.now();
    do this.budget.call((steps) => counter.step(steps));
    while (!counter.done && !this.isOver);
    return performance.now() - started;
  }

  /** Ends the slice: the event loop takes its turn, then the next slice starts. */
  async next(): Promise<void> {
    await this.yieldToEventLoop();
    this.started = performance.now();
  }

  /**
   * Lets the event loop run (timers, I/O, an abort) before counting on: setImmediate where there is
   * one; elsewhere a MessageChannel message, which browsers do not clamp to 4 ms as they clamp
   * setTimeout. Some hosts (workerd without nodejs_compat) deliver every channel message before any
   * timer, so a timer is kept pending beside them, and a yield waits for it once it has been kept
   * waiting: the caller's timers (a setTimeout that aborts the count) run in every host.
   */
  private yieldToEventLoop(): Promise<void> {
    if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
    if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
    const now = performance.now();
    if (this.pendingTimer === undefined) {
      this.pendingSince = now;
      this.pendingTimer = new Promise((resolve) =>
        setTimeout(() => {
          this.pendingTimer = undefined;
          resolve();
        }, 0),
      );
    } else if (now - this.pendingSince > TIMER_STARVED_MS) return this.pendingTimer;
    return nextMessage();
  }
}
