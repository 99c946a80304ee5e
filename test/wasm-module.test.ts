// The shipped wasm module is instantiated without glue code (src/kernel/wasm/module.ts): that holds
// only while it imports nothing and exports nothing but functions and its memory.
import { describe, expect, it } from 'vitest';
import { compileKernelSync } from '../src/kernel/wasm/compile.js';
import { instantiateKernelSync } from '../src/kernel/wasm/module.js';

describe('the shipped wasm module', () => {
  it('imports nothing and exports only functions and one memory', () => {
    const module = compileKernelSync();
    expect(WebAssembly.Module.imports(module)).toEqual([]);
    const kinds = WebAssembly.Module.exports(module).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'memory')).toHaveLength(1);
    expect(kinds.filter((k) => k !== 'memory' && k !== 'function')).toEqual([]);
  });

  it('is compiled once; every instance has memory of its own', () => {
    expect(compileKernelSync()).toBe(compileKernelSync());
    const a = instantiateKernelSync(compileKernelSync());
    const b = instantiateKernelSync(compileKernelSync());
    expect(a.memory).not.toBe(b.memory);
    new Uint8Array(a.memory.buffer)[a.subproblemsOffset()] = 7;
    expect(new Uint8Array(b.memory.buffer)[b.subproblemsOffset()]).toBe(0);
  });
});
