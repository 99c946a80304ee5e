// Times both kernels on the same plan, interleaved run by run so that both see the same machine.
// A run repeats the count until it lasts MIN_RUN_MS, so that small boards are timed properly even
// where the clock is coarse (browsers round performance.now() to 0.1 ms or more).

import { selectKernel, selectKernelSync } from './kernel/select.js';
import type { Kernel } from './kernel/kernel.js';
import { plan } from './plan/plan.js';
import { runSync } from './run/in-thread.js';
import type { CompareOptions, CompareResult } from './types.js';
import { checkN, checkOptions, checkRuns } from './validate.js';

export const DEFAULT_RUNS = 5;

export interface EngineComparison {
  n: number;
  total: bigint;
  unique: bigint;
  jsMs: number;
  wasmMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const MIN_RUN_MS = 10;

/** Milliseconds per count over `repeats` counts, and the last count's tally. */
function timed(kernel: Kernel, n: number, repeats = 1) {
  const p = plan(n, null, null);
  const started = performance.now();
  let tally = runSync(kernel, p);
  for (let i = 1; i < repeats; i++) tally = runSync(kernel, p);
  return { ms: (performance.now() - started) / repeats, tally };
}

/** How many counts make a run of at least MIN_RUN_MS (this also warms the engine up). */
function repeatsFor(kernel: Kernel, n: number): number {
  let repeats = 1;
  while (timed(kernel, n, repeats).ms * repeats < MIN_RUN_MS && repeats < 1 << 20) repeats *= 2;
  return repeats;
}

/** A warm-up per engine, then `runs` timed runs each, alternating; medians per count. */
export async function measureEngines(n: number, runs: number): Promise<EngineComparison> {
  const wasm = await selectKernel('wasm');
  const js = selectKernelSync('js');
  const reference = timed(wasm, n).tally;
  const check = timed(js, n).tally;
  if (check.total !== reference.total || check.unique !== reference.unique) {
    throw new Error(`the engines disagree at n = ${n}: js ${check.total}, wasm ${reference.total}`);
  }
  const jsRepeats = repeatsFor(js, n);
  const wasmRepeats = repeatsFor(wasm, n);
  const jsMs: number[] = [];
  const wasmMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    jsMs.push(timed(js, n, jsRepeats).ms);
    wasmMs.push(timed(wasm, n, wasmRepeats).ms);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { n, total: reference.total, unique: reference.unique, jsMs: median(jsMs), wasmMs: median(wasmMs) };
}

/** Runs both engines on the same n and reports their median times. */
export async function compareEngines(n: number, options?: CompareOptions): Promise<CompareResult> {
  const size = checkN(n);
  const runs = checkRuns(checkOptions('compareEngines', options, ['runs']).runs) ?? DEFAULT_RUNS;
  const m = await measureEngines(size, runs);
  return {
    n: m.n,
    total: Number(m.total),
    js: { medianMs: m.jsMs },
    wasm: { medianMs: m.wasmMs },
    speedup: m.jsMs / m.wasmMs,
  };
}
