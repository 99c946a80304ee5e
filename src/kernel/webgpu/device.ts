// The GPU the 'webgpu' engine counts on: from navigator.gpu and from nowhere else (browsers, Deno,
// and a Node process whose user has installed a WebGPU implementation there). The adapter, the
// device and the compiled pipeline are set up once per page (or worker) and kept; a lost device is
// forgotten, so the next count sets up a new one.

import { describeAdapter, type AdapterInfo } from './adapter.js';
import { DispatchBudget } from './dispatch.js';
import { SHADER } from './shader.js';

/** Thrown (as a rejection) when the 'webgpu' engine is asked for where no GPU can be had. */
export class WebGPUUnavailableError extends Error {
  constructor(reason: string) {
    super(`the 'webgpu' engine is unavailable here (${reason}); use engine: 'wasm'`);
    this.name = 'WebGPUUnavailableError';
  }
}

export interface Gpu {
  readonly device: GPUDevice;
  readonly pipeline: GPUComputePipeline;
  readonly adapter: AdapterInfo;
  /** Placements per invocation per dispatch on this device. */
  readonly budget: DispatchBudget;
}

let current: Promise<Gpu> | undefined;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function gpuOf(): GPU | undefined {
  return (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu;
}

async function setUp(): Promise<Gpu> {
  const gpu = gpuOf();
  if (gpu === undefined) throw new WebGPUUnavailableError('there is no navigator.gpu');
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter();
  } catch (error) {
    throw new WebGPUUnavailableError(`navigator.gpu.requestAdapter() failed: ${messageOf(error)}`);
  }
  if (adapter === null) throw new WebGPUUnavailableError('navigator.gpu.requestAdapter() found no adapter');
  let device: GPUDevice;
  try {
    device = await adapter.requestDevice();
  } catch (error) {
    throw new WebGPUUnavailableError(`the adapter gave no device: ${messageOf(error)}`);
  }
  const module = device.createShaderModule({ code: SHADER });
  const messages = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
  if (messages.length > 0) {
    device.destroy();
    throw new WebGPUUnavailableError(`the adapter could not compile the kernel: ${messages.map((m) => m.message).join('; ')}`);
  }
  let pipeline: GPUComputePipeline;
  try {
    pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  } catch (error) {
    device.destroy();
    throw new WebGPUUnavailableError(`the adapter refused the kernel: ${messageOf(error)}`);
  }
  const set: Gpu = { device, pipeline, adapter: describeAdapter(adapter), budget: new DispatchBudget() };
  // A lost device is forgotten: the next count sets up a new one.
  void device.lost.then(() => {
    if (current !== undefined) void current.then((g) => g === set && (current = undefined), () => {});
  });
  return set;
}

/** The page's GPU, set up on first use; a failure is not kept (the next call tries again). */
export function acquireGpu(): Promise<Gpu> {
  const attempt = (current ??= setUp());
  attempt.catch(() => {
    if (current === attempt) current = undefined;
  });
  return attempt;
}

/** The adapter, or null where the 'webgpu' engine cannot run. */
export async function availableGpu(): Promise<Gpu | null> {
  try {
    return await acquireGpu();
  } catch {
    return null;
  }
}
