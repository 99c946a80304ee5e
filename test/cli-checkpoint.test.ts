// nqueens <n> --checkpoint FILE: killed at any moment (SIGTERM, SIGKILL), run again with the same
// file, it resumes and prints exactly the uninterrupted count; the file is written atomically;
// a torn or edited file, or one of another count, is refused. Progress as JSON lines on stderr.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { knownCounts } from './helpers/known-counts.js';
import { randomInt, seededRandom } from './helpers/random.js';

const bin = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function nqueens(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Starts nqueens and kills it with `signal` after `ms`, or, given `once`, `ms` after that file
 * first exists (the count's first checkpoint: the count is under way); resolves with its exit
 * code or signal.
 */
function killed(
  args: string[],
  signal: NodeJS.Signals,
  ms: number,
  once?: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  let timer = once === undefined ? setTimeout(() => child.kill(signal), ms) : undefined;
  const watch =
    once === undefined
      ? undefined
      : setInterval(() => {
          if (!existsSync(once)) return;
          clearInterval(watch);
          timer = setTimeout(() => child.kill(signal), ms);
        }, 2);
  return new Promise((resolve) =>
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      clearInterval(watch);
      resolve({ code, signal: sig, stdout });
    }),
  );
}

const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-checkpoint-'));

describe('nqueens <n> --checkpoint FILE', () => {
  it.each(['wasm', 'js'])(
    'SIGTERM at random moments, n = 14..16, 1 and 2 workers, %s: the next run resumes and counts exactly',
    async (engine) => {
      const random = seededRandom(engine === 'wasm' ? 7 : 8);
      let resumed = 0;
      let runs = 0;
      for (let n = 14; n <= 16; n++) {
        for (const workers of ['1', '2']) {
          const file = join(dir(), 'run.json');
          const args = [
            String(n),
            '--engine',
            engine,
            '--workers',
            workers,
            '--json',
            '--checkpoint',
            file,
            '--checkpoint-every',
            '50ms',
          ];
          // At a random moment after the first checkpoint: the counts of n = 14 take about 100 ms.
          const first = await killed(args, 'SIGTERM', randomInt(random, 0, engine === 'js' ? 600 : 60), file);
          runs++;
          const known = knownCounts.get(n)!;
          if (first.code === 0 || first.stdout !== '') {
            // Finished before the signal (which may have come while the process was exiting): the
            // answer is whole and exact.
            expect(JSON.parse(first.stdout)).toMatchObject({
              n,
              total: String(known.total),
              unique: String(known.unique),
              resumed: false,
            });
            continue;
          }
          expect(first).toMatchObject({ code: 143, stdout: '' });
          expect(existsSync(file)).toBe(true);
          const second = nqueens(args);
          expect(second.code).toBe(0);
          expect(second.stderr).toMatch(new RegExp(`^nqueens: resuming n = ${n} at \\d+%\\n$`));
          const out = JSON.parse(second.stdout);
          expect({ n, total: out.total, unique: out.unique, resumed: out.resumed }).toEqual({
            n,
            total: String(known.total),
            unique: String(known.unique),
            resumed: true,
          });
          // A finished count leaves no checkpoint behind, nor any temporary file.
          expect(readdirSync(join(file, '..'))).toEqual([]);
          resumed++;
        }
      }
      expect(resumed).toBeGreaterThanOrEqual(runs / 2);
    },
  );

  it('SIGKILL in the middle: the next run resumes from the last checkpoint written, and counts exactly', async () => {
    const file = join(dir(), 'run.json');
    const args = [
      '16',
      '--engine',
      'js',
      '--workers',
      '1',
      '--shard',
      '1/2',
      '--json',
      '--checkpoint',
      file,
      '--checkpoint-every',
      '100ms',
    ];
    const first = await killed(args, 'SIGKILL', 1200);
    expect(first.signal).toBe('SIGKILL');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.done.length).toBeGreaterThan(0);
    const second = nqueens(args);
    expect(second.stderr).toMatch(/^nqueens: resuming n = 16, shard 1\/2 at \d+%\n$/);
    const whole = JSON.parse(nqueens(['16', '--shard', '1/2', '--json']).stdout);
    expect(JSON.parse(second.stdout)).toMatchObject({ total: whole.total, resumed: true });
  });

  it('writes the file atomically: read at any moment while it is rewritten, it is whole JSON', async () => {
    const file = join(dir(), 'run.json');
    const child = spawn(
      process.execPath,
      [bin, '16', '--engine', 'js', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '20ms'],
      { stdio: 'ignore' },
    );
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let reads = 0;
    const started = performance.now();
    while (performance.now() - started < 1500 && child.exitCode === null) {
      if (existsSync(file)) {
        let text = '';
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          continue; // removed at the end
        }
        expect(() => JSON.parse(text)).not.toThrow();
        reads++;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('close', resolve));
    expect(reads).toBeGreaterThan(20);
    expect(readdirSync(join(file, '..'))).toEqual(['run.json']);
  });

  describe('refuses, with exit code 2 and one clear line, a checkpoint file that', () => {
    let saved: Record<string, unknown>;
    const make = async () => {
      if (saved) return saved;
      const file = join(dir(), 'run.json');
      await killed(
        ['16', '--engine', 'js', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '50ms'],
        'SIGTERM',
        700,
      );
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
      const r = nqueens([...args, '--checkpoint', file]);
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
  ])('nqueens %j is a usage error', (args, message) => {
    const r = nqueens(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('--progress json', () => {
  it('writes progress lines on stderr: done of total subproblems, solutions so far, rate and ETA; the last one complete', () => {
    const r = nqueens(['16', '--engine', 'js', '--workers', '1', '--progress', 'json']);
    expect(r.code).toBe(0);
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
    expect(BigInt(middle.solutions)).toBeLessThan(14772512n);
    expect(lines.at(-1)).toMatchObject({ done: lines[0].total, total: lines[0].total, solutions: '14772512' });
  });
});
