// Checkpoints and resume on the async API: a count interrupted at any moment, on any path, and
// resumed from its checkpoint gives exactly the uninterrupted answer; a checkpoint of another
// count, of another format, or edited, is refused with a RangeError that names the field.
import { describe, expect, it, vi } from 'vitest';
import { type Checkpoint, type CountOptions, count } from '../src/index.js';
import { ENGINES } from './helpers/engines.js';
import { knownCounts } from './helpers/known-counts.js';
import { randomInt, seededRandom } from './helpers/random.js';

/** The time limit of a test that counts n = 16 on one thread: a second or two each on the 2-core development machine. */
const SIXTEEN_LIMIT = 20_000;

/** Where a count is interrupted: once `share` of what was left when it started is finished, and `turns` turns of the event loop later. */
interface Moment {
  share: number;
  turns: number;
}

/** The first subproblem finished, at once: a checkpoint with something done. */
const SOON: Moment = { share: 0, turns: 0 };

/** Counts, aborting at `moment`; the checkpoint given at the abort (as JSON read back), or the result if it finished first. */
async function interrupted(n: number, options: CountOptions, moment: Moment = SOON) {
  const controller = new AbortController();
  let last: Checkpoint | undefined;
  let threshold: number | undefined;
  const abortAfter = (turns: number) => {
    if (turns === 0) controller.abort(new Error('interrupted'));
    else setImmediate(() => abortAfter(turns - 1));
  };
  try {
    const result = await count(n, {
      ...options,
      signal: controller.signal,
      onCheckpoint: (c) => (last = c),
      checkpointEveryMs: 5,
      onProgress: ({ done, total }) => {
        // The first report is where the count starts: 0, or what a resumed checkpoint had done.
        if (threshold === undefined) threshold = done + Math.max(1, Math.floor(moment.share * (total - done)));
        else if (done >= threshold && threshold !== -1) {
          threshold = -1;
          abortAfter(moment.turns);
        }
      },
    });
    return { result, checkpoint: undefined };
  } catch (error) {
    expect((error as Error).message).toBe('interrupted');
    // What a caller would have written to a file.
    return { result: undefined, checkpoint: JSON.parse(JSON.stringify(last)) as Checkpoint };
  }
}

describe.each(ENGINES)('engine %s', (engine) => {
  it.each([
    ['by default (the calling thread; pool threads too from n = 15)', {}],
    ['on 1 worker', { workers: 1 }],
    ['on 2 workers', { workers: 2 }],
  ] as const)(
    'interrupted at random moments %s and resumed, three boards up to n = 16 (15 on the TS engine): exactly the known counts',
    async (_label, threads) => {
      const random = seededRandom(engine === 'wasm' ? 14 : 41);
      // The count goes on to its end after the interruptions: the TS kernel takes 10 s or more for
      // n = 16 in one thread of the 2-core development machine (counts.test.ts counts it once).
      const [from, to] = engine === 'wasm' ? [14, 16] : [13, 15];
      for (let n = from; n <= to; n++) {
        const known = knownCounts.get(n)!;
        const options = { engine, ...threads };
        let resume: Checkpoint | undefined;
        let interruptions = 0;
        let spent = 0;
        // Interrupted up to three times, each at a random moment, then left to finish.
        for (;;) {
          const moment = { share: random() * 0.9, turns: randomInt(random, 0, 5) };
          const { result, checkpoint } =
            interruptions < 3
              ? await interrupted(n, { ...options, resume }, moment)
              : { result: await count(n, { ...options, resume }), checkpoint: undefined };
          if (result !== undefined) {
            expect({ n, total: BigInt(result.total), unique: BigInt(result.unique!) }).toEqual({ n, ...known });
            expect(result.resumed).toBe(resume !== undefined);
            expect(result.elapsedMs).toBeGreaterThanOrEqual(spent);
            break;
          }
          expect(checkpoint!.n).toBe(n);
          expect(checkpoint!.elapsedMs).toBeGreaterThanOrEqual(spent);
          spent = checkpoint!.elapsedMs;
          resume = checkpoint;
          interruptions++;
        }
      }
    },
    // Three whole counts, with their interruptions: 2 to 6 s on the 2-core development machine.
    SIXTEEN_LIMIT,
  );
});

