// The command line where it meets storage and streams: a checkpoint path that cannot hold
// checkpoints is refused before counting; finished work is never deleted before its result is out;
// a full disk or a reader that went away is one line on stderr, never a stack trace; every command
// stops on a signal, also while it waits for input or for a reader. Run as a user runs it: the
// built bin in a child process.
import { type StdioOptions, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-edges-'));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function nqueens(args: string[], stdio: StdioOptions = 'pipe', shell?: string): Run {
  const r = shell
    ? spawnSync('bash', ['-c', `${shell} "${process.execPath}" "${bin}" ${args.map((a) => `'${a}'`).join(' ')}`], {
        encoding: 'utf8',
        timeout: 60_000,
        stdio,
      })
    : spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, stdio });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Standard output on /dev/full: every write fails with ENOSPC. */
function onFullDisk(args: string[]): Run {
  const full = openSync('/dev/full', 'w');
  try {
    return nqueens(args, ['ignore', full, 'pipe']);
  } finally {
    closeSync(full);
  }
}

/** Starts nqueens; `signal` is sent `ms` after `ready` says so (or after `ms`); resolves on exit. */
function started(args: string[], options: { stdio?: StdioOptions; shell?: string } = {}) {
  const child = options.shell
    ? spawn(
        'bash',
        ['-c', `${options.shell} exec "${process.execPath}" "${bin}" ${args.map((a) => `'${a}'`).join(' ')}`],
        { stdio: options.stdio ?? 'pipe' },
      )
    : spawn(process.execPath, [bin, ...args], { stdio: options.stdio ?? 'pipe' });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stderr: string; stopMs: number }>((resolve) => {
    child.on('close', (code) => resolve({ code, stderr, stopMs: performance.now() - sentAt }));
  });
  let sentAt = 0;
  return {
    child,
    exited,
    stderr: () => stderr,
    kill(signal: NodeJS.Signals) {
      sentAt = performance.now();
      child.kill(signal);
    },
  };
}

