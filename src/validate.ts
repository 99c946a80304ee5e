// Input checks for every public function. They run before any work starts and are the only
// place that looks at user input (with checkpoint.ts, which reads a checkpoint with these checks):
// everything below trusts what comes out of here.
//
// Every error names the argument and what it must be; the CLI reports the same errors with its
// flags' names instead (cli/flags.ts), from the `argument` each error carries.

import { MAX_N } from '../assembly/layout.js';
import { ArgumentRangeError, ArgumentTypeError } from './errors.js';
import type { CpuEngine } from './kernel/kernel.js';
import { kernelBuild } from './kernel/wasm/kernel.generated.js';
import { isMethodName, methodChoices } from './method-list.js';
import { methodOf } from './plan/methods/index.js';
import { quote, shown } from './quote.js';
import type { Engine, Method, Progress, Queen, Shard } from './types.js';

/** The most worker threads a count may ask for (the pool gives at most as many as there are cores). */
export const MAX_WORKERS = 256;
/** The least options.maxMemory: less would only slow the join down, never count more. */
export const MIN_MAX_MEMORY = 2 ** 20;
/** The largest board findSolution builds. */
export const MAX_FIND_N = 10_000_000;

/** Characters of a string argument that a message quotes. */
const QUOTED = 40;

/** A value given as an argument, as a message shows it: short, and safe to print on a terminal. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return quote(value, QUOTED);
  if (typeof value === 'bigint') return shown(`${value}n`, QUOTED);
  if (typeof value === 'symbol' || typeof value === 'function') return typeof value;
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') {
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return typeof name === 'string' && name !== 'Object' ? `a ${shown(name, QUOTED)}` : 'an object';
  }
  return String(value);
}

/** An integer argument: TypeError unless a number, RangeError unless an integer within [min, max]. */
export function checkInteger(argument: string, value: unknown, min: number, max: number): number {
  const allowed = `an integer from ${min} to ${max}`;
  if (typeof value !== 'number') throw new ArgumentTypeError(argument, allowed, describe(value));
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ArgumentRangeError(argument, allowed, describe(value));
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The board size for counting and listing (a checkpoint's too, named by `argument`). */
export function checkN(n: unknown, argument = 'n'): number {
  return checkInteger(argument, n, 1, MAX_N);
}

/** The board size for findSolution, which builds a solution instead of searching. */
export function checkFindN(n: unknown): number {
  return checkInteger('n', n, 1, MAX_FIND_N);
}

/** Anything with a length: an array or a typed array of columns (an array-like may claim any whole length). */
export function checkCols(cols: unknown): ArrayLike<unknown> {
  const c = cols as { length?: unknown } | null;
  const allowed = 'an array of columns, one per row';
  if (c === null || typeof c !== 'object' || typeof c.length !== 'number') {
    throw new ArgumentTypeError('cols', allowed, describe(cols));
  }
  if (!Number.isSafeInteger(c.length) || c.length < 0) {
    throw new ArgumentTypeError('cols', allowed, `an object with length ${describe(c.length)}`);
  }
  return c as ArrayLike<unknown>;
}

/**
 * Options must be absent or a plain object with known keys only (a typo would otherwise be
 * ignored silently). Each value is read once, here.
 */
export function checkOptions(fn: string, options: unknown, known: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {};
  if (!isPlainObject(options)) {
    throw new ArgumentTypeError('options', 'a plain object', describe(options), {
      message: `${fn}: options must be a plain object, got ${describe(options)}`,
    });
  }
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new ArgumentTypeError(`options.${key}`, null, describe(key), {
        code: 'ERR_UNKNOWN_OPTION',
        problem: `is not an option of ${fn}; the options are ${known.join(', ')}`,
        message: `${fn}: unknown option ${quote(key, QUOTED)}; the options are ${known.join(', ')}`,
      });
    }
    values[key] = options[key];
  }
  return values;
}

/** The engine of an async count: any of the three. */
export function checkEngine(engine: unknown): Engine | undefined {
  if (engine === undefined) return undefined;
  if (engine !== 'wasm' && engine !== 'js' && engine !== 'webgpu') {
    throw new ArgumentTypeError('options.engine', "'wasm', 'js' or 'webgpu'", describe(engine));
  }
  return engine;
}

