// Bad input: a TypeError or RangeError that names the argument and the allowed range, thrown by
// the sync functions and returned as a rejected promise by the async ones, before any work.
import { describe, expect, it } from 'vitest';
import {
  type ArgumentProblem,
  ArgumentRangeError,
  ArgumentTypeError,
  checkCompareEngines,
  compareEngines,
  count,
  countSync,
  findGpu,
  totalNQueens,
} from '../src/index.js';

type Case = [label: string, n: unknown, options: unknown, error: typeof TypeError | typeof RangeError, message: RegExp];

const nCases: Case[] = [
  ['n as a string', '8', undefined, TypeError, /n must be an integer from 1 to 32, got "8"/],
  ['n missing', undefined, undefined, TypeError, /n must be an integer from 1 to 32, got undefined/],
  ['n as a bigint', 8n, undefined, TypeError, /n must be an integer from 1 to 32, got 8n/],
  ['n = 0', 0, undefined, RangeError, /n must be an integer from 1 to 32, got 0/],
  ['n = 33', 33, undefined, RangeError, /n must be an integer from 1 to 32, got 33/],
  ['n = -4', -4, undefined, RangeError, /from 1 to 32, got -4/],
  ['n = 8.5', 8.5, undefined, RangeError, /from 1 to 32, got 8.5/],
  ['n = NaN', NaN, undefined, RangeError, /from 1 to 32, got NaN/],
  ['n = Infinity', Infinity, undefined, RangeError, /from 1 to 32, got Infinity/],
];

