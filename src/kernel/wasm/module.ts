// This thread's compiled kernel module and its instances. The module comes from the embedded
// bytes (compile.ts), from the thread that started this one (a worker thread is handed its
// parent's module), or from the caller (useWasmModule, for hosts that compile only the modules
// their bundle imports); this file knows none of them, so that a worker thread's code carries no
// copy of the bytes.

import type { KernelExports } from './kernel-exports.generated.js';

let compiled: WebAssembly.Module | undefined;

/** The module, once compiled or handed over; undefined before. */
export function kernelModule(): WebAssembly.Module | undefined {
  return compiled;
}

/** Keeps a compiled module for this thread; the first one kept stays (every one is the same kernel). */
export function keepKernelModule(module: WebAssembly.Module): WebAssembly.Module {
  compiled ??= module;
  return compiled;
}

// A page's main thread must not compile or instantiate synchronously (browsers limit it); Node and
// workers may, and a first call then spends no turn of the event loop waiting for a background compile.
export const mayBlock = typeof (globalThis as { document?: unknown }).document === 'undefined';

// The module imports nothing (runtime stub, no assertions) and exports plain functions of numbers,
// so it is instantiated directly: no glue to run on a first call.

/** A new instance, with memory of its own. */
export function instantiateKernelSync(module: WebAssembly.Module): KernelExports {
  return new WebAssembly.Instance(module).exports as unknown as KernelExports;
}

/** A new instance, with memory of its own: asynchronously on a page's main thread. */
export async function instantiateKernel(module: WebAssembly.Module): Promise<KernelExports> {
  if (mayBlock) return instantiateKernelSync(module);
  return (await WebAssembly.instantiate(module)).exports as unknown as KernelExports;
}
