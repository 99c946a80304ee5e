// Buffers on the device and reading them back. A lost device fails the
// read; the error then says that the device was lost, and why.

import { GpuLostError, InternalError, messageOf, WebGPUUnavailableError } from '../../errors.js';
import type { Gpu } from './device.js';

// WebGPU's flag values, as the specification fixes them: Dawn's Node binding keeps its
// GPUBufferUsage and GPUMapMode out of the global scope, and nothing here should need them there.
export const USAGE = { MAP_READ: 0x1, COPY_SRC: 0x4, COPY_DST: 0x8, UNIFORM: 0x40, STORAGE: 0x80 } as const;
const MAP_READ = 0x1;

/** A storage buffer the host writes and reads. */
export const STORAGE = USAGE.STORAGE | USAGE.COPY_DST | USAGE.COPY_SRC;

/** How long a failed read waits for the device's lost promise to say why. */
const LOST_GRACE_MS = 100;

export function buffer(gpu: Gpu, size: number, usage: number): GPUBuffer {
  // Sizes are rounded up to 4 bytes and at least 16: the smallest a uniform or storage binding takes.
  return gpu.device.createBuffer({ size: Math.max(16, Math.ceil(size / 4) * 4), usage });
}

/** The first `bytes` of a buffer, once the work submitted before has run. */
export async function read(gpu: Gpu, source: GPUBuffer, bytes: number): Promise<Uint32Array> {
  const target = buffer(gpu, bytes, USAGE.MAP_READ | USAGE.COPY_DST);
  try {
    const encoder = gpu.device.createCommandEncoder();
    encoder.copyBufferToBuffer(source, 0, target, 0, bytes);
    gpu.device.queue.submit([encoder.finish()]);
    return await mapped(gpu, target, bytes);
  } finally {
    target.destroy();
  }
}

/** The first `bytes` of a MAP_READ buffer, once the work submitted before has run; it is unmapped again. */
export async function mapped(gpu: Gpu, target: GPUBuffer, bytes: number): Promise<Uint32Array> {
  try {
    await target.mapAsync(MAP_READ, 0, Math.max(16, Math.ceil(bytes / 4) * 4));
  } catch (error) {
    // A lost device fails the mapping; its lost promise says why (it may settle a moment later).
    const lost = await Promise.race([
      gpu.device.lost.then((info) => info.message || info.reason || 'no reason given'),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), LOST_GRACE_MS)),
    ]);
    // Else the mapping failed on a device still there: a buffer used wrongly, a bug.
    throw lost === null
      ? new InternalError(`a GPU buffer could not be read: ${messageOf(error)}`, { cause: error })
      : new GpuLostError(lost);
  }
  const out = new Uint32Array(target.getMappedRange(0, bytes).slice(0));
  target.unmap();
  return out;
}

/** Buffers made inside `use`, destroyed when it ends however it ends; out-of-memory is an error. */
export async function withBuffers<T>(
  gpu: Gpu,
  use: (make: (size: number, usage: number) => GPUBuffer) => Promise<T>,
): Promise<T> {
  const owned: GPUBuffer[] = [];
  const make = (size: number, usage: number) => {
    const b = buffer(gpu, size, usage);
    owned.push(b);
    return b;
  };
  try {
    return await use(make);
  } finally {
    for (const b of owned) b.destroy();
  }
}

/** Runs `make` in an out-of-memory error scope, and fails with what it was making if the device had no room. */
export async function allocating<T>(gpu: Gpu, what: string, make: () => T): Promise<T> {
  gpu.device.pushErrorScope('out-of-memory');
  const made = make();
  const full = await gpu.device.popErrorScope();
  if (full) throw new WebGPUUnavailableError(`the GPU has no memory for ${what}: ${full.message}`);
  return made;
}
