// Where WebAssembly is missing or refused, the default engine falls back to the TS kernel and says
// why (result.fallbackReason); asking for wasm explicitly is an error. Where a host refuses to
// compile bytes but takes a compiled module (workerd), useWasmModule hands one over.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** WebAssembly with some of its members replaced (its own members are not enumerable: no spread). */
function webAssemblyWith(replaced: Record<string, unknown>): unknown {
  const copy: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(WebAssembly))
    copy[key] = (WebAssembly as unknown as Record<string, unknown>)[key];
  return { ...copy, ...replaced };
}

async function freshPackage() {
  vi.resetModules();
  return import('../src/index.js');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('without WebAssembly', () => {
  it('count and countSync fall back to the js engine by default', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const { count, countSync, totalNQueens } = await freshPackage();
    expect(countSync(8)).toMatchObject({ total: 92, unique: 12, engine: 'js' });
    expect(await count(9)).toMatchObject({ total: 352, unique: 46, engine: 'js' });
    expect(totalNQueens(10)).toBe(724);
  });

  it('an explicit wasm engine is a clear error', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const { count, countSync, compareEngines } = await freshPackage();
    expect(() => countSync(8, { engine: 'wasm' })).toThrow(
      /the 'wasm' engine is unavailable here \(this runtime has no WebAssembly\); use engine: 'js'/,
    );
    await expect(count(8, { engine: 'wasm' })).rejects.toThrow(/'wasm' engine is unavailable/);
    await expect(count(8, { engine: 'wasm' })).rejects.toMatchObject({ code: 'ERR_NQUEENS_WASM_UNAVAILABLE' });
    await expect(compareEngines(8)).rejects.toThrow(/'wasm' engine is unavailable/);
  });

  it('solutions fall back too, and refuse an explicit wasm engine', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const { solutions } = await freshPackage();
    expect([...solutions(6)]).toEqual([
      [1, 3, 5, 0, 2, 4],
      [2, 5, 1, 4, 0, 3],
      [3, 0, 4, 1, 5, 2],
      [4, 2, 0, 5, 3, 1],
    ]);
    expect(() => solutions(6, { engine: 'wasm' })).toThrow(/'wasm' engine is unavailable/);
  });

  it('compilation refused (as under a CSP without wasm-unsafe-eval) is treated the same way', async () => {
    // As a browser does under such a policy: compiling throws, synchronously or not.
    function refuse(): never {
      throw new EvalError('Refused to compile or instantiate WebAssembly module');
    }
    vi.stubGlobal('WebAssembly', webAssemblyWith({ Module: refuse, compile: async () => refuse() }));
    const { count, countSync } = await freshPackage();
    const reason = 'EvalError: Refused to compile or instantiate WebAssembly module';
    expect(countSync(6)).toMatchObject({ total: 4, engine: 'js', fallbackReason: reason });
    expect(await count(6)).toMatchObject({ total: 4, engine: 'js', fallbackReason: reason });
    await expect(count(6, { engine: 'wasm' })).rejects.toThrow(/EvalError: Refused to compile/);
  });

  it('instantiation refused after a compile that worked (WebKit under such a CSP) falls back the same way', async () => {
    function refuse(): never {
      throw new WebAssembly.CompileError(
        "Refused to create a WebAssembly object because 'unsafe-eval' or 'wasm-unsafe-eval' is not an allowed source",
      );
    }
    vi.stubGlobal('WebAssembly', webAssemblyWith({ Instance: refuse, instantiate: async () => refuse() }));
    const { count, countSync, solutions } = await freshPackage();
    const result = countSync(10);
    expect(result).toMatchObject({ total: 724, unique: 92, engine: 'js' });
    expect(result.fallbackReason).toMatch(/^CompileError: Refused to create a WebAssembly object/);
    expect(await count(10)).toMatchObject({ total: 724, engine: 'js', fallbackReason: result.fallbackReason });
    expect(() => countSync(6, { engine: 'wasm' })).toThrow(
      /'wasm' engine is unavailable here \(CompileError: Refused to create/,
    );
    await expect(count(6, { engine: 'wasm' })).rejects.toThrow(/'wasm' engine is unavailable here/);
    expect([...solutions(4)]).toEqual([
      [1, 3, 0, 2],
      [2, 0, 3, 1],
    ]);
  });

  it('with WebAssembly present the default engine is wasm, and the result has no fallbackReason', async () => {
    const { countSync, count } = await freshPackage();
    expect(countSync(8).engine).toBe('wasm');
    const result = await count(8);
    expect(result.engine).toBe('wasm');
    expect('fallbackReason' in result).toBe(false);
  });
});

/** The shipped kernel file, compiled as a host that imports .wasm modules hands it over. */
const shippedKernel = () => new WebAssembly.Module(readFileSync(new URL('../dist/kernel.wasm', import.meta.url)));

/** A module with one custom section, as a build of another version would carry. */
function moduleWithSection(name: string, payload: string): WebAssembly.Module {
  const text = new TextEncoder();
  const body = [name.length, ...text.encode(name), ...text.encode(payload)];
  return new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0, body.length, ...body]));
}

describe('useWasmModule, where the host compiles no bytes (workerd)', () => {
  /** WebAssembly as workerd has it: the classes are there, compiling bytes is refused. */
  function refuseBytes(): void {
    const refuse = () => {
      throw new WebAssembly.CompileError('WebAssembly.Module(): Wasm code generation disallowed by embedder');
    };
    const Module = new Proxy(WebAssembly.Module, { construct: refuse });
    vi.stubGlobal('WebAssembly', webAssemblyWith({ Module, compile: async () => refuse() }));
  }

  it('falls back to TypeScript and says why, until it is handed the shipped kernel; then counts on wasm', async () => {
    const kernel = shippedKernel();
    refuseBytes();
    const { count, countSync, useWasmModule } = await freshPackage();
    const before = await count(11);
    expect(before).toMatchObject({ total: 2680, unique: 341, engine: 'js' });
    expect(before.fallbackReason).toMatch(/disallowed by embedder/);
    useWasmModule(kernel);
    expect(await count(12)).toMatchObject({ total: 14200, unique: 1787, engine: 'wasm' });
    expect(countSync(10)).toMatchObject({ total: 724, engine: 'wasm' });
    expect(await count(15, { workers: 2 })).toMatchObject({ total: 2279184, engine: 'wasm', workers: 2 });
  });

  it("refuses what is not a module (TypeError) and a module that is not this build's kernel (RangeError)", async () => {
    const { useWasmModule, countSync } = await freshPackage();
    expect(() => useWasmModule(new Uint8Array(8) as unknown as WebAssembly.Module)).toThrow(TypeError);
    expect(() => useWasmModule(new Uint8Array(8) as unknown as WebAssembly.Module)).toThrow(
      /^module must be the WebAssembly.Module of this version's nqueens-wasm\/kernel.wasm \(build [0-9a-f]{16}\), got a Uint8Array$/,
    );
    const empty = new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    expect(() => useWasmModule(empty)).toThrow(RangeError);
    expect(() => useWasmModule(empty)).toThrow(/got a module that is not an nqueens-wasm kernel$/);
    expect(() => useWasmModule(moduleWithSection('nqueens-wasm', '0123456789abcdef'))).toThrow(
      /got the kernel of build "0123456789abcdef"$/,
    );
    // Nothing was kept: the package still counts with its own kernel.
    expect(countSync(8)).toMatchObject({ total: 92, engine: 'wasm' });
  });
});
