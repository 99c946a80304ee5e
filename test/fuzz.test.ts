// Every public function and option, driven with generated hostile values (fast-check). For each
// call: a TypeError or RangeError before any work, or the correct answer, checked against the
// plain reference in helpers/reference.ts. Never a hang (each property has a time limit), a
// crash, an unhandled rejection (Vitest fails the run on one), or a thread left behind (the last
// test runs a fuzz round in a separate Node process, which must exit by itself).
//
// The seed is fixed; FUZZ_RUNS (default 60) and FUZZ_SEED set a bigger or another run:
//   FUZZ_RUNS=2000 FUZZ_SEED=7 npx vitest run test/fuzz.test.ts

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  type Checkpoint,
  compareEngines,
  count,
  countSync,
  findSolution,
  isSolution,
  type Queen,
  solutions,
  solveNQueens,
  totalNQueens,
} from '../src/index.js';
import { referenceSolutions, referenceUnique } from './helpers/reference.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const settings = {
  numRuns: RUNS,
  seed: SEED,
  interruptAfterTimeLimit: 60_000 * Math.max(1, RUNS / 60),
  endOnFailure: true,
};
// A test's time grows with the runs: at 60 the slowest takes 2 to 5 s on the 2-core development machine.
vi.setConfig({ testTimeout: 15_000 * Math.max(1, RUNS / 60) });

// Values of every kind that a hostile or careless caller passes where a number or an object goes.
const strange = fc.oneof(
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    0.5,
    -1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 60,
    1e300,
    Number.MIN_VALUE,
    '8',
    '',
    'wasm',
    8n,
    -1n,
    null,
    undefined,
    true,
    false,
    Symbol('s'),
    () => 8,
    [],
    [8],
    {},
    new Map([['engine', 'js']]),
    new Date(0),
    new Uint8Array(2),
    Object.create(null),
    Promise.resolve(8),
  ),
  fc.anything({ maxDepth: 2 }),
);

/**
 * A board size: mostly small valid ones (the answer is then checked), otherwise anything but a
 * valid size above 9, whose count would take from seconds to years.
 */
const anyN = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 9 }) },
    { weight: 1, arbitrary: fc.integer({ min: -40, max: 0 }) },
    { weight: 1, arbitrary: fc.integer({ min: 33, max: 2 ** 31 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: false }) },
    { weight: 1, arbitrary: strange },
  )
  .filter((n) => !(Number.isInteger(n) && (n as number) >= 10 && (n as number) <= 32));

/** Mutually non-attacking queens on an n×n board, in any order. */
function validPlaced(n: number): fc.Arbitrary<Queen[]> {
  return fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: Math.min(n, 4) }).map((pairs) => {
    const queens: Queen[] = [];
    for (const [r, c] of pairs) {
      if (!queens.some(([qr, qc]) => qr === r || qc === c || Math.abs(qr - r) === Math.abs(qc - c)))
        queens.push([r, c]);
    }
    return queens;
  });
}

const anyPlaced = fc.oneof(
  fc.array(fc.tuple(fc.integer({ min: -2, max: 11 }), fc.integer({ min: -2, max: 11 })), { maxLength: 12 }),
  fc.sparseArray(fc.tuple(fc.nat(9), fc.nat(9)), { maxLength: 6 }),
  fc.array(strange, { maxLength: 3 }),
  strange,
);

/** Mostly a valid value, sometimes a hostile one. */
function validOr<T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

const anyShard = validOr(
  fc.integer({ min: 1, max: 6 }).chain((count) => fc.record({ index: fc.nat(count - 1), count: fc.constant(count) })),
  fc.oneof(
    fc.record({ index: fc.integer({ min: -2, max: 6 }), count: fc.integer({ min: -1, max: 6 }) }),
    fc.record({ index: strange, count: strange }),
    strange,
  ),
);