describe('checkpoints of the two methods', () => {
  it('name their method; a count resumed without a method goes on by the method it began with', async () => {
    const join = (await interrupted(16, { workers: 1 })).checkpoint!;
    expect(join.method).toBe('join');
    expect(await count(16, { resume: join })).toMatchObject({ method: 'join', total: 14772512, resumed: true });
    const backtrack = (await interrupted(16, { workers: 1, method: 'backtrack' })).checkpoint!;
    expect(backtrack.method).toBe('backtrack');
    expect(await count(16, { resume: backtrack })).toMatchObject({
      method: 'backtrack',
      total: 14772512,
      resumed: true,
    });
  });

  it('one written before the join, with no method, resumes by backtracking; asked to join, it is refused', async () => {
    const { method: _method, ...old } = (await interrupted(14, { workers: 1 })).checkpoint!;
    expect(_method).toBe('backtrack');
    expect(await count(14, { resume: old as Checkpoint })).toMatchObject({
      method: 'backtrack',
      total: 365596,
      resumed: true,
    });
    await expect(count(14, { resume: old as Checkpoint, method: 'join' })).rejects.toThrow(
      /options.resume.method: the checkpoint is of a count by backtracking \(method 'backtrack'\), this count goes by the join/,
    );
  });

  it.each(ENGINES)(
    'of a join on engine %s, interrupted at random moments and resumed: exactly the known counts',
    async (engine) => {
      const random = seededRandom(engine === 'wasm' ? 35 : 53);
      for (const n of engine === 'wasm' ? [15, 16] : [14, 15]) {
        let resume: Checkpoint | undefined;
        for (let interruptions = 0; ; interruptions++) {
          const options = { engine, method: 'join', workers: 1 + (interruptions % 2), resume } as const;
          const moment = { share: random() * 0.9, turns: randomInt(random, 0, 5) };
          const { result, checkpoint } =
            interruptions < 3
              ? await interrupted(n, options, moment)
              : { result: await count(n, options), checkpoint: undefined };
          if (result !== undefined) {
            expect({ n, method: result.method, ...result.exact }).toEqual({ n, method: 'join', ...knownCounts.get(n) });
            break;
          }
          expect(checkpoint!.method).toBe('join');
          resume = checkpoint;
        }
      }
    },
    SIXTEEN_LIMIT,
  );
});

