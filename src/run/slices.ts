// The calling thread's share of a count, a comparison or a GPU wave, taken without holding the
// thread: work in slices, each followed by a turn of the event loop, so that the caller's timers
// and events run (progress is drawn, an abort is seen, a request is answered) whatever the size
// of a subproblem; and kernel calls sized to fit in a slice, so that a slice ends on time.
//
// Every count in the thread takes one slice a turn, so the thread's counts share one budget of
// TURN_MS a turn between them: each count's slice is that over the counts sharing the thread.
// Otherwise fifty counts at once would hold the thread for fifty slices between two turns, and a
// request whose count takes microseconds would wait behind all of them.
//
// Nothing here is a promise or a timer shared between counts: a host that ties each promise to
// the request that made it (workerd) never settles one in another request, and a request that has
// ended (its count dropped mid-await) must not hold up the next.

/** What a slice steps: a count that goes on in kernel calls of a budget of steps. */
export interface Stepped {
  readonly done: boolean;
  /** One kernel call of at most `budget` steps; true when it stopped because the budget was spent. */
  step(budget: number): boolean;
}

/** Milliseconds of counting in this thread between two turns of the event loop, all counts together. */
const TURN_MS = 5;
/** The shortest slice, however many counts share the thread: shorter, a turn would cost more than the slice. */
const MIN_SLICE_MS = 0.1;
/** Milliseconds a kernel call should take at most. */
const CALL_MS = 2;
const MIN_BUDGET = 1 << 8;
const MAX_BUDGET = 1 << 30;
/**
 * A count not seen starting a slice for this long no longer shares the thread: it ended without
 * saying so (a host dropped the request that awaited it).
 */
const GONE_MS = 1000;

/** The counts that share this thread, each with when its current slice started. */
const sharing = new Map<Slices, number>();

/** How many counts share the thread now, forgetting those gone. */
function sharers(now: number): number {
  for (const [slices, since] of sharing) if (now - since > GONE_MS) sharing.delete(slices);
  return Math.max(1, sharing.size);
}

/** Sizes kernel calls by how long the last ones took: their budget of search steps. */
class StepBudget {
  steps = 1 << 12;

  /** Runs one call with the current budget and adjusts the budget toward `targetMs` a call. */
  call(step: (budget: number) => boolean, targetMs: number): void {
    const started = performance.now();
    const spent = step(this.steps);
    const ms = performance.now() - started;
    if (spent && ms < targetMs / 2) this.steps = Math.min(MAX_BUDGET, this.steps * 2);
    else if (ms > targetMs * 2) this.steps = Math.max(MIN_BUDGET, Math.floor(this.steps / 2));
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

/** The calling thread's time for one count, in slices between turns of the event loop. */
export class Slices {
  private readonly budget = new StepBudget();
  private started = performance.now();
  private sliceMs = TURN_MS;
  /** A timer set at some yield of this count and not yet run, and when it was set. */
  private pendingTimer: Promise<void> | undefined;
  private pendingSince = 0;

  constructor() {
    this.begin();
  }

  /** Whether the current slice has run its time. */
  get isOver(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /** Milliseconds left of the current slice. */
  get leftMs(): number {
    return Math.max(0, this.sliceMs - (performance.now() - this.started));
  }

  /**
   * Steps `counter` in kernel calls of a sized budget until it is done or the slice is over (one
   * call at least); returns the milliseconds it took.
   */
  count(counter: Stepped): number {
    const started = performance.now();
    const callMs = Math.min(CALL_MS, this.sliceMs);
    do this.budget.call((steps) => counter.step(steps), callMs);
    while (!counter.done && !this.isOver);
    return performance.now() - started;
  }

  /** Ends the slice: the event loop takes its turn, then the next slice starts. */
  async next(): Promise<void> {
    await this.yieldToEventLoop();
    this.begin();
  }

  /** The count is over: it no longer shares the thread. */
  end(): void {
    sharing.delete(this);
  }

  private begin(): void {
    const now = performance.now();
    sharing.set(this, now);
    this.started = now;
    this.sliceMs = Math.max(MIN_SLICE_MS, TURN_MS / sharers(now));
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
