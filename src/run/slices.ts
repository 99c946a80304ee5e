// The calling thread's share of a count, a comparison or a GPU wave, taken without holding the
// thread: work in slices, each followed by a turn of the event loop, so that the caller's timers
// and events run (progress is drawn, an abort is seen, a request is answered) whatever the size
// of a subproblem; and kernel calls sized to fit in a slice, so that a slice ends on time.
//
// The counts in one thread share one budget of TURN_MS of counting a turn, however many they are:
// otherwise fifty counts (a server answering fifty requests) would each take a slice between two
// turns, and a request whose count takes microseconds would wait behind all of them. Each count
// comes back once a turn; it is owed its share of the turn (TURN_MS over the counts sharing the
// thread), counts what it is owed, or lets the turn go by while that is under MIN_SLICE_MS, and
// never more than the turn has left (fifty counts that start together join one turn).
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

/**
 * Milliseconds of counting in this thread between two turns of the event loop, all counts together:
 * what a request that arrives meanwhile waits. Shorter, kernel calls are shorter too, and a count
 * alone in the thread pays more for their starts.
 */
const TURN_MS = 2;
/** The shortest slice: a count owed less lets the turn go by (a slice shorter costs more than it counts). */
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
/**
 * The turn the thread's counts are in, and the milliseconds they counted in it. Each count takes
 * one slice a turn, so a count that comes back for another slice has seen the event loop turn.
 */
let turn = 0;
let turnSpentMs = 0;

/** How many counts share the thread now, forgetting those gone. */
function sharers(now: number): number {
  for (const [slices, since] of sharing) if (now - since > GONE_MS) sharing.delete(slices);
  return Math.max(1, sharing.size);
}

/**
 * Sizes kernel calls by how long the last ones took: their budget of search steps. The first is
 * small enough for a first call to fit a short slice (the TS kernel's steps take about a
 * microsecond); calls that end early double it.
 */
class StepBudget {
  steps = 1 << 10;

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
  /** The turn of this count's last slice. */
  private turnSeen = -1;
  /** Milliseconds of counting the count is owed: its share of each turn, less what it counted. */
  private credit = 0;
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
   * Steps `counter` in kernel calls of a sized budget until it is done or the slice is over (none
   * when it is over already); returns the milliseconds it took.
   */
  count(counter: Stepped): number {
    const started = performance.now();
    const callMs = Math.min(CALL_MS, this.sliceMs);
    while (!counter.done && !this.isOver) this.budget.call((steps) => counter.step(steps), callMs);
    return performance.now() - started;
  }

  /** Ends the slice: the event loop takes its turn, then the next slice starts. */
  async next(): Promise<void> {
    this.spend();
    await this.yieldToEventLoop();
    this.begin();
  }

  /** The count is over: it no longer shares the thread. */
  end(): void {
    this.spend();
    sharing.delete(this);
  }

  private begin(): void {
    const now = performance.now();
    if (this.turnSeen === turn) {
      turn++;
      turnSpentMs = 0;
    }
    this.turnSeen = turn;
    sharing.set(this, now);
    this.started = now;
    this.credit = Math.min(TURN_MS, this.credit + TURN_MS / sharers(now));
    const slice = Math.min(this.credit, TURN_MS - turnSpentMs);
    // Below the shortest slice, the count lets this turn go by and has more the next.
    this.sliceMs = slice >= MIN_SLICE_MS ? slice : 0;
  }

  /** Charges the current slice to the count's credit and to the turn. */
  private spend(): void {
    const ms = performance.now() - this.started;
    if (this.turnSeen === turn) {
      turnSpentMs += ms;
      this.credit = Math.max(-TURN_MS, this.credit - ms);
    } else {
      // The count awaited something else (the GPU) since its slice began: that time was not its.
      this.credit -= Math.min(ms, this.sliceMs);
    }
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
