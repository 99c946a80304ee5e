// Picks the kernel for a call. The default is wasm, falling back to the TS kernel where
// WebAssembly cannot run; an explicit engine: 'wasm' there is an error instead.

import type { Engine } from '../types.js';
import { wasmKernel, wasmKernelSync, type KernelExports } from '../wasm/loader.js';
import { JsKernel } from './js-kernel.js';
import type { Kernel } from './kernel.js';
import { WasmKernel } from './wasm-kernel.js';

let js: JsKernel | undefined;
let wasm: WasmKernel | undefined;

function jsKernel(): Kernel {
  return (js ??= new JsKernel());
}

function wrap(exports: KernelExports): Kernel {
  return (wasm ??= new WasmKernel(exports));
}

export function selectKernelSync(engine: Engine | undefined): Kernel {
  if (engine === 'js') return jsKernel();
  try {
    return wrap(wasmKernelSync());
  } catch (error) {
    if (engine === 'wasm') throw error;
    return jsKernel();
  }
}

export async function selectKernel(engine: Engine | undefined): Promise<Kernel> {
  if (engine === 'js') return jsKernel();
  try {
    return wrap(await wasmKernel());
  } catch (error) {
    if (engine === 'wasm') throw error;
    return jsKernel();
  }
}
