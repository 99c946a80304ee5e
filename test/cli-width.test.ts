// The command line on terminals of 40 and 80 columns, as a person reads it: help, compare's table,
// the progress bar and merge's note are laid out to the width, no word is broken by the terminal,
// and the ETA outlasts the bar. Also what a person is told for a command or a number that is not
// there, and numbers with their digits grouped wherever a person reads them (never in JSON).
// Run in this process (test/helpers/cli.ts), with standard streams that say they are terminals.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { countWidths } from '../src/cli/layout.js';
import { nqueens, Sink } from './helpers/cli.js';
import { knownCounts } from './helpers/known-counts.js';

const WIDTHS = [40, 80] as const;

/** The text's words in order: the same words at every width means only the spaces between them changed. */
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/** Lines wider than `columns` characters. */
const tooWide = (text: string, columns: number) => text.split('\n').filter((line) => [...line].length > columns);

async function help(args: string[], columns: number): Promise<string> {
  const stdout = new Sink(columns);
  const r = await nqueens(args, { stdout });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  return stdout.text;
}

describe('help at 40 and 80 columns', () => {
  it.each(WIDTHS.flatMap((columns) => [[], ['merge'], ['compare']].map((command) => [columns, command] as const)))(
    'at %i columns, nqueens help %j: every line fits, and no word is split',
    async (columns, command) => {
      const text = await help(['help', ...command], columns);
      expect(tooWide(text, columns)).toEqual([]);
      // Laid out for 100 columns, the most help is laid out for, it has the same words in the same order.
      expect(words(text)).toEqual(words(await help(['help', ...command], 100)));
      // --help gives the same help as the help command.
      expect(await help([...command, '--help'], columns)).toBe(text);
    },
  );

  it('at 40 columns a description goes under its term, wrapped; at 80 it stands beside it', async () => {
    const narrow = await help(['help'], 40);
    expect(narrow).toContain(
      '\n  --checkpoint-every <time>\n      how often FILE is written (default\n      30s; also 500ms, 5m, 1h)\n',
    );
    expect(narrow).toContain('\n  nqueens 16 --engine js --workers 1\n      the TypeScript kernel, one thread\n');
    const wide = await help(['help'], 80);
    expect(wide).toContain('\n  --checkpoint-every <time>       how often FILE is written (default 30s; also\n');
    expect(wide).toContain('\n  nqueens 16 --engine js --workers 1   the TypeScript kernel, one thread\n');
    expect(await help(['help', 'compare'], 40)).toMatch(/^Usage: nqueens compare \[options\]\n {7}<n-or-range>\n/);
  });

  it.each([[[]], [['merge']], [['compare']]])(
    'nqueens help %j has examples of the command and its exit codes',
    async (command: string[]) => {
      const text = await help(['help', ...command], 80);
      const examples = /\nExamples:\n((?: {2}.*\n)+)/.exec(text)?.[1].split('\n').filter(Boolean) ?? [];
      expect(examples.length).toBeGreaterThanOrEqual(3);
      for (const example of examples) expect(example).toMatch(/^ {2}(?:nqueens|cat \S+ \| nqueens) .*\S {2,}\S/);
      if (command.length > 0) for (const example of examples) expect(example).toContain(`nqueens ${command[0]}`);
      const exits = /\nExit codes:\n((?: .*\n)+)/.exec(text)?.[1] ?? '';
      expect([...exits.matchAll(/^ {2}(\d+) {2,}\S/gm)].map((m) => m[1])).toEqual(['0', '1', '2', '130', '143']);
    },
  );
});

describe('help for a command there is none of', () => {
  it.each(['merg', 'foo', 'count'])(
    'nqueens help %s says what nqueens says of that command, with exit code 2: the nearest command, and the commands there are',
    async (name) => {
      const asked = await nqueens(['help', name]);
      const given = await nqueens([name]);
      expect(asked).toEqual(given);
      expect(asked.code).toBe(2);
      expect(asked.stdout).toBe('');
      expect(asked.stderr).toBe(
        `nqueens: unknown command "${name}"${name === 'merg' ? ' (did you mean merge?)' : ''}; ` +
          'the commands are merge, compare, help, or give a board size n\nRun nqueens --help for the usage.\n',
      );
    },
  );
});

