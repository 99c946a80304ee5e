// The one place that turns the embedded bytes into running kernels. The module is compiled once
// per thread and cached (a worker thread is handed the module its parent compiled); each kernel
// instance gets its own memory. The same code runs in Node, in a browser page and in a worker.

import { WasmUnavailableError } from '../../errors.js';
import { kernelWasmBase64 } from './kernel.generated.js';

export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  subproblemsOffset(): number;
  fixedOffset(): number;
  resultsOffset(): number;
  enumRecordOffset(): number;
  enumStateOffset(): number;
  solutionsOffset(): number;
  startBatch(count: number, n: number, width: number): void;
  countSteps(budget: number): number;
  startSolutions(n: number, width: number): void;
  nextSolutions(max: number, budget: number): number;
}


let compiled: WebAssembly.Module | undefined;
let compiling: Promise<WebAssembly.Module> | undefined;

function bytes(): Uint8Array<ArrayBuffer> {
  // Node decodes base64 natively, many times faster than a loop in a function that runs once.
  const buffer = (globalThis as { Buffer?: { from(text: string, encoding: string): Uint8Array<ArrayBuffer> } }).Buffer;
  if (buffer !== undefined) return buffer.from(kernelWasmBase64, 'base64');
  const text = atob(kernelWasmBase64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

function noWebAssembly(): WasmUnavailableError | undefined {
  return typeof WebAssembly !== 'object' || WebAssembly === null || typeof WebAssembly.Module !== 'function'
    ? new WasmUnavailableError('this runtime has no WebAssembly')
    : undefined;
}

function unavailable(error: unknown): WasmUnavailableError {
  // A Content-Security-Policy without 'wasm-unsafe-eval' makes compilation throw (CompileError or
  // EvalError, depending on the browser).
  return new WasmUnavailableError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/** The compiled module, compiling synchronously on first use. */
export function compileKernelSync(): WebAssembly.Module {
  if (compiled === undefined) {
    const missing = noWebAssembly();
    if (missing) throw missing;
    try {
      compiled = new WebAssembly.Module(bytes());
    } catch (error) {
      throw unavailable(error);
    }
  }
  return compiled;
}

// A page's main thread must not compile or instantiate synchronously (browsers limit it); Node and
// workers may, and a first call then spends no turn of the event loop waiting for a background compile.
const mayBlock = typeof (globalThis as { document?: unknown }).document === 'undefined';

/** The compiled module, compiling on first use: asynchronously on a page's main thread. */
export function compileKernel(): Promise<WebAssembly.Module> {
  if (compiled !== undefined) return Promise.resolve(compiled);
  if (mayBlock) {
    try {
      return Promise.resolve(compileKernelSync());
    } catch (error) {
      return Promise.reject(error);
    }
  }
  compiling ??= (async () => {
    const missing = noWebAssembly();
    if (missing) throw missing;
    try {
      compiled ??= await WebAssembly.compile(bytes());
      return compiled;
    } catch (error) {
      throw unavailable(error);
    } finally {
      // A failure is not cached: the next call tries again.
      compiling = undefined;
    }
  })();
  return compiling;
}

/** Uses a module compiled elsewhere (a worker thread gets it from the thread that compiled it). */
export function adoptKernelModule(module: WebAssembly.Module): void {
  compiled ??= module;
}

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
