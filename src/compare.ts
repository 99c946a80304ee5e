// Times both kernels on the same plan, interleaved run by run so that both see the same machine.

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

function timed(kernel: Kernel, n: number) {
  const p = plan(n, null, null);
  const started = performance.now();
  const tally = runSync(kernel, p);
  return { ms: performance.now() - started, tally };
}

/** One warm-up run per engine, then `runs` timed runs each, alternating; medians. */
export async function measureEngines(n: number, runs: number): Promise<EngineComparison> {
  const wasm = await selectKernel('wasm');
  const js = selectKernelSync('js');
  const reference = timed(wasm, n).tally;
  const check = timed(js, n).tally;
  if (check.total !== reference.total || check.unique !== reference.unique) {
    throw new Error(`the engines disagree at n = ${n}: js ${check.total}, wasm ${reference.total}`);
  }
  const jsMs: number[] = [];
  const wasmMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    jsMs.push(timed(js, n).ms);
    wasmMs.push(timed(wasm, n).ms);
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
