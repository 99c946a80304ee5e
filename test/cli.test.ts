// The nqueens command line, run in this process as main.ts runs it (run.ts, with streams the test
// owns): what it prints, its messages and exit codes. test/e2e/cli-*.test.ts run the built bin
// where a real process is the point: signals, pipes, a full disk, the recipes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isSolution } from '../src/index.js';
import { nqueens, VERSION } from './helpers/cli.js';

describe('nqueens <n>', () => {
  it('prints the total, the unique count and the time', async () => {
    const r = await nqueens(['8']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^n = 8: 92 solutions, 12 unique \(wasm, backtrack, 1 thread, [\d.]+ ms\)\n$/);
    // Not a terminal: no progress bar.
    expect(r.stderr).toBe('');
  });

  it('--json prints one JSON line with the counts as strings', async () => {
    const r = await nqueens(['10', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toEqual({
      n: 10,
      total: '724',
      unique: '92',
      engine: 'wasm',
      method: 'backtrack',
      workers: 1,
      elapsedMs: expect.any(Number),
      resumed: false,
    });
  });

  it('--engine and --workers choose the kernel and the threads', async () => {
    // Long enough for both threads to start and count (the result says how many counted).
    const r = await nqueens(['15', '--engine', 'js', '--workers', '2', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: '2279184', engine: 'js', workers: 2 });
    expect((await nqueens(['9', '--engine', 'js'])).stdout).toMatch(
      /352 solutions, 46 unique \(js, backtrack, 1 thread/,
    );
  });

  it('--shard i/m --json prints n, the shard, its total and the time', async () => {
    const r = await nqueens(['12', '--shard', '1/4', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      n: 12,
      shard: { index: 1, count: 4 },
      total: expect.stringMatching(/^\d+$/),
      engine: 'wasm',
      method: 'backtrack',
      workers: 1,
      elapsedMs: expect.any(Number),
      resumed: false,
    });
    expect((await nqueens(['12', '--shard', '1/4'])).stdout).toMatch(/^n = 12, shard 1\/4: \d,\d{3} solutions/);
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
    // The second board of n = 32 takes seconds to find.
  }, 30_000);

  it('compare prints the TypeScript vs wasm table, a row per n', async () => {
    const r = await nqueens(['compare', '4..6', '--runs', '1']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    // Standard output is no terminal here: laid out for 80 columns.
    expect(lines.slice(0, 3)).toEqual([
      'TypeScript (js) against wasm: the median time of 1 run per engine after a',
      'warm-up, in ms per count (a run on the CPU repeats the count for at least 10',
      'ms); method: the method both count by (join or backtrack); speed-up: js / wasm.',
    ]);
    expect(lines[3]).toBe('n     method  total  unique  TypeScript ms  wasm ms  speed-up');
    expect(lines[4]).toBe('-  ---------  -----  ------  -------------  -------  --------');
    expect(lines.slice(5, 8).map((line) => line.trim().split(/\s+/).slice(0, 4))).toEqual([
      ['4', 'backtrack', '2', '1'],
      ['5', 'backtrack', '10', '2'],
      ['6', 'backtrack', '4', '1'],
    ]);
    for (const line of lines.slice(5, 8)) expect(line).toHaveLength(lines[3].length);
    expect(lines[7]).toMatch(/^6\s+backtrack\s+4\s+1\s+[\d.e-]+\s+[\d.e-]+\s+[\d.]+x$/);
    expect(lines.slice(8)).toEqual(['']);
  });

  it('compare --webgpu where there is no GPU: says so before printing anything, exit code 1', async () => {
    // A runtime whose navigator.gpu finds no adapter (test/e2e/cli-gpu.test.ts times a real one).
    vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => null } });
    try {
      expect(await nqueens(['compare', '4..6', '--webgpu'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'nqueens: --webgpu: no GPU to time here (navigator.gpu.requestAdapter() found no adapter)\n',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('compare --json prints a JSON line per n', async () => {
    const r = await nqueens(['compare', '5..6', '--runs', '1', '--json']);
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows).toEqual([
      {
        n: 5,
        method: 'backtrack',
        total: '10',
        unique: '2',
        jsMs: expect.any(Number),
        wasmMs: expect.any(Number),
        speedup: expect.any(Number),
        runs: 1,
      },
      {
        n: 6,
        method: 'backtrack',
        total: '4',
        unique: '1',
        jsMs: expect.any(Number),
        wasmMs: expect.any(Number),
        speedup: expect.any(Number),
        runs: 1,
      },
    ]);
    for (const row of rows) expect(row.speedup).toBeCloseTo(row.jsMs / row.wasmMs, 6);
  });

  it('one solution is "1 solution"', async () => {
    expect((await nqueens(['1'])).stdout).toMatch(
      /^n = 1: 1 solution, 1 unique \(wasm, backtrack, 1 thread, [\d.]+ ms\)\n$/,
    );
  });

  it('--help, -h and help: the options of every command, examples and exit codes, within 80 columns', async () => {
    const help = (await nqueens(['--help'])).stdout;
    expect(help).toMatch(/^Usage: nqueens <n> \[options\]\n {7}nqueens <command> \[options\]\n/);
    for (const flag of [
      '--engine',
      '--workers',
      '--shard',
      '--json',
      '--checkpoint <file>',
      '--checkpoint-every',
      '--progress',
      '--print',
      '--limit',
      '-v, --version',
      '-h, --help',
    ]) {
      expect(help).toContain(flag);
    }
    for (const command of ['merge [options] [files...]', 'compare [options] <n-or-range>', 'help [command]'])
      expect(help).toContain(command);
    expect(help).toContain('\nExamples:\n  nqueens 16  ');
    expect(help).toContain('\nExit codes:\n  0    done\n  1    failed\n  2    bad arguments or an unusable file\n');
    expect(help.split('\n').filter((line) => [...line].length > 80)).toEqual([]);
    expect((await nqueens(['-h'])).stdout).toBe(help);
    expect((await nqueens(['help'])).stdout).toBe(help);
    const merge = (await nqueens(['help', 'merge'])).stdout;
    expect(merge).toMatch(/^Usage: nqueens merge \[options\] \[files\.\.\.\]/);
    expect(merge).toContain('--json');
    expect((await nqueens(['merge', '-h'])).stdout).toBe(merge);
    expect((await nqueens(['compare', '--help'])).stdout).toContain('--runs <k>');
  });

  it('--version and -v print the package version', async () => {
    expect((await nqueens(['--version'])).stdout).toBe(`${VERSION}\n`);
    expect((await nqueens(['-v'])).stdout).toBe(`${VERSION}\n`);
  });
});

describe("bad arguments: one line in the flags' names and a pointer to the help on stderr, exit code 2", () => {
  it.each([
    [[], /^nqueens: no board size or command given\n/],
    [['abc'], /^nqueens: unknown command "abc"; the commands are merge, compare, help, or give a board size n\n/],
    [
      ['merg'],
      /^nqueens: unknown command "merg" \(did you mean merge\?\); the commands are merge, compare, help, or give a board size n\n/,
    ],
    [['0'], /^nqueens: n must be an integer from 1 to 32, got 0\n/],
    [['33'], /^nqueens: n must be an integer from 1 to 32, got 33\n/],
    [['8', '--engine', 'gpu'], /^nqueens: --engine must be wasm, js or webgpu, got "gpu"\n/],
    [
      ['8', '--engine', 'webgpu', '--workers', '2'],
      /^nqueens: --workers does not apply to engine 'webgpu': the GPU is driven from the calling thread; leave workers out\n/,
    ],
    [['8', '--print', '--engine', 'webgpu'], /^nqueens: --engine must be 'wasm' or 'js', got "webgpu"\n/],
    [['8', '--workers', '0'], /^nqueens: --workers must be an integer from 1 to 256, got 0\n/],
    [['8', '--workers', 'two'], /^nqueens: --workers must be a whole number, got "two"\n/],
    [['8', '--shard', '4/4'], /^nqueens: the shard index i of --shard i\/m must be an integer from 0 to 3, got 4\n/],
    [['8', '--shard', '0/0'], /^nqueens: the shard count m of --shard i\/m must be an integer from 1 to \d+, got 0\n/],
    [['--print', '33'], /^nqueens: n must be an integer from 1 to 32, got 33\n/],
    [['8', '--shard', '1-4'], /^nqueens: --shard takes i\/m, such as 0\/8, got "1-4"\n/],
    [['8', '--limit', '3'], /^nqueens: --limit goes with --print\n/],
    [['8', '--print', '--json'], /^nqueens: --json does not go with --print\n/],
    [['8', '--frobnicate'], /^nqueens: unknown option '--frobnicate'\n/],
    [['8', '--jsno'], /^nqueens: unknown option '--jsno' \(did you mean --json\?\)\n/],
    [['8', '--workers'], /^nqueens: --workers needs a value\n/],
    [['8', '--progress', 'loud'], /^nqueens: --progress must be bar, json or none, got "loud"\n/],
    [['8', '9'], /^nqueens: too many arguments\. Expected 1 argument but got 2\.\n/],
    [['merge', '--engine', 'js'], /^nqueens: unknown option '--engine'\n/],
    [['compare', '4..40'], /^nqueens: n must be an integer from 1 to 32, got 40\n/],
    [['compare', '9..4'], /^nqueens: the range must go upwards, got 9..4\n/],
    [['compare', 'x'], /^nqueens: compare takes n or a range such as 4..14, got "x"\n/],
    [['compare'], /^nqueens: missing required argument 'n-or-range'\n/],
  ])('nqueens %j', async (args, message) => {
    const r = await nqueens(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.split('\n').slice(1)).toEqual(['Run nqueens --help for the usage.', '']);
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
    expect(JSON.parse((await nqueens(['merge', '--json', ...files])).stdout)).toEqual({
      n: 10,
      shards: 3,
      total: '724',
    });
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
    const cases: [string[], RegExp][] = [
      [[a, c], /^nqueens merge: 1 of 3 shards missing \(n = 10\): 1\n$/],
      [[a, b, b, c], /^nqueens merge: shard 1\/3 is there twice: .*n10-1-of-3.json:1 and .*n10-1-of-3.json:1\n$/],
      [[a, b, other], /^nqueens merge: .*n11-0-of-3.json:1 is for n = 11, but .*n10-0-of-3.json:1 is for n = 10\n$/],
      [
        [a, b, c, split],
        /^nqueens merge: .*n10-0-of-2.json:1 is from a split into 2, but .*n10-0-of-3.json:1 from a split into 3\n$/,
      ],
    ];
    for (const [files, message] of cases) {
      const r = await nqueens(['merge', ...files]);
      expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
        code: 1,
        stderr: expect.stringMatching(message),
        stdout: '',
      });
    }
  });

  it('refuses, with exit code 2, a file it cannot read or that holds something other than shard results', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-merge-'));
    const [a] = await shards(10, 3, dir);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, 'not json\n');
    const total = join(dir, 'total.json');
    writeFileSync(total, (await nqueens(['10', '--json'])).stdout);
    const cases: [string[], RegExp][] = [
      [[a, bad], /^nqueens merge: .*bad.json:1: not a JSON line\n$/],
      [[total], /^nqueens merge: .*total.json:1: not a shard result/],
      [[join(dir, 'nowhere.json')], /^nqueens merge: cannot read .*nowhere.json: no such file or directory\n$/],
      [[dir], /^nqueens merge: cannot read .*: is a directory\n$/],
    ];
    for (const [files, message] of cases) {
      const r = await nqueens(['merge', ...files]);
      expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
        code: 2,
        stderr: expect.stringMatching(message),
        stdout: '',
      });
    }
  });
});

