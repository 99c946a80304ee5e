// Where the command line writes: the checkpoint of `nqueens <n> --checkpoint FILE`. Checkpoints
// live where others can write too (a shared /tmp, a cluster's scratch space), so every temporary
// file is created exclusively under a name nobody predicts, never through a link someone planted,
// readable by its owner only; and a finished count whose file cannot be removed says so and
// succeeds, since its result is out and right.
import type * as realFs from 'node:fs';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The random bytes the writer's names come from, when a test chooses them; else the real ones. */
const chosen = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = (size: number) => {
    const next = chosen.names.shift();
    return next === undefined ? real.randomBytes(size) : Buffer.from(next, 'hex');
  };
  return { ...real, randomBytes, default: { ...real, randomBytes } };
});

/** Paths whose removal fails, as on an immutable directory or a read-only remount. */
const unremovable = vi.hoisted(() => new Map<string, string>());
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const unlinkSync = (path: realFs.PathLike) => {
    const code = unremovable.get(String(path));
    if (code !== undefined && real.existsSync(path))
      throw Object.assign(new Error(`${code}: refused, unlink '${String(path)}'`), { code });
    return real.unlinkSync(path);
  };
  return { ...real, unlinkSync, default: { ...real, unlinkSync } };
});

const { CheckpointFile } = await import('../src/cli/checkpoint-file.js');
const { countCommand } = await import('../src/cli/count-command.js');
const { makeCheckpoint } = await import('../src/checkpoint.js');
const { plan } = await import('../src/plan/plan.js');
const { start, until } = await import('./helpers/cli.js');

afterEach(() => {
  chosen.names.length = 0;
  unremovable.clear();
});

const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-writes-'));
const names = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => (from + i).toString(16).padStart(16, '0'));
const checkpointOf8 = () =>
  makeCheckpoint(plan(8, null, null), { done: [], tally: { total: 0n, unique: 0n }, elapsedMs: 0 });

describe('the checkpoint file', () => {
  it('skips every name where a link was planted, leaving the link and its target as they were', () => {
    const at = dir();
    const file = join(at, 'cp.json');
    const victim = join(at, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    // The names the writer will draw: links at the first three, free from the fourth on.
    chosen.names.push(...names(6));
    for (const name of names(3)) symlinkSync(victim, `${file}.${name}.tmp`);
    const checkpoint = CheckpointFile.open(file);
    checkpoint.write(checkpointOf8());
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    for (const name of names(3)) expect(readlinkSync(`${file}.${name}.tmp`)).toBe(victim);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, n: 8 });
    // Nothing of its own is left beside the checkpoint.
    expect(readdirSync(at).sort()).toEqual(
      ['cp.json', ...names(3).map((name) => `cp.json.${name}.tmp`), 'victim.txt'].sort(),
    );
  });

  it('plants made while it counts, at the names it draws next, are skipped too', () => {
    const at = dir();
    const file = join(at, 'cp.json');
    const victim = join(at, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const checkpoint = CheckpointFile.open(file);
    for (let write = 0; write < 5; write++) {
      const next = names(2, 100 + 10 * write);
      chosen.names.push(...next);
      symlinkSync(victim, `${file}.${next[0]}.tmp`);
      checkpoint.write(checkpointOf8());
      expect(readFileSync(victim, 'utf8')).toBe('precious\n');
      expect(lstatSync(file).isFile()).toBe(true);
    }
  });

  it('gives up with a clear refusal when every name it draws is taken', () => {
    const at = dir();
    const file = join(at, 'cp.json');
    writeFileSync(join(at, 'victim.txt'), 'precious\n');
    chosen.names.push(...names(8));
    for (const name of names(8)) symlinkSync(join(at, 'victim.txt'), `${file}.${name}.tmp`);
    expect(() => CheckpointFile.open(file)).toThrow(
      /^--checkpoint .*cp\.json: cannot write in .*: file already exists$/,
    );
    expect(readFileSync(join(at, 'victim.txt'), 'utf8')).toBe('precious\n');
  });

  it('is readable and writable by its owner only', () => {
    const file = join(dir(), 'cp.json');
    CheckpointFile.open(file).write(checkpointOf8());
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('follows a link the user made at FILE itself: the checkpoint is written where it points, the link stays', () => {
    const at = dir();
    const real = join(at, 'real.json');
    const link = join(at, 'cp.json');
    symlinkSync(real, link);
    CheckpointFile.open(link).write(checkpointOf8());
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(real, 'utf8'))).toMatchObject({ n: 8 });
  });
});

/** A stream that keeps what is written to it. */
function sink(): Writable & { text: string; isTTY: false } {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      stream.text += String(chunk);
      done();
    },
  }) as Writable & { text: string; isTTY: false };
  stream.text = '';
  stream.isTTY = false;
  return stream;
}

describe('a finished count whose checkpoint cannot be removed', () => {
  it.each([
    ['EPERM', 'operation not permitted'],
    ['EROFS', 'read-only file system'],
  ])('(%s) succeeds: the result is printed, and one warning names the file and the reason', async (code, words) => {
    const file = join(dir(), 'cp.json');
    // A checkpoint the count resumes from (none of it counted yet), which it then cannot remove.
    writeFileSync(
      file,
      JSON.stringify(
        makeCheckpoint(plan(10, null, null), { done: [], tally: { total: 0n, unique: 0n }, elapsedMs: 0 }),
      ),
    );
    unremovable.set(file, code);
    const stdout = sink();
    const stderr = sink();
    const command = { n: 10, json: false, shard: null, checkpoint: file, progress: null } as const;
    await countCommand(
      { ...command },
      { stdout, stderr, stdin: Readable.from([]), signal: new AbortController().signal },
    );
    expect(stdout.text).toMatch(/^n = 10: 724 solutions, 92 unique \(.*, resumed\)\n$/);
    expect(stderr.text).toBe(
      'nqueens: resuming n = 10 at 0%\n' +
        `nqueens: the result is complete, but its checkpoint ${file} could not be removed (${words}): ` +
        'remove it by hand; the same command run again would resume from it\n',
    );
    expect(existsSync(file)).toBe(true);
    // And it would: run again, the count resumes from the file, and removes it this time.
    unremovable.clear();
    const again = sink();
    await countCommand(
      { ...command },
      { stdout: again, stderr: sink(), stdin: Readable.from([]), signal: new AbortController().signal },
    );
    expect(again.text).toMatch(/^n = 10: 724 solutions, 92 unique \(.*, resumed\)\n$/);
    expect(existsSync(file)).toBe(false);
  });
});

describe('the command line against a link planted at the name it used to write through', () => {
  it('never writes through <FILE>.<pid>.tmp: the link target stays as it was', async () => {
    const at = dir();
    const file = join(at, 'cp.json');
    const victim = join(at, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    // The name an earlier version wrote through: the file's name, the process id, .tmp.
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    const run = start(['17', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '50ms']);
    // Several checkpoints written, then stopped.
    await until(() => existsSync(file));
    const written = readFileSync(file, 'utf8');
    await until(() => readFileSync(file, 'utf8') !== written);
    run.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(at).filter((name) => name.endsWith('.tmp'))).toEqual([`cp.json.${process.pid}.tmp`]);
  });
});
