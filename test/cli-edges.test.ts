// The command line where it meets storage and streams, in this process (test/helpers/cli.ts): a
// checkpoint path that cannot hold checkpoints is refused before counting; a checkpoint reached
// through a link is written where it points; a stop says where the progress is; every command
// stops on its signal, also while it waits for input or for a reader. test/e2e/cli-*.test.ts run
// the built bin where a real process is the point: a full disk, a file size limit, real signals.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nqueens, start, until } from './helpers/cli.js';
import { knownCounts } from './helpers/known-counts.js';

const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-edges-'));

describe('--checkpoint FILE that cannot hold checkpoints is refused before counting, with exit code 2 and one line', () => {
  // n = 18 would count for many seconds: an exit code 2 with nothing on stdout means it never began.
  const unwritable =
    process.getuid?.() === 0
      ? '/sys'
      : (() => {
          const d = dir();
          spawnSync('chmod', ['555', d]);
          return d;
        })();

  it.each([
    ['an empty name', () => '', /^nqueens: --checkpoint needs a file name\n$/],
    [
      'a file in a directory that does not exist',
      () => join(dir(), 'none', 'cp.json'),
      /^nqueens: --checkpoint \S+\/none\/cp\.json: the directory \S+\/none does not exist\n$/,
    ],
    [
      'a file in a directory where no file can be created',
      () => join(unwritable, 'cp.json'),
      /^nqueens: --checkpoint \S+cp\.json: cannot write in \S+: (permission denied|read-only file system)\n$/,
    ],
    [
      'a directory',
      () => dir(),
      /^nqueens: --checkpoint \S+ is a directory; it must be a regular file \(or not exist yet\)\n$/,
    ],
    [
      'a FIFO (which would block)',
      () => {
        const fifo = join(dir(), 'cp.json');
        spawnSync('mkfifo', [fifo]);
        return fifo;
      },
      /^nqueens: --checkpoint \S+cp\.json is a FIFO \(named pipe\); it must be a regular file \(or not exist yet\)\n$/,
    ],
    [
      'a device',
      () => '/dev/null',
      /^nqueens: --checkpoint \/dev\/null is a device; it must be a regular file \(or not exist yet\)\n$/,
    ],
  ])('%s', async (_label, path, message) => {
    const file = path();
    const before = file === '' || !existsSync(join(file, '..')) ? null : readdirSync(join(file, '..')).sort();
    const r = await nqueens(['18', '--checkpoint', file]);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(message);
    // Nothing was left beside it (the check's own temporary files included).
    if (before !== null) expect(readdirSync(join(file, '..')).sort()).toEqual(before);
  });
});

describe('a checkpoint through a symbolic link', () => {
  it('is written where the link points (the link stays a link), resumes through it, and the finished count removes the file it points to', async () => {
    const d = dir();
    const real = join(d, 'real.json');
    const link = join(d, 'link.json');
    symlinkSync('real.json', link);
    const run = start(['16', '--workers', '1', '--checkpoint', link, '--checkpoint-every', '50ms']);
    await until(() => existsSync(real));
    run.kill('SIGTERM');
    expect((await run.exited).code).toBe(143);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, 'utf8')).n).toBe(16);
    const second = await nqueens(['16', '--json', '--checkpoint', link]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ total: String(knownCounts.get(16)!.total), resumed: true });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(real)).toBe(false);
    expect(readdirSync(d)).toEqual(['link.json']);
  });
});

describe('a signal tells where the progress is', () => {
  it('Ctrl-C before the first interval has passed saves the progress and says where, exit code 130; the next run resumes', async () => {
    const d = dir();
    const file = join(d, 'run.json');
    // Progress lines say when the count is under way; the default interval is 30 s, so the only
    // checkpoint is the one the signal writes.
    const run = start(['16', '--workers', '1', '--checkpoint', file, '--progress', 'json']);
    await until(() => run.stderr.text.includes('\n'));
    expect(existsSync(file)).toBe(false);
    run.kill('SIGINT');
    const stopped = await run.exited;
    expect(stopped.code).toBe(130);
    const lines = stopped.stderr.split('\n');
    for (const line of lines.slice(0, -3)) expect(JSON.parse(line)).toMatchObject({ progress: 'n = 16' });
    expect(lines.slice(-3)).toEqual([
      `nqueens: progress saved to ${file}; run the same command to resume`,
      'nqueens: interrupted',
      '',
    ]);
    const second = await nqueens(['16', '--workers', '1', '--json', '--checkpoint', file]);
    const known = knownCounts.get(16)!;
    expect(JSON.parse(second.stdout)).toMatchObject({
      total: String(known.total),
      unique: String(known.unique),
      resumed: true,
    });
    expect(readdirSync(d)).toEqual([]);
  });

  it('a stop before the count began says there is nothing to save, and leaves no file', async () => {
    const d = dir();
    const file = join(d, 'run.json');
    const run = start(['16', '--workers', '1', '--checkpoint', file]);
    run.kill('SIGTERM');
    expect(await run.exited).toEqual({
      code: 143,
      stdout: '',
      stderr: 'nqueens: stopped before counting began; nothing to save\nnqueens: terminated\n',
    });
    expect(readdirSync(d)).toEqual([]);
  });
});

describe('every command stops on a signal, also while it waits', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('merge waiting for input that does not come: %s stops it', async (signal) => {
    // Standard input stays open and silent.
    const stdin = new PassThrough();
    const run = start(['merge'], { stdin });
    await until(() => stdin.listenerCount('readable') + stdin.listenerCount('data') > 0);
    run.kill(signal);
    expect(await run.exited).toEqual({
      code: signal === 'SIGINT' ? 130 : 143,
      stdout: '',
      stderr: `nqueens: ${signal === 'SIGINT' ? 'interrupted' : 'terminated'}\n`,
    });
  });

  it('--print to a reader that stopped reading: SIGINT stops it, with whole boards only', async () => {
    // A reader that takes the first write and then none: every later write waits.
    const taken: string[] = [];
    const stdout = new Writable({
      highWaterMark: 1,
      write(chunk, _encoding, done) {
        taken.push(String(chunk));
        if (taken.length === 1) done();
      },
    });
    const run = start(['14', '--print'], { stdout });
    await until(() => taken.length === 2);
    run.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(taken[0]).toMatch(/^#1: /);
    expect(taken[0].endsWith('\n\n')).toBe(true);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s stops a long count at once', async (signal) => {
    const run = start(['19', '--workers', '2', '--progress', 'json']);
    await until(() => run.stderr.text.includes('\n'));
    run.kill(signal);
    const stopped = await run.exited;
    expect({ code: stopped.code, stdout: stopped.stdout }).toEqual({
      code: signal === 'SIGINT' ? 130 : 143,
      stdout: '',
    });
    expect(stopped.stderr.endsWith(`nqueens: ${signal === 'SIGINT' ? 'interrupted' : 'terminated'}\n`)).toBe(true);
  });
});
