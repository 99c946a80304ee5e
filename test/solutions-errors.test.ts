// Bad input to the listing functions: TypeError or RangeError naming the argument and the range.
import { describe, expect, it } from 'vitest';
import { findSolution, isSolution, solutions, solveNQueens } from '../src/index.js';

describe('solutions', () => {
  it.each([
    ['8', undefined, TypeError, /n must be an integer from 1 to 32, got "8"/],
    [0, undefined, RangeError, /n must be an integer from 1 to 32, got 0/],
    [33, undefined, RangeError, /n must be an integer from 1 to 32, got 33/],
    [8, { engine: 'gpu' }, TypeError, /options.engine must be 'wasm' or 'js', got "gpu"/],
    [
      8,
      { engine: 'webgpu' },
      TypeError,
      /options.engine must be 'wasm' or 'js' for solutions, got "webgpu": the GPU answers asynchronously/,
    ],
    [8, { workers: 2 }, TypeError, /solutions: unknown option "workers"; the options are engine, placed/],
    [8, { placed: [[0, 8]] }, RangeError, /options.placed\[0\]\[1\] \(col\) must be an integer from 0 to 7, got 8/],
    [
      8,
      {
        placed: [
          [0, 0],
          [1, 1],
        ],
      },
      RangeError,
      /shares a diagonal/,
    ],
    [8, 'js', TypeError, /solutions: options must be a plain object/],
  ])('solutions(%j, %j) throws at the call, before iterating', (n, options, error, message) => {
    expect(() => solutions(n as number, options as never)).toThrow(error);
    expect(() => solutions(n as number, options as never)).toThrow(message);
  });

  it.each([
    ['8', TypeError, /n must be an integer from 1 to 32, got "8"/],
    [0, RangeError, /from 1 to 32, got 0/],
    [40, RangeError, /from 1 to 32, got 40/],
  ])('solveNQueens(%j)', (n, error, message) => {
    expect(() => solveNQueens(n as number)).toThrow(error);
    expect(() => solveNQueens(n as number)).toThrow(message);
  });

  it.each([16, 17, 32])(
    'solveNQueens(%i), whose boards cannot fit in memory, is a RangeError at once that names the limit and solutions()',
    (n) => {
      expect(() => solveNQueens(n)).toThrow(RangeError);
      expect(() => solveNQueens(n)).toThrow(
        new RegExp(
          `n must be an integer from 1 to 15 \\(n = 15: 2,279,184 boards, about 300 MB\\), got ${n}; use solutions\\(n\\)`,
        ),
      );
    },
  );
});

describe('findSolution', () => {
  it.each([
    ['8', TypeError, /n must be an integer from 1 to 10000000, got "8"/],
    [undefined, TypeError, /n must be an integer from 1 to 10000000, got undefined/],
    [0, RangeError, /n must be an integer from 1 to 10000000, got 0/],
    [10_000_001, RangeError, /n must be an integer from 1 to 10000000, got 10000001/],
    [12.5, RangeError, /got 12.5/],
  ])('findSolution(%j)', (n, error, message) => {
    expect(() => findSolution(n as number)).toThrow(error);
    expect(() => findSolution(n as number)).toThrow(message);
  });
});

describe('isSolution', () => {
  it.each([null, undefined, 42, 'Q...', true, { length: -1 }, { length: 1.5 }, { length: 2 ** 60 }])(
    'isSolution(%j) is a TypeError',
    (cols) => {
      expect(() => isSolution(cols as never)).toThrow(TypeError);
      expect(() => isSolution(cols as never)).toThrow(/cols must be an array of columns, one per row/);
    },
  );

  it('an array-like that only claims a length of 2^32 (or more) is not a solution: false, with nothing allocated for it', () => {
    expect(isSolution({ length: 2 ** 32 } as never)).toBe(false);
    expect(isSolution({ length: 2 ** 32 - 1, 0: 0 } as never)).toBe(false);
    expect(isSolution({ length: 2 ** 53 - 1 } as never)).toBe(false);
  });
});
