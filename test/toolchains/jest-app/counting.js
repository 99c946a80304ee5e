// The tests both test files run against the package they loaded. The known counts come from the
// test that runs this app (NQUEENS_KNOWN_COUNTS: { "n": { "total": "…", "unique": "…" } }, as
// decimal strings), so that the app holds no copy of them.
const { availableParallelism } = require('node:os');

// Jest's default of 5 s is for a test; these count up to n = 16 and 18, on a machine that may be busy.
const COUNTING_MS = 60_000;

function knownCounts() {
  const json = process.env.NQUEENS_KNOWN_COUNTS;
  if (json === undefined) {
    throw new Error('NQUEENS_KNOWN_COUNTS is not set: this app runs from test/toolchains/jest.test.ts');
  }
  const known = new Map();
  for (const [n, { total, unique }] of Object.entries(JSON.parse(json))) {
    known.set(Number(n), { total: BigInt(total), unique: BigInt(unique) });
  }
  return known;
}

module.exports = function describeCounting({ count, countSync, solutions, isSolution, WebGPUUnavailableError }) {
  const known = knownCounts();
  const expected = (n) => ({ n, total: known.get(n).total, unique: known.get(n).unique });
  const counted = (result) => ({ n: result.n, total: result.exact.total, unique: result.exact.unique });
  const cores = availableParallelism();

  test("Jest's require() gets the package's CommonJS build", () => {
    expect(require.resolve('nqueens-wasm')).toMatch(/[/\\]dist[/\\]nqueens-wasm\.cjs$/);
  });

  test(
    'count: n = 1 to 13, one after another',
    async () => {
      for (let n = 1; n <= 13; n++) {
        expect(counted(await count(n))).toEqual(expected(n));
      }
    },
    COUNTING_MS,
  );

  test(
    'count: n = 8 to 15 at the same time, and n = 16 on 2 worker threads beside them',
    async () => {
      const ns = [8, 10, 11, 12, 13, 14, 15];
      const [results, onTwo] = await Promise.all([Promise.all(ns.map((n) => count(n))), count(16, { workers: 2 })]);
      expect(results.map(counted)).toEqual(ns.map(expected));
      expect(counted(onTwo)).toEqual(expected(16));
    },
    COUNTING_MS,
  );

  test(
    'count: n = 16 on every core by default, and on 2 worker threads when asked',
    async () => {
      const everyCore = await count(16);
      expect(counted(everyCore)).toEqual(expected(16));
      expect(everyCore.workers).toBe(cores);
      const onTwo = await count(16, { workers: 2 });
      expect(counted(onTwo)).toEqual(expected(16));
      expect(onTwo.workers).toBe(Math.min(2, cores));
    },
    COUNTING_MS,
  );

  test('countSync: n = 1 to 11 on wasm and on TypeScript', () => {
    for (let n = 1; n <= 11; n++) {
      expect(counted(countSync(n))).toEqual(expected(n));
      expect(counted(countSync(n, { engine: 'js' }))).toEqual(expected(n));
    }
  });

  test('solutions: every board of n = 6 in order, and as many boards as solutions for n = 8', () => {
    expect([...solutions(6)]).toEqual([
      [1, 3, 5, 0, 2, 4],
      [2, 5, 1, 4, 0, 3],
      [3, 0, 4, 1, 5, 2],
      [4, 2, 0, 5, 3, 1],
    ]);
    const boards = [...solutions(8)];
    expect(BigInt(boards.length)).toBe(known.get(8).total);
    expect(boards.every((cols) => isSolution(cols))).toBe(true);
  });

  test(
    'an AbortController stops a count on worker threads: it rejects with the reason, and the next count is exact',
    async () => {
      const controller = new AbortController();
      const reason = new Error('stop');
      let progressed;
      const started = new Promise((resolve) => {
        progressed = resolve;
      });
      const counting = count(18, { workers: 2, signal: controller.signal, onProgress: () => progressed() });
      await started;
      controller.abort(reason);
      await expect(counting).rejects.toBe(reason);
      expect(counted(await count(15, { workers: 2 }))).toEqual(expected(15));
    },
    COUNTING_MS,
  );

  // Jest runs this file in a vm context with globals of its own: the errors must be its classes.
  test("bad arguments are this context's TypeError and RangeError", async () => {
    expect(() => countSync(0)).toThrow(RangeError);
    expect(() => countSync(33)).toThrow(/n must be an integer from 1 to 32/);
    await expect(count('8')).rejects.toBeInstanceOf(TypeError);
  });

  test("engine 'webgpu' without Dawn's package rejects with WebGPUUnavailableError", async () => {
    await expect(count(8, { engine: 'webgpu' })).rejects.toBeInstanceOf(WebGPUUnavailableError);
  });
};
