// The nqueens command line, run as a user runs it: the built bin in a child process.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSolution } from '../src/index.js';

const bin = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const manifest = readFileSync(new URL('../docs/kubernetes/nqueens-indexed-job.yaml', import.meta.url), 'utf8');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function nqueens(args: string[], cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** A directory with an `nqueens` command on the PATH, as `npm install --global` would give. */
function shellWithNqueens(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'nqueens-cli-'));
  const shim = join(dir, 'bin', 'nqueens');
  spawnSync('mkdir', ['-p', join(dir, 'bin')]);
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(shim, 0o755);
  return { dir, env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` } };
}

describe('nqueens <n>', () => {
  it('prints the total, the unique count and the time', async () => {
    const r = await nqueens(['8']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^n = 8: 92 solutions, 12 unique \(wasm, 1 thread, [\d.]+ ms\)\n$/);
    // Not a terminal: no progress bar.
    expect(r.stderr).toBe('');
  });

  it('--json prints one JSON line with the counts as strings', async () => {
    const r = await nqueens(['10', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toEqual({ n: 10, total: '724', unique: '92', engine: 'wasm', workers: 1, elapsedMs: expect.any(Number) });
  });

  it('--engine and --workers choose the kernel and the threads', async () => {
    const r = await nqueens(['11', '--engine', 'js', '--workers', '2', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: '2680', engine: 'js', workers: 2 });
    expect((await nqueens(['9', '--engine', 'js'])).stdout).toMatch(/352 solutions, 46 unique \(js, 1 thread/);
  });

  it('--shard i/m --json prints n, the shard, its total and the time', async () => {
    const r = await nqueens(['12', '--shard', '1/4', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      n: 12,
      shard: { index: 1, count: 4 },
      total: expect.stringMatching(/^\d+$/),
      engine: 'wasm',
      workers: 1,
      elapsedMs: expect.any(Number),
    });
    expect((await nqueens(['12', '--shard', '1/4'])).stdout).toMatch(/^n = 12, shard 1\/4: \d+ solutions/);
  });

  it('--print prints every board as a block; --limit stops early', async () => {
    const all = await nqueens(['6', '--print']);
    const blocks = all.stdout.trim().split('\n\n');
    expect(blocks).toHaveLength(4);
    for (const block of blocks) {
      const [header, ...rows] = block.split('\n');
      const cols = rows.map((row) => row.split(' ').indexOf('Q'));
      expect(header).toBe(`#${blocks.indexOf(block) + 1}: ${cols.join(' ')}`);
      expect(rows.every((row) => row.length === 11)).toBe(true);
      expect(isSolution(cols)).toBe(true);
    }
    const two = await nqueens(['32', '--print', '--limit', '2', '--engine', 'wasm']);
    expect(two.code).toBe(0);
    expect(two.stdout.trim().split('\n\n')).toHaveLength(2);
  });

  it('compare prints the JS vs wasm table', async () => {
    const r = await nqueens(['compare', '4..6', '--runs', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\s*n\s+total\s+unique\s+TS ms\s+wasm ms\s+speed-up\n/);
    expect(r.stdout).toMatch(/\n\s*6\s+4\s+1\s+[\d.e-]+\s+[\d.e-]+\s+[\d.]+x\n/);
    expect(r.stdout).toContain('medians of 1 runs per engine after a warm-up, each run at least 10 ms');
  });

  it('--help and --version', async () => {
    expect((await nqueens(['--help'])).stdout).toMatch(/^usage: nqueens <n>/);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect((await nqueens(['--version'])).stdout.trim()).toBe(pkg.version);
  });
});

