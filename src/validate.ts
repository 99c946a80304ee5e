// Input checks for every public function. They run before any work starts and are the only
// place that looks at user input: everything below trusts what comes out of here.

import type { Engine, Queen, Shard } from './types.js';
import { MAX_N } from '../assembly/layout.js';

export const MAX_WORKERS = 256;

/** A TypeError about an argument, thrown before any work starts (the CLI reports it as a usage error). */
export class ArgumentTypeError extends TypeError {}
/** A RangeError about an argument, thrown before any work starts. */
export class ArgumentRangeError extends RangeError {}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol' || typeof value === 'function') return typeof value;
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

function isInteger(value: unknown, min: number, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** An integer option: TypeError unless a number, RangeError unless an integer within [min, max]. */
function checkInteger(name: string, value: unknown, min: number, max: number): number {
  const range = `an integer from ${min} to ${max}`;
  if (typeof value !== 'number') throw new ArgumentTypeError(`${name} must be ${range}, got ${describe(value)}`);
  if (!isInteger(value, min, max)) throw new ArgumentRangeError(`${name} must be ${range}, got ${describe(value)}`);
  return value;
}

/** The board size for counting and listing. */
export function checkN(n: unknown): number {
  return checkInteger('n', n, 1, MAX_N);
}

/** The largest board findSolution builds. */
export const MAX_FIND_N = 10_000_000;

/** The board size for findSolution, which builds a solution instead of searching. */
export function checkFindN(n: unknown): number {
  return checkInteger('n', n, 1, MAX_FIND_N);
}

/** Anything with a numeric length: an array or a typed array of columns. */
export function checkCols(cols: unknown): ArrayLike<unknown> {
  const c = cols as { length?: unknown } | null;
  if (c === null || typeof c !== 'object' || typeof c.length !== 'number') {
    throw new ArgumentTypeError(`cols must be an array of columns, one per row, got ${describe(cols)}`);
  }
  return c as ArrayLike<unknown>;
}

/** Options must be absent or a plain object with known keys only (a typo would otherwise be ignored silently). */
export function checkOptions(fn: string, options: unknown, known: readonly string[]): Record<string, unknown> {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ArgumentTypeError(`${fn}: options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new ArgumentTypeError(`${fn}: unknown option ${JSON.stringify(key)}; the options are ${known.join(', ')}`);
    }
  }
  return options as Record<string, unknown>;
}

export function checkEngine(engine: unknown): Engine | undefined {
  if (engine === undefined) return undefined;
  if (engine !== 'wasm' && engine !== 'js') {
    throw new ArgumentTypeError(`options.engine must be 'wasm' or 'js', got ${describe(engine)}`);
  }
  return engine;
}

export function checkWorkers(workers: unknown): number | undefined {
  if (workers === undefined) return undefined;
  return checkInteger('options.workers', workers, 1, MAX_WORKERS);
}

export function checkRuns(runs: unknown): number | undefined {
  if (runs === undefined) return undefined;
  return checkInteger('options.runs', runs, 1, 1000);
}

/**
 * Queens fixed in advance: each a [row, col] pair on the board, no two sharing a row, column or
 * diagonal. Returns a copy sorted by row, or null when there are none.
 */
export function checkPlaced(n: number, placed: unknown): Queen[] | null {
  if (placed === undefined) return null;
  if (!Array.isArray(placed)) {
    throw new ArgumentTypeError(`options.placed must be an array of [row, col] pairs, got ${describe(placed)}`);
  }
  const queens: Queen[] = [];
  placed.forEach((queen: unknown, i: number) => {
    const name = `options.placed[${i}]`;
    if (!Array.isArray(queen) || queen.length !== 2) {
      throw new ArgumentTypeError(`${name} must be a [row, col] pair, got ${describe(queen)}`);
    }
    const row = checkInteger(`${name}[0] (row)`, queen[0], 0, n - 1);
    const col = checkInteger(`${name}[1] (col)`, queen[1], 0, n - 1);
    for (let j = 0; j < queens.length; j++) {
      const [r, c] = queens[j];
      const clash =
        r === row ? 'row' : c === col ? 'column' : r - c === row - col || r + c === row + col ? 'diagonal' : null;
      if (clash !== null) {
        throw new ArgumentRangeError(
          `options.placed[${i}] [${row}, ${col}] shares a ${clash} with options.placed[${j}] [${r}, ${c}]; placed queens must not attack each other`,
        );
      }
    }
    queens.push([row, col]);
  });
  if (queens.length === 0) return null;
  return queens.sort((p, q) => p[0] - q[0]);
}

export function checkShard(shard: unknown): Shard | null {
  if (shard === undefined) return null;
  if (shard === null || typeof shard !== 'object' || Array.isArray(shard)) {
    throw new ArgumentTypeError(`options.shard must be an object { index, count }, got ${describe(shard)}`);
  }
  const { index, count } = shard as { index?: unknown; count?: unknown };
  const shardCount = checkInteger('options.shard.count', count, 1, Number.MAX_SAFE_INTEGER);
  const shardIndex = checkInteger('options.shard.index', index, 0, shardCount - 1);
  return { index: shardIndex, count: shardCount };
}

export function checkSignal(signal: unknown): AbortSignal | undefined {
  if (signal === undefined) return undefined;
  const s = signal as AbortSignal | null;
  if (s === null || typeof s !== 'object' || typeof s.aborted !== 'boolean' || typeof s.addEventListener !== 'function') {
    throw new ArgumentTypeError(`options.signal must be an AbortSignal, got ${describe(signal)}`);
  }
  return s;
}

export function checkOnProgress(onProgress: unknown): ((p: { done: number; total: number }) => void) | undefined {
  if (onProgress === undefined) return undefined;
  if (typeof onProgress !== 'function') {
    throw new ArgumentTypeError(`options.onProgress must be a function, got ${describe(onProgress)}`);
  }
  return onProgress as (p: { done: number; total: number }) => void;
}
