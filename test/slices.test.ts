// How the counts in one thread share it (src/run/slices.ts), on a clock the test keeps: every
// kernel step moves it on by a fixed cost, so the answers are the same on any machine. A probe
// queued with setImmediate runs once a turn of the event loop, in line with the counts' own
// yields, and notes the clock: the counting between two of its runs is what a request that
// arrived meanwhile waited for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Slices, type Stepped } from '../src/run/slices.js';

const clock = { now: 0 };
/** Milliseconds a step takes on the machine the clock plays (the wasm kernel's order). */
const MS_PER_STEP = 1e-4;

beforeEach(() => {
  clock.now = 1_000_000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A count that never ends, charging the clock for its steps and keeping its own time. */
function endless(): Stepped & { ms: number } {
  return {
    done: false,
    ms: 0,
    step(budget: number) {
      const ms = budget * MS_PER_STEP;
      clock.now += ms;
      this.ms += ms;
      return true;
    },
  };
}

/** Counts `counter` in slices, as the package's in-thread counting does, until `stop()`. */
async function countUntil(slices: Slices, counter: Stepped, stop: () => boolean): Promise<void> {
  try {
    while (!stop()) {
      slices.count(counter);
      await slices.next();
    }
  } finally {
    slices.end();
  }
}

/** The clock at each of `turns` turns of the event loop. */
function watchTurns(turns: number): Promise<number[]> {
  return new Promise((resolve) => {
    const seen: number[] = [];
    const turn = () => {
      seen.push(clock.now);
      if (seen.length === turns) resolve(seen);
      else setImmediate(turn);
    };
    setImmediate(turn);
  });
}

const gapsOf = (seen: number[]) => seen.slice(1).map((at, i) => at - seen[i]);

describe('the counts in one thread', () => {
  it.each([1, 5, 50])(
    'with %i at once, count 2 ms (4 at most) between two turns of the event loop, all together',
    async (k) => {
      let stopped = false;
      const counters = Array.from({ length: k }, endless);
      const counting = counters.map((counter) => countUntil(new Slices(), counter, () => stopped));
      const seen = await watchTurns(60);
      stopped = true;
      await Promise.all(counting);
      // The first turns size the kernel calls; from then on a turn holds 2 ms of counting, and a
      // slice may end a call late (calls are sized to take up to a slice).
      expect(Math.max(...gapsOf(seen).slice(20))).toBeLessThanOrEqual(4);
      // And the thread is used: the counting adds up to most of the turns' time.
      const counted = counters.reduce((sum, c) => sum + c.ms, 0);
      expect(counted).toBeGreaterThan(0.8 * (seen[seen.length - 1] - seen[0]));
    },
  );

  it('share the thread evenly: each of 10 counts counts within a fifth of its tenth', async () => {
    let stopped = false;
    const counters = Array.from({ length: 10 }, endless);
    const counting = counters.map((counter) => countUntil(new Slices(), counter, () => stopped));
    await watchTurns(400);
    stopped = true;
    await Promise.all(counting);
    const total = counters.reduce((sum, c) => sum + c.ms, 0);
    for (const c of counters) expect(Math.abs(c.ms - total / 10)).toBeLessThan(total / 10 / 5);
  });

  it('started together (fifty requests at once), count a turn and one first call each before the next turn', async () => {
    let stopped = false;
    const started = clock.now;
    const firstTurn = watchTurns(1);
    const counting = Array.from({ length: 50 }, () => countUntil(new Slices(), endless(), () => stopped));
    const [turned] = await firstTurn;
    stopped = true;
    await Promise.all(counting);
    // Each count's first call may take its first budget (0.1 ms at this cost) beyond the turn's 2 ms.
    expect(turned - started).toBeLessThanOrEqual(2 + 50 * 0.11);
  });

  it('stop sharing with a count that was dropped mid-await, a second after its last slice', async () => {
    // A host dropped the request that awaited this count: it never comes back, nor says it ended.
    const dropped = new Slices();
    dropped.count(endless());
    let stopped = false;
    const alive = endless();
    const counting = countUntil(new Slices(), alive, () => stopped);
    await watchTurns(10);
    const sharedMs = alive.ms;
    // A second on, the live count is alone: it is owed the whole turn, twice what it had shared.
    clock.now += 1001;
    const before = alive.ms;
    const seen = await watchTurns(40);
    stopped = true;
    await counting;
    expect(sharedMs).toBeGreaterThan(0);
    const perTurn = (alive.ms - before) / (seen.length - 1);
    expect(perTurn).toBeGreaterThan(1.8);
  });
});
