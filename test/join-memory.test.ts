// A join whose lists cannot have the memory they need fails with a coded error that says how much
// they need, on both kernels, in the calling thread and on worker threads: never a trap, never a
// wrong count. n = 24's quarter lists alone take more than the least maxMemory (a mebibyte), so
// its first row choice fails at once.
import { describe, expect, it } from 'vitest';
import { threadMemory } from '../src/count.js';
import { count, countSync, JoinMemoryError } from '../src/index.js';
import { joinSubproblems } from '../src/plan/join-subproblems.js';
import { ENGINES } from './helpers/engines.js';
import { callsToEnd, countSubproblem, joinPlan, kernels, leastRoom, subproblemOf } from './helpers/join-subproblem.js';
import { knownCounts } from './helpers/known-counts.js';

const MIB = 2 ** 20;

describe("a thread's share of maxMemory", () => {
  it('without maxMemory, 1 GiB split among the threads, but at least 256 MiB each', () => {
    expect([1, 2, 4, 5, 16, 64].map((threads) => threadMemory(undefined, threads) / MIB)).toEqual([
      1024, 512, 256, 256, 256, 256,
    ]);
  });

  it('with maxMemory, that split evenly, however small the share', () => {
    expect([1, 2, 5, 64].map((threads) => threadMemory(64 * MIB, threads) / MIB)).toEqual([64, 32, 12.8, 1]);
  });
});

describe.each(ENGINES)('engine %s', (engine) => {
  it('countSync: a join that needs more than maxMemory throws JoinMemoryError with its need', () => {
    let thrown: unknown;
    try {
      countSync(24, { engine, method: 'join', maxMemory: MIB });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JoinMemoryError);
    expect(thrown).toBeInstanceOf(RangeError);
    expect(thrown).toMatchObject({ code: 'ERR_NQUEENS_JOIN_MEMORY', n: 24, allowedBytes: MIB });
    expect((thrown as JoinMemoryError).needBytes).toBeGreaterThan(MIB);
  });

  it('count on two worker threads: the error crosses the thread with its code and need', async () => {
    const outcome = count(24, { engine, method: 'join', maxMemory: MIB, workers: 2 });
    await expect(outcome).rejects.toBeInstanceOf(JoinMemoryError);
    await expect(outcome).rejects.toMatchObject({ code: 'ERR_NQUEENS_JOIN_MEMORY', n: 24, allowedBytes: MIB / 2 });
  });

  it('after the error, the same process counts a join exactly', () => {
    expect(() => countSync(24, { engine, method: 'join', maxMemory: MIB })).toThrow(JoinMemoryError);
    expect(countSync(12, { engine, method: 'join' }).exact).toEqual(knownCounts.get(12));
  });
});

// The room a refused join says it needs is what the kernel reports and JoinMemoryError passes on
// as needBytes. It must be the whole join's need: a kernel whose east quarter lists did not fit
// once stopped there and reported the east side's need alone, and given that room it refused
// again for the west side's (n = 10's row choice 0x5e, n = 25's 0xbafe with the middle queen on
// row 0). And a kernel lists the quarter-boards in calls of its budget, like the rest of a join,
// before it can say that the room is too small.
describe.each(['wasm', 'js'] as const)('the %s kernel', (engine) => {
  it('a fresh kernel given the room a refused join said it needs counts that join, at every unit of n = 10 to 12', () => {
    for (let n = 10; n <= 12; n++) {
      for (let i = 0; i < joinPlan(n).count; i++) {
        const unit = subproblemOf(n, i);
        const need = leastRoom(kernels[engine](), unit);
        const named = { n, unit: i, need };
        // countSubproblem throws where the kernel refuses the room it is given.
        expect({ ...named, count: countSubproblem(kernels[engine](), unit, 1 << 30, need) }).toEqual({
          ...named,
          count: countSubproblem(kernels[engine](), unit, 1 << 30, 2 ** 30),
        });
      }
    }
  });

  it('a join of n = 29 in too little room lists its quarter-boards in hundreds of calls of 1,000 steps, then says how much it needs', () => {
    // The plan's last unit: quarter lists of about 28 MB, listed in a fifth of a second (wasm).
    const unit = subproblemOf(29, joinSubproblems(29, null).count - 1);
    const kernel = kernels[engine]();
    const { calls, ended } = callsToEnd(kernel, unit, 1000, MIB);
    expect({ ended, calls: calls > 100, needs: kernel.shortfall() > MIB }).toEqual({
      ended: -1,
      calls: true,
      needs: true,
    });
  });
});
