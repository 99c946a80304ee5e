// Kernel instances, lent out one call at a time and kept for the next call: each has memory of its
// own, so a search suspended in one (an async count between two slices) is never touched by
// another. A wasm instance needs this thread's module to be there already: the engine was resolved
// (select.ts) or, in a worker thread, the module handed over.

import { jsKernel } from './js/index.js';
import type { CpuEngine, Kernel } from './kernel.js';
import { wasmKernel } from './wasm/kernel.js';
import { instantiateKernel, instantiateKernelSync, kernelModule } from './wasm/module.js';

/** Idle instances kept for the next call, per engine. */
const KEEP_IDLE = 4;
const idle: Record<CpuEngine, Kernel[]> = { wasm: [], js: [] };

function moduleOrThrow(): WebAssembly.Module {
  const module = kernelModule();
  // Unreachable through the package's own calls, which resolve the engine first.
  if (module === undefined) throw new Error('nqueens-wasm: the wasm kernel was asked for before it was compiled');
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

/** Gives an instance back; whatever it was doing is forgotten (a new batch starts afresh). */
export function releaseKernel(kernel: Kernel): void {
  const list = idle[kernel.engine];
  if (list.length < KEEP_IDLE && !list.includes(kernel)) list.push(kernel);
}