const sharedOptionCases: Case[] = [
  ['options not an object', 8, 'wasm', TypeError, /options must be a plain object, got "wasm"/],
  ['options null', 8, null, TypeError, /options must be a plain object, got null/],
  ['options a Map', 8, new Map([['engine', 'js']]), TypeError, /options must be a plain object, got a Map/],
  ['options a Date', 8, new Date(0), TypeError, /options must be a plain object, got a Date/],
  ['options an array', 8, [], TypeError, /options must be a plain object, got an array of length 0/],
  ['unknown option', 8, { engin: 'js' }, TypeError, /unknown option "engin"; the options are engine, /],
  [
    'placed not an array',
    8,
    { placed: { 0: [0, 0] } },
    TypeError,
    /options.placed must be an array of \[row, col\] pairs/,
  ],
  [
    'queen not a pair',
    8,
    { placed: [[1, 2, 3]] },
    TypeError,
    /options.placed\[0\] must be a \[row, col\] pair, got an array of length 3/,
  ],
  [
    'a hole among the queens',
    8,
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    { placed: [[0, 0], , [5, 1]] },
    TypeError,
    /options.placed\[1\] must be a \[row, col\] pair, got a hole/,
  ], // eslint-disable-line no-sparse-arrays
  [
    'a queen with a hole',
    8,
    { placed: [[0, 0], new Array(2)] },
    TypeError,
    /options.placed\[1\] must be a \[row, col\] pair, got an array of length 2/,
  ],
  [
    'more queens than rows',
    8,
    { placed: new Array(9).fill([0, 0]) },
    RangeError,
    /options.placed must hold at most 8 queens \(one per row\), got 9/,
  ],
  [
    'a hundred million queens',
    8,
    { placed: new Array(1e8) },
    RangeError,
    /options.placed must hold at most 8 queens \(one per row\), got 100000000/,
  ],
  ['queen as a string', 8, { placed: ['a1'] }, TypeError, /options.placed\[0\] must be a \[row, col\] pair, got "a1"/],
  [
    'row as a string',
    8,
    { placed: [['1', 2]] },
    TypeError,
    /options.placed\[0\]\[0\] \(row\) must be an integer from 0 to 7, got "1"/,
  ],
  [
    'queen off the board (row)',
    8,
    { placed: [[8, 0]] },
    RangeError,
    /options.placed\[0\]\[0\] \(row\) must be an integer from 0 to 7, got 8/,
  ],
  [
    'queen off the board (col)',
    8,
    {
      placed: [
        [0, 2],
        [1, -1],
      ],
    },
    RangeError,
    /options.placed\[1\]\[1\] \(col\) must be an integer from 0 to 7, got -1/,
  ],
  ['fractional column', 8, { placed: [[0, 1.5]] }, RangeError, /\(col\) must be an integer from 0 to 7, got 1.5/],
  [
    'two queens in a row',
    8,
    {
      placed: [
        [3, 1],
        [3, 5],
      ],
    },
    RangeError,
    /options.placed\[1\] \[3, 5\] shares a row with options.placed\[0\] \[3, 1\]/,
  ],
  [
    'two queens in a column',
    8,
    {
      placed: [
        [1, 4],
        [6, 4],
      ],
    },
    RangeError,
    /shares a column/,
  ],
  [
    'two queens on a diagonal',
    8,
    {
      placed: [
        [0, 0],
        [5, 5],
      ],
    },
    RangeError,
    /shares a diagonal/,
  ],
  [
    'two queens on an anti-diagonal',
    8,
    {
      placed: [
        [0, 7],
        [3, 4],
      ],
    },
    RangeError,
    /shares a diagonal/,
  ],
  [
    'the same queen twice',
    8,
    {
      placed: [
        [2, 2],
        [2, 2],
      ],
    },
    RangeError,
    /shares a row/,
  ],
  ['shard not an object', 8, { shard: 3 }, TypeError, /options.shard must be an object \{ index, count \}, got 3/],
  ['shard a Map', 8, { shard: new Map() }, TypeError, /options.shard must be an object \{ index, count \}, got a Map/],
  [
    'shard count beyond 2^53',
    8,
    { shard: { index: 0, count: 2 ** 60 } },
    RangeError,
    /options.shard.count must be an integer from 1 to 9007199254740991/,
  ],
  ['shard count missing', 8, { shard: { index: 0 } }, TypeError, /options.shard.count must be an integer from 1 to/],
  [
    'shard count 0',
    8,
    { shard: { index: 0, count: 0 } },
    RangeError,
    /options.shard.count must be an integer from 1 to/,
  ],
  [
    'shard index = count',
    8,
    { shard: { index: 4, count: 4 } },
    RangeError,
    /options.shard.index must be an integer from 0 to 3, got 4/,
  ],
  [
    'shard index negative',
    8,
    { shard: { index: -1, count: 4 } },
    RangeError,
    /options.shard.index must be an integer from 0 to 3, got -1/,
  ],
  [
    'shard index as a string',
    8,
    { shard: { index: '1', count: 4 } },
    TypeError,
    /options.shard.index must be an integer from 0 to 3, got "1"/,
  ],
  ['method fast', 8, { method: 'fast' }, TypeError, /options.method must be 'join' or 'backtrack', got "fast"/],
  [
    'method join with placed queens',
    12,
    { method: 'join', placed: [[0, 1]] },
    RangeError,
    /options.method 'join' counts whole boards, not the completions of options.placed; leave method out or use 'backtrack'/,
  ],
  [
    'method join on a small board',
    5,
    { method: 'join' },
    RangeError,
    /options.method 'join' counts boards of 6 to 32 rows, got n = 5; leave method out or use 'backtrack'/,
  ],
  [
    'maxMemory below a mebibyte',
    8,
    { maxMemory: 1000 },
    RangeError,
    /options.maxMemory must be an integer from 1048576 to 9007199254740991, got 1000/,
  ],
  [
    'maxMemory as a string',
    8,
    { maxMemory: '1GB' },
    TypeError,
    /options.maxMemory must be an integer from 1048576 to 9007199254740991, got "1GB"/,
  ],
];

const syncOnlyCases: Case[] = [
  ['engine gpu', 8, { engine: 'gpu' }, TypeError, /options.engine must be 'wasm' or 'js', got "gpu"/],
  ['engine as a number', 8, { engine: 1 }, TypeError, /options.engine must be 'wasm' or 'js', got 1/],
  [
    'engine webgpu (asynchronous)',
    8,
    { engine: 'webgpu' },
    TypeError,
    /options.engine must be 'wasm' or 'js' for countSync, got "webgpu": the GPU answers asynchronously; count with it through count\(\)/,
  ],
];

