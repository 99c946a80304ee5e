// Kernel instances, lent out one call at a time and kept for the next call: each has memory of its
// own, so a search suspended in one (an async count between two slices) is never touched by
// another. A wasm instance needs this thread's module to be there already: the engine was resolved
// (select.ts) or, in a worker thread, the module handed over. One that a big join grew is dropped
// when it is given back, so that the memory returns once the count is over.

import { InternalError } from '../errors.js';
import { jsKernel } from './js/index.js';
import type { CpuEngine, Kernel } from './kernel.js';
import { wasmKernel } from './wasm/kernel.js';
import { instantiateKernel, instantiateKernelSync, kernelModule } from './wasm/module.js';

/** Idle instances kept for the next call, per engine. */
const KEEP_IDLE = 4;
/**
 * An instance that holds more than this when it is given back is dropped instead of kept. A join's
 * lists grow an instance (a wasm memory only grows; the TS join keeps its typed arrays), and a kept
 * instance would hold them for the life of the thread. A fresh wasm instance holds 192 KiB, a TS
 * one nothing; backtracking and listing never grow them, and a join up to n = 18 (seconds) leaves
 * a wasm instance at 768 KiB at most: the instances that many small counts reuse stay under 1 MiB
 * and are kept. The lists of bigger joins pass it (1 to 3 MiB a row choice at n = 20, about 10 MiB
 * at n = 22): growing a fresh instance again costs about a millisecond per MiB, once per count,
 * and a whole count that needs them takes minutes.
 */
const KEEP_HELD_BYTES = 2 ** 20;
const idle: Record<CpuEngine, Kernel[]> = { wasm: [], js: [] };

function moduleOrThrow(): WebAssembly.Module {
  const module = kernelModule();
  // Unreachable through the package's own calls, which resolve the engine first.
  if (module === undefined) throw new InternalError('the wasm kernel was asked for before it was compiled');
  return module;
}

/** An instance of a resolved engine, to give back with releaseKernel. */
export function acquireKernelSync(engine: CpuEngine): Kernel {
  return idle[engine].pop() ?? (engine === 'js' ? jsKernel() : wasmKernel(instantiateKernelSync(moduleOrThrow())));
}

/** acquireKernelSync, instantiating asynchronously (as a browser's main thread must). */
export async function acquireKernel(engine: CpuEngine): Promise<Kernel> {
  return idle[engine].pop() ?? (engine === 'js' ? jsKernel() : wasmKernel(await instantiateKernel(moduleOrThrow())));
}

/** Whether an instance is worth keeping idle: whether it holds at most KEEP_HELD_BYTES. */
export function isKeptIdle(kernel: Kernel): boolean {
  return kernel.heldBytes() <= KEEP_HELD_BYTES;
}

/**
 * Gives an instance back; whatever it was doing is forgotten (a new batch starts afresh). It is kept
 * for the next call unless a join grew it (isKeptIdle), or KEEP_IDLE are kept already.
 */
export function releaseKernel(kernel: Kernel): void {
  const list = idle[kernel.engine];
  if (list.length < KEEP_IDLE && isKeptIdle(kernel) && !list.includes(kernel)) list.push(kernel);
}
