// Times both CPU kernels on the same plan, interleaved run by run so that both see the same machine.
// A run counts the board again and again until the counting has lasted MIN_RUN_MS and
// MIN_RUN_STEPS steps of the clock, so that small boards are timed properly even where the clock
// is coarse (browsers round performance.now() to 0.1 ms or more; WebKit's moves in 1 ms steps).
// The counting runs in slices between turns of the event loop (run/slices.ts), and only the time
// spent counting is timed, so that the measurement can be aborted at any moment and holds the
// thread for no longer than a slice.

import { BigintCounts, count, uniqueOf } from './count.js';
import { DEFAULT_MAX_MEMORY, DEFAULT_RUNS } from './defaults.js';
import { abortReason, InternalError } from './errors.js';
import { RangeCounter } from './kernel/count-range.js';
import { acquireKernel, releaseKernel } from './kernel/instances.js';
import type { CpuEngine, Kernel } from './kernel/kernel.js';
import { resolveEngine } from './kernel/select.js';
import type { Tally } from './kernel/tally.js';
import { defaultMethod } from './plan/methods/index.js';
import { type Plan, plan } from './plan/plan.js';
import { loadGpuEngine } from './run/load-gpu-engine.js';
import { Slices } from './run/slices.js';
import type { CompareOptions, CompareResult, Method } from './types.js';
import {
  checkFlag,
  checkMethod,
  checkMethodApplies,
  checkN,
  checkOptions,
  checkRuns,
  checkSignal,
} from './validate.js';

const MIN_RUN_MS = 10;
/** A run spans at least this many steps of the clock, so that rounding to a step moves it by 5% at most. */
const MIN_RUN_STEPS = 20;
/**
 * The most counts in a run: where the clock has not moved by then, the time is below what it can
 * measure, and is reported as 0 (the result keeps its shape; the speed-up is then not finite).
 */
const MAX_COUNTS = 1 << 20;

/** The longest the clock's step is looked for, by Date.now(), so that a clock that never moves costs little. */
const CLOCK_PROBE_MS = 20;

/**
 * The smallest step of performance.now() in a few readings (0.1 ms or less in most browsers and
 * in Node, 1 ms in WebKit), or 0 where it did not move at all.
 */
function clockStepMs(): number {
  let step = Number.POSITIVE_INFINITY;
  let last = performance.now();
  const until = Date.now() + CLOCK_PROBE_MS;
  for (let moves = 0, reads = 0; moves < 3 && reads < 1_000_000; reads++) {
    // Date.now() only now and then: reading it costs more than performance.now().
    if ((reads & 1023) === 1023 && Date.now() > until) break;
    const now = performance.now();
    if (now !== last) {
      step = Math.min(step, now - last);
      last = now;
      moves++;
    }
  }
  return Number.isFinite(step) ? step : 0;
}

let minRunMs: number | undefined;

