// A join whose lists cannot have the memory they need fails with a coded error that says how much
// they need, on both kernels, in the calling thread and on worker threads: never a trap, never a
// wrong count. n = 24's quarter lists alone take more than the least maxMemory (a mebibyte), so
// its first row choice fails at once.
import { describe, expect, it } from 'vitest';
import { count, countSync, JoinMemoryError } from '../src/index.js';
import { ENGINES } from './helpers/engines.js';
import { knownCounts } from './helpers/known-counts.js';

const MIB = 2 ** 20;

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