const anyEngine = validOr(fc.constantFrom('wasm', 'js'), fc.oneof(fc.constantFrom('gpu', 'WASM', 'webgpu'), strange));

/** Queens for an n×n board: mostly valid ones when n is a valid size. */
function placedFor(n: unknown): fc.Arbitrary<unknown> {
  if (!(Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 32)) return anyPlaced;
  // Hostile ones on the board: two queens on one row, column or diagonal, among valid ones.
  const size = n as number;
  if (size < 2) return fc.oneof(validPlaced(size), anyPlaced);
  const clash = fc
    .tuple(
      fc.nat(size - 1),
      fc.nat(size - 1),
      fc.integer({ min: 1, max: Math.max(1, size - 1) }),
      fc.constantFrom([0, 1], [1, 0], [1, 1], [1, -1]),
    )
    .map(
      ([r, c, d, [dr, dc]]) =>
        [
          [r, c],
          [r + d * dr, c + d * dc],
        ] as Queen[],
    )
    .filter((queens) => queens.every(([r, c]) => r >= 0 && r < size && c >= 0 && c < size));
  const mixed = fc.tuple(validPlaced(size), clash).map(([valid, pair]) => [...valid.slice(0, 1), ...pair]);
  return fc.oneof(
    { weight: 3, arbitrary: validPlaced(size) },
    { weight: 2, arbitrary: mixed },
    { weight: 1, arbitrary: anyPlaced },
  );
}

/** Options, some valid, some not: known keys (each there or not) with mostly valid values, now and then an unknown key. */
function anyOptions(keys: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 8, arbitrary: fc.record(keys, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ ...keys, engin: fc.constant('js') }, { requiredKeys: ['engin'] }) },
    { weight: 1, arbitrary: strange },
  );
}

/** A board size and options for it. */
function nAndOptions(keys: (n: unknown) => Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<[unknown, unknown]> {
  return anyN.chain((n) => fc.tuple(fc.constant(n), anyOptions(keys(n))));
}

function isArgumentError(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError;
}

/** How the generated calls ended; a fuzz run that only ever errs (or never does) tests too little. */
class Outcomes {
  answered = 0;
  refused = 0;
  other = 0;

  /** Both kinds of ending happened often enough to matter. */
  check(runs: number): void {
    expect(this.answered).toBeGreaterThan(runs / 10);
    expect(this.refused).toBeGreaterThan(runs / 10);
  }
}

/** The solutions of (n, placed), by the reference. */
function expected(n: number, placed: readonly Queen[] | undefined): { total: number; unique: number | null } {
  return {
    total: referenceSolutions(n, placed ?? []).length,
    unique: placed === undefined ? referenceUnique(n) : null,
  };
}

function isValidSmallN(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 9;
}

describe('fuzz: countSync and totalNQueens', () => {
  it('throw a TypeError or RangeError, or give the reference answer', () => {
    const outcomes = new Outcomes();
    fc.assert(
      fc.property(
        nAndOptions((n) => ({ engine: anyEngine, placed: placedFor(n), shard: anyShard })),
        ([n, options]) => {
          let result: ReturnType<typeof countSync>;
          try {
            result = countSync(n as number, options as never);
          } catch (error) {
            expect(isArgumentError(error)).toBe(true);
            outcomes.refused++;
            return;
          }
          outcomes.answered++;
          const o = (options ?? {}) as { placed?: Queen[]; shard?: unknown };
          expect(isValidSmallN(n)).toBe(true);
          const want = expected(n as number, o.placed);
          if (o.shard === undefined) expect({ total: result.total, unique: result.unique }).toEqual(want);
          else expect(result.total).toBeLessThanOrEqual(want.total);
        },
      ),
      settings,
    );
    outcomes.check(RUNS);
    fc.assert(
      fc.property(anyN, (n) => {
        try {
          expect(totalNQueens(n as number)).toBe(expected(n as number, undefined).total);
        } catch (error) {
          expect(isArgumentError(error)).toBe(true);
        }
      }),
      settings,
    );
  });

  it('valid inputs always count exactly: the shards of any split add up to the reference', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 9 })
          .chain((n) =>
            fc.tuple(fc.constant(n), validPlaced(n), fc.integer({ min: 1, max: 7 }), fc.constantFrom('wasm', 'js')),
          ),
        ([n, placed, m, engine]) => {
          let sum = 0;
          for (let index = 0; index < m; index++)
            sum += countSync(n, { engine, placed, shard: { index, count: m } }).total;
          expect(sum).toBe(expected(n, placed).total);
          expect(countSync(n, { engine, placed })).toMatchObject(expected(n, placed));
        },
      ),
      settings,
    );
  });
});

