// The library's layers: every module of src/ and of the demo is read for what it imports, and
// nothing may import a higher layer. A module that belongs to no layer below fails the test too,
// so that a new file is placed on purpose.
//
// The layers, from the top:
//   cli     src/cli/: a client of the library: it takes the package's entry (src/index.ts) and
//           only the leaves scripts/cli-imports.mjs lists, the list scripts/bundle.mjs bundles.
//   api     the public API's files (src/*.ts: index, count, compare, solutions, ...), validate.ts
//           (every public function's input checks) and checkpoint.ts (reading and writing
//           checkpoints): what a call goes through first.
//   plan    src/plan/: splits a count into subproblems.
//   run     src/run/: counts a planned job: in the calling thread, on the GPU, its progress,
//           checkpoints and end.
//   pool    src/pool/: worker threads that count ranges of a job.
//   kernel  src/kernel/: the kernels, the subproblem lists they count and how their results add up;
//           and the wasm kernel's files of facts that the TypeScript kernel reads too (KERNEL_SHARED).
// A module may import its own layer and those below it. Besides the layers:
//   leaves  modules that import nothing but other leaves, importable from any layer: errors,
//           types, quote, host/runtime, assembly/layout, symmetry (the board's symmetries, which
//           the plan's data and the tally share), defaults (option defaults a client may state),
//           decimal-count (counts as decimal strings), method-list (the counting methods' names).
//   display progress-display.ts: how progress is worded to people, for the CLI and the demo only.
//   demo    demo/: the public API (the package by its name, 'nqueens-wasm'), and of src/ only the
//           small modules meant for it (DEMO_MAY_IMPORT); and the docs it shows, as text (DEMO_MAY_READ).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLI_IMPORTS } from '../scripts/cli-imports.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The layers in order, from the top; a module may import its own and those after it. */
const LAYERS = ['cli', 'api', 'plan', 'run', 'pool', 'kernel'] as const;
type Layer = (typeof LAYERS)[number];

const LEAVES = [
  'src/errors.ts',
  'src/types.ts',
  'src/quote.ts',
  'src/host/runtime.ts',
  'assembly/layout.ts',
  'src/symmetry.ts',
  'src/defaults.ts',
  'src/decimal-count.ts',
  'src/method-list.ts',
];
const DISPLAY = ['src/progress-display.ts'];
/** Files of assembly/ that both kernels read: plain constants, in the kernel layer. */
const KERNEL_SHARED = ['assembly/batch-phases.ts', 'assembly/join-constants.ts'];
/**
 * What the demo may take from src/ besides the public API, each meant for it: the words of
 * progress, the board's symmetries, and the defaults a client may state (where the join starts).
 */
const DEMO_MAY_IMPORT = ['src/progress-display.ts', 'src/symmetry.ts', 'src/defaults.ts'];
/** The docs the demo shows, read as text (Vite's `?raw`): no module, so in no layer. */
const DEMO_MAY_READ = ['docs/how-it-counts.md?raw'];

type Place = { kind: 'layer'; layer: Layer } | { kind: 'leaf' } | { kind: 'display' } | { kind: 'demo' };

function placeOf(file: string): Place | null {
  if (LEAVES.includes(file)) return { kind: 'leaf' };
  if (DISPLAY.includes(file)) return { kind: 'display' };
  if (KERNEL_SHARED.includes(file)) return { kind: 'layer', layer: 'kernel' };
  if (file.startsWith('demo/')) return { kind: 'demo' };
  const folder = /^src\/(cli|plan|run|pool|kernel)\//.exec(file);
  if (folder) return { kind: 'layer', layer: folder[1] as Layer };
  if (/^src\/[^/]+\.ts$/.test(file)) return { kind: 'layer', layer: 'api' };
  return null;
}

