// The built nqueens command stopped by real signals: SIGINT and SIGTERM stop every command at once,
// with exit code 130 or 143, and what it printed is whole; a reader that goes away ends it quietly.
// Each signal is sent once the command is under way (a line out, a file written, standard input
// watched), so that it meets the command's own handling, not Node's start-up.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSolution } from '../../src/index.js';
import { bin, spawned, watchesStdin } from '../helpers/cli-process.js';

/** Every block of --print output is whole: a header and n rows with one queen each, forming a solution. */
function wellFormedBoards(text: string, n: number): number {
  expect(text.endsWith('\n\n') || text === '').toBe(true);
  const blocks = text === '' ? [] : text.slice(0, -2).split('\n\n');
  blocks.forEach((block, i) => {
    const [header, ...rows] = block.split('\n');
    expect(rows).toHaveLength(n);
    const cols = rows.map((row) => row.split(' ').indexOf('Q'));
    expect(header).toBe(`#${i + 1}: ${cols.join(' ')}`);
    expect(isSolution(cols)).toBe(true);
  });
  return blocks.length;
}

const words = { SIGINT: 'interrupted', SIGTERM: 'terminated' } as const;

describe('signals', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops a long count at once with exit code %i', async (signal, code) => {
    // Its first progress line says the count is under way.
    const run = spawned(['19', '--workers', '2', '--progress', 'json']);
    await run.until(() => run.stderr().includes('\n'));
    run.child.kill(signal);
    const r = await run.exited;
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code, stdout: '' });
    const lines = r.stderr.split('\n');
    for (const line of lines.slice(0, -2)) expect(JSON.parse(line)).toMatchObject({ progress: 'n = 19' });
    expect(lines.slice(-2)).toEqual([`nqueens: ${words[signal]}`, '']);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops --print writing to a file, which holds whole boards only', async (signal, code) => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-print-'));
    const file = join(dir, 'boards.txt');
    const fd = openSync(file, 'w');
    // n = 32: the search between two boards is long, so the signal comes while the kernel searches.
    const run = spawned(['32', '--print'], { stdio: ['ignore', fd, 'pipe'] });
    closeSync(fd);
    await run.until(() => statSync(file).size > 0);
    run.child.kill(signal);
    const r = await run.exited;
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code, stderr: `nqueens: ${words[signal]}\n` });
    expect(wellFormedBoards(readFileSync(file, 'utf8'), 32)).toBeGreaterThan(0);
  });

  it('SIGINT stops --print writing to a pipe, with whole boards only', async () => {
    const run = spawned(['15', '--print']);
    await run.until(() => run.stdout().length > 0);
    run.child.kill('SIGINT');
    const r = await run.exited;
    expect(r.code).toBe(130);
    expect(wellFormedBoards(r.stdout, 15)).toBeGreaterThan(0);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s stops compare in the middle of a timing, keeping the rows measured before it, whole',
    async (signal, code) => {
      const run = spawned(['compare', '10..16']);
      // The rows start after the header and its rule, under the title's lines.
      const firstRow = (text: string) => text.split('\n').findIndex((line) => /^ *n +method +total /.test(line)) + 2;
      // The first row is out: the next n is being timed.
      await run.until(() => {
        const header = firstRow(run.stdout());
        return header > 1 && run.stdout().split('\n').length > header + 1;
      });
      run.child.kill(signal);
      const r = await run.exited;
      expect(r.code).toBe(code);
      const lines = r.stdout.split('\n');
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(firstRow(r.stdout), -1).map((line) => Number(line.trim().split(/\s+/)[0]));
      // Some rows were measured, in order, and n = 16 (seconds on the TypeScript kernel) was not.
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(rows.map((_, i) => 10 + i));
      expect(rows).not.toContain(16);
    },
  );

  it('a reader that stops early (| head) ends the command quietly', () => {
    const r = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${bin}" 16 --print | head -3; echo "status \${PIPESTATUS[0]}"`],
      { encoding: 'utf8' },
    );
    expect(r.stdout.split('\n')).toEqual([
      '#1: 0 2 4 1 12 8 13 11 14 5 15 6 3 10 7 9',
      `Q${' .'.repeat(15)}`,
      `. . Q${' .'.repeat(13)}`,
      'status 0',
      '',
    ]);
    expect(r.stderr).toBe('');
  });
});

describe('every command stops on a signal, also while it waits', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('merge waiting for input that does not come: %s stops it', async (signal) => {
    // Standard input stays open and silent; the command is reading it.
    const run = spawned(['merge']);
    await run.until(() => watchesStdin(run.child.pid!));
    run.child.kill(signal);
    const stopped = await run.exited;
    expect({ code: stopped.code, stdout: stopped.stdout, stderr: stopped.stderr }).toEqual({
      code: signal === 'SIGINT' ? 130 : 143,
      stdout: '',
      stderr: `nqueens: ${words[signal]}\n`,
    });
  });

  it('--print to a reader that stopped reading (the pipe full): SIGINT stops it', async () => {
    const run = spawned(['14', '--print']);
    // Nobody reads: once this end holds as much as it buffers, the pipe fills and every write waits.
    const stdout = run.child.stdout!;
    stdout.pause();
    await run.until(() => stdout.readableLength >= stdout.readableHighWaterMark);
    run.child.kill('SIGINT');
    const stopped = await run.exited;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe('nqueens: interrupted\n');
  });
});