describe('checkpoints', () => {
  it(
    'are plain JSON, with a partial total and unique count that only grow, and come at the interval while the count runs',
    async () => {
      // The interval's timer runs on a clock the test moves: 10 ms at every progress report.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const seen: Checkpoint[] = [];
      let reports = 0;
      let result: Awaited<ReturnType<typeof count>>;
      try {
        result = await count(16, {
          workers: 1,
          onCheckpoint: (c) => seen.push(c),
          checkpointEveryMs: 20,
          onProgress: () => {
            reports++;
            vi.advanceTimersByTime(10);
          },
        });
      } finally {
        vi.useRealTimers();
      }
      // One every other report, and the finished count's.
      expect(reports).toBeGreaterThan(6);
      expect(seen.length).toBe(Math.floor(reports / 2) + 1);
      for (const c of seen) expect(JSON.parse(JSON.stringify(c))).toEqual(c);
      const totals = seen.map((c) => BigInt(c.total));
      for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1]);
      expect(totals[0]).toBeLessThan(BigInt(result.total));
      expect(totals.at(-1)!).toBe(BigInt(result.total));
      expect(Object.keys(seen[0]).sort()).toEqual([
        'checksum',
        'done',
        'elapsedMs',
        'method',
        'n',
        'placed',
        'plan',
        'shard',
        'total',
        'unique',
        'version',
      ]);
    },
    SIXTEEN_LIMIT,
  );

  it(
    'of a count with placed queens and of a shard resume to the same answer',
    async () => {
      for (const extra of [{ placed: [[3, 5]] as [number, number][] }, { shard: { index: 2, count: 5 } }]) {
        const whole = await count(16, extra);
        const { checkpoint } = await interrupted(16, { ...extra, workers: 1 });
        expect(checkpoint!.unique).toBeNull();
        expect(await count(16, { ...extra, resume: checkpoint })).toMatchObject({
          total: whole.total,
          unique: null,
          resumed: true,
        });
      }
    },
    SIXTEEN_LIMIT,
  );

  it('an onCheckpoint that throws rejects the count with what it threw', async () => {
    const failure = { reason: 'disk full' };
    await expect(
      count(16, {
        workers: 1,
        checkpointEveryMs: 5,
        onCheckpoint: () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
  });
});

/** [[[…[]…]]], `depth` arrays deep. */
function nested(depth: number): unknown[] {
  let value: unknown[] = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A checkpoint's shape, with values that pass every check of the shape (not of the count). */
const shape = {
  version: 1,
  n: 8,
  placed: null,
  shard: null,
  plan: { subproblems: 1, fingerprint: '' },
  done: [],
  total: '1',
  unique: null,
  elapsedMs: 0,
  checksum: '',
};

describe('the checkpoint of a finished count', () => {
  it.each([
    ['the whole count', {}],
    ['a shard', { shard: { index: 2, count: 3 } }],
    ['placed queens, on worker threads', { placed: [[1, 4]] as [number, number][], workers: 2 }],
  ])('of %s comes last, covers every subproblem, and resumes to the result at once', async (_label, extra) => {
    const checkpoints: Checkpoint[] = [];
    const result = await count(13, { ...extra, onCheckpoint: (c) => checkpoints.push(c), checkpointEveryMs: 60_000 });
    const last = checkpoints.at(-1)!;
    expect(last.done).toEqual([[0, last.plan.subproblems]]);
    expect(last.total).toBe(String(result.exact.total));
    const again = await count(13, { ...extra, resume: JSON.parse(JSON.stringify(last)) });
    expect(again).toMatchObject({ total: result.total, unique: result.unique, resumed: true });
  });
});

describe('resuming from a checkpoint of another count, another format, or an edited one', () => {
  async function checkpointOf(n: number, options: CountOptions = {}): Promise<Checkpoint> {
    const { checkpoint } = await interrupted(n, { ...options, workers: 1 });
    return checkpoint!;
  }

  it.each([
    [
      'another n',
      15,
      {},
      (c: Checkpoint) => c,
      /options.resume.n: the checkpoint is of a count for n = 16, this count is for n = 15/,
    ],
    [
      'other placed queens',
      16,
      { placed: [[0, 1]] },
      (c: Checkpoint) => c,
      /options.resume.placed: the checkpoint is of a count with no placed queens, this count has placed queens \[\[0,1\]\]/,
    ],
    [
      'another shard',
      16,
      { shard: { index: 0, count: 2 } },
      (c: Checkpoint) => c,
      /options.resume.shard: the checkpoint is of the whole count, this count is of shard 0\/2/,
    ],
    [
      'another method (the join)',
      16,
      { method: 'backtrack' },
      (c: Checkpoint) => c,
      /options.resume.method: the checkpoint is of a count by the join \(method 'join'\), this count goes by backtracking \(method 'backtrack'\): resume it with method 'join'/,
    ],
    [
      'another format',
      16,
      {},
      (c: Checkpoint) => ({ ...c, version: 2 }),
      /options.resume.version: the checkpoint has format 2; this version of nqueens-wasm reads format 1/,
    ],
    [
      'another plan',
      16,
      {},
      (c: Checkpoint) => ({ ...c, plan: { ...c.plan, fingerprint: '0123456789abcdef' } }),
      /options.resume.plan: the checkpoint's subproblems \(\d+, fingerprint "0123456789abcdef"\) are not the ones planned here/,
    ],
    [
      'a fingerprint of 900 kB holding terminal controls',
      16,
      {},
      (c: Checkpoint) => ({
        ...c,
        plan: { ...c.plan, fingerprint: `\u001b]0;owned\u0007\u001b[2J${'f'.repeat(900_000)}` },
      }),
      /^options.resume.plan: the checkpoint's subproblems \(\d+, fingerprint "\\u001b\]0;owned\\u0007\\u001b\[2Jf{26}"… \(900014 characters\)\) are not the ones planned here/,
    ],
    [
      'an edited total',
      16,
      {},
      (c: Checkpoint) => ({ ...c, total: String(BigInt(c.total) + 1n) }),
      /options.resume.checksum: does not match the checkpoint's contents: the checkpoint was edited or damaged/,
    ],
    [
      'edited ranges',
      16,
      {},
      (c: Checkpoint) => ({ ...c, done: [[0, c.plan.subproblems]] as [number, number][] }),
      /options.resume.checksum: does not match/,
    ],
  ])(
    '%s is a RangeError naming the field, with the code ERR_CHECKPOINT_MISMATCH',
    async (_label, n, options, edit, message) => {
      const checkpoint = edit(await checkpointOf(16));
      const promise = count(n as number, { ...(options as CountOptions), resume: checkpoint });
      await expect(promise).rejects.toThrow(RangeError);
      await expect(promise).rejects.toMatchObject({ code: 'ERR_CHECKPOINT_MISMATCH' });
      const error = await count(n as number, { ...(options as CountOptions), resume: checkpoint }).catch((e) => e);
      expect(error.message).toMatch(message);
      // The problem is the message after the field's name: what the command line tells with the file's name.
      expect(error.message).toBe(`${error.argument}: ${error.problem}`);
    },
  );

  it.each([
    [
      'a string',
      'run.json',
      TypeError,
      /options.resume must be a checkpoint object \(from onCheckpoint\), got "run.json"/,
    ],
    ['null', null, TypeError, /options.resume must be a checkpoint object \(from onCheckpoint\), got null/],
    ['no total', { ...shape, total: undefined }, TypeError, /options.resume.total must be a decimal string/],
    [
      'a negative total',
      { ...shape, total: '-1' },
      RangeError,
      /options.resume.total must be a decimal string of at most 40 digits/,
    ],
    [
      'overlapping ranges',
      {
        ...shape,
        plan: { subproblems: 9, fingerprint: '' },
        done: [
          [0, 4],
          [2, 6],
        ],
      },
      RangeError,
      /options.resume.done\[1\]\[0\] must be an integer from 4 to 9, got 2/,
    ],
    [
      'no placed',
      { ...shape, placed: undefined },
      TypeError,
      /options.resume.placed must be null or an array of \[row, col\] pairs, got undefined/,
    ],
    [
      'a shard as an array',
      { ...shape, shard: [0, 2] },
      TypeError,
      /options.resume.shard must be null or an object \{ index, count \}, got an array of length 2/,
    ],
    [
      'placed queens nested 100,000 deep',
      { ...shape, placed: [nested(100_000)] },
      TypeError,
      /^options.resume.placed\[0\] must be a \[row, col\] pair, got an array of length 1$/,
    ],
    [
      'more placed queens than rows',
      { ...shape, placed: Array.from({ length: 2_000_000 }, () => [0, 0]) },
      RangeError,
      /^options.resume.placed must hold at most 8 queens \(one per row\), got 2000000$/,
    ],
    [
      'a time of -1 ms',
      { ...shape, elapsedMs: -1 },
      RangeError,
      /^options.resume.elapsedMs must be a finite number of milliseconds, 0 or more, got -1$/,
    ],
    [
      'an infinite time',
      { ...shape, elapsedMs: Infinity },
      RangeError,
      /^options.resume.elapsedMs must be a finite number of milliseconds, 0 or more, got Infinity$/,
    ],
    [
      'a time as a string',
      { ...shape, elapsedMs: '5' },
      TypeError,
      /^options.resume.elapsedMs must be a finite number of milliseconds, 0 or more, got "5"$/,
    ],
    [
      'a total holding terminal controls',
      { ...shape, total: '\u001b[2J\u001b]0;x\u0007' },
      RangeError,
      /got "\\u001b\[2J\\u001b\]0;x\\u0007"$/,
    ],
  ])(
    'a malformed checkpoint (%s) is refused before any work, with a short message naming the field',
    async (_label, resume, error, message) => {
      await expect(count(8, { resume: resume as never })).rejects.toThrow(error);
      await expect(count(8, { resume: resume as never })).rejects.toThrow(message);
      const refusal = await count(8, { resume: resume as never }).then(
        () => 'resolved',
        (e: Error) => e.message,
      );
      expect(refusal.length).toBeLessThan(200);
    },
  );
});

/** The JSON text of a value with every object's keys sorted, as `jq -S` or a jsonb column gives it back. */
function sortedKeys(value: unknown, indent?: number): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value), null, indent);
}

