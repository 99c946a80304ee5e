// The nqueens command in each server runtime: the installed package's dist/cli.js run by Node 20,
// 22 and 24, Deno and Bun, as one JSON count, as shards merged back, and refusing a bad argument.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { host } from './host.js';
import { runIn, runtime, SERVER_RUNTIMES } from './runtimes.js';

const known = host('counts only', { workers: true, wasm: true }).known;

describe.each(SERVER_RUNTIMES.map((r) => r.id))('%s', (id) => {
  const app = inject('app');
  const cli = join(app, 'node_modules/nqueens-wasm/dist/cli.js');
  // Only a hang is stopped: each command takes well under a second.
  const nqueens = (args: string[], permissions: string[] = []) =>
    runIn(runtime(id).command(cli, args, permissions), { cwd: app, killAfterMs: 60_000 });

  it('nqueens 12 --json prints the exact counts as one JSON line', async () => {
    const r = await nqueens(['12', '--json']);
    const lines = r.stdout.trim().split('\n').length;
    expect({ code: r.code, stderr: r.stderr, lines }).toEqual({ code: 0, stderr: '', lines: 1 });
    expect(JSON.parse(r.stdout)).toEqual({
      n: 12,
      total: known[12].total,
      unique: known[12].unique,
      engine: 'wasm',
      method: 'backtrack',
      workers: expect.any(Number),
      elapsedMs: expect.any(Number),
      resumed: false,
    });
  });

  // n = 11, not 10: a split of n = 10 puts every subproblem in its first shard, and a merge of
  // shards that count 0 would not show a shard lost or counted twice.
  it('nqueens 11 --shard i/3 --json counts each shard, and nqueens merge adds them up to the total', async () => {
    const dir = mkdtempSync(join(app, 'shards-'));
    const files: string[] = [];
    for (let index = 0; index < 3; index++) {
      const r = await nqueens(['11', '--shard', `${index}/3`, '--json']);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      const counted = expect.stringMatching(/^[1-9]\d*$/);
      expect(JSON.parse(r.stdout)).toMatchObject({ n: 11, shard: { index, count: 3 }, total: counted });
      files.push(join(dir, `${index}.json`));
      writeFileSync(files[index], r.stdout);
    }
    // Deno reads no file unless told: a user grants the shards' directory.
    const merged = await nqueens(['merge', '--json', ...files], [`--allow-read=${dir}`]);
    expect({ code: merged.code, stderr: merged.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(merged.stdout)).toEqual({ n: 11, shards: 3, total: known[11].total });
  });

  it('nqueens 0 exits with code 2 and one line saying why, and where the usage is', async () => {
    const r = await nqueens(['0']);
    expect(r).toEqual({
      code: 2,
      signal: null,
      stdout: '',
      stderr: 'nqueens: n must be an integer from 1 to 32, got 0\nRun nqueens --help for the usage.\n',
    });
  });
});
