// Where WebAssembly is missing, the default engine falls back to the TS kernel and says so;
// asking for wasm explicitly is an error.
import { afterEach, describe, expect, it, vi } from 'vitest';

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
    expect(() => countSync(8, { engine: 'wasm' })).toThrow(/the 'wasm' engine is unavailable here \(this runtime has no WebAssembly\); use engine: 'js'/);
    await expect(count(8, { engine: 'wasm' })).rejects.toThrow(/'wasm' engine is unavailable/);
    await expect(compareEngines(8)).rejects.toThrow(/'wasm' engine is unavailable/);
  });

  it('solutions fall back too, and refuse an explicit wasm engine', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    const { solutions } = await freshPackage();
    expect([...solutions(6)]).toEqual([[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1]]);
    expect(() => solutions(6, { engine: 'wasm' })).toThrow(/'wasm' engine is unavailable/);
  });

  it('compilation refused (as under a CSP without wasm-unsafe-eval) is treated the same way', async () => {
    // As a browser does under such a policy: compiling throws, synchronously or not.
    function refuse(): never {
      throw new EvalError('Refused to compile or instantiate WebAssembly module');
    }
    vi.stubGlobal('WebAssembly', {
      ...WebAssembly,
      Module: refuse,
      compile: async () => refuse(),
    });
    const { count, countSync } = await freshPackage();
    expect(countSync(6)).toMatchObject({ total: 4, engine: 'js' });
    expect(await count(6)).toMatchObject({ total: 4, engine: 'js' });
    await expect(count(6, { engine: 'wasm' })).rejects.toThrow(/EvalError: Refused to compile/);
  });

  it('with WebAssembly present the default engine is wasm', async () => {
    const { countSync, count } = await freshPackage();
    expect(countSync(8).engine).toBe('wasm');
    expect((await count(8)).engine).toBe('wasm');
  });
});