/** A signal that is aborted now, or a signal-like object of any shape. */
const anySignal = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: strange.map((reason) => AbortSignal.abort(reason)) },
  { weight: 1, arbitrary: fc.constant({ aborted: false, addEventListener() {}, removeEventListener() {} }) },
  { weight: 1, arbitrary: fc.record({ aborted: strange, addEventListener: strange, removeEventListener: strange }) },
  { weight: 1, arbitrary: strange },
);

describe('fuzz: count', () => {
  it("never throws, and rejects with an argument error, the abort reason or the callback's throw; or resolves to the reference answer", async () => {
    const outcomes = new Outcomes();
    await fc.assert(
      fc.asyncProperty(
        nAndOptions((n) => ({
          engine: anyEngine,
          placed: placedFor(n),
          workers: validOr(fc.integer({ min: 1, max: 4 }), fc.oneof(fc.integer({ min: -1, max: 0 }), strange)),
          signal: anySignal,
          checkpointEveryMs: validOr(
            fc.integer({ min: 1, max: 50 }),
            fc.oneof(fc.integer({ min: -1, max: 0 }), strange),
          ),
          resume: fc.oneof(
            { weight: 4, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.oneof(fc.record({ version: strange, n: strange, done: strange }), strange) },
          ),
        })),
        fc.option(fc.tuple(fc.nat(3), strange), { freq: 6 }),
        async ([n, options], thrower) => {
          let calls = 0;
          outcomes.other++;
          const o = options as Record<string, unknown> | null;
          const withCallback =
            thrower !== null && o !== null && typeof o === 'object' && Object.getPrototypeOf(o) === Object.prototype
              ? {
                  ...o,
                  onProgress: () => {
                    if (calls++ === thrower[0]) throw thrower[1];
                  },
                }
              : options;
          let promise: Promise<unknown> | undefined;
          expect(() => (promise = count(n as number, withCallback as never))).not.toThrow();
          try {
            const result = (await promise) as { total: number; unique: number | null };
            const p = (withCallback as { placed?: Queen[] } | undefined)?.placed;
            expect({ total: result.total, unique: result.unique }).toEqual(expected(n as number, p));
            outcomes.answered++;
          } catch (error) {
            const signal = (withCallback as { signal?: AbortSignal } | undefined)?.signal;
            const aborted = signal instanceof AbortSignal && signal.aborted;
            if (isArgumentError(error)) {
              outcomes.refused++;
              return;
            }
            if (aborted) {
              if (signal.reason === undefined) expect(error).toMatchObject({ name: 'AbortError' });
              else expect(error).toBe(signal.reason);
              return;
            }
            if (
              (withCallback as { engine?: unknown }).engine === 'webgpu' &&
              (error as { name?: unknown }).name === 'WebGPUUnavailableError'
            ) {
              // A valid engine for count, where Dawn finds no adapter (a machine without Vulkan).
              outcomes.refused++;
              return;
            }
            expect(thrower).not.toBeNull();
            expect(error).toBe(thrower![1]);
          }
        },
      ),
      settings,
    );
    outcomes.check(RUNS);
  });
});