const asyncOnlyCases: Case[] = [
  ['engine gpu', 8, { engine: 'gpu' }, TypeError, /options.engine must be 'wasm', 'js' or 'webgpu', got "gpu"/],
  ['engine as a number', 8, { engine: 1 }, TypeError, /options.engine must be 'wasm', 'js' or 'webgpu', got 1/],
  [
    'workers with the webgpu engine',
    8,
    { engine: 'webgpu', workers: 2 },
    TypeError,
    /options.workers does not apply to engine 'webgpu': the GPU is driven from the calling thread; leave workers out/,
  ],
  ['workers 0', 8, { workers: 0 }, RangeError, /options.workers must be an integer from 1 to 256, got 0/],
  ['workers 1.5', 8, { workers: 1.5 }, RangeError, /options.workers must be an integer from 1 to 256, got 1.5/],
  ['workers as a string', 8, { workers: '2' }, TypeError, /options.workers must be an integer from 1 to 256, got "2"/],
  ['signal not a signal', 8, { signal: {} }, TypeError, /options.signal must be an AbortSignal, got an object/],
  [
    'signal without listeners',
    8,
    { signal: { aborted: false } },
    TypeError,
    /options.signal must be an AbortSignal, got an object/,
  ],
  [
    'signal without removeEventListener',
    8,
    { signal: { aborted: false, addEventListener() {} } },
    TypeError,
    /options.signal must be an AbortSignal/,
  ],
  ['onCheckpoint not a function', 8, { onCheckpoint: 1 }, TypeError, /options.onCheckpoint must be a function, got 1/],
  [
    'checkpointEveryMs 0',
    8,
    { checkpointEveryMs: 0 },
    RangeError,
    /options.checkpointEveryMs must be an integer from 1 to 2147483647, got 0/,
  ],
  [
    'resume not a checkpoint',
    8,
    { resume: 'file.json' },
    TypeError,
    /options.resume must be a checkpoint object \(from onCheckpoint\), got "file.json"/,
  ],
  [
    'onProgress not a function',
    8,
    { onProgress: 'bar' },
    TypeError,
    /options.onProgress must be a function, got "bar"/,
  ],
];

describe('countSync', () => {
  it.each([...nCases, ...sharedOptionCases, ...syncOnlyCases])('%s', (_label, n, options, error, message) => {
    expect(() => countSync(n as number, options as never)).toThrow(error);
    expect(() => countSync(n as number, options as never)).toThrow(message);
  });

  it('does not take the async-only options', () => {
    expect(() => countSync(8, { workers: 2 } as never)).toThrow(
      /countSync: unknown option "workers"; the options are engine, placed, shard/,
    );
  });
});

describe('count', () => {
  it.each([...nCases, ...sharedOptionCases, ...asyncOnlyCases])('%s', async (_label, n, options, error, message) => {
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = count(n as number, options as never);
    }).not.toThrow();
    await expect(promise).rejects.toThrow(error);
    await expect(count(n as number, options as never)).rejects.toThrow(message);
  });
});

describe('totalNQueens and compareEngines', () => {
  it.each(nCases)('totalNQueens: %s', (_label, n, _options, error, message) => {
    expect(() => totalNQueens(n as number)).toThrow(error);
    expect(() => totalNQueens(n as number)).toThrow(message);
  });

  it.each(nCases)('compareEngines: %s', async (_label, n, _options, error, message) => {
    await expect(compareEngines(n as number)).rejects.toThrow(error);
    await expect(compareEngines(n as number)).rejects.toThrow(message);
  });

  it.each([
    [{ runs: 0 }, RangeError, /options.runs must be an integer from 1 to 1000, got 0/],
    [{ runs: '3' }, TypeError, /options.runs must be an integer from 1 to 1000, got "3"/],
    [{ rounds: 3 }, TypeError, /compareEngines: unknown option "rounds"; the options are runs/],
  ])('compareEngines options %j', async (options, error, message) => {
    await expect(compareEngines(8, options as never)).rejects.toThrow(error);
    await expect(compareEngines(8, options as never)).rejects.toThrow(message);
  });
});

/** What a call throws, or rejects with. */
async function errorOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('no error');
}