describe('messages on stderr', () => {
  it.each(WIDTHS)(
    'on a terminal of %i columns are wrapped at spaces; in a log each stays one line',
    async (columns) => {
      const piped = await nqueens(['merg']);
      expect(piped.stderr.split('\n').filter(Boolean)).toHaveLength(2);
      const shown = await nqueens(['merg'], { terminal: columns });
      expect(shown.code).toBe(2);
      expect(tooWide(shown.stderr, columns)).toEqual([]);
      expect(words(shown.stderr)).toEqual(words(piped.stderr));
      if (columns === 40) expect(shown.stderr.split('\n').length).toBeGreaterThan(3);
    },
  );
});

describe('negative numbers get the range message', () => {
  it.each([
    [['-5'], 'n must be an integer from 1 to 32, got -5'],
    [['--json', '-5'], 'n must be an integer from 1 to 32, got -5'],
    [['-5', '--json'], 'n must be an integer from 1 to 32, got -5'],
    [['-5', '--print'], 'n must be an integer from 1 to 32, got -5'],
    [['compare', '-5'], 'n must be an integer from 1 to 32, got -5'],
    [['8', '--workers', '-2'], '--workers must be an integer from 1 to 256, got -2'],
    [['8', '--shard', '-1/4'], 'the shard index i of --shard i/m must be an integer from 0 to 3, got -1'],
    [['compare', '5', '--runs', '-1'], '--runs must be an integer from 1 to 1000, got -1'],
  ])('nqueens %j', async (args, message) => {
    expect(await nqueens(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `nqueens: ${message}\nRun nqueens --help for the usage.\n`,
    });
  });
});

describe("compare's columns, sized before the counts are known", () => {
  it('are as wide as the counts of every n = 1..27 as printed, and of a range the widest of its n', () => {
    for (const [n, known] of knownCounts) {
      expect({ n, ...countWidths(n, n) }).toEqual({
        n,
        total: known.total.toLocaleString('en').length,
        unique: known.unique.toLocaleString('en').length,
      });
    }
    expect(countWidths(4, 12)).toEqual({ total: '14,200'.length, unique: '1,787'.length });
    // Past the known counts, wider than the last known.
    expect(countWidths(28, 28).total).toBeGreaterThan(countWidths(27, 27).total);
  });
});

describe('compare at 40 and 80 columns', () => {
  /** compare 4..12 with standard output a terminal of `columns`: its lines. */
  async function table(columns: number): Promise<string[]> {
    const stdout = new Sink(columns);
    const r = await nqueens(['compare', '4..12', '--runs', '1'], { stdout });
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    return stdout.text.split('\n');
  }

  it.each([
    [
      80,
      [
        ' n     method   total  unique  TypeScript ms  wasm ms  speed-up',
        '--  ---------  ------  ------  -------------  -------  --------',
      ],
      ['n', 'method', 'total', 'unique', 'js', 'wasm', 'speed-up'],
    ],
    // Too narrow for every column: the headers shorten, and the unique count and the method go.
    [
      40,
      [' n   total    js ms  wasm ms  speed-up', '--  ------  -------  -------  --------'],
      ['n', 'total', 'js', 'wasm', 'speed-up'],
    ],
  ])(
    'at %i columns: the title wrapped at spaces, columns as wide as their content, every row within the width',
    async (columns, [header, rule], kept) => {
      const lines = await table(columns);
      const at = lines.findIndex((line) => line.startsWith(' n '));
      const title = lines.slice(0, at);
      expect(title.join(' ')).toBe(
        'TypeScript (js) against wasm: the median time of 1 run per engine after a warm-up, in ms per count ' +
          '(a run on the CPU repeats the count for at least 10 ms); method: the method both count by (join or backtrack); ' +
          'speed-up: js / wasm.',
      );
      expect(tooWide(lines.join('\n'), columns)).toEqual([]);
      expect(lines[at]).toBe(header);
      expect(lines[at + 1]).toBe(rule);
      const rows = lines.slice(at + 2, -1);
      expect(rows).toHaveLength(9);
      for (const [i, row] of rows.entries()) {
        const n = 4 + i;
        expect(row).toHaveLength(header.length);
        const cells = row.trim().split(/\s+/);
        expect(cells).toHaveLength(kept.length);
        const known = knownCounts.get(n)!;
        const expected = [
          String(n),
          ...(kept.includes('method') ? ['backtrack'] : []),
          known.total.toLocaleString('en'),
        ];
        if (kept.includes('unique')) expected.push(known.unique.toLocaleString('en'));
        expect(cells.slice(0, expected.length)).toEqual(expected);
        expect(cells.at(-1)).toMatch(/^\d+\.\d\dx$/);
      }
      // Digits grouped: n = 12 has 14,200 solutions, 1,787 unique.
      expect(rows.at(-1)).toContain('14,200');
    },
    30_000,
  );
});

