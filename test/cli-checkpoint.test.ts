// nqueens <n> --checkpoint FILE, in this process (test/helpers/cli.ts): a torn or edited file, or
// one of another count, is refused with one line before counting; the flags that go with it are
// checked; progress goes out as JSON lines on stderr, timed by a clock the test turns.
// test/e2e/cli-checkpoint.test.ts kills the built bin at any moment and resumes it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nqueens, start, until } from './helpers/cli.js';
import { knownCounts } from './helpers/known-counts.js';

const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-checkpoint-'));

describe('nqueens <n> --checkpoint FILE', () => {
  describe('refuses, with exit code 2 and one clear line, a checkpoint file that', () => {
    let saved: Record<string, unknown>;
    /** The checkpoint of n = 16 that a count stopped as soon as it has one leaves. */
    const make = async () => {
      if (saved) return saved;
      const file = join(dir(), 'run.json');
      const run = start(['16', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '50ms']);
      await until(() => existsSync(file));
      run.kill('SIGTERM');
      expect((await run.exited).code).toBe(143);
      saved = JSON.parse(readFileSync(file, 'utf8'));
      return saved;
    };

    it.each([
      [
        'is torn (cut short)',
        (text: string) => text.slice(0, text.length >> 1),
        /run.json is not a checkpoint: not JSON \(a torn or edited file\?\); remove it to count from the start/,
      ],
      ['is empty', () => '', /run.json is not a checkpoint: not JSON/],
      [
        'has an edited total',
        (text: string) => text.replace(/"total":"(\d+)"/, (_, t) => `"total":"${BigInt(t) + 1n}"`),
        /run.json is not a checkpoint of this count \(does not match the checkpoint's contents: the checkpoint was edited or damaged\)/,
      ],
      [
        'is of another n',
        (text: string) => text,
        /run.json is not a checkpoint of this count \(the checkpoint is of a count for n = 16, this count is for n = 15\)/,
        ['15'],
      ],
      [
        'is of another format',
        (text: string) => text.replace('"version":1', '"version":9'),
        /run.json is not a checkpoint of this count \(the checkpoint has format 9; this version of nqueens-wasm reads format 1\)/,
      ],
      [
        'is of a shard, for the whole count',
        (text: string) => text,
        /run.json is not a checkpoint of this count \(the checkpoint is of the whole count, this count is of shard 0\/4\)/,
        ['16', '--shard', '0/4'],
      ],
      [
        'is not an object',
        () => '[1, 2]',
        /^nqueens: \S*run.json is not a checkpoint \(it holds an array of length 2\); remove it to count from the start$/,
      ],
      [
        'holds null',
        () => 'null',
        /^nqueens: \S*run.json is not a checkpoint \(it holds null\); remove it to count from the start$/,
      ],
      [
        'is an empty object',
        () => '{}',
        /^nqueens: \S*run.json is not a checkpoint \(version must be an integer from 0 to 9007199254740991, got undefined\); remove it/,
      ],
    ] as const)('%s', async (_label, edit, message, args: readonly string[] = ['16']) => {
      const text = JSON.stringify(await make());
      const file = join(dir(), 'run.json');
      writeFileSync(file, edit(text));
      const r = await nqueens([...args, '--checkpoint', file]);
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
      // One line: the file is the problem, not the command line, so no usage follows.
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr.split('\n')[0]).toMatch(message);
      // The file is left as it was, for the user to look at.
      expect(readFileSync(file, 'utf8')).toBe(edit(text));
    });
  });

  it.each([
    [['12', '--checkpoint-every', '10s'], /^nqueens: --checkpoint-every goes with --checkpoint FILE\n/],
    [
      ['12', '--checkpoint', 'x.json', '--checkpoint-every', 'soon'],
      /^nqueens: --checkpoint-every takes a duration such as 30s, 500ms, 5m or 1h, got "soon"\n/,
    ],
    [
      ['12', '--checkpoint', 'x.json', '--checkpoint-every', '0s'],
      /^nqueens: --checkpoint-every must be a duration from 1ms to 2147483647ms \(about 596h\), got 0s\n/,
    ],
    [
      ['12', '--checkpoint', 'x.json', '--checkpoint-every', '597h'],
      /^nqueens: --checkpoint-every must be a duration from 1ms to 2147483647ms \(about 596h\), got 597h\n/,
    ],
    [
      ['12', '--checkpoint', 'x.json', '--checkpoint-every', '9'.repeat(400)],
      /^nqueens: --checkpoint-every must be a duration from 1ms to 2147483647ms \(about 596h\), got 9{100}… \(400 characters\)\n/,
    ],
    [['12', '--progress', 'loud'], /^nqueens: --progress must be bar, json or none, got "loud"\n/],
  ])('nqueens %j is a usage error', async (args, message) => {
    const r = await nqueens(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('--progress json', () => {
  it('a finished count removes the temporary files that killed runs left beside its checkpoint, and nothing else', async () => {
    const at = dir();
    const file = join(at, 'run.json');
    // What a run killed in the middle of a write leaves: its temporary file, a name drawn at random.
    const leftovers = ['run.json.0123456789abcdef.tmp', 'run.json.fedcba9876543210.tmp'];
    for (const name of leftovers) writeFileSync(join(at, name), '{"version":1');
    // Not names a write of this checkpoint makes, or not a file: left as they are.
    const others = ['run.json.notes', 'run.json.0123456789abcdeg.tmp', 'other.json.0123456789abcdef.tmp'];
    for (const name of others) writeFileSync(join(at, name), 'keep');
    const target = join(dir(), 'target');
    writeFileSync(target, 'keep');
    symlinkSync(target, join(at, 'run.json.00000000000000aa.tmp'));
    const r = await nqueens(['10', '--checkpoint', file]);
    expect(r.code).toBe(0);
    expect(readdirSync(at).sort()).toEqual([...others, 'run.json.00000000000000aa.tmp'].sort());
    expect(readFileSync(target, 'utf8')).toBe('keep');
  });

  it('writes progress lines on stderr: done of total subproblems, solutions so far, rate and ETA; the last one complete', async () => {
    // A clock that moves 400 ms each time the progress reads it: lines and the ETA come as they
    // would on a count of many seconds, whatever the machine's speed.
    let clock = 0;
    const r = await nqueens(['16', '--workers', '1', '--progress', 'json'], { now: () => (clock += 400) });
    expect(r).toEqual({ code: 0, stdout: expect.stringMatching(/^n = 16: /), stderr: expect.any(String) });
    const lines = r.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['progress', 'done', 'total', 'solutions', 'perSecond', 'etaMs', 'elapsedMs']);
      expect(line.progress).toBe('n = 16');
    }
    // The first line comes at once; the ETA only once enough is counted to tell (a second after the first subproblems).
    expect(lines[0]).toMatchObject({ done: 0, etaMs: null });
    const middle = lines.find((l) => l.done > 0 && l.done < l.total && l.solutions !== null && l.etaMs !== null);
    expect(middle).toBeDefined();
    expect(middle.perSecond).toBeGreaterThan(0);
    expect(middle.etaMs).toBeGreaterThan(0);
    const known = knownCounts.get(16)!.total;
    expect(BigInt(middle.solutions)).toBeLessThan(known);
    expect(lines.at(-1)).toMatchObject({ done: lines[0].total, total: lines[0].total, solutions: String(known) });
    // Timed by the clock given: a line a second of it, the last at the end.
    expect(lines.slice(1, -1).every((line, i) => line.elapsedMs - lines[i].elapsedMs >= 1000)).toBe(true);
  });
});
