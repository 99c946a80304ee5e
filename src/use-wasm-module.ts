// useWasmModule: the kernel handed over already compiled, for hosts that refuse to compile wasm
// from bytes and take only the modules their bundle imports (Cloudflare's workerd), or that
// compile their own.

import { keepKernelModule } from './kernel/wasm/module.js';
import { checkKernelModule } from './validate.js';

/**
 * Counts with this compiled module of the package's kernel (`nqueens-wasm/kernel.wasm`) instead of
 * compiling the bytes embedded in the package. Call it before the first count:
 * `import kernel from 'nqueens-wasm/kernel.wasm'; useWasmModule(kernel);`. A module of another
 * version is refused with a RangeError.
 */
export function useWasmModule(module: WebAssembly.Module): void {
  keepKernelModule(checkKernelModule(module));
}
