// The contract of scenario.js, for the TypeScript that runs it and reads its report.

/** What an engine allows, and the exact counts to check against. */
export interface Host {
  /** The engine, in words (for the report's reader). */
  name: string;
  /** Whether it can start worker threads. */
  workers: boolean;
  /** Whether the package's wasm kernel can run there. */
  wasm: boolean;
  /** The known counts, by n, as decimal strings: n = 1..maxN, 11, 14, 15 and 16 at least. */
  known: { [n: number]: { total: string; unique: string } };
  /** Counts are checked for n = 1..maxN. */
  maxN: number;
}

export interface Check {
  /** `group: what`; the groups: counts, default engine, workers, placed and shards, webgpu, abort. */
  name: string;
  ok: boolean;
  /** What it found: the values on success, what was wrong on failure. */
  detail: string;
}

export interface Report {
  checks: Check[];
}

/** Runs every check on `lib` (`import * as lib from 'nqueens-wasm'`); never throws. */
export function runScenario(lib: typeof import('../../src/index.js'), host: Host): Promise<Report>;
