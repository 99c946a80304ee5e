// The one place that turns the embedded bytes into a running kernel. The module is compiled once
// per thread and cached; the same code runs in Node, in a browser page and in a worker.

import { instantiate, instantiateSync } from '@assemblyscript/loader';
import { kernelWasmBase64 } from './kernel.generated.js';

export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  recordsOffset(): number;
  resultsOffset(): number;
  enumStateOffset(): number;
  solutionsOffset(): number;
  startSolutions(): void;
  nextSolutions(max: number): number;
  countBatch(count: number): void;
  countSymmetricBatch(count: number): void;
  /** countBatch that also counts the nodes it visits, for the benchmark. */
  countBatchCountingNodes(count: number): void;
  nodesVisited(): bigint;
}

/** Thrown when the wasm engine is asked for where WebAssembly cannot run. */
export class WasmUnavailableError extends Error {
  constructor(reason: string) {
    super(`the 'wasm' engine is unavailable here (${reason}); use engine: 'js'`);
    this.name = 'WasmUnavailableError';
  }
}

let compiled: WebAssembly.Module | undefined;
let compiling: Promise<WebAssembly.Module> | undefined;
let exportsSync: KernelExports | undefined;
let exportsAsync: Promise<KernelExports> | undefined;

function bytes(): Uint8Array<ArrayBuffer> {
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

/** The kernel's exports, compiling and instantiating synchronously on first use. */
export function wasmKernelSync(): KernelExports {
  if (exportsSync === undefined) {
    const missing = noWebAssembly();
    if (missing) throw missing;
    try {
      compiled ??= new WebAssembly.Module(bytes());
      exportsSync = instantiateSync<Record<string, unknown>>(compiled).exports as unknown as KernelExports;
    } catch (error) {
      throw unavailable(error);
    }
  }
  return exportsSync;
}

/** The kernel's exports, compiling asynchronously on first use (the only way on a browser's main thread for big modules). */
export function wasmKernel(): Promise<KernelExports> {
  if (exportsSync !== undefined) return Promise.resolve(exportsSync);
  exportsAsync ??= (async () => {
    const missing = noWebAssembly();
    if (missing) throw missing;
    try {
      const module = compiled ?? (await (compiling ??= WebAssembly.compile(bytes())));
      compiled = module;
      const exports = (await instantiate<Record<string, unknown>>(module)).exports as unknown as KernelExports;
      exportsSync ??= exports;
      return exportsSync;
    } catch (error) {
      throw unavailable(error);
    }
  })();
  // A failure is not cached as a rejected promise forever: the next call tries again.
  exportsAsync.catch(() => {
    exportsAsync = undefined;
    compiling = undefined;
  });
  return exportsAsync;
}

/** Instantiates a module compiled elsewhere (a worker thread gets it from the thread that compiled it). */
export function instantiateKernelSync(module: WebAssembly.Module): KernelExports {
  return instantiateSync<Record<string, unknown>>(module).exports as unknown as KernelExports;
}

/** The compiled module, for handing to workers (a WebAssembly.Module can be posted to them). */
export async function wasmModule(): Promise<WebAssembly.Module> {
  await wasmKernel();
  return compiled as WebAssembly.Module;
}