describe('argument errors say what they are in fields, not only in words', () => {
  it.each([...nCases, ...sharedOptionCases, ...syncOnlyCases])(
    'countSync %s: the code goes with the class, and the problem is in the message',
    async (_label, n, options) => {
      const error = (await errorOf(() => countSync(n as number, options as never))) as ArgumentProblem & Error;
      expect(error).toBeInstanceOf(error instanceof TypeError ? ArgumentTypeError : ArgumentRangeError);
      const codes =
        error instanceof TypeError
          ? ['ERR_INVALID_ARG_TYPE', 'ERR_UNKNOWN_OPTION', 'ERR_NOT_APPLICABLE']
          : ['ERR_OUT_OF_RANGE', 'ERR_NOT_APPLICABLE'];
      expect(codes).toContain(error.code);
      // An unknown option keeps the function's name in front, where its message says it.
      if (error.code !== 'ERR_UNKNOWN_OPTION') expect(error.message).toContain(error.problem);
      if (error.allowed !== null) expect(error.problem).toContain(`, got ${error.got}`);
    },
  );

  it.each([
    [
      'an unknown option',
      () => countSync(8, { workers: 2 } as never),
      {
        code: 'ERR_UNKNOWN_OPTION',
        argument: 'options.workers',
        problem: 'is not an option of countSync; the options are engine, placed, shard, method, maxMemory',
      },
      'countSync: unknown option "workers"; the options are engine, placed, shard, method, maxMemory',
    ],
    [
      'workers with the GPU',
      () => count(8, { engine: 'webgpu', workers: 2 }),
      {
        code: 'ERR_NOT_APPLICABLE',
        argument: 'options.workers',
        problem: "does not apply to engine 'webgpu': the GPU is driven from the calling thread; leave workers out",
      },
      null,
    ],
    [
      'the join with placed queens',
      () => countSync(16, { method: 'join', placed: [[0, 0]] } as never),
      {
        code: 'ERR_NOT_APPLICABLE',
        argument: 'options.method',
        problem:
          "'join' counts whole boards, not the completions of options.placed; leave method out or use 'backtrack'",
      },
      null,
    ],
    [
      'the GPU in a sync call',
      () => countSync(8, { engine: 'webgpu' as never }),
      {
        code: 'ERR_NOT_APPLICABLE',
        argument: 'options.engine',
        problem: expect.stringMatching(/^must be 'wasm' or 'js' for countSync, got "webgpu": /),
      },
      null,
    ],
    [
      'placed queens that attack each other',
      () =>
        countSync(8, {
          placed: [
            [0, 0],
            [1, 1],
          ],
        }),
      {
        code: 'ERR_OUT_OF_RANGE',
        argument: 'options.placed[1]',
        problem: '[1, 1] shares a diagonal with options.placed[0] [0, 0]; placed queens must not attack each other',
      },
      null,
    ],
  ])(
    '%s: its code and problem; its message is the argument and the problem unless given',
    async (_label, call, fields, message) => {
      const error = (await errorOf(call)) as ArgumentProblem & Error;
      expect(error).toMatchObject(fields);
      expect(error.message).toBe(message ?? `${error.argument} ${error.problem}`);
    },
  );
});

describe('checkCompareEngines', () => {
  it.each([...nCases])('throws what compareEngines rejects with: %s', async (_label, n) => {
    const thrown = await errorOf(() => checkCompareEngines(n as number));
    const rejected = await errorOf(() => compareEngines(n as number));
    expect(thrown).toEqual(rejected);
    expect(Object.getPrototypeOf(thrown)).toBe(Object.getPrototypeOf(rejected));
  });

  it.each([[{ runs: 0 }], [{ runs: '3' }], [{ rounds: 3 }], [{ webgpu: 'yes' }], [{ method: 'join' }]])(
    'throws what compareEngines rejects with: options %j',
    async (options) => {
      const n = 'method' in options ? 4 : 8;
      const thrown = await errorOf(() => checkCompareEngines(n, options as never));
      expect(thrown).toEqual(await errorOf(() => compareEngines(n, options as never)));
      expect((thrown as ArgumentProblem).code).toMatch(/^ERR_/);
    },
  );

  it('takes what compareEngines takes, an aborted signal too (the signal is not its to act on)', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const options = { runs: 3, signal: controller.signal, webgpu: true, method: 'backtrack' } as const;
    expect(checkCompareEngines(8, options)).toBeUndefined();
    await expect(compareEngines(8, options)).rejects.toThrow('stopped');
  });
});

describe('findGpu checks its options before it looks for a GPU', () => {
  it.each([
    ['options not an object', 'soon', TypeError, /findGpu: options must be a plain object, got "soon"/],
    ['an unknown option', { timeout: 5 }, TypeError, /findGpu: unknown option "timeout"; the options are signal/],
    ['signal not a signal', { signal: 5 }, TypeError, /options.signal must be an AbortSignal, got 5/],
  ])('%s', async (_label, options, error, message) => {
    const promise = findGpu(options as never);
    await expect(promise).rejects.toThrow(error);
    await expect(promise).rejects.toThrow(message);
  });

  it('rejects with the reason of a signal aborted before the look', async () => {
    const controller = new AbortController();
    const reason = new Error('not now');
    controller.abort(reason);
    await expect(findGpu({ signal: controller.signal })).rejects.toBe(reason);
  });
});