/**
 * A checkpoint of (n, options), taken when a fraction `stopAt` of the subproblems is done (an abort
 * from onProgress); undefined where the count is one subproblem, or none.
 */
async function checkpointAt(
  n: number,
  options: { placed?: Queen[]; shard?: { index: number; count: number } },
  stopAt: number,
) {
  const controller = new AbortController();
  let checkpoint: Checkpoint | undefined;
  await count(n, {
    ...options,
    workers: 1,
    signal: controller.signal,
    onProgress: ({ done, total }) => {
      if (done > 0 && done < total && done >= stopAt * total) controller.abort();
    },
    onCheckpoint: (c) => (checkpoint = c),
  }).catch(() => {});
  return checkpoint;
}

/** JSON text of `value`, every object's keys in the order `order` gives them, indented by `indent`. */
function reordered(value: unknown, order: (keys: string[]) => string[], indent: number | string): string {
  const walk = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(walk)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(order(Object.keys(v)).map((k) => [k, walk((v as Record<string, unknown>)[k])]))
        : v;
  return JSON.stringify(walk(value), null, indent);
}

/** Every path to a value inside a checkpoint: ['done', 0, 1], ['shard', 'index'], ['total'], … */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const inner = Object.entries(value).flatMap(([k, v]) => paths(v, [...at, Array.isArray(value) ? Number(k) : k]));
  return [at, ...inner];
}

describe('fuzz: checkpoints', () => {
  const counts = (n: number, options: { placed?: Queen[]; shard?: { index: number; count: number } }) =>
    countSync(n, { ...options, engine: 'js' });

  /** A count with a checkpoint taken part-way: n = 11 or 12, the whole board, placed queens or a shard. */
  const partway = fc
    .tuple(fc.constantFrom(11, 12), fc.nat(2))
    .chain(([n, kind]) =>
      fc.tuple(
        fc.constant(n),
        kind === 0
          ? fc.constant({})
          : kind === 1
            ? validPlaced(n).map((placed) => ({ placed }))
            : fc
                .integer({ min: 1, max: 5 })
                .chain((m) => fc.nat(m - 1).map((index) => ({ shard: { index, count: m } }))),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
      ),
    );
  /** How many generated counts gave a checkpoint part-way (the others had a single subproblem). */
  let taken = 0;
  afterAll(() => expect(taken).toBeGreaterThan(RUNS / 2));

  it('resume after any order of keys and any whitespace, to the exact count', async () => {
    await fc.assert(
      fc.asyncProperty(
        partway,
        fc.integer(),
        fc.constantFrom(0, 1, 2, 4, '\t', ' '),
        async ([n, options, stopAt], seed, indent) => {
          const checkpoint = await checkpointAt(n, options, stopAt);
          if (checkpoint === undefined) return;
          taken++;
          const shuffle = (keys: string[]) =>
            keys
              .map((k, i) => [k, Math.imul(seed ^ (i * 0x9e3779b1), 0x85ebca6b)] as const)
              .sort((a, b) => a[1] - b[1])
              .map(([k]) => k);
          const stored = JSON.parse(reordered(checkpoint, shuffle, indent));
          const resumed = await count(n, { ...options, resume: stored });
          const whole = counts(n, options);
          expect({ total: resumed.total, unique: resumed.unique, resumed: resumed.resumed }).toEqual({
            total: whole.total,
            unique: whole.unique,
            resumed: true,
          });
        },
      ),
      { ...settings, numRuns: Math.max(10, Math.round(RUNS / 3)) },
    );
  });

  it('a checkpoint with any one value replaced is refused with an argument error, or (the same value) resumes to the exact count; never a wrong number or a hang', async () => {
    const outcomes = new Outcomes();
    const runs = Math.max(20, RUNS);
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        partway,
        fc.nat(),
        fc.oneof(
          strange,
          fc.integer({ min: -3, max: 3000 }),
          fc.constantFrom('0', '1', '99999999999', [], [[0, 1]], {}),
        ),
        async ([n, options, stopAt], pick, replacement) => {
          const checkpoint = await checkpointAt(n, options, stopAt);
          if (checkpoint === undefined) return;
          taken++;
          tried++;
          const edited = JSON.parse(JSON.stringify(checkpoint));
          const all = paths(edited).filter((p) => p.length > 0);
          const path = all[pick % all.length];
          let parent = edited;
          for (const key of path.slice(0, -1)) parent = parent[key];
          const original = JSON.stringify(parent[path.at(-1)!]);
          parent[path.at(-1)!] = replacement;
          try {
            const resumed = await count(n, { ...options, resume: edited });
            const whole = counts(n, options);
            expect({ total: resumed.total, unique: resumed.unique }).toEqual({
              total: whole.total,
              unique: whole.unique,
            });
            // Only a value equal to the one it replaced can be accepted.
            expect(JSON.stringify(replacement)).toBe(original);
            outcomes.answered++;
          } catch (error) {
            expect(isArgumentError(error)).toBe(true);
            outcomes.refused++;
          }
        },
      ),
      { ...settings, numRuns: runs },
    );
    expect(tried).toBeGreaterThan(runs / 3);
    expect(outcomes.refused).toBeGreaterThan(tried / 2);
  });

  it('a checkpoint changed after the call that resumes from it changes nothing: the exact count', async () => {
    await fc.assert(
      fc.asyncProperty(
        partway,
        fc.nat(),
        fc.oneof(strange, fc.constantFrom('0', [], [[0, 999999]])),
        async ([n, options, stopAt], pick, replacement) => {
          const checkpoint = await checkpointAt(n, options, stopAt);
          if (checkpoint === undefined) return;
          taken++;
          const mine = JSON.parse(JSON.stringify(checkpoint));
          const promise = count(n, { ...options, resume: mine });
          const all = paths(mine).filter((p) => p.length > 0);
          const path = all[pick % all.length];
          let parent = mine;
          for (const key of path.slice(0, -1)) parent = parent[key];
          parent[path.at(-1)!] = replacement;
          const resumed = await promise;
          const whole = counts(n, options);
          expect({ total: resumed.total, unique: resumed.unique, resumed: resumed.resumed }).toEqual({
            total: whole.total,
            unique: whole.unique,
            resumed: true,
          });
        },
      ),
      { ...settings, numRuns: Math.max(10, Math.round(RUNS / 3)) },
    );
  });
});

