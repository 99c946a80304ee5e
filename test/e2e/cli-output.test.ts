// The built nqueens command where it meets storage and streams as a real process does: a full disk
// (/dev/full) or a reader that went away is one line on stderr and exit code 1, never a stack trace,
// and finished work is kept; a file size limit makes every checkpoint write fail, and the count
// goes on; a line of 200 MB is refused in 64 MB of heap; the README's recipe runs the installed
// command (test/e2e/cli-kubernetes.test.ts runs the Kubernetes Job's); and dist/cli.js is a client
// of the package, not a copy of it.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, nqueensSync as nqueens, type Run, spawned } from '../helpers/cli-process.js';

const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-edges-'));
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** Standard output on /dev/full: every write fails with ENOSPC. */
function onFullDisk(args: string[]): Run {
  const full = openSync('/dev/full', 'w');
  try {
    return nqueens(args, ['ignore', full, 'pipe']);
  } finally {
    closeSync(full);
  }
}

/**
 * A directory with an `nqueens` command on the PATH, as `npm install --global` would give, and in
 * its node_modules/.bin, where `npx nqueens` finds it in a project that installed the package.
 */
function shellWithNqueens(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'nqueens-cli-'));
  for (const where of [join(dir, 'bin'), join(dir, 'node_modules', '.bin')]) {
    mkdirSync(where, { recursive: true });
    writeFileSync(join(where, 'nqueens'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
    chmodSync(join(where, 'nqueens'), 0o755);
  }
  return { dir, env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` } };
}

describe('the bin', () => {
  it('counts, and --version and -v print the version the bundle was built with', () => {
    expect(nqueens(['12'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(
        /^n = 12: 14,200 solutions, 1,787 unique \(wasm, backtrack, 1 thread, [\d.]+ ms\)\n$/,
      ),
      stderr: '',
    });
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(nqueens(['--version']).stdout).toBe(`${pkg.version}\n`);
    expect(nqueens(['-v']).stdout).toBe(`${pkg.version}\n`);
  });

  it("imports the package by its name and holds no copy of it: no kernel, no wasm bytes, no worker threads' code", () => {
    const code = readFileSync(bin, 'utf8');
    const imported = [...code.matchAll(/^} from "([^"]+)";$|^import .* from "([^"]+)";$/gm)].map((m) => m[1] ?? m[2]);
    expect(new Set(imported)).toEqual(
      new Set([
        'commander',
        'nqueens-wasm',
        'node:crypto',
        'node:fs',
        'node:path',
        'node:stream',
        'node:worker_threads',
      ]),
    );
    // The start of a wasm module ("\0asm"), base64-encoded as a library that inlines its kernel has it.
    expect(code).not.toContain('AGFzbQ');
    for (const kernel of ['WebAssembly', 'nextSolutions', 'workerSource']) expect(code).not.toContain(kernel);
    // A client's size: the library it no longer copies is 100 kB and more.
    expect(statSync(bin).size).toBeLessThan(64 * 1024);
  });
});

describe('a checkpoint that cannot be written', () => {
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
    const run = spawned(
      ['16', '--engine', 'js', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '10ms'],
      { shell: "trap '' XFSZ; ulimit -f 0;" },
    );
    // The first failed write.
    await run.until(() => run.stderr().includes('counting on'));
    run.child.kill('SIGTERM');
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
    const run = spawned(['15', '--json', '--checkpoint', file]);
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

describe('nqueens merge, hardened', () => {
  it('reads a 200 MB line without holding it: refused after its first 4096 characters, in 64 MB of heap', () => {
    const r = spawnSync(
      'bash',
      [
        '-c',
        `head -c 200000000 /dev/zero | tr '\\0' '[' | "${process.execPath}" --max-old-space-size=64 "${bin}" merge; echo "status $?"`,
      ],
      { encoding: 'utf8' },
    );
    expect(r.stdout).toBe('status 2\n');
    expect(r.stderr).toMatch(
      /^nqueens merge: \(standard input\): line 1 is longer than 4096 characters: not a shard result\n$/,
    );
  });
});

describe('recipes', () => {
  function codeAfter(text: string, marker: string): string {
    const at = text.indexOf(marker);
    const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at));
    if (at < 0 || block === null) throw new Error(`no code block after ${marker}`);
    return block[1];
  }

  it("the README's xargs recipe counts n = 12 in shards and merges them", () => {
    const { dir, env } = shellWithNqueens();
    const recipe = codeAfter(readme, 'recipe: xargs');
    const r = spawnSync('sh', ['-e', '-c', recipe], { cwd: dir, env, encoding: 'utf8' });
    // npx may pass on npm's own warnings about the machine's npm configuration.
    expect(r.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm warn'))).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('n = 12: 14,200 solutions (8 shards merged)\n');
  });
});
