// What the command line echoes of what it was given: at most about a hundred characters of any
// value, and never a character a terminal would act on (ESC sequences retitle or clear it);
// values shown as typed, not as the numbers they became.
// Run in this process (test/helpers/cli.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nqueens } from './helpers/cli.js';

/** Retitles the terminal, clears it, and turns text right-to-left: what a hostile value may hold. */
const HOSTILE = '\u001b]0;owned\u0007\u001b[2J\u202e\u009b31m';
const ESCAPED = '\\u001b]0;owned\\u0007\\u001b[2J\\u202e\\u009b31m';
/** Nothing a terminal acts on: no C0 or C1 control but the line ends, no bidirectional override. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a terminal acts on are what is looked for
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('values echoed in messages', () => {
  it.each([
    ['a board size', [HOSTILE], /^nqueens: n must be a whole number from 1 to 32, got "(.*)"\n/],
    ['an option', [`--${HOSTILE}`, '8'], /^nqueens: unknown option '--(.*)'\n/],
    ['a choice', ['8', '--engine', HOSTILE], /^nqueens: --engine must be wasm, js or webgpu, got "(.*)"\n/],
    ['a number', ['8', '--workers', HOSTILE], /^nqueens: --workers must be a whole number, got "(.*)"\n/],
    ['a shard', ['8', '--shard', HOSTILE], /^nqueens: --shard takes i\/m, such as 0\/8, got "(.*)"\n/],
    [
      'a duration',
      ['8', '--checkpoint', 'x.json', '--checkpoint-every', HOSTILE],
      /^nqueens: --checkpoint-every takes a duration such as 30s, 500ms, 5m or 1h, got "(.*)"\n/,
    ],
    ['a range', ['compare', HOSTILE], /^nqueens: compare takes n or a range such as 4\.\.14, got "(.*)"\n/],
  ])('%s holding terminal controls is shown escaped', async (_label, args, message) => {
    const r = await nqueens(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(message.exec(r.stderr)![1]).toContain(ESCAPED);
    expect(r.stderr).not.toMatch(UNSAFE);
  });

  it.each([
    [
      'a board size',
      (long: string) => [long.replaceAll('x', '1')],
      /^nqueens: n must be a whole number from 1 to 32, got "1{100}"… \(100000 characters\)\n/,
    ],
    [
      'a command',
      (long: string) => [long],
      /^nqueens: unknown command "x{100}"… \(100000 characters\); the commands are merge, compare, help/,
    ],
    ['an option', (long: string) => [`--${long}`, '8'], /^nqueens: unknown option '--x{98}… \(100002 characters\)'\n/],
    [
      'a checkpoint path',
      (long: string) => ['8', '--checkpoint', `/nowhere/${long}`],
      /^nqueens: --checkpoint \/nowhere\/x{91}… \(100009 characters\): file name too long\n/,
    ],
  ])('%s of 100,000 characters is cut to its first hundred', async (_label, args, message) => {
    const r = await nqueens(args('x'.repeat(100_000)));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.length).toBeLessThan(400);
  });

  it('a checkpoint path holding terminal controls is shown escaped', async () => {
    const r = await nqueens(['8', '--checkpoint', `/nowhere/${HOSTILE}/cp.json`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `--checkpoint /nowhere/${ESCAPED}/cp.json: the directory /nowhere/${ESCAPED} does not exist`,
    );
    expect(r.stderr).not.toMatch(UNSAFE);
  });

  it("merge shows a file's name escaped and cut", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-names-'));
    const hostile = join(dir, `${HOSTILE}.json`);
    writeFileSync(hostile, 'not json\n');
    const r = await nqueens(['merge', hostile]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`nqueens merge: ${dir}/${ESCAPED}.json:1: not a JSON line\n`);
    const missing = await nqueens(['merge', join(dir, 'y'.repeat(200))]);
    expect(missing.stderr).toMatch(
      /^nqueens merge: cannot read .*y+… \(\d+ characters\): no such file or directory\n$/,
    );
  });

  it('a board size beyond 2^53 is shown as typed, not as the number it rounds to', async () => {
    const r = await nqueens(['9999999999999999']);
    expect(r).toMatchObject({
      code: 2,
      stderr: 'nqueens: n must be an integer from 1 to 32, got 9999999999999999\nRun nqueens --help for the usage.\n',
    });
    const workers = await nqueens(['8', '--workers', '9999999999999999']);
    expect(workers.stderr).toMatch(/^nqueens: --workers must be an integer from 1 to 256, got 9999999999999999\n/);
  });
});