describe('nqueens merge reads logs: the lines nqueens writes on stderr are skipped, nothing else', () => {
  const result = (index: number, total: string) => `${JSON.stringify({ n: 10, shard: { index, count: 2 }, total })}`;

  it('merges a log that holds messages and progress (plain and JSON) between the results', async () => {
    // Progress as the command writes it where stderr is no terminal, plain and as JSON.
    const plain = (await nqueens(['10', '--shard', '0/2', '--progress', 'bar'])).stderr.trim().split('\n');
    const json = (await nqueens(['10', '--shard', '1/2', '--progress', 'json'])).stderr.trim().split('\n');
    expect(plain.at(-1)).toMatch(/^nqueens: n = 10, shard 0\/2: 100% · /);
    expect(JSON.parse(json.at(-1)!)).toMatchObject({ progress: 'n = 10, shard 1/2' });
    const log = [
      'nqueens: progress saved to /checkpoints/shard-1.json; run the same command to resume',
      'nqueens: terminated',
      'nqueens: resuming n = 10, shard 1/2 at 37%',
      ...json,
      result(1, '224'),
      ...plain,
      result(0, '500'),
      'nqueens: stopped before counting began; nothing to save',
      '',
    ].join('\n');
    expect(await nqueens(['merge'], { stdin: log })).toEqual({
      code: 0,
      stdout: 'n = 10: 724 solutions (2 shards merged)\n',
      stderr: '',
    });
  });

  it.each([
    ['a result cut short', result(1, '224').slice(0, 30), /:2: not a JSON line/],
    ['a progress line cut short', '{"progress":"n = 10, shard 1/2","done":3', /:2: not a JSON line/],
    [
      'progress with a shard field',
      '{"progress":"n = 10","shard":{"index":1,"count":2},"total":"224"}',
      /:2: n must be an integer from 1 to 32/,
    ],
    [
      "another program's line",
      'Warning: maxDynamicUniformBuffersPerPipelineLayout artificially reduced',
      /:2: not a JSON line/,
    ],
    ['a message not at the start of its line', ' nqueens: terminated', /:2: not a JSON line/],
    ['a progress line without the mark', 'n = 10, shard 1/2: 37% · 120/320 subproblems', /:2: not a JSON line/],
    [
      'the result line without --json',
      'n = 10, shard 1/2: 224 solutions (wasm, 1 thread, 1.20 ms)',
      /:2: not a JSON line/,
    ],
  ])('refuses %s, with exit code 2', async (_label, line, message) => {
    const r = await nqueens(['merge'], { stdin: `${result(0, '500')}\n${line}\n` });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});

describe('nqueens merge, hardened', () => {
  const line = (index: number, count: number, total: string, n: unknown = 10) =>
    `${JSON.stringify({ n, shard: { index, count }, total })}\n`;

  const mergeInput = async (input: string | Buffer, args: string[] = []) => {
    const r = await nqueens(['merge', ...args], { stdin: input });
    return { status: r.code, stdout: r.stdout, stderr: r.stderr };
  };

  it('reads standard input when no file is given, and for -', async () => {
    const input = line(0, 2, '500') + line(1, 2, '224');
    expect(await mergeInput(input)).toMatchObject({ status: 0, stdout: 'n = 10: 724 solutions (2 shards merged)\n' });
    expect(await mergeInput(input, ['-'])).toMatchObject({
      status: 0,
      stdout: 'n = 10: 724 solutions (2 shards merged)\n',
    });
  });

  it('reads files with a UTF-8 byte order mark, UTF-16 files (little and big endian) and CRLF line ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-merge-'));
    const text = (line(0, 2, '500') + line(1, 2, '224')).replace(/\n/g, '\r\n');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    const files: [string, Buffer][] = [
      ['utf8-bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
      ['utf16le.json', le],
      ['utf16be.json', be],
    ];
    for (const [name, bytes] of files) {
      writeFileSync(join(dir, name), bytes);
      expect({ name, ...(await mergeInput('', [join(dir, name)])) }).toMatchObject({
        name,
        status: 0,
        stdout: 'n = 10: 724 solutions (2 shards merged)\n',
      });
    }
  });

  it.each([
    ['n = 0', line(0, 1, '1', 0), /:1: n must be an integer from 1 to 32/],
    ['n = 33', line(0, 1, '1', 33), /:1: n must be an integer from 1 to 32/],
    ['n = 1e300', line(0, 1, '1', 1e300), /:1: n must be an integer from 1 to 32/],
    [
      'a shard count beyond 2^53',
      line(0, 2 ** 60, '1'),
      /:1: shard.count must be a whole number from 1 to 9007199254740991/,
    ],
    ['a shard count of 0', line(0, 0, '1'), /:1: shard.count must be a whole number from 1/],
    ['an index beyond its count', line(5, 5, '1'), /:1: shard.index must be a whole number from 0 to 4/],
    ['a negative total', line(0, 1, '-1'), /:1: total must be a decimal string of at most 40 digits/],
    ['a total of 41 digits', line(0, 1, '9'.repeat(41)), /:1: total must be a decimal string of at most 40 digits/],
    ['a JSON array', '[1, 2]\n', /:1: not a shard result/],
  ])('refuses %s as no shard result (exit code 2)', async (_label, input, message) => {
    const r = await mergeInput(input);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('refuses a line of a million digits at once, without parsing it as a number', async () => {
    const r = await mergeInput(line(0, 1, '7'.repeat(1_000_000)));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/line 1 is longer than 4096 characters/);
  });
});

describe('the counting methods on the command line', () => {
  it('--method chooses the method, and the result says which method counted', async () => {
    const join = JSON.parse((await nqueens(['12', '--method', 'join', '--json'])).stdout);
    expect(join).toMatchObject({ total: '14200', unique: '1787', method: 'join' });
    expect((await nqueens(['16', '--json'])).stdout).toContain('"method":"join"');
    expect((await nqueens(['12', '--method', 'join'])).stdout).toMatch(
      /^n = 12: 14,200 solutions, 1,787 unique \(wasm, join, /,
    );
  });

  it('--max-memory takes a size, and a small one leaves the count exact', async () => {
    const r = JSON.parse((await nqueens(['16', '--method', 'join', '--max-memory', '1MiB', '--json'])).stdout);
    expect(r).toMatchObject({ total: '14772512', unique: '1846955', method: 'join' });
    expect(JSON.parse((await nqueens(['13', '--max-memory', '2097152', '--json'])).stdout).total).toBe('73712');
  });

  it.each([
    [['8', '--method', 'fast'], /^nqueens: --method must be join or backtrack, got "fast"\n/],
    [['5', '--method', 'join'], /^nqueens: --method 'join' counts boards of 6 to 32 rows, got n = 5/],
    [
      ['8', '--max-memory', '2KiB'],
      /^nqueens: --max-memory must be a size from 1MiB to 9007199254740991 bytes, got 2KiB\n/,
    ],
    [
      ['8', '--max-memory', 'lots'],
      /^nqueens: --max-memory takes a size such as 512MiB, 2GiB or a number of bytes, got "lots"\n/,
    ],
    [['8', '--print', '--method', 'join'], /^nqueens: --method does not go with --print\n/],
  ])('nqueens %j is refused with exit code 2', async (args, message) => {
    const r = await nqueens(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('merge refuses the shards of a join beside those of a search: they are different slices', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-ways-'));
    const [a, b] = [join(dir, 'a'), join(dir, 'b')];
    writeFileSync(a, (await nqueens(['14', '--shard', '0/2', '--json', '--method', 'join'])).stdout);
    writeFileSync(b, (await nqueens(['14', '--shard', '1/2', '--json', '--method', 'backtrack'])).stdout);
    const r = await nqueens(['merge', a, b]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('counted by backtracking, but');
    expect(r.stderr).toContain('the shards of one split must count by the same method (--method)');
    writeFileSync(b, (await nqueens(['14', '--shard', '1/2', '--json', '--method', 'join'])).stdout);
    expect((await nqueens(['merge', '--json', a, b])).stdout).toContain('"total":"365596"');
  });
});