describe('fuzz: listing, building and checking solutions', () => {
  it('solutions throws an argument error at the call, or lists exactly the reference boards', () => {
    fc.assert(
      fc.property(
        nAndOptions((n) => ({ engine: anyEngine, placed: placedFor(n) })),
        ([n, options]) => {
          let iterator: ReturnType<typeof solutions>;
          try {
            iterator = solutions(n as number, options as never);
          } catch (error) {
            expect(isArgumentError(error)).toBe(true);
            return;
          }
          expect([...iterator]).toEqual(
            referenceSolutions(n as number, (options as { placed?: Queen[] })?.placed ?? []),
          );
        },
      ),
      settings,
    );
  });

  it('solveNQueens throws an argument error, or gives the reference boards as strings', () => {
    fc.assert(
      fc.property(fc.oneof(anyN, fc.integer({ min: 16, max: 40 })), (n) => {
        let boards: ReturnType<typeof solveNQueens>;
        try {
          boards = solveNQueens(n as number);
        } catch (error) {
          expect(isArgumentError(error)).toBe(true);
          return;
        }
        expect(boards.map((rows) => rows.map((row) => row.indexOf('Q')))).toEqual(referenceSolutions(n as number));
      }),
      settings,
    );
  });

  it('findSolution throws an argument error, or builds a valid solution (null for 2 and 3)', () => {
    fc.assert(
      fc.property(fc.oneof(anyN, fc.integer({ min: 10, max: 5000 })), (n) => {
        let cols: ReturnType<typeof findSolution>;
        try {
          cols = findSolution(n as number);
        } catch (error) {
          expect(isArgumentError(error)).toBe(true);
          return;
        }
        if (n === 2 || n === 3) expect(cols).toBeNull();
        else expect(cols !== null && cols.length === n && isSolution(cols)).toBe(true);
      }),
      settings,
    );
  });

  it('isSolution answers for anything with a length (never a RangeError), and agrees with a plain check', () => {
    const plain = (cols: ArrayLike<unknown>) => {
      const n = cols.length;
      if (n < 1) return false;
      for (let r = 0; r < n; r++) {
        const c = cols[r];
        if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c >= n) return false;
        for (let s = 0; s < r; s++) if (cols[s] === c || Math.abs((cols[s] as number) - c) === r - s) return false;
      }
      return true;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 10 }),
          fc.array(strange, { maxLength: 4 }),
          fc
            .integer({ min: 4, max: 12 })
            .chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n })),
          fc.record({
            length: fc.oneof(fc.constantFrom(2 ** 32, 2 ** 32 - 1, 2 ** 53 - 1, 2 ** 53, -1, 1.5, NaN), fc.nat()),
          }),
          strange,
        ),
        (cols) => {
          let answer: boolean;
          try {
            answer = isSolution(cols as never);
          } catch (error) {
            expect(error).toBeInstanceOf(TypeError);
            return;
          }
          expect(answer).toBe(plain(cols as ArrayLike<unknown>));
        },
      ),
      { ...settings, numRuns: RUNS * 5 },
    );
  });
});

