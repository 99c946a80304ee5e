// Compiles the kernel from the bytes embedded in the package, once per thread (module.ts keeps
// it). The same code runs in Node, in a browser page and in a worker.

import { WasmUnavailableError } from '../../errors.js';
import { kernelWasmBase64 } from './kernel.generated.js';
import { keepKernelModule, kernelModule, mayBlock } from './module.js';

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

/**
 * Why wasm cannot run, from what the runtime threw: a Content-Security-Policy without
 * 'wasm-unsafe-eval' (a CompileError or EvalError on compiling in Chromium and Firefox, on
 * instantiating in WebKit), or a host that compiles only the modules its bundle imports (workerd).
 */
export function wasmRefused(error: unknown): WasmUnavailableError {
  if (error instanceof WasmUnavailableError) return error;
  return new WasmUnavailableError(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}

/** The compiled module, compiling synchronously on first use. */
export function compileKernelSync(): WebAssembly.Module {
  const known = kernelModule();
  if (known !== undefined) return known;
  const missing = noWebAssembly();
  if (missing) throw missing;
  try {
    return keepKernelModule(new WebAssembly.Module(bytes()));
  } catch (error) {
    throw wasmRefused(error);
  }
}

/** The compiled module, compiling on first use: asynchronously on a page's main thread. */
export function compileKernel(): Promise<WebAssembly.Module> {
  const known = kernelModule();
  if (known !== undefined) return Promise.resolve(known);
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
      return keepKernelModule(await WebAssembly.compile(bytes()));
    } catch (error) {
      throw wasmRefused(error);
    } finally {
      // A failure is not kept: the next call tries again.
      compiling = undefined;
    }
  })();
  return compiling;
}
