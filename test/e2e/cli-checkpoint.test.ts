// nqueens <n> --checkpoint FILE, the built bin killed at any moment (SIGTERM, SIGKILL): run again
// with the same file, it resumes and prints exactly the uninterrupted count; the file is written
// atomically. test/cli-checkpoint.test.ts has the refusals and the flags, in-process.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nqueensSync, spawned } from '../helpers/cli-process.js';
import { knownCounts } from '../helpers/known-counts.js';
import { randomInt, seededRandom } from '../helpers/random.js';

const dir = () => mkdtempSync(join(tmpdir(), 'nqueens-checkpoint-'));

/** The checkpoint in `file`, or null while there is none (or it is being replaced). */
function checkpointIn(file: string): { done: unknown[] } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Starts nqueens and, once `file` holds its first checkpoint (the count is under way), sends
 * `signal` after a random `delayMs`: a random moment of the count. Resolves with its exit.
 */
async function killedAfterFirstCheckpoint(args: string[], signal: NodeJS.Signals, file: string, delayMs: number) {
  const run = spawned(args, { stdio: ['ignore', 'pipe', 'ignore'] });
  await Promise.race([run.until(() => existsSync(file)).catch(() => {}), run.exited]);
  const timer = setTimeout(() => run.child.kill(signal), delayMs);
  const exit = await run.exited;
  clearTimeout(timer);
  return exit;
}

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
          const first = await killedAfterFirstCheckpoint(
            args,
            'SIGTERM',
            file,
            randomInt(random, 0, engine === 'js' ? 600 : 60),
          );
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
          const second = nqueensSync(args);
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
    const run = spawned(args);
    // Killed once a checkpoint holds finished work: in the middle of the count.
    await run.until(() => (checkpointIn(file)?.done.length ?? 0) > 0);
    run.child.kill('SIGKILL');
    const first = await run.exited;
    expect(first.signal).toBe('SIGKILL');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.done.length).toBeGreaterThan(0);
    const second = nqueensSync(args);
    expect(second.stderr).toMatch(/^nqueens: resuming n = 16, shard 1\/2 at \d+%\n$/);
    const whole = JSON.parse(nqueensSync(['16', '--shard', '1/2', '--json']).stdout);
    expect(JSON.parse(second.stdout)).toMatchObject({ total: whole.total, resumed: true });
  });

  it('writes the file atomically: read at any moment while it is rewritten, it is whole JSON', async () => {
    const file = join(dir(), 'run.json');
    const run = spawned(
      ['16', '--engine', 'js', '--workers', '1', '--checkpoint', file, '--checkpoint-every', '20ms'],
      {
        stdio: 'ignore',
      },
    );
    // Read as fast as it goes until the file has been rewritten many times.
    let reads = 0;
    const seen = new Set<string>();
    while (seen.size < 20 && run.child.exitCode === null) {
      if (existsSync(file)) {
        let text = '';
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          continue; // removed at the end
        }
        expect(() => JSON.parse(text)).not.toThrow();
        seen.add(text);
        reads++;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    run.child.kill('SIGTERM');
    await run.exited;
    expect(seen.size).toBe(20);
    expect(reads).toBeGreaterThanOrEqual(20);
    expect(readdirSync(join(file, '..'))).toEqual(['run.json']);
  });
});
