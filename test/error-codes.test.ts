// Every error the package throws or rejects with carries a code (the README's errors table): here
// the ones no other test reaches, a kernel's trap in the calling thread (a wasm trap reaches the
// caller as an InternalError, never a bare RuntimeError: unreachable) and the GPU's faults. The
// tests check codes and causes, not messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Kernel } from '../src/kernel/kernel.js';

const fault = { current: null as null | 'countSteps' | 'nextSolutions' };

// The kernel instances hand out a kernel whose call traps while a test sets a fault.
vi.mock('../src/kernel/instances.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/kernel/instances.js')>();
  /** Each trapping kernel handed out, and the real one it stands for. */
  const wrapped = new WeakMap<Kernel, Kernel>();
  const trapping = (kernel: Kernel): Kernel => {
    const method = fault.current;
    if (method === null) return kernel;
    const trap = Object.create(kernel) as Kernel;
    trap[method] = () => {
      throw new WebAssembly.RuntimeError('unreachable');
    };
    wrapped.set(trap, kernel);
    return trap;
  };
  return {
    ...real,
    acquireKernelSync: (engine: Parameters<typeof real.acquireKernelSync>[0]) =>
      trapping(real.acquireKernelSync(engine)),
    acquireKernel: async (engine: Parameters<typeof real.acquireKernel>[0]) =>
      trapping(await real.acquireKernel(engine)),
    releaseKernel: (kernel: Kernel) => real.releaseKernel(wrapped.get(kernel) ?? kernel),
  };
});

const { count, countSync, solutions, InternalError } = await import('../src/index.js');
const { allocating, mapped } = await import('../src/kernel/webgpu/gpu-memory.js');

// The engines are resolved (wasm compiled, and tried on a small count) before any fault is set.
await count(8);
countSync(8, { engine: 'wasm' });

afterEach(() => {
  fault.current = null;
});

/** What `run` throws or rejects with. */
async function failure(run: () => unknown): Promise<{ code?: string; cause?: unknown; name?: string }> {
  try {
    await run();
  } catch (error) {
    return error as { code?: string; cause?: unknown };
  }
  throw new Error('it did not fail');
}

describe('a trap of the kernel', () => {
  it.each([
    ['countSync, wasm', () => countSync(10, { engine: 'wasm' })],
    ['countSync, TypeScript', () => countSync(10, { engine: 'js' })],
    ['count in the calling thread', () => count(12)],
    ['countSync by the join', () => countSync(16, { method: 'join' })],
  ])('%s: an InternalError (ERR_NQUEENS_INTERNAL) whose cause is the trap', async (_label, run) => {
    fault.current = 'countSteps';
    const error = await failure(run);
    expect(error).toBeInstanceOf(InternalError);
    expect(error.code).toBe('ERR_NQUEENS_INTERNAL');
    expect(error.cause).toBeInstanceOf(WebAssembly.RuntimeError);
    // The kernels are sound again once the fault is gone.
    fault.current = null;
    expect(countSync(10)).toMatchObject({ total: 724, unique: 92 });
  });

  it.each([
    ['solutions, wasm', () => solutions(8).next()],
    ['solutions, TypeScript, with a queen placed', () => solutions(8, { engine: 'js', placed: [[0, 1]] }).next()],
  ])('%s: the listing kernel trapping is an InternalError too', async (_label, run) => {
    fault.current = 'nextSolutions';
    const error = await failure(run);
    expect(error.code).toBe('ERR_NQUEENS_INTERNAL');
    expect(error.cause).toBeInstanceOf(WebAssembly.RuntimeError);
    fault.current = null;
    expect([...solutions(6)]).toHaveLength(4);
  });
});

describe("the GPU's faults", () => {
  const target = (reason: unknown) => ({ mapAsync: () => Promise.reject(reason) }) as unknown as GPUBuffer;
  const gpuWith = (device: object) => ({ device }) as never;

  it('a read that fails as the device goes: GpuLostError (ERR_NQUEENS_GPU_LOST)', async () => {
    const gpu = gpuWith({ lost: Promise.resolve({ reason: 'destroyed', message: 'the device was destroyed' }) });
    const error = await failure(() => mapped(gpu, target(new Error('OperationError')), 16));
    expect(error).toMatchObject({ code: 'ERR_NQUEENS_GPU_LOST', name: 'GpuLostError' });
  });

  it('a read that fails on a device still there: InternalError (ERR_NQUEENS_INTERNAL) with the failure as cause', async () => {
    const refusal = new Error('OperationError');
    const error = await failure(() => mapped(gpuWith({ lost: new Promise(() => {}) }), target(refusal), 16));
    expect(error).toMatchObject({ code: 'ERR_NQUEENS_INTERNAL', cause: refusal });
  });

  it('no memory on the GPU for a buffer: WebGPUUnavailableError (ERR_NQUEENS_WEBGPU_UNAVAILABLE), which says to use wasm', async () => {
    const device = {
      pushErrorScope: () => {},
      popErrorScope: async () => ({ message: 'Not enough memory left.' }),
    };
    const error = await failure(() => allocating(gpuWith(device), 'the records', () => 1));
    expect(error).toMatchObject({ code: 'ERR_NQUEENS_WEBGPU_UNAVAILABLE', engine: 'webgpu', instead: 'wasm' });
  });
});
