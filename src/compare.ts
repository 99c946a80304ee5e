// Times both CPU kernels on the same plan, interleaved run by run so that both see the same machine.
// A run repeats the count until it lasts MIN_RUN_MS, so that small boards are timed properly even
// where the clock is coarse (browsers round performance.now() to 0.1 ms or more). The counting
// yields to the event loop every SLICE_MS, and only the time spent counting is timed, so that the
// measurement can be aborted at any moment and holds the thread for no longer than a slice.

import { countExact } from './count.js';
import { acquireKernel, releaseKernel } from './kernel/instances.js';
import type { CpuEngine, Kernel } from './kernel/kernel.js';
import { resolveEngine } from './kernel/select.js';
import type { AdapterInfo } from './kernel/webgpu/adapter.js';
import { type Plan, plan } from './plan/plan.js';
import { RangeCounter } from './run/count-range.js';
import { loadGpuEngine } from './run/gpu-engine.js';
import { Budget, yieldToEventLoop } from './run/in-thread.js';
import { abortReason } from './run/job.js';
import type { Tally } from './run/tally.js';
import type { CompareOptions, CompareResult } from './types.js';
import { checkFlag, checkN, checkOptions, checkRuns, checkSignal } from './validate.js';

export const DEFAULT_RUNS = 5;
const MIN_RUN_MS = 10;
const SLICE_MS = 20;

export interface EngineComparison {
  n: number;
  total: bigint;
  unique: bigint;
  jsMs: number;
  wasmMs: number;
  /** When the GPU was asked for. */
  webgpu?: { ms: number; adapter: AdapterInfo };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Counts the plan `repeats` times on one kernel, in slices: the milliseconds per count and the last tally. */
class Timer {
  private readonly budget = new Budget();
  private sliceStarted = performance.now();

  constructor(
    private readonly kernel: Kernel,
    private readonly p: Plan,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async run(repeats: number): Promise<{ ms: number; tally: Tally }> {
    const { kernel, p } = this;
    let ms = 0;
    let tally: Tally = { total: 0n, unique: 0n };
    for (let i = 0; i < repeats; i++) {
      const counter = new RangeCounter(kernel, p.n, p.subproblems, p.countsUnique, 0, p.subproblems.count);
      for (;;) {
        const started = performance.now();
        do this.budget.time((steps) => counter.step(steps));
        while (!counter.done && performance.now() - started < SLICE_MS);
        const now = performance.now();
        ms += now - started;
        if (now - this.sliceStarted >= SLICE_MS) {
          await yieldToEventLoop();
          if (this.signal?.aborted) throw abortReason(this.signal);
          this.sliceStarted = performance.now();
        }
        if (counter.done) break;
      }
      tally = counter.takeTally();
    }
    return { ms: ms / repeats, tally };
  }

  /** How many counts make a run of at least MIN_RUN_MS (this also warms the engine up). */
  async repeats(): Promise<number> {
    let repeats = 1;
    while ((await this.run(repeats)).ms * repeats < MIN_RUN_MS && repeats < 1 << 20) repeats *= 2;
    return repeats;
  }
}

/**
 * A warm-up per engine, then `runs` timed runs each, alternating; medians per count. The GPU too
 * when asked (`webgpu`): rejects with WebGPUUnavailableError where there is none.
 */
export async function measureEngines(
  n: number,
  runs: number,
  signal?: AbortSignal,
  webgpu = false,
): Promise<EngineComparison> {
  if (signal?.aborted) throw abortReason(signal);
  // The GPU first, when asked: where there is none, the call fails before any timing.
  const gpu = webgpu ? await (await loadGpuEngine()).acquireGpu(signal) : null;
  const engines: CpuEngine[] = ['wasm', 'js'];
  // The wasm engine is required here: no silent fallback in a comparison of the two.
  await resolveEngine('wasm');
  const p = plan(n, null, null);
  const kernels = await Promise.all(engines.map((engine) => acquireKernel(engine)));
  try {
    const [wasm, js] = kernels.map((kernel) => new Timer(kernel, p, signal));
    const reference = (await wasm.run(1)).tally;
    const check = (await js.run(1)).tally;
    if (check.total !== reference.total || check.unique !== reference.unique) {
      throw new Error(`the engines disagree at n = ${n}: js ${check.total}, wasm ${reference.total}`);
    }
    const jsRepeats = await js.repeats();
    const wasmRepeats = await wasm.repeats();
    const jsMs: number[] = [];
    const wasmMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      jsMs.push((await js.run(jsRepeats)).ms);
      wasmMs.push((await wasm.run(wasmRepeats)).ms);
    }
    const gpuMs = gpu === null ? undefined : await timeGpu(n, runs, reference, signal);
    return {
      n,
      total: reference.total,
      unique: reference.unique,
      jsMs: median(jsMs),
      wasmMs: median(wasmMs),
      ...(gpu !== null && gpuMs !== undefined && { webgpu: { ms: gpuMs, adapter: gpu.adapter } }),
    };
  } finally {
    kernels.forEach(releaseKernel);
  }
}

/**
 * The 'webgpu' engine: whole counts as a caller sees them (the GPU has no kernel call to time
 * apart), a warm-up that must agree with the CPU engines, then `runs` runs.
 */
async function timeGpu(n: number, runs: number, reference: Tally, signal: AbortSignal | undefined): Promise<number> {
  const options = signal === undefined ? { engine: 'webgpu' } : { engine: 'webgpu', signal };
  const check = await countExact(n, options);
  if (check.total !== reference.total || check.unique !== reference.unique) {
    throw new Error(`the engines disagree at n = ${n}: webgpu ${check.total}, wasm ${reference.total}`);
  }
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push((await countExact(n, options)).elapsedMs);
  return median(ms);
}

/** Runs the engines on the same n and reports their median times (the GPU's too when asked). */
export async function compareEngines(n: number, options?: CompareOptions): Promise<CompareResult> {
  const size = checkN(n);
  const o = checkOptions('compareEngines', options, ['runs', 'signal', 'webgpu']);
  const runs = checkRuns(o.runs) ?? DEFAULT_RUNS;
  const signal = checkSignal(o.signal);
  const webgpu = checkFlag('options.webgpu', o.webgpu);
  const m = await measureEngines(size, runs, signal, webgpu);
  return {
    n: m.n,
    total: Number(m.total),
    js: { medianMs: m.jsMs },
    wasm: { medianMs: m.wasmMs },
    ...(m.webgpu && {
      webgpu: { medianMs: m.webgpu.ms, adapter: m.webgpu.adapter.name, software: m.webgpu.adapter.software },
    }),
    speedup: m.jsMs / m.wasmMs,
  };
}