const until = async (condition: () => boolean, what: string) => {
  for (const at = performance.now(); !condition(); ) {
    if (performance.now() - at > 20_000) throw new Error(`waited 20 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

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
  ])('%s', (_label, path, message) => {
    const file = path();
    const before = file === '' || !existsSync(join(file, '..')) ? null : readdirSync(join(file, '..')).sort();
    const r = nqueens(['18', '--checkpoint', file]);
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
    const run = started(['16', '--engine', 'js', '--workers', '1', '--checkpoint', link, '--checkpoint-every', '50ms']);
    await until(() => existsSync(real), 'the first checkpoint');
    run.kill('SIGTERM');
    expect((await run.exited).code).toBe(143);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, 'utf8')).n).toBe(16);
    const second = nqueens(['16', '--json', '--checkpoint', link]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ total: '14772512', resumed: true });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(real)).toBe(false);
    expect(readdirSync(d)).toEqual(['link.json']);
  });
});

describe('a signal tells where the progress is', () => {
  it('Ctrl-C before the first interval has passed saves the progress and says where, exit code 130; the next run resumes', async () => {
    const d = dir();
    const file = join(d, 'run.json');
    const run = started(['16', '--engine', 'js', '--workers', '1', '--checkpoint', file]);
    // The default interval is 30 s: the only checkpoint is the one the signal writes.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(existsSync(file)).toBe(false);
    run.kill('SIGINT');
    const stopped = await run.exited;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe(
      `nqueens: progress saved to ${file}; run the same command to resume\nnqueens: interrupted\n`,
    );
    const second = nqueens(['16', '--engine', 'js', '--workers', '1', '--json', '--checkpoint', file]);
    expect(JSON.parse(second.stdout)).toMatchObject({ total: '14772512', unique: '1846955', resumed: true });
    expect(readdirSync(d)).toEqual([]);
  });

  it('a checkpoint that cannot be written (file size limit: the disk is full) does not stop the count: one warning, the exact result, no temporary file', () => {
    const d = dir();
    const file = join(d, 'run.json');
    // A file size limit of 0 blocks: every write of a checkpoint fails (EFBIG), as on a full disk.
    const r = nqueens(
      ['15', '--engine', 'js', '--workers', '1', '--json', '--checkpoint', file, '--checkpoint-every', '10ms'],
      'pipe',
      "trap '' XFSZ; ulimit -f 0;",
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: '2279184', resumed: false });
    expect(r.stderr).toBe(
      `nqueens: cannot write the checkpoint ${file}: file too large; counting on, and trying again at the next checkpoint\n`,
    );
    expect(readdirSync(d)).toEqual([]);
  });

  it('SIGTERM while no checkpoint can be written says the progress could not be saved, exit code 143, no temporary file', async () => {
    const d = dir();
    const file = join(d, 'run.json');
    const run = started(
      ['16', '--engine', 'js', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '10ms'],
      { shell: "trap '' XFSZ; ulimit -f 0;" },
    );
    await until(() => run.stderr().includes('counting on'), 'the first failed write');
    run.kill('SIGTERM');
    const stopped = await run.exited;
    expect(stopped.code).toBe(143);
    expect(stopped.stderr.split('\n').slice(1)).toEqual([
      `nqueens: the progress could not be saved (cannot write the checkpoint ${file}: file too large)`,
      'nqueens: terminated',
      '',
    ]);
    expect(readdirSync(d)).toEqual([]);
  });
});

describe('the result that cannot be written', () => {
  it.each([
    [['12'], 'the result'],
    [['12', '--json'], 'the result'],
    [['8', '--print'], 'the boards'],
    [['compare', '6', '--runs', '1'], 'the table'],
    [['help'], 'the help'],
    [['--version'], 'the version'],
  ])('nqueens %j on a full disk: one line, exit code 1', (args, what) => {
    const r = onFullDisk(args);
    expect(r).toEqual({ code: 1, stdout: '', stderr: `nqueens: cannot write ${what}: no space left on device\n` });
  });

  it('nqueens merge on a full disk: one line, exit code 1', () => {
    const d = dir();
    const shard = join(d, 'shard.json');
    writeFileSync(shard, `${nqueens(['10', '--shard', '0/1', '--json']).stdout}`);
    expect(onFullDisk(['merge', shard])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'nqueens: cannot write the result: no space left on device\n',
    });
  });

  it('with --checkpoint on a full disk: the checkpoint is kept, finished, and says so; the next run prints the result at once and removes it', () => {
    const d = dir();
    const file = join(d, 'run.json');
    const r = onFullDisk(['15', '--json', '--checkpoint', file]);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `nqueens: cannot write the result: no space left on device; the finished count is kept in ${file}: run the same command again to print it\n`,
    });
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    expect(kept).toMatchObject({ n: 15, total: '2279184', unique: '285053', done: [[0, kept.plan.subproblems]] });
    const again = nqueens(['15', '--json', '--checkpoint', file]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ total: '2279184', unique: '285053', resumed: true });
    expect(readdirSync(d)).toEqual([]);
  });

  it('with --checkpoint and a reader that went away: the checkpoint is kept and the command says where, exit code 1', async () => {
    const d = dir();
    const file = join(d, 'run.json');
    const run = started(['15', '--json', '--checkpoint', file]);
    // The reader goes away before the result comes.
    run.child.stdout!.destroy();
    const stopped = await run.exited;
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toBe(
      `nqueens: cannot write the result: the reader went away (broken pipe); the finished count is kept in ${file}: run the same command again to print it\n`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ total: '2279184' });
  });
});

describe('every command stops on a signal, also while it waits', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('merge waiting for input that does not come: %s stops it', async (signal) => {
    const run = started(['merge']);
    // Standard input stays open and silent.
    await new Promise((resolve) => setTimeout(resolve, 400));
    run.kill(signal);
    const stopped = await run.exited;
    expect(stopped.code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(stopped.stopMs).toBeLessThan(2000);
  });

  it('--print to a reader that stopped reading (the pipe full): SIGINT stops it', async () => {
    const run = started(['14', '--print']);
    // Nobody reads: the pipe fills and every write waits.
    run.child.stdout!.pause();
    await new Promise((resolve) => setTimeout(resolve, 600));
    run.kill('SIGINT');
    const stopped = await run.exited;
    expect(stopped.code).toBe(130);
    expect(stopped.stopMs).toBeLessThan(2000);
  });
});
