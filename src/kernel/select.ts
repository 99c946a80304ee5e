// Which engine counts a call. The default is wasm, falling back to the TS kernel where WebAssembly
// cannot run: no WebAssembly, a Content-Security-Policy without 'wasm-unsafe-eval' (Chromium and
// Firefox refuse to compile, WebKit compiles and refuses to instantiate), a host that compiles only
// the modules its bundle imports (workerd, unless useWasmModule was given one). Whether wasm runs is
// decided by making an instance, which the first call then counts with. An explicit
// engine: 'wasm' where it cannot run is an error instead.

import type { WasmUnavailableError } from '../errors.js';
import type { Engine } from '../types.js';
import { releaseKernel } from './instances.js';
import type { CpuEngine } from './kernel.js';
import { compileKernel, compileKernelSync, wasmRefused } from './wasm/compile.js';
import { wasmKernel } from './wasm/kernel.js';
import { instantiateKernel, instantiateKernelSync } from './wasm/module.js';

/** The engine that runs a call, and why it is not the wasm the call left to the package. */
export interface ResolvedEngine {
  readonly engine: CpuEngine;
  /** Why wasm could not run, where the default fell back to TypeScript; null otherwise. */
  readonly fallbackReason: string | null;
}

const WASM: ResolvedEngine = { engine: 'wasm', fallbackReason: null };
const JS: ResolvedEngine = { engine: 'js', fallbackReason: null };
/** Set once an instance has run here: later calls need not try again. */
let wasmRuns = false;

/** The engine that runs a call that asked for `engine`, compiling and instantiating the wasm kernel if needed. */
export function resolveEngineSync(engine: Engine | undefined): ResolvedEngine {
  if (engine === 'js') return JS;
  if (wasmRuns) return WASM;
  try {
    releaseKernel(wasmKernel(instantiateKernelSync(compileKernelSync())));
  } catch (error) {
    return fallBack(engine, wasmRefused(error));
  }
  wasmRuns = true;
  return WASM;
}

/** resolveEngineSync, compiling and instantiating asynchronously (as a browser's main thread must). */
export async function resolveEngine(engine: Engine | undefined): Promise<ResolvedEngine> {
  if (engine === 'js') return JS;
  if (wasmRuns) return WASM;
  try {
    releaseKernel(wasmKernel(await instantiateKernel(await compileKernel())));
  } catch (error) {
    return fallBack(engine, wasmRefused(error));
  }
  wasmRuns = true;
  return WASM;
}

/** The fallback rule, once: only a call that left the engine to the package may fall back to the TS kernel. */
function fallBack(engine: Engine | undefined, refused: WasmUnavailableError): ResolvedEngine {
  if (engine === 'wasm') throw refused;
  return { engine: 'js', fallbackReason: refused.reason };
}