/** The engine of a function that runs in the calling thread and returns at once: not the GPU. */
export function checkCpuEngine(fn: string, engine: unknown): CpuEngine | undefined {
  if (engine === 'webgpu') {
    throw new ArgumentTypeError('options.engine', "'wasm' or 'js'", describe(engine), {
      code: 'ERR_NOT_APPLICABLE',
      problem: `must be 'wasm' or 'js' for ${fn}, got "webgpu": the GPU answers asynchronously; count with it through count()`,
    });
  }
  if (engine === undefined) return undefined;
  if (engine !== 'wasm' && engine !== 'js') {
    throw new ArgumentTypeError('options.engine', "'wasm' or 'js'", describe(engine));
  }
  return engine;
}

export function checkMethod(method: unknown): Method | undefined {
  if (method === undefined) return undefined;
  if (!isMethodName(method)) throw new ArgumentTypeError('options.method', methodChoices("'"), describe(method));
  return method;
}

/** A method named (if any) counts n, with `placed` queens, on `engine`: each says where it applies. */
export function checkMethodApplies(
  method: Method | undefined,
  n: number,
  placed: readonly Queen[] | null,
  engine: Engine | undefined,
): void {
  if (method !== undefined) methodOf(method).checkApplies(n, placed, engine);
}

/** options.maxMemory: bytes, from a mebibyte (less would only slow the join down) to 2^53. */
export function checkMaxMemory(bytes: unknown): number | undefined {
  if (bytes === undefined) return undefined;
  return checkInteger('options.maxMemory', bytes, MIN_MAX_MEMORY, Number.MAX_SAFE_INTEGER);
}

/** Worker threads do not apply to the GPU, which is driven from the calling thread. */
export function checkWorkersForEngine(workers: number | undefined, engine: Engine | undefined): void {
  if (workers !== undefined && engine === 'webgpu') {
    throw new ArgumentTypeError('options.workers', null, describe(workers), {
      code: 'ERR_NOT_APPLICABLE',
      problem: "does not apply to engine 'webgpu': the GPU is driven from the calling thread; leave workers out",
    });
  }
}

export function checkWorkers(workers: unknown): number | undefined {
  if (workers === undefined) return undefined;
  return checkInteger('options.workers', workers, 1, MAX_WORKERS);
}

/** A yes-or-no option; absent means no. */
export function checkFlag(argument: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new ArgumentTypeError(argument, 'true or false', describe(value));
  return value;
}

export function checkRuns(runs: unknown): number | undefined {
  if (runs === undefined) return undefined;
  return checkInteger('options.runs', runs, 1, 1000);
}

/**
 * Queens fixed in advance: an array of at most n [row, col] pairs on the board, no two sharing a
 * row, column or diagonal. Returns a copy sorted by row (an empty array stays one: a count with
 * `placed` has no unique count, whatever is placed).
 */
export function checkPlaced(n: number, placed: unknown): Queen[] | null {
  if (placed === undefined) return null;
  const name = 'options.placed';
  const queens = checkQueens(name, 'an array of [row, col] pairs', n, placed);
  for (let i = 1; i < queens.length; i++) {
    const [row, col] = queens[i];
    for (let j = 0; j < i; j++) {
      const [r, c] = queens[j];
      const clash =
        r === row ? 'row' : c === col ? 'column' : r - c === row - col || r + c === row + col ? 'diagonal' : null;
      if (clash !== null) {
        throw new ArgumentRangeError(`${name}[${i}]`, null, `[${row}, ${col}]`, {
          problem: `[${row}, ${col}] shares a ${clash} with ${name}[${j}] [${r}, ${c}]; placed queens must not attack each other`,
        });
      }
    }
  }
  return queens.sort((p, q) => p[0] - q[0]);
}

/**
 * An array of at most n [row, col] pairs on an n×n board, copied in the order given: the shape of
 * options.placed and of a checkpoint's placed queens (`allowed` says what the array must be).
 */