/** How long a timed run counts for, by the clock: read once, the first time it is needed. */
function runMs(): number {
  minRunMs ??= Math.max(MIN_RUN_MS, MIN_RUN_STEPS * clockStepMs());
  return minRunMs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Counts the plan on one kernel, in slices, and times it. */
class Timer {
  /**
   * The fewest counts in a run: half of the most an earlier run made. A pause of the thread (the
   * system's, a collection) in a run's first count can make that count alone last the run's
   * time; a run of the usual length spreads it over the counts.
   */
  private least = 1;

  constructor(
    private readonly kernel: Kernel,
    private readonly p: Plan,
    private readonly signal: AbortSignal | undefined,
    /** The comparison's time in this thread, which the engines take in turn. */
    private readonly slices: Slices,
  ) {}

  private counter(): RangeCounter {
    const { kernel, p } = this;
    return new RangeCounter(kernel, p, 0, p.subproblems.count);
  }

  /**
   * Counts the plan whole, again and again, until the counting has lasted `minMs` by the clock (and
   * `least` counts): the milliseconds per count and the last count's tally. Each run is long
   * enough to measure by itself, rather than sized beforehand: a count of microseconds, timed
   * alone on a clock of 1 ms steps, reads as 0 nearly every time, and a run sized from a warm-up
   * that a pause happened to lengthen read as 0 too.
   */
  async run(minMs: number): Promise<{ ms: number; tally: Tally }> {
    const { slices } = this;
    let ms = 0;
    let counts = 0;
    let tally: Tally | undefined;
    let counter = this.counter();
    // The clock is read once a slice, around every count that fits in it, not around each count.
    for (let finished = false; ; ) {
      // A run starts where the last one (of either engine) ended, perhaps at the end of a slice:
      // the event loop gets its turn first, so that two runs never hold the thread back to back.
      if (slices.isOver) {
        await slices.next();
        if (this.signal?.aborted) throw abortReason(this.signal);
      }
      const started = performance.now();
      do {
        slices.count(counter);
        if (counter.done) {
          tally = counter.takeTally();
          counts++;
          finished = (counts >= this.least && ms + (performance.now() - started) >= minMs) || counts >= MAX_COUNTS;
          if (!finished) counter = this.counter();
        }
      } while (!finished && !slices.isOver);
      ms += performance.now() - started;
      if (finished) {
        this.least = Math.max(this.least, counts >> 1);
        return { ms: ms / counts, tally: tally! };
      }
    }
  }
}

/** compareEngines's arguments, checked, with their defaults. */
function compareArguments(n: unknown, options: unknown) {
  const size = checkN(n);
  const o = checkOptions('compareEngines', options, ['runs', 'signal', 'webgpu', 'method']);
  const runs = checkRuns(o.runs) ?? DEFAULT_RUNS;
  const signal = checkSignal(o.signal);
  const webgpu = checkFlag('options.webgpu', o.webgpu);
  const method = checkMethod(o.method) ?? defaultMethod(size, null, 'wasm');
  checkMethodApplies(method, size, null, undefined);
  return { size, runs, signal, webgpu, method };
}

/**
 * Throws what compareEngines(n, options) would reject with for these arguments, and does nothing
 * else: for a caller that checks a whole range of boards before it times the first.
 */
export function checkCompareEngines(n: number, options?: CompareOptions): void {
  compareArguments(n, options);
}

/**
 * Runs the engines on the same n and reports their median times (the GPU's too when asked): a
 * warm-up per engine, then `runs` timed runs each, alternating. With `webgpu`, rejects with
 * WebGPUUnavailableError where there is no GPU.
 */
export async function compareEngines(n: number, options?: CompareOptions): Promise<CompareResult> {
  const { size, runs, signal, webgpu, method } = compareArguments(n, options);
  if (signal?.aborted) throw abortReason(signal);
  // The GPU first, when asked: where there is none, the call fails before any timing.
  const gpu = webgpu ? await (await loadGpuEngine()).acquireGpu(signal) : null;
  const engines: CpuEngine[] = ['wasm', 'js'];
  // The wasm engine is required here: no silent fallback in a comparison of the two.
  await resolveEngine('wasm');
  // Both engines count by the same method: by default, the wasm engine's.
  const p = plan(size, null, null, method, DEFAULT_MAX_MEMORY);
  const kernels = await Promise.all(engines.map((engine) => acquireKernel(engine)));
  const slices = new Slices();
  try {
    const [wasm, js] = kernels.map((kernel) => new Timer(kernel, p, signal, slices));
    // The first runs warm the engines up, and their counts must agree.
    const minMs = runMs();
    const reference = (await wasm.run(minMs)).tally;
    const check = (await js.run(minMs)).tally;
    if (check.total !== reference.total || check.unique !== reference.unique) {
      throw new InternalError(`the engines disagree at n = ${size}: js ${check.total}, wasm ${reference.total}`);
    }
    const exact = new BigintCounts(reference.total, uniqueOf(p, reference));
    const jsMs: number[] = [];
    const wasmMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      jsMs.push((await js.run(minMs)).ms);
      wasmMs.push((await wasm.run(minMs)).ms);
    }
    const gpuMs = gpu === null ? null : await timeGpu(size, method, runs, exact, signal);
    return {
      n: size,
      total: Number(reference.total),
      method,
      exact,
      js: { medianMs: median(jsMs) },
      wasm: { medianMs: median(wasmMs) },
      ...(gpu !== null &&
        gpuMs !== null && {
          webgpu: { medianMs: gpuMs, adapter: gpu.adapter },
        }),
      speedup: median(jsMs) / median(wasmMs),
    };
  } finally {
    slices.end();
    kernels.forEach(releaseKernel);
  }
}

/**
 * The 'webgpu' engine by the same method: whole counts as a caller sees them (the GPU has no kernel
 * call to time apart), a warm-up that must agree with the CPU engines, then `runs` runs.
 */
async function timeGpu(
  n: number,
  method: Method,
  runs: number,
  reference: BigintCounts,
  signal: AbortSignal | undefined,
): Promise<number> {
  const options = { engine: 'webgpu', method, ...(signal !== undefined && { signal }) } as const;
  const check = (await count(n, options)).exact;
  if (check.total !== reference.total || check.unique !== reference.unique) {
    throw new InternalError(`the engines disagree at n = ${n}: webgpu ${check.total}, wasm ${reference.total}`);
  }
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push((await count(n, options)).elapsedMs);
  return median(ms);
}
