// The checks that every engine of the engines tier runs on the package as its users import it:
// Node, Deno, Bun, workerd and the browsers all call runScenario. So it imports nothing, uses only
// what every engine has, and reports plain JSON instead of throwing (its caller may be a page or
// a Worker, where an exception would be harder to read than a list of checks). Its types are
// written in JSDoc, for the TypeScript that runs it and reads its report.

/**
 * What an engine allows, and the exact counts to check against.
 * @typedef {object} Host
 * @property {string} name The engine, in words (for the report's reader).
 * @property {boolean} workers Whether it can start worker threads.
 * @property {boolean} wasm Whether the package's wasm kernel can run there.
 * @property {{ [n: number]: { total: string, unique: string } }} known The known counts, by n, as
 *   decimal strings: n = 1..maxN, 11, 14, 15 and 16 at least.
 * @property {number} maxN Counts are checked for n = 1..maxN.
 */

/**
 * @typedef {object} Check
 * @property {string} name `group: what`; the groups: counts, default engine, workers, many counts,
 *   placed and shards, webgpu, abort.
 * @property {boolean} ok
 * @property {string} detail What it found: the values on success, what was wrong on failure.
 */

/** @typedef {{ checks: Check[] }} Report */
/** @typedef {typeof import('../../src/index.js')} Lib The package (`import * as lib from 'nqueens-wasm'`). */
/** @typedef {import('../../src/index.js').CountResult} CountResult */

/** A check that ran and found something wrong (any other throw is reported with its name). */
class Mismatch extends Error {}

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Mismatch) return error.message;
  if (error instanceof Error) return `threw ${error.name}: ${error.message}`;
  return `threw ${typeof error}: ${String(error)}`;
}

/**
 * @param {boolean} condition
 * @param {string | null} message
 * @returns {asserts condition}
 */
function expect(condition, message) {
  if (!condition) throw new Mismatch(message ?? '');
}

/**
 * Resolves to the rejection of `promise` (any value: what the package threw), or throws a Mismatch
 * where it resolves.
 * @param {Promise<CountResult>} promise
 * @param {string} what
 * @returns {Promise<any>}
 */
async function rejection(promise, what) {
  try {
    const result = await promise;
    throw new Mismatch(`${what} resolved (total ${result?.total}) instead of rejecting`);
  } catch (error) {
    if (error instanceof Mismatch) throw error;
    return error;
  }
}

/**
 * `lib` is the package (`import * as lib from 'nqueens-wasm'`), `host` what the engine allows and
 * the exact counts; resolves to `{ checks: [{ name, ok, detail }] }`.
 * @param {Lib} lib
 * @param {Host} host
 * @returns {Promise<Report>}
 */