describe('the progress bar at 40 and 80 columns', () => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's own sequence (erase to the end of the line) is what the bar writes
  const frames = (stderr: string) => stderr.split('\r').map((frame) => frame.replace(/\x1b\[K$/, ''));

  // The time left as formatDuration writes it: 42s, 3m07s, 2h05m, 3d04h.
  const eta = String.raw`ETA (\d+s|\d+m\d\ds|\d+h\d\dm|\d+d\d\dh)`;
  it.each([
    [40, new RegExp(String.raw`^n = 16 \[[#.]{12}\] \d+% · ${eta}$`)],
    [
      80,
      new RegExp(String.raw`^n = 16 \[[#.]{20}\] \d+% · ${eta} · [\d,]+\/[\d,]+ subproblems( · [\d,]+ solutions)?$`),
    ],
  ])('at %i columns the ETA is shown with the bar beside it, within the width', async (columns, withEta) => {
    // A clock that moves 400 ms a reading: the ETA comes as it would on a long count.
    let clock = 0;
    const r = await nqueens(['16', '--workers', '1'], { terminal: columns, now: () => (clock += 400) });
    expect(r.code).toBe(0);
    const drawn = frames(r.stderr).filter((frame) => frame !== '');
    expect(drawn.length).toBeGreaterThan(3);
    for (const frame of drawn) {
      expect([...frame].length).toBeLessThanOrEqual(columns - 1);
      expect(frame).toMatch(/^n = 16 \[[#.]+\] \d+%/);
    }
    const timed = drawn.filter((frame) => frame.includes('ETA'));
    expect(timed.length).toBeGreaterThan(0);
    for (const frame of timed) expect(frame).toMatch(withEta);
    // The bar is gone once the count is done: the result has the screen.
    expect(r.stderr.endsWith('\r\x1b[K')).toBe(true);
  });
});

describe("merge's note where standard input is a terminal", () => {
  const line = (index: number, count: number, total: string) =>
    `${JSON.stringify({ n: 10, shard: { index, count }, total })}\n`;
  const terminal = (text: string) => Object.assign(Readable.from([Buffer.from(text)]), { isTTY: true });

  it.each([
    [80, 'nqueens merge: no files given, so reading shard results from standard input; end\nthem with Ctrl-D\n'],
    [40, 'nqueens merge: no files given, so\nreading shard results from standard\ninput; end them with Ctrl-D\n'],
  ])('at %i columns: says it reads standard input, wrapped to the width, then merges', async (columns, note) => {
    const r = await nqueens(['merge'], { stdin: terminal(line(0, 2, '500') + line(1, 2, '224')), terminal: columns });
    expect(r).toEqual({ code: 0, stdout: 'n = 10: 724 solutions (2 shards merged)\n', stderr: note });
  });

  it('says nothing where files are given, or standard input is no terminal', async () => {
    const input = line(0, 1, '724');
    expect((await nqueens(['merge', '-'], { stdin: terminal(input), terminal: 80 })).stderr).toBe('');
    expect((await nqueens(['merge'], { stdin: input, terminal: 80 })).stderr).toBe('');
  });
});

describe('digits grouped wherever a person reads a number, and never in JSON', () => {
  it('the result line, the plain progress lines, and merge; not --json', async () => {
    const count = await nqueens(['16', '--workers', '1', '--progress', 'bar']);
    expect(count.stdout).toMatch(
      /^n = 16: 14,772,512 solutions, 1,846,955 unique \(wasm, join, 1 thread, [\d,.]+ ms\)\n$/,
    );
    expect(count.stderr).toMatch(/^nqueens: n = 16: 100% · [\d,]+\/[\d,]+ subproblems · 14,772,512 solutions/m);
    const json = JSON.parse((await nqueens(['16', '--json'])).stdout);
    expect({ total: json.total, unique: json.unique }).toEqual({ total: '14772512', unique: '1846955' });
    const shards = await Promise.all([0, 1].map((i) => nqueens(['16', '--shard', `${i}/2`, '--json'])));
    const input = shards.map((s) => s.stdout).join('');
    expect((await nqueens(['merge'], { stdin: input })).stdout).toBe(
      'n = 16: 14,772,512 solutions (2 shards merged)\n',
    );
    expect(JSON.parse((await nqueens(['merge', '--json'], { stdin: input })).stdout)).toEqual({
      n: 16,
      shards: 2,
      total: '14772512',
    });
  }, 30_000);
});
