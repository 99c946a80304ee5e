// The counting rows of the benchmark: for one n (the whole count, or an even sample of it, shard 0
// of m), in one process and one run, countSync on each engine, the wasm kernel alone and its C
// transcription over the same subproblems, and the plain mirror search in C. Each timed run
// repeats its count for at least MIN_RUN_MS (the C programs do the same) and reports the time per
// count; rounds alternate between the competitors; medians of the rounds.

import { type CountSyncOptions, countSync } from 'nqueens-wasm';
import { BATCH, RESULT_COMPLETIONS, RESULT_WORDS, SUBPROBLEM_BYTES } from '../../assembly/layout.js';
import { MIN_RUN_MS, median, status } from '../../bench/measure.js';
import { UNBOUNDED } from '../../src/kernel/count-range.js';
import type { Subproblems } from '../../src/kernel/subproblems.js';
import { type BenchKernelExports, benchKernel } from './bench-kernel.js';
import { BUILD_DIR, type NativeBuilds, runNative } from './native.js';
import { countSubproblems, writeSubproblemsFile } from './subproblems.js';

export interface Row {
  n: number;
  /** The share of the count timed: 1 for the whole, 1/m for shard 0 of m. */
  sample: number;
  shards: number;
  /** Solutions of what was timed. */
  solutions: bigint;
  unique: bigint | null;
  placements: bigint;
  tsMs: number | null;
  wasmMs: number;
  wasmKernelMs: number;
  cKernelMs: number | null;
  /** Measured for whole counts; null for samples (extrapolated by the report). */
  mirrorMs: number | null;
  /** The bitmask search alone on (a smaller sample of) the same count agreed, for samples. */
  secondPath: string | null;
}

function perPass(pass: () => number): number {
  let elapsed = 0;
  let passes = 0;
  do {
    elapsed += pass();
    passes++;
  } while (elapsed < MIN_RUN_MS);
  return elapsed / passes;
}

/** Which of the benchmark kernel's counts runs the subproblems. */
type KernelCount = 'plain' | 'counting nodes' | 'bitmask only';

/**
 * The subproblems through the benchmark's build of the wasm kernel, as the C kernel runs them:
 * only the kernel's calls are timed (the C program times its loop over subproblems it has read).
 */
export function wasmKernelRun(
  kernel: BenchKernelExports,
  n: number,
  list: Subproblems,
  count: KernelCount = 'plain',
): { total: bigint; ms: number } {
  const subproblems = new Int8Array(kernel.memory.buffer, kernel.subproblemsOffset(), BATCH * SUBPROBLEM_BYTES);
  const fixed = new Uint8Array(kernel.memory.buffer, kernel.fixedOffset(), BATCH);
  const results = new BigUint64Array(kernel.memory.buffer, kernel.resultsOffset(), BATCH * RESULT_WORDS);
  const pairs = list.width * 2;
  fixed.fill(0);
  let ms = 0;
  let total = 0n;
  for (let from = 0; from < list.count; from += BATCH) {
    const size = Math.min(BATCH, list.count - from);
    subproblems.set(list.queens.subarray(from * pairs, (from + size) * pairs));
    const started = performance.now();
    kernel.startBatch(size, n, list.width, 0);
    if (count === 'counting nodes') while (kernel.countStepsCountingNodes(UNBOUNDED) < size);
    else if (count === 'bitmask only') while (kernel.countStepsBitmaskOnly(UNBOUNDED) < size);
    else while (kernel.countSteps(UNBOUNDED) < size);
    ms += performance.now() - started;
    for (let i = 0; i < size; i++)
      total += BigInt(list.weight[from + i]) * results[i * RESULT_WORDS + RESULT_COMPLETIONS];
  }
  return { total, ms };
}

/**
 * One row. `shards` = 1 times the whole count (and the TS engine, and the mirror search); more
 * times shard 0 of that many, and checks it against the bitmask search alone on shard 0 of
 * `shards * checkFactor` (it is several times slower).
 */
export function countingRow(n: number, shards: number, runs: number, native: NativeBuilds, checkFactor = 4): Row {
  const kernel = benchKernel();
  const shard = shards === 1 ? null : { index: 0, count: shards };
  const list = countSubproblems(n, shard);
  const file = `${BUILD_DIR}/subproblems-${n}-${shards}.bin`;
  writeSubproblemsFile(file, n, list);
  const options: CountSyncOptions = shard === null ? { engine: 'wasm' } : { engine: 'wasm', shard };
  const reference = countSync(n, options).exact;
  const check = (what: string, total: bigint) => {
    if (total !== reference.total) throw new Error(`${what} counted ${total} at n = ${n}, expected ${reference.total}`);
  };
  const timers: Record<string, () => number> = {
    wasm: () =>
      perPass(() => {
        const r = countSync(n, options);
        check('wasm', r.exact.total);
        return r.elapsedMs;
      }),
    'wasm kernel': () =>
      perPass(() => {
        const r = wasmKernelRun(kernel, n, list);
        check('the wasm kernel', r.total);
        return r.ms;
      }),
  };
  if (shard === null) {
    timers.TS = () =>
      perPass(() => {
        const r = countSync(n, { engine: 'js' });
        check('TS', r.exact.total);
        return r.elapsedMs;
      });
  }
  if (native.missing === null) {
    timers['C kernel'] = () => {
      const r = runNative(native.kernel, [file, String(MIN_RUN_MS)]);
      check('the C kernel', r.total);
      return r.ms;
    };
    if (shard === null) {
      timers['mirror C'] = () => {
        const r = runNative(native.mirror, [String(n), String(MIN_RUN_MS)]);
        check('mirror C', r.total);
        return r.ms;
      };
    }
  }
  status(`n = ${n}: warm-up`);
  for (const [name, run] of Object.entries(timers)) if (name !== 'mirror C' && name !== 'C kernel') run();
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(timers).map((k) => [k, []]));
  for (let round = 1; round <= runs; round++) {
    for (const [name, run] of Object.entries(timers)) {
      status(`n = ${n}: round ${round}/${runs}, ${name}`);
      times[name].push(run());
    }
  }
  status(`n = ${n}: counting placements`);
  const before = kernel.nodesVisited();
  check('the placement-counting kernel', wasmKernelRun(kernel, n, list, 'counting nodes').total);
  const placements = kernel.nodesVisited() - before;
  let secondPath: string | null = null;
  if (shard !== null) {
    // The second path: the bitmask search alone, on a smaller even sample.
    status(`n = ${n}: the bitmask search alone on shard 0/${shards * checkFactor}`);
    const small = countSubproblems(n, { index: 0, count: shards * checkFactor });
    const second = wasmKernelRun(kernel, n, small, 'bitmask only').total;
    const first = countSync(n, { shard: { index: 0, count: shards * checkFactor } }).exact.total;
    if (first !== second)
      throw new Error(
        `n = ${n}, shard 0/${shards * checkFactor}: ${first} counted, the bitmask search alone ${second}`,
      );
    secondPath = `shard 0/${shards * checkFactor}: ${first} solutions on both`;
  }
  status('');
  return {
    n,
    sample: 1 / shards,
    shards,
    solutions: reference.total,
    unique: reference.unique,
    placements,
    tsMs: times.TS ? median(times.TS) : null,
    wasmMs: median(times.wasm),
    wasmKernelMs: median(times['wasm kernel']),
    cKernelMs: times['C kernel'] ? median(times['C kernel']) : null,
    mirrorMs: times['mirror C'] ? median(times['mirror C']) : null,
    secondPath,
  };
}