export async function runScenario(lib, host) {
  /** @type {Check[]} */
  const checks = [];
  /**
   * @param {string} name
   * @param {() => string | undefined | Promise<string | undefined>} body
   */
  async function check(name, body) {
    try {
      const detail = await body();
      checks.push({ name, ok: true, detail: detail ?? '' });
    } catch (error) {
      checks.push({ name, ok: false, detail: describe(error) });
    }
  }

  const sizes = Array.from({ length: host.maxN }, (_, i) => i + 1);
  /**
   * Where `result` differs from the known counts of n, in words; null where it is exact.
   * @param {number} n
   * @param {CountResult} result
   */
  function wrong(n, result) {
    const want = host.known[n];
    const got = { total: String(result.exact.total), unique: String(result.exact.unique) };
    const same =
      result.n === n &&
      got.total === want.total &&
      got.unique === want.unique &&
      result.total === Number(want.total) &&
      result.unique === Number(want.unique);
    return same ? null : `n = ${n}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
  }
  /**
   * Counts n = 1..maxN with `run` and throws a Mismatch listing every wrong answer.
   * @param {(n: number) => CountResult | Promise<CountResult>} run
   * @param {'js' | 'wasm'} engine
   * @param {boolean} fallback
   */
  async function countEvery(run, engine, fallback) {
    /** @type {string[]} */
    const problems = [];
    /** @type {CountResult | undefined} */
    let result;
    for (const n of sizes) {
      result = await run(n);
      const counts = wrong(n, result);
      if (counts) problems.push(counts);
      if (result.engine !== engine) problems.push(`n = ${n}: counted on '${result.engine}', expected '${engine}'`);
      if (fallback && !(typeof result.fallbackReason === 'string' && result.fallbackReason.length > 0)) {
        problems.push(
          `n = ${n}: fell back to 'js' without a fallbackReason (${JSON.stringify(result.fallbackReason)})`,
        );
      }
      if (!fallback && result.fallbackReason !== undefined) {
        problems.push(`n = ${n}: a fallbackReason where nothing fell back: ${JSON.stringify(result.fallbackReason)}`);
      }
    }
    expect(problems.length === 0, problems.join('; '));
    return `n = 1..${host.maxN} exact${fallback ? `; fallbackReason: ${result?.fallbackReason}` : ''}`;
  }

  for (const engine of host.wasm ? /** @type {const} */ (['js', 'wasm']) : /** @type {const} */ (['js'])) {
    await check(`counts: countSync on '${engine}'`, () =>
      countEvery((n) => lib.countSync(n, { engine }), engine, false),
    );
    await check(`counts: count on '${engine}'`, () => countEvery((n) => lib.count(n, { engine }), engine, false));
  }
  if (!host.wasm) {
    await check(`counts: engine 'wasm' is refused with WasmUnavailableError`, async () => {
      let thrown;
      try {
        lib.countSync(8, { engine: 'wasm' });
      } catch (error) {
        thrown = error;
      }
      const what = thrown === undefined ? 'counted' : describe(thrown);
      expect(thrown instanceof lib.WasmUnavailableError, `countSync: ${what}`);
      const rejected = await rejection(lib.count(8, { engine: 'wasm' }), 'count');
      expect(rejected instanceof lib.WasmUnavailableError, `count: ${describe(rejected)}`);
      return rejected.message;
    });
  }

  const defaultEngine = host.wasm ? 'wasm' : 'js';
  await check(`default engine: countSync counts on '${defaultEngine}'`, () =>
    countEvery((n) => lib.countSync(n), defaultEngine, !host.wasm),
  );
  await check(`default engine: count counts on '${defaultEngine}'`, () =>
    countEvery((n) => lib.count(n), defaultEngine, !host.wasm),
  );

  if (host.workers) {
    // result.workers counts the threads that took part: a thread that starts after the others have
    // finished the work takes none. The first count starts both threads; the second, eight times
    // the work, finds them started.
    await check('workers: count(15, { workers: 2 }) is exact on 1 or 2 threads', async () => {
      const result = await lib.count(15, { workers: 2 });
      const problem = wrong(15, result);
      expect(problem === null, problem);
      expect(result.workers === 1 || result.workers === 2, `result.workers is ${result.workers}, expected 1 or 2`);
      return `${result.total} on '${result.engine}', ${result.workers} threads`;
    });
    await check('workers: count(16, { workers: 2 }) then counts on both threads', async () => {
      const result = await lib.count(16, { workers: 2 });
      const problem = wrong(16, result);
      expect(problem === null, problem);
      expect(result.workers === 2, `result.workers is ${result.workers}, expected 2`);
      return `${result.total} on '${result.engine}', ${result.workers} threads`;
    });
  } else {
    await check('workers: count(15, { workers: 2 }) rejects with WorkersRefusedError', async () => {
      const rejected = await rejection(lib.count(15, { workers: 2 }), 'count(15, { workers: 2 })');
      expect(rejected instanceof lib.WorkersRefusedError, describe(rejected));
      expect(
        /worker thread/i.test(rejected.message),
        `the message does not speak of worker threads: ${rejected.message}`,
      );
      return rejected.message;
    });
    await check('workers: count(15) counts in the calling thread', async () => {
      const result = await lib.count(15);
      const problem = wrong(15, result);
      expect(problem === null, problem);
      expect(result.workers === 1, `result.workers is ${result.workers}, expected 1`);
      return `${result.total} on '${result.engine}', 1 thread`;
    });
  }

  // A host serves many requests per process, page or isolate: counts one after another and at the
  // same time, each n = 14 or 15 long enough to yield to the others, beside counts that take
  // microseconds and a countSync, on both engines where wasm runs.
  const mixed = [14, 8, 15, 12, 14, 1, 13];
  for (const engine of host.wasm ? /** @type {const} */ (['wasm', 'js']) : /** @type {const} */ (['js'])) {
    await check(`many counts: on '${engine}' one after another, then all at once, twice over`, async () => {
      /** @type {string[]} */
      const problems = [];
      /**
       * @param {number} n
       * @param {CountResult} result
       */
      const note = (n, result) => {
        const counts = wrong(n, result);
        if (counts) problems.push(counts);
        if (result.engine !== engine) problems.push(`n = ${n}: counted on '${result.engine}'`);
      };
      for (const n of mixed) note(n, await lib.count(n, { engine }));
      for (let round = 0; round < 2; round++) {
        const counting = mixed.map((n) => lib.count(n, { engine }));
        note(11, lib.countSync(11, { engine }));
        const results = await Promise.all(counting);
        for (const [i, result] of results.entries()) note(mixed[i], result);
      }
      expect(problems.length === 0, problems.join('; '));
      return `n = ${mixed.join(', ')} exact, in turn and at once`;
    });
  }

  await check('placed and shards: the 4 shards of n = 14 add up to its total', async () => {
    let sum = 0n;
    for (let index = 0; index < 4; index++) {
      const result = await lib.count(14, { shard: { index, count: 4 } });
      expect(result.unique === null && result.exact.unique === null, `shard ${index}/4 has a unique count`);
      sum += result.exact.total;
    }
    expect(String(sum) === host.known[14].total, `the shards add up to ${sum}, expected ${host.known[14].total}`);
    return `${sum}`;
  });
  await check('placed and shards: n = 11 with its first queen in each column adds up to its total', () => {
    let sum = 0n;
    for (let col = 0; col < 11; col++) {
      const result = lib.countSync(11, { placed: [[0, col]] });
      expect(result.unique === null, `placed [0, ${col}] has a unique count`);
      sum += result.exact.total;
    }
    expect(String(sum) === host.known[11].total, `the columns add up to ${sum}, expected ${host.known[11].total}`);
    return `${sum}`;
  });

  await check(`webgpu: count(8, { engine: 'webgpu' }) counts 92 or rejects with WebGPUUnavailableError`, async () => {
    let result;
    try {
      result = await lib.count(8, { engine: 'webgpu' });
    } catch (error) {
      expect(error instanceof lib.WebGPUUnavailableError, describe(error));
      return `refused: ${error.message}`;
    }
    expect(wrong(8, result) === null && result.engine === 'webgpu', `counted ${result.total} on '${result.engine}'`);
    return `counted ${result.total} on the GPU`;
  });

  // Orders of events, not timings: a timer set once counting has begun must fire, and its abort
  // reject the count, before the count is half done (it takes seconds on any engine).
  await check('abort: a timer set while count(17) runs aborts it, rejecting with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('aborted by the timer');
    /** @type {string[]} */
    const events = [];
    const counting = lib.count(17, {
      signal: controller.signal,
      onProgress({ done, total }) {
        if (done > 0 && !events.includes('counting')) {
          events.push('counting');
          setTimeout(() => {
            events.push('timer');
            controller.abort(reason);
          }, 20);
        } else if (done * 2 >= total && !events.includes('timer') && !events.includes('half done')) {
          events.push('half done');
          controller.abort(new Error('half done before the timer fired'));
        }
      },
    });
    const rejected = await rejection(counting, 'count(17)');
    events.push(rejected === reason ? 'rejected with the reason' : `rejected: ${describe(rejected)}`);
    expect(events.join(', ') === 'counting, timer, rejected with the reason', `events: ${events.join(', ')}`);
    return events.join(', ');
  });
  await check('abort: aborting from onProgress rejects count(17) with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('aborted from onProgress');
    const rejected = await rejection(
      lib.count(17, { signal: controller.signal, onProgress: ({ done }) => done > 0 && controller.abort(reason) }),
      'count(17)',
    );
    expect(rejected === reason, `rejected with ${describe(rejected)}`);
    return 'rejected with the reason';
  });

  return { checks };
}
