// Which engine counts a call, and the kernel instances that do the counting.
//
// The default engine is wasm, falling back to the TS kernel where WebAssembly cannot run (no
// WebAssembly, or a Content-Security-Policy that refuses to compile it); an explicit
// engine: 'wasm' there is an error instead. Instances are lent out one call at a time and kept
// for the next call: each has memory of its own, so a search suspended in one (an async count
// between two slices) is never touched by another.

import type { Engine } from '../types.js';
import { jsKernel } from './js/index.js';
import type { CpuEngine, Kernel } from './kernel.js';
import { wasmKernel } from './wasm/kernel.js';
import { compileKernel, compileKernelSync, instantiateKernel, instantiateKernelSync } from './wasm/loader.js';

/** The engine that runs a call that asked for `engine`, compiling the wasm module if needed. */
export function resolveEngineSync(engine: Engine | undefined): CpuEngine {
  if (engine === 'js') return 'js';
  try {
    compileKernelSync();
    return 'wasm';
  } catch (error) {
    return fallBack(engine, error);
  }
}

/** resolveEngineSync, compiling asynchronously (as a browser's main thread must). */
export async function resolveEngine(engine: Engine | undefined): Promise<CpuEngine> {
  if (engine === 'js') return 'js';
  try {
    await compileKernel();
    return 'wasm';
  } catch (error) {
    return fallBack(engine, error);
  }
}

/** The fallback rule, once: only a call that left the engine to us may fall back to the TS kernel. */
function fallBack(engine: Engine | undefined, error: unknown): CpuEngine {
  if (engine === 'wasm') throw error;
  return 'js';
}

/** Idle instances kept for the next call, per engine. */
const KEEP_IDLE = 4;
const idle: Record<CpuEngine, Kernel[]> = { wasm: [], js: [] };

/** An instance of a resolved engine, to give back with releaseKernel. */
export function acquireKernelSync(engine: CpuEngine): Kernel {
  return idle[engine].pop() ?? (engine === 'js' ? jsKernel() : wasmKernel(instantiateKernelSync(compileKernelSync())));
}

/** acquireKernelSync, instantiating asynchronously. */
export async function acquireKernel(engine: CpuEngine): Promise<Kernel> {
  return idle[engine].pop() ?? (engine === 'js' ? jsKernel() : wasmKernel(await instantiateKernel(await compileKernel())));
}

/** Gives an instance back; whatever it was doing is forgotten (a new batch starts afresh). */
export function releaseKernel(kernel: Kernel): void {
  const list = idle[kernel.engine];
  if (list.length < KEEP_IDLE && !list.includes(kernel)) list.push(kernel);
}