/** Why `from` may not import `to`, or null when it may. */
function refusal(from: string, to: string): string | null {
  const a = placeOf(from);
  const b = placeOf(to);
  if (a === null) return `${from} belongs to no layer`;
  if (a.kind === 'demo' && DEMO_MAY_READ.includes(to)) return null;
  if (b === null) return `${to} belongs to no layer`;
  if (a.kind === 'demo')
    return to.startsWith('demo/') || DEMO_MAY_IMPORT.includes(to) ? null : 'the demo takes the public API';
  if (b.kind === 'demo') return 'the library does not import the demo';
  if (a.kind === 'leaf') return b.kind === 'leaf' ? null : 'a leaf imports only leaves';
  if (a.kind === 'display') return b.kind === 'leaf' || b.kind === 'display' ? null : 'display imports only leaves';
  if (a.kind === 'layer' && a.layer === 'cli')
    return to.startsWith('src/cli/') || to === 'src/index.ts' || CLI_IMPORTS.includes(to)
      ? null
      : "the CLI takes the package's entry and what scripts/cli-imports.mjs lists";
  // a is in a layer
  if (b.kind === 'leaf') return null;
  if (b.kind === 'display') return 'only the CLI and the demo word progress for people';
  return LAYERS.indexOf(b.layer) >= LAYERS.indexOf(a.layer) ? null : `${b.layer} is above ${a.layer}`;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The files of the repository that a relative import in `file` names (static, dynamic, re-export). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(root, resolve(dirname(join(root, file)), name)).replace(/\.js$/, '.ts'));
}

const files = [...filesUnder('src'), ...filesUnder('demo/src'), 'assembly/layout.ts', ...KERNEL_SHARED];

/**
 * The circles of imports among `among` (the CLI's parser once took the commands' types while they
 * took its errors), each once, as the path round it from its first module.
 */
function cyclesAmong(among: readonly string[], importsFrom: (file: string) => string[] = importsOf): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of importsFrom(file).filter((to) => among.includes(to))) {
      if (state.get(next) === 'open') found.add([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of among) if (!state.has(file)) visit(file);
  return [...found];
}

describe('layers', () => {
  it('every module of src/ and the demo has a place', () => {
    expect(files.filter((file) => placeOf(file) === null)).toEqual([]);
  });

  it('no module imports a higher layer, and the demo takes only the public API and what is meant for it', () => {
    const upward = files.flatMap((file) =>
      importsOf(file).flatMap((to) => {
        const why = refusal(file, to);
        return why === null ? [] : [`${file} imports ${to}: ${why}`];
      }),
    );
    expect(upward).toEqual([]);
  });

  it('no module of src/ or the demo imports one that imports it back, however far round', () => {
    expect(cyclesAmong(files)).toEqual([]);
    // The search itself finds a circle the modules do not have.
    const circle: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(cyclesAmong(Object.keys(circle), (file) => circle[file])).toEqual(['a -> b -> c -> a']);
  });

  it('reads imports of every form, and would refuse an upward one', () => {
    // The reading itself: static, type-only, re-exported, multi-line and dynamic imports are found.
    expect(importsOf('src/run/load-gpu-engine.ts')).toEqual(['src/run/with-gpu.ts']);
    expect(importsOf('src/index.ts')).toContain('src/types.ts');
    expect(importsOf('src/count.ts')).toContain('src/validate.ts');
    // The rule itself, on imports that would break it.
    expect(refusal('src/kernel/webgpu/device.ts', 'src/run/job.ts')).toBe('run is above kernel');
    expect(refusal('src/pool/pool.ts', 'src/plan/plan.ts')).toBe('plan is above pool');
    expect(refusal('src/errors.ts', 'src/validate.ts')).toBe('a leaf imports only leaves');
    expect(refusal('demo/src/count-panel.ts', 'src/cli/eta.ts')).toBe('the demo takes the public API');
    expect(refusal('src/run/job.ts', 'src/progress-display.ts')).toBe(
      'only the CLI and the demo word progress for people',
    );
    expect(refusal('src/count.ts', 'src/kernel/instances.ts')).toBeNull();
    expect(refusal('src/cli/main.ts', 'src/decimal-count.ts')).toBeNull();
    expect(refusal('src/cli/main.ts', 'src/errors.ts')).toBe(
      "the CLI takes the package's entry and what scripts/cli-imports.mjs lists",
    );
  });
});
