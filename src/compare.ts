// Times both CPU kernels on the same plan, interleaved run by run so that both see the same machine.
// A run repeats the count until it lasts MIN_RUN_MS, so that small boards are timed properly even
// where the clock is coarse (browsers round performance.now() to 0.1 ms or more). The counting
// runs in slices between turns of the event loop (run/slices.ts), and only the time spent counting
// is timed, so that the measurement can be aborted at any moment and holds the thread for no
// longer than a slice.

import { BigintCounts, count } from './count.js';
import { DEFAULT_RUNS } from './defaults.js';
import { abortReason } from './errors.js';
import { RangeCounter } from './kernel/count-range.js';
import { acquireKernel, releaseKernel } from './kernel/instances.js';
import type { CpuEngine, Kernel } from './kernel/kernel.js';
import { resolveEngine } from './kernel/select.js';
import type { Tally } from './kernel/tally.js';
import { type Plan, plan } from './plan/plan.js';
import { loadGpuEngine } from './run/load-gpu-engine.js';
import { Slices } from './run/slices.js';
import type { CompareOptions, CompareResult } from './types.js';
import { checkFlag, checkN, checkOptions, checkRuns, checkSignal } from './validate.js';

const MIN_RUN_MS = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Counts the plan `repeats` times on one kernel, in slices: the milliseconds per count and the last tally. */
class Timer {
  private readonly slices = new Slices();

  constructor(
    private readonly kernel: Kernel,
    private readonly p: Plan,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async run(repeats: number): Promise<{ ms: number; tally: Tally }> {
    const { kernel, p, slices } = this;
    let ms = 0;
    let tally: Tally = { total: 0n, unique: 0n };
    for (let i = 0; i < repeats; i++) {
      const counter = new RangeCounter(kernel, p.n, p.subproblems, p.countsUnique, 0, p.subproblems.count);
      for (;;) {
        ms += slices.count(counter);
        if (slices.isOver) {
          await slices.next();
          if (this.signal?.aborted) throw abortReason(this.signal);
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
 * Runs the engines on the same n and reports their median times (the GPU's too when asked): a
 * warm-up per engine, then `runs` timed runs each, alternating. With `webgpu`, rejects with
 * WebGPUUnavailableError where there is no GPU.
 */
export async function compareEngines(n: number, options?: CompareOptions): Promise<CompareResult> {
  const size = checkN(n);
  const o = checkOptions('compareEngines', options, ['runs', 'signal', 'webgpu']);
  const runs = checkRuns(o.runs) ?? DEFAULT_RUNS;
  const signal = checkSignal(o.signal);
  const webgpu = checkFlag('options.webgpu', o.webgpu);
  if (signal?.aborted) throw abortReason(signal);
  // The GPU first, when asked: where there is none, the call fails before any timing.
  const gpu = webgpu ? await (await loadGpuEngine()).acquireGpu(signal) : null;
  const engines: CpuEngine[] = ['wasm', 'js'];
  // The wasm engine is required here: no silent fallback in a comparison of the two.
  await resolveEngine('wasm');
  const p = plan(size, null, null);
  const kernels = await Promise.all(engines.map((engine) => acquireKernel(engine)));
  try {
    const [wasm, js] = kernels.map((kernel) => new Timer(kernel, p, signal));
    const reference = (await wasm.run(1)).tally;
    const check = (await js.run(1)).tally;
    if (check.total !== reference.total || check.unique !== reference.unique) {
      throw new Error(`the engines disagree at n = ${size}: js ${check.total}, wasm ${reference.total}`);
    }
    const jsRepeats = await js.repeats();
    const wasmRepeats = await wasm.repeats();
    const jsMs: number[] = [];
    const wasmMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      jsMs.push((await js.run(jsRepeats)).ms);
      wasmMs.push((await wasm.run(wasmRepeats)).ms);
    }
    const gpuMs = gpu === null ? null : await timeGpu(size, runs, reference, signal);
    return {
      n: size,
      total: Number(reference.total),
      exact: new BigintCounts(reference.total, reference.unique),
      js: { medianMs: median(jsMs) },
      wasm: { medianMs: median(wasmMs) },
      ...(gpu !== null &&
        gpuMs !== null && {
          webgpu: { medianMs: gpuMs, adapter: gpu.adapter.name, software: gpu.adapter.software },
        }),
      speedup: median(jsMs) / median(wasmMs),
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
  const options = { engine: 'webgpu', ...(signal !== undefined && { signal }) } as const;
  const check = (await count(n, options)).exact;
  if (check.total !== reference.total || check.unique !== reference.unique) {
    throw new Error(`the engines disagree at n = ${n}: webgpu ${check.total}, wasm ${reference.total}`);
  }
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push((await count(n, options)).elapsedMs);
  return median(ms);
}