describe('checkpoints kept in JSON stores', () => {
  it.each([
    ['the whole count', {}],
    ['placed queens', { placed: [[3, 5]] as [number, number][] }],
    ['a shard', { shard: { index: 1, count: 4 } }],
  ])(
    'of %s resume after their keys are sorted and the text pretty-printed, to the exact count',
    async (_label, extra) => {
      const whole = await count(16, extra);
      const { checkpoint } = await interrupted(16, { ...extra, workers: 1 });
      expect(checkpoint).toBeDefined();
      const text = sortedKeys(checkpoint, 2);
      // The store really did reorder them: the shard's and plan's keys come back in another order.
      expect(text.indexOf('"checksum"')).toBeLessThan(text.indexOf('"version"'));
      if ('shard' in extra) expect(text.indexOf('"count"')).toBeLessThan(text.indexOf('"index"'));
      const resumed = await count(16, { ...extra, resume: JSON.parse(text) });
      expect(resumed).toMatchObject({ total: whole.total, unique: whole.unique, resumed: true });
    },
    SIXTEEN_LIMIT,
  );
});

describe('resume takes a copy of the checkpoint when the call is made', () => {
  it(
    'changing the finished ranges after the call, to all of them or past the plan, changes nothing: the count is exact',
    async () => {
      const { checkpoint } = await interrupted(16, { workers: 1 });
      for (const edit of [
        (c: { done: number[][]; plan: { subproblems: number } }) => (c.done[0][1] = c.plan.subproblems),
        (c: { done: number[][]; plan: { subproblems: number } }) =>
          c.done.push([c.plan.subproblems + 5, c.plan.subproblems + 9]),
        (c: { total: string }) => (c.total = '0'),
      ]) {
        const mine = JSON.parse(JSON.stringify(checkpoint));
        const promise = count(16, { workers: 1, resume: mine });
        edit(mine);
        expect(await promise).toMatchObject({ total: 14772512, unique: 1846955, resumed: true });
      }
    },
    SIXTEEN_LIMIT,
  );

  it(
    "reads each field of the caller's object once, so a getter cannot give the check one value and the count another",
    async () => {
      const { checkpoint } = await interrupted(16, { workers: 1 });
      const reads = new Map<string, number>();
      const tricky = {} as Record<string, unknown>;
      for (const [key, value] of Object.entries(checkpoint!)) {
        let first = true;
        Object.defineProperty(tricky, key, {
          enumerable: true,
          get() {
            reads.set(key, (reads.get(key) ?? 0) + 1);
            // The first read gets the real value; any later one a forged total or an empty plan.
            if (first) {
              first = false;
              return value;
            }
            return key === 'total' ? '999999999' : key === 'done' ? [] : value;
          },
        });
      }
      expect(await count(16, { workers: 1, resume: tricky as unknown as Checkpoint })).toMatchObject({
        total: 14772512,
        resumed: true,
      });
      expect([...reads.values()].every((times) => times === 1)).toBe(true);
      expect([...reads.keys()].sort()).toEqual(Object.keys(checkpoint!).sort());
    },
    SIXTEEN_LIMIT,
  );
});
