// Reading a checkpoint given to `resume` (src/checkpoint.ts): its format first, then its shape,
// then whether it belongs to the count, each step refusing with an error that names the field.
// Every refusal here comes before any counting: count() rejects at once.
import { describe, expect, it } from 'vitest';
import { readCheckpoint } from '../src/checkpoint.js';
import { ArgumentRangeError, ArgumentTypeError, type Checkpoint, count } from '../src/index.js';

/** The checkpoint a finished count of n hands to onCheckpoint last, as JSON read back. */
async function finishedCheckpoint(n: number): Promise<Checkpoint> {
  let last: Checkpoint | undefined;
  await count(n, { onCheckpoint: (c) => (last = c) });
  return JSON.parse(JSON.stringify(last));
}

/** What count(8) does with `resume`: the error it rejects with, or 'resolved'. */
async function refusal(resume: unknown): Promise<Error | 'resolved'> {
  return count(8, { resume: resume as Checkpoint }).then(
    () => 'resolved',
    (error: Error) => error,
  );
}

describe('a checkpoint of another format', () => {
  it.each([
    ['a later format with fields of its own', { version: 2, board: { size: 8 }, progress: [[0, 3]] }],
    ['a later format that lost every field but its version', { version: 7 }],
    ['format 0 with a malformed total', { version: 0, n: 8, total: '-1' }],
    ['a later format whose other fields are of the wrong type', { n: 'eight', placed: 3, version: 2 }],
  ])('is refused by its version, whatever its other fields hold: %s', async (_label, resume) => {
    const error = await refusal(resume);
    expect(error).toBeInstanceOf(ArgumentRangeError);
    expect((error as ArgumentRangeError).argument).toBe('options.resume.version');
    expect((error as Error).message).toBe(
      `options.resume.version: the checkpoint has format ${resume.version}; this version of nqueens-wasm reads format 1`,
    );
  });

  it.each([
    [
      'no version',
      { n: 8 },
      ArgumentTypeError,
      'options.resume.version must be an integer from 0 to 9007199254740991, got undefined',
    ],
    [
      'a version as a string',
      { version: '1' },
      ArgumentTypeError,
      'options.resume.version must be an integer from 0 to 9007199254740991, got "1"',
    ],
    [
      'a fractional version',
      { version: 1.5 },
      ArgumentRangeError,
      'options.resume.version must be an integer from 0 to 9007199254740991, got 1.5',
    ],
  ])('with %s is refused on its version field', async (_label, resume, type, message) => {
    const error = await refusal(resume);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toBe(message);
  });
});

describe('a checkpoint of this format', () => {
  it('is read for its shape before it is compared with the count: a malformed total of another n is refused on its total', async () => {
    const other = { ...(await finishedCheckpoint(9)), total: '-1' };
    const error = await refusal(other);
    expect(error).toBeInstanceOf(ArgumentRangeError);
    expect((error as ArgumentRangeError).argument).toBe('options.resume.total');
  });

  it('of another count, well formed, is refused on the first field that differs from the count', async () => {
    const error = await refusal(await finishedCheckpoint(9));
    expect(error).toBeInstanceOf(ArgumentRangeError);
    expect((error as Error).message).toBe(
      'options.resume.n: the checkpoint is of a count for n = 9, this count is for n = 8',
    );
  });

  it.each([
    [
      'a queen off the board',
      { placed: [[8, 0]] },
      'options.resume.placed[0][0] (row) must be an integer from 0 to 7, got 8',
    ],
    [
      'a queen with a hole',
      { placed: [[0, 0], new Array(2)] },
      'options.resume.placed[1] must be a [row, col] pair, got an array of length 2',
    ],
    [
      'a shard past its count',
      { shard: { index: 2, count: 2 } },
      'options.resume.shard.index must be an integer from 0 to 1, got 2',
    ],
    [
      'a shard of no parts',
      { shard: { index: 0, count: 0 } },
      'options.resume.shard.count must be an integer from 1 to 9007199254740991, got 0',
    ],
  ])(
    'has its placed queens and shard held to the shape of the options of the same name: %s',
    async (_label, edit, message) => {
      const error = await refusal({ ...(await finishedCheckpoint(8)), ...edit });
      expect((error as Error).message).toBe(message);
    },
  );

  it('of the count, finished, resumes to the answer at once', async () => {
    const result = await count(8, { resume: await finishedCheckpoint(8) });
    expect(result).toMatchObject({ total: 92, unique: 12, resumed: true });
  });

  it("is copied field by field in the package's order, whatever order its keys came in", async () => {
    const checkpoint = await finishedCheckpoint(8);
    const reversed = Object.fromEntries(Object.entries(checkpoint).reverse());
    const copy = readCheckpoint(reversed)!;
    expect(copy).toEqual(checkpoint);
    expect(Object.keys(copy)).toEqual(Object.keys(checkpoint));
    expect(copy).not.toBe(reversed);
  });
});