describe('fuzz: compareEngines', () => {
  it('rejects with an argument error or the abort reason, or reports both engines on the right total', async () => {
    const outcomes = new Outcomes();
    const runs = Math.max(12, Math.round(RUNS / 4));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 4, max: 7 }), anyN),
        anyOptions({
          runs: validOr(fc.integer({ min: 1, max: 2 }), fc.oneof(fc.constant(0), strange)),
          signal: anySignal,
        }),
        async (n, options) => {
          try {
            const r = await compareEngines(n as number, options as never);
            expect(r.total).toBe(expected(n as number, undefined).total);
            expect(r.js.medianMs).toBeGreaterThan(0);
            expect(r.wasm.medianMs).toBeGreaterThan(0);
            outcomes.answered++;
          } catch (error) {
            outcomes.refused++;
            const signal = (options as { signal?: unknown } | undefined)?.signal;
            if (signal instanceof AbortSignal && signal.aborted && !isArgumentError(error)) {
              if (signal.reason === undefined) expect(error).toMatchObject({ name: 'AbortError' });
              else expect(error).toBe(signal.reason);
            } else expect(isArgumentError(error)).toBe(true);
          }
        },
      ),
      { ...settings, numRuns: runs },
    );
    outcomes.check(runs);
  });
});

describe('fuzz: leftovers', () => {
  it('a Node process that fuzzes count on worker threads (aborts and throwing callbacks included) exits by itself', () => {
    const index = fileURLToPath(new URL('../dist/nqueens-wasm.js', import.meta.url));
    const script = `
      import { count } from ${JSON.stringify(index)};
      let settled = 0;
      const jobs = [];
      for (let i = 0; i < 40; i++) {
        const controller = new AbortController();
        if (i % 3 === 0) setTimeout(() => controller.abort(i % 2 ? undefined : new Error('stop')), i * 3);
        jobs.push(count(10 + (i % 6), {
          workers: 1 + (i % 3),
          signal: controller.signal,
          onProgress: i % 4 === 1 ? () => { throw i; } : undefined,
        }).then(() => settled++, () => settled++));
      }
      await Promise.all(jobs);
      console.log(settled);
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('40');
    expect(child.status).toBe(0);
    expect(child.signal).toBeNull();
  });
});