describe('bad arguments: one line and the usage on stderr, exit code 2', () => {
  it.each([
    [[], /^nqueens: no command given\nusage: nqueens/],
    [['abc'], /^nqueens: unknown command "abc"; n must be a whole number\n/],
    [['0'], /^nqueens: n must be an integer from 1 to 32, got 0\n/],
    [['33'], /^nqueens: n must be an integer from 1 to 32, got 33\n/],
    [['8', '--engine', 'gpu'], /^nqueens: --engine must be 'wasm' or 'js', got "gpu"\n/],
    [['8', '--workers', '0'], /^nqueens: --workers must be an integer from 1 to 256, got 0\n/],
    [['8', '--workers', 'two'], /^nqueens: --workers must be a whole number, got "two"\n/],
    [['8', '--shard', '4/4'], /^nqueens: the shard index i of --shard i\/m must be an integer from 0 to 3, got 4\n/],
    [['8', '--shard', '0/0'], /^nqueens: the shard count m of --shard i\/m must be an integer from 1 to \d+, got 0\n/],
    [['--print', '33'], /^nqueens: n must be an integer from 1 to 32, got 33\n/],
    [['8', '--shard', '1-4'], /^nqueens: --shard takes i\/m, such as 0\/8, got "1-4"\n/],
    [['8', '--limit', '3'], /^nqueens: counting does not take --limit\n/],
    [['8', '--frobnicate'], /^nqueens: Unknown option '--frobnicate'/],
    [['8', '9'], /^nqueens: unexpected "9"\n/],
    [['compare', '4..40'], /^nqueens: n must be an integer from 1 to 32, got 40\n/],
    [['compare', '9..4'], /^nqueens: the range must go upwards, got 9..4\n/],
    [['compare', 'x'], /^nqueens: compare takes n or a range like 4..14, got "x"\n/],
  ])('nqueens %j', async (args, message) => {
    const r = await nqueens(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('usage: nqueens <n>');
  });
});

describe('nqueens merge', () => {
  async function shards(n: number, m: number, dir: string): Promise<string[]> {
    const files: string[] = [];
    for (let i = 0; i < m; i++) {
      const file = join(dir, `n${n}-${i}-of-${m}.json`);
      writeFileSync(file, (await nqueens([String(n), '--shard', `${i}/${m}`, '--json'])).stdout);
      files.push(file);
    }
    return files;
  }

  it('adds up every shard of a split, as text or JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-merge-'));
    const files = await shards(10, 3, dir);
    const r = await nqueens(['merge', ...files]);
    expect(r).toEqual({ code: 0, stdout: 'n = 10: 724 solutions (3 shards merged)\n', stderr: '' });
    expect(JSON.parse((await nqueens(['merge', '--json', ...files])).stdout)).toEqual({ n: 10, shards: 3, total: '724' });
    // Several results in one file (as kubectl logs collects them) work the same.
    const joined = join(dir, 'all.jsonl');
    writeFileSync(joined, files.map((f) => readFileSync(f, 'utf8')).join(''));
    expect((await nqueens(['merge', joined])).stdout).toBe('n = 10: 724 solutions (3 shards merged)\n');
  });

  it('refuses, with exit code 1, a missing, repeated or foreign shard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-merge-'));
    const [a, b, c] = await shards(10, 3, dir);
    const [other] = await shards(11, 3, dir);
    const [split] = await shards(10, 2, dir);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, 'not json\n');
    const total = join(dir, 'total.json');
    writeFileSync(total, (await nqueens(['10', '--json'])).stdout);
    const cases: [string[], RegExp][] = [
      [[a, c], /^nqueens merge: 1 of 3 shards missing \(n = 10\): 1\n$/],
      [[a, b, b, c], /^nqueens merge: shard 1\/3 is there twice: .*n10-1-of-3.json:1 and .*n10-1-of-3.json:1\n$/],
      [[a, b, other], /^nqueens merge: .*n11-0-of-3.json:1 is for n = 11, but .*n10-0-of-3.json:1 is for n = 10\n$/],
      [[a, b, c, split], /^nqueens merge: .*n10-0-of-2.json:1 is from a split into 2, but .*n10-0-of-3.json:1 from a split into 3\n$/],
      [[a, bad], /^nqueens merge: .*bad.json:1: not a JSON line\n$/],
      [[total], /^nqueens merge: .*total.json:1: not a shard result/],
      [[join(dir, 'nowhere.json')], /^nqueens merge: cannot read .*nowhere.json/],
    ];
    for (const [files, message] of cases) {
      const r = await nqueens(['merge', ...files]);
      expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({ code: 1, stderr: expect.stringMatching(message), stdout: '' });
    }
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
    const recipe = codeAfter(readme, '<!-- recipe: xargs -->');
    const r = spawnSync('sh', ['-e', '-c', recipe], { cwd: dir, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('n = 12: 14200 solutions (8 shards merged)\n');
  });

  it("the Kubernetes Job's command, run for every index, merges to the whole count", () => {
    const { dir, env } = shellWithNqueens();
    const args = /args: \['(.*)'\]/.exec(manifest)?.[1];
    const shards = Number(/name: SHARDS\s+value: "(\d+)"/.exec(manifest)?.[1]);
    const completions = Number(/completions: (\d+)/.exec(manifest)?.[1]);
    expect(args).toBeDefined();
    expect(shards).toBe(completions);
    let lines = '';
    for (let index = 0; index < shards; index++) {
      const r = spawnSync('sh', ['-c', args!], {
        env: { ...env, N: '12', SHARDS: String(shards), JOB_COMPLETION_INDEX: String(index) },
        encoding: 'utf8',
      });
      expect(r.status).toBe(0);
      lines += r.stdout;
    }
    const logs = join(dir, 'shards.jsonl');
    writeFileSync(logs, lines);
    const merged = spawnSync('sh', ['-c', `nqueens merge ${logs}`], { env, encoding: 'utf8' });
    expect(merged.stdout).toBe(`n = 12: 14200 solutions (${shards} shards merged)\n`);
  });
});

describe('Ctrl-C', () => {
  it('stops a long count cleanly with exit code 130', async () => {
    const child = spawn(process.execPath, [bin, '19', '--workers', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = performance.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    expect(stderr).toBe('nqueens: interrupted\n');
    expect(performance.now() - sent).toBeLessThan(5000);
  });
});