export function checkQueens(name: string, allowed: string, n: number, placed: unknown): Queen[] {
  if (!Array.isArray(placed)) throw new ArgumentTypeError(name, allowed, describe(placed));
  // The length first: a board holds at most n queens, and nothing else is looked at before that.
  const length = placed.length;
  if (length > n) {
    throw new ArgumentRangeError(name, `at most ${n} queens (one per row)`, `${length}`, {
      problem: `must hold at most ${n} queens (one per row), got ${length}`,
    });
  }
  const queens: Queen[] = [];
  for (let i = 0; i < length; i++) {
    const at = `${name}[${i}]`;
    if (!(i in placed)) throw new ArgumentTypeError(at, 'a [row, col] pair', 'a hole (a missing element)');
    const queen: unknown = placed[i];
    if (!Array.isArray(queen) || queen.length !== 2 || !(0 in queen) || !(1 in queen)) {
      throw new ArgumentTypeError(at, 'a [row, col] pair', describe(queen));
    }
    queens.push([
      checkInteger(`${at}[0] (row)`, queen[0], 0, n - 1),
      checkInteger(`${at}[1] (col)`, queen[1], 0, n - 1),
    ]);
  }
  return queens;
}

export function checkShard(shard: unknown): Shard | null {
  if (shard === undefined) return null;
  return checkShardObject('options.shard', 'an object { index, count }', shard);
}

/** Shard `index` of `count`, as a copy: the shape of options.shard and of a checkpoint's shard. */
export function checkShardObject(name: string, allowed: string, shard: unknown): Shard {
  if (!isPlainObject(shard)) throw new ArgumentTypeError(name, allowed, describe(shard));
  const count = checkInteger(`${name}.count`, shard.count, 1, Number.MAX_SAFE_INTEGER);
  const index = checkInteger(`${name}.index`, shard.index, 0, count - 1);
  return { index, count };
}

/** An AbortSignal, or anything that behaves as one: aborted, reason, add/removeEventListener. */
export function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  const s = signal as Partial<AbortSignal> | null;
  if (
    s === null ||
    typeof s !== 'object' ||
    typeof s.aborted !== 'boolean' ||
    typeof s.addEventListener !== 'function' ||
    typeof s.removeEventListener !== 'function'
  ) {
    throw new ArgumentTypeError('options.signal', 'an AbortSignal', describe(signal));
  }
  return s as AbortSignal;
}

export function checkCallback<T extends (...args: never[]) => void>(
  argument: string,
  callback: unknown,
): T | undefined {
  if (callback === undefined) return undefined;
  if (typeof callback !== 'function') throw new ArgumentTypeError(argument, 'a function', describe(callback));
  return callback as T;
}

export function checkOnProgress(onProgress: unknown): ((p: Progress) => void) | undefined {
  return checkCallback('options.onProgress', onProgress);
}

/** setInterval's longest delay. */
const MAX_INTERVAL_MS = 2 ** 31 - 1;

export function checkCheckpointEvery(ms: unknown): number | undefined {
  if (ms === undefined) return undefined;
  return checkInteger('options.checkpointEveryMs', ms, 1, MAX_INTERVAL_MS);
}

/** The custom section that names a build of the kernel (scripts/embed-wasm.mjs writes it). */
const KERNEL_SECTION = 'nqueens-wasm';

/**
 * A compiled module of this version's kernel: a WebAssembly.Module (TypeError otherwise) whose
 * custom section names this build (RangeError otherwise: another build may lay its memory out
 * differently, and would count wrong).
 */
export function checkKernelModule(module: unknown): WebAssembly.Module {
  const allowed = `the WebAssembly.Module of this version's nqueens-wasm/kernel.wasm (build ${kernelBuild})`;
  if (typeof WebAssembly !== 'object' || !(module instanceof WebAssembly.Module)) {
    throw new ArgumentTypeError('module', allowed, describe(module));
  }
  const sections = WebAssembly.Module.customSections(module, KERNEL_SECTION);
  const build = sections.length === 1 ? new TextDecoder().decode(sections[0]) : null;
  if (build !== kernelBuild) {
    const got =
      build === null ? 'a module that is not an nqueens-wasm kernel' : `the kernel of build ${describe(build)}`;
    throw new ArgumentRangeError('module', allowed, got);
  }
  return module;
}
