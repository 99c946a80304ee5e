// The counting methods are one list (src/method-list.ts) and a module each: every consumer of a
// method's name takes its choices from the list, a method's parts are found through its modules,
// and no code outside those modules and the kernels names a method or the join's own words.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fingerprint, makeCheckpoint, readCheckpoint, resumeState } from '../src/checkpoint.js';
import { parseCommand } from '../src/cli/args.js';
import { countSync, type Method } from '../src/index.js';
import { countingMethod } from '../src/kernel/methods/index.js';
import { IMPLIED_METHOD, METHOD_NAMES, METHODS, methodChoices, methodLabel } from '../src/method-list.js';
import { methodOf } from '../src/plan/methods/index.js';
import { plan } from '../src/plan/plan.js';
import { checkMethod } from '../src/validate.js';
import { nqueens } from './helpers/cli.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const names = METHODS.map((method) => method.name);
const NOT_A_METHOD = 'search';

describe('the list of counting methods', () => {
  it('names each method once, with words for messages, and the implied method is one of them', () => {
    expect(new Set(names).size).toBe(names.length);
    expect(METHOD_NAMES).toEqual(names);
    for (const method of METHODS) expect(method.label).not.toBe('');
    expect(names).toContain(IMPLIED_METHOD);
    expect(methodChoices("'")).toBe("'join' or 'backtrack'");
  });

  it('is the Method type, which is the public one', () => {
    expectTypeOf<Method>().toEqualTypeOf<(typeof METHODS)[number]['name']>();
    expectTypeOf<Method>().toEqualTypeOf<'join' | 'backtrack'>();
  });

  it("gives each method's modules, the planner's and the runner's, by its name", () => {
    for (const name of names) {
      expect(methodOf(name).name).toBe(name);
      expect(countingMethod(name)).toBeDefined();
    }
  });

  it('is what options.method accepts, and what its error lists', () => {
    for (const name of names) expect(checkMethod(name)).toBe(name);
    expect(() => checkMethod(NOT_A_METHOD)).toThrow(`options.method must be ${methodChoices("'")}, got "search"`);
  });

  it("is what a checkpoint's method may be, and what its error lists", () => {
    const p = plan(8, null, null);
    const checkpoint = makeCheckpoint(p, { done: [], tally: { total: 0n, unique: 0n }, elapsedMs: 0 });
    for (const name of names) expect(readCheckpoint({ ...checkpoint, method: name })?.method).toBe(name);
    expect(() => readCheckpoint({ ...checkpoint, method: NOT_A_METHOD })).toThrow(
      `options.resume.method must be ${methodChoices("'")}, got "search"`,
    );
  });

  it("is what a checkpoint of another method's count is refused in the words of", () => {
    const state = { done: [], tally: { total: 0n, unique: 0n }, elapsedMs: 0 };
    for (const from of names) {
      const checkpoint = makeCheckpoint(plan(8, null, null, from), state);
      for (const to of names.filter((name) => name !== from)) {
        expect(() => resumeState(plan(8, null, null, to), checkpoint)).toThrow(
          `the checkpoint is of a count by ${methodLabel(from)} (method '${from}'), this count goes by ${methodLabel(to)} (method '${to}')`,
        );
      }
    }
  });

  it("is the CLI's --method choices", async () => {
    for (const name of names) expect(parseCommand(['8', '--method', name], '0.0.0')).toMatchObject({ method: name });
    const refused = await nqueens(['8', '--method', NOT_A_METHOD]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`--method must be ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);
  });

  it("is what merge takes as a shard line's method, and what its error lists; a line without one is the implied method's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nqueens-methods-'));
    const file = (name: string, index: number, method: string | undefined) => {
      const path = join(dir, `${name}-${index}.json`);
      const line = {
        n: 4,
        shard: { index, count: 2 },
        total: String(index + 1),
        ...(method !== undefined && { method }),
      };
      writeFileSync(path, `${JSON.stringify(line)}\n`);
      return path;
    };
    for (const name of names) {
      expect(await nqueens(['merge', file(name, 0, name), file(name, 1, name)])).toMatchObject({ code: 0 });
    }
    const unnamed = file('unnamed', 0, undefined);
    expect(await nqueens(['merge', unnamed, file(IMPLIED_METHOD, 1, IMPLIED_METHOD)])).toMatchObject({ code: 0 });
    for (const name of names.filter((name) => name !== IMPLIED_METHOD)) {
      const mixed = await nqueens(['merge', unnamed, file(name, 1, name)]);
      expect(mixed.stderr).toContain(`counted by ${methodLabel(name)}, but `);
      expect(mixed.stderr).toContain(`by ${methodLabel(IMPLIED_METHOD)}: `);
    }
    const refused = await nqueens(['merge', file(NOT_A_METHOD, 0, NOT_A_METHOD)]);
    expect(refused.stderr).toContain(`method must be ${methodChoices('"')}`);
  });

  it('is what a count goes by, and says it went by', () => {
    for (const name of names) expect(countSync(8, { method: name })).toMatchObject({ total: 92, method: name });
  });
});
describe("a checkpoint's binding, each method's own", () => {
  // Fingerprints and checksums of checkpoints made before the methods were modules: they must
  // not move, or those checkpoints would no longer resume.
  const state = { done: [[0, 1]] as [number, number][], tally: { total: 12n, unique: 3n }, elapsedMs: 42 };
  it.each([
    ['backtrack', 8, null, null, '1197f2908fecc2c9', '4bc28b7627cb85db'],
    ['backtrack', 13, null, null, '222f93e7eb7371c6', '0b94440c3714c74d'],
    [
      'backtrack',
      12,
      [
        [0, 1],
        [1, 3],
      ],
      null,
      'bd5519d6373634a1',
      'a2c898caeda6d811',
    ],
    ['backtrack', 14, null, { index: 2, count: 7 }, '0bb23508253b5997', '7c507669739fdb27'],
    ['join', 8, null, null, 'af320cbe2e9622b9', '0cf979a627be0208'],
    ['join', 17, null, null, '5b324f1d7d393cf2', '6bd1a888aae0ca50'],
    ['join', 20, null, { index: 3, count: 5 }, 'a4e19e3be0587ffa', 'fe7dc78838204f1d'],
  ] as const)(
    'by %s, n = %i, placed %j, shard %j: the fingerprint and checksum are as they were',
    (method, n, placed, shard, print, sum) => {
      const p = plan(n, placed === null ? null : placed.map(([r, c]) => [r, c] as const), shard, method);
      expect(fingerprint(p)).toBe(print);
      expect(makeCheckpoint(p, state).checksum).toBe(sum);
    },
  );
});

/** The .ts files under `folder`, relative to the root. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Where a method may be named: the list, the methods' modules, and the kernels (the join's words). */
const MAY_NAME = [
  /^src\/method-list\.ts$/,
  /^src\/plan\/methods\//,
  /^src\/kernel\/methods\//,
  /^src\/run\/gpu-methods\//,
  /^src\/plan\/join-subproblems\.ts$/,
  /^src\/kernel\/(js|wasm|webgpu)\//,
  /^src\/kernel\/kernel\.ts$/,
  /\.generated\.ts$/,
];

/** The join's words that stay in its modules and the kernels. */
const JOIN_WORDS = ['eastRows', 'joinRoom', 'FIXED_JOIN'];

/** The method names as strings, and the join's words as names, in a file's code (not its comments). */
function namesIn(text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      (names as string[]).includes(node.text)
    )
      found.push(node.getText(file));
    if (ts.isIdentifier(node) && JOIN_WORDS.includes(node.text)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  const file = ts.createSourceFile('scanned.ts', text, ts.ScriptTarget.Latest, true);
  visit(file);
  return found;
}

describe('no method named outside its modules', () => {
  it('the runner, planner, pool, checkpoints, CLI, compare and the public functions name no method', () => {
    const named = filesUnder('src')
      .filter((file) => !MAY_NAME.some((pattern) => pattern.test(file)))
      .flatMap((file) => namesIn(readFileSync(join(root, file), 'utf8')).map((name) => `${file}: ${name}`));
    expect(named).toEqual([]);
  });

  it('the scan finds a name in code, after a template too, and not in a comment', () => {
    expect(namesIn("const a = 'join'; // 'backtrack'\nkernel.eastRows.set(x);")).toEqual(["'join'", 'eastRows']);
    // A template with a placeholder first, as a message is, then a name as a template and as a key.
    const afterTemplate = ['const t = `n = $', '{n}`; const m = { joinRoom: `backtrack` };'].join('');
    expect(namesIn(afterTemplate)).toEqual(['joinRoom', '`backtrack`']);
    expect(namesIn('/* FIXED_JOIN */ const b = "joined";')).toEqual([]);
  });
});
