// The GPU the 'webgpu' engine counts on: navigator.gpu where the runtime has one (browsers, Deno),
// else, in Node, Dawn's binding from the npm package `webgpu`, an optional peer dependency that the
// user installs beside this one. The adapter, the device and the compiled pipeline are set up once
// per process (or page, or worker) and kept; a lost device is forgotten, so the next count sets up
// a new one.
//
// WebGPU lets requestAdapter() and requestDevice() take as long as they like, and implementations
// have shipped where they never settle. So a caller's signal is honoured while it waits for a
// set-up, and a set-up that every caller gave up on is dropped, not kept for the next count (its
// device, should one come after all, is destroyed). A set-up that no caller gives up on fails
// after SET_UP_MS, naming the step it was waiting for: otherwise it would hold every GPU count of
// the process for ever, since later counts wait for the same set-up.

import { abortReason, messageOf, WebGPUUnavailableError } from '../../errors.js';
import { offersNodeModules, runtimeName } from '../../host/runtime.js';
import type { GpuAdapter } from '../../types.js';
import { describeAdapter } from './adapter-name.js';
import { DispatchBudget } from './budget.js';
import { PLACEMENT_BUDGET, PLACEMENT_SHADER } from './placement-shader.js';

export interface Gpu {
  /**
   * Where the adapter came from. Held for as long as the device: Dawn's Node binding tears its
   * instance down when this object is collected, and the device with it (the process crashes).
   */
  readonly entry: GPU;
  readonly device: GPUDevice;
  readonly adapter: GpuAdapter;
  /**
   * Invocations that run in step on the adapter, at least: its subgroup size where it says (8 on
   * lavapipe, 32 or 64 on GPUs), else 32. Kernels size workgroups by it.
   */
  readonly subgroup: number;
  /**
   * The kernel compiled for this device, by pipeline constants: with the shader's defaults during
   * set-up, with others on first use.
   */
  readonly pipelines: Map<string, Promise<GpuPipeline>>;
}

/** The kernel compiled for a device, and how much work a dispatch of it gets there. */
export interface GpuPipeline {
  readonly pipeline: GPUComputePipeline;
  readonly budget: DispatchBudget;
}

/** A set-up under way or done, and how many callers wait for it. */
interface SetUp {
  readonly promise: Promise<Gpu>;
  readonly deadline: Deadline;
  waiting: number;
  settled: boolean;
  /** Every caller gave up before it settled: not to be kept, nor its device. */
  abandoned: boolean;
}

let current: SetUp | undefined;

/**
 * How long a set-up may take, from asking for the adapter to the compiled kernel. Far beyond what
 * working drivers take (lavapipe: about a second; a first pipeline compile on a slow adapter: a few),
 * short enough that a count given no signal learns that the GPU is stuck.
 */
export const SET_UP_MS = 30_000;

/** A set-up's time limit: the steps it waits for, each failing once the limit has passed. */
class Deadline {
  private readonly endsAt = performance.now() + SET_UP_MS;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dropped = false;

  /**
   * Waits for `step` until the set-up's time is up, then fails naming `what`. A result that comes
   * later is handed to `late` (a device to destroy): nobody takes it any more.
   */
  within<T>(what: string, step: Promise<T>, late?: (value: T) => void): Promise<T> {
    if (this.dropped) return step;
    let expired = false;
    const expiry = new Promise<never>((_, reject) => {
      this.timer = setTimeout(
        () => {
          expired = true;
          reject(new WebGPUUnavailableError(`${what} did not answer within ${SET_UP_MS / 1000} s`));
        },
        Math.max(0, this.endsAt - performance.now()),
      );
    });
    const timer = this.timer;
    step.then(
      (value) => {
        clearTimeout(timer);
        if (expired) late?.(value);
      },
      () => clearTimeout(timer),
    );
    return Promise.race([step, expiry]);
  }

  /** Nobody waits for the set-up any more: its time limit would only keep a Node process alive. */
  drop(): void {
    this.dropped = true;
    clearTimeout(this.timer);
  }
}

/** The package name of Dawn's Node binding; a variable, so that bundlers leave the import alone. */
const DAWN_PACKAGE = 'webgpu';

/** navigator.gpu, or where Node's modules are, a GPU from Dawn's binding where the user installed it. */
async function entryPoint(): Promise<{ gpu: GPU; source: string; hint: string }> {
  // WebKit with its WebGPU feature off has navigator.gpu, set to null: no WebGPU, as where it is absent.
  const gpu = (globalThis as { navigator?: { gpu?: GPU | null } }).navigator?.gpu;
  if (gpu != null) return { gpu, source: 'navigator.gpu.requestAdapter()', hint: '' };
  if (!offersNodeModules) throw new WebGPUUnavailableError(`${runtimeName()} has no navigator.gpu`);
  let dawn: { create(flags: string[]): GPU };
  try {
    // Left to the runtime: a bundler must not look for the optional package, nor warn that it cannot.
    dawn = (await import(
      /* @vite-ignore */ /* webpackIgnore: true */ /* turbopackIgnore: true */ DAWN_PACKAGE
    )) as typeof dawn;
  } catch (error) {
    // Node, Deno and Bun say ERR_MODULE_NOT_FOUND; workerd says "No such module".
    const missing =
      (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || /No such module/.test(messageOf(error));
    throw new WebGPUUnavailableError(
      missing
        ? `${runtimeName()} has no navigator.gpu, and the optional package \`webgpu\` (Dawn: WebGPU outside browsers) is not installed: npm install webgpu`
        : `the package \`webgpu\` (Dawn: WebGPU outside browsers) failed to load in ${runtimeName()}: ${messageOf(error)}`,
    );
  }
  try {
    return {
      gpu: dawn.create([]),
      source: 'requestAdapter() of Dawn (the package `webgpu`)',
      hint: " (Dawn needs a Vulkan driver on Linux: the GPU vendor's, or Mesa's, e.g. mesa-vulkan-drivers and libvulkan1)",
    };
  } catch (error) {
    throw new WebGPUUnavailableError(`Dawn (the package \`webgpu\`) failed to start: ${messageOf(error)}`);
  }
}

async function setUp(deadline: Deadline): Promise<Gpu> {
  const { gpu, source, hint } = await entryPoint();
  let adapter: GPUAdapter | null;
  try {
    adapter = await deadline.within(source, gpu.requestAdapter({ powerPreference: 'high-performance' }));
  } catch (error) {
    if (error instanceof WebGPUUnavailableError) throw error;
    throw new WebGPUUnavailableError(`${source} failed: ${messageOf(error)}`);
  }
  if (adapter === null) throw new WebGPUUnavailableError(`${source} found no adapter${hint}`);
  let device: GPUDevice;
  try {
    device = await deadline.within("the adapter's requestDevice()", adapter.requestDevice(), (late) => late.destroy());
  } catch (error) {
    if (error instanceof WebGPUUnavailableError) throw error;
    throw new WebGPUUnavailableError(`the adapter gave no device: ${messageOf(error)}`);
  }
  const described = describeAdapter(adapter);
  const set: Gpu = {
    entry: gpu,
    device,
    adapter: described,
    subgroup: subgroupOf(adapter),
    pipelines: new Map(),
  };
  try {
    await deadline.within('compiling the GPU kernel', pipelineFor(set));
  } catch (error) {
    device.destroy();
    throw error;
  }
  return set;
}

function subgroupOf(adapter: GPUAdapter): number {
  const size = adapter.info?.subgroupMinSize;
  return size !== undefined && Number.isInteger(size) && size >= 4 && size <= 128 && (size & (size - 1)) === 0
    ? size
    : 32;
}

/** A kernel's WGSL compiled for the device, with pipeline constants; an adapter's refusal is WebGPUUnavailableError. */
export async function compileShader(
  device: GPUDevice,
  code: string,
  constants: Record<string, number> = {},
): Promise<GPUComputePipeline> {
  const module = device.createShaderModule({ code });
  const messages = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
  if (messages.length > 0) {
    throw new WebGPUUnavailableError(
      `the adapter could not compile the GPU kernel: ${messages.map((m) => m.message).join('; ')}`,
    );
  }
  try {
    return await device.createComputePipelineAsync({
      layout: 'auto',
      compute: { module, entryPoint: 'main', constants },
    });
  } catch (error) {
    throw new WebGPUUnavailableError(`the adapter refused the GPU kernel: ${messageOf(error)}`);
  }
}

async function compile(device: GPUDevice, constants: Record<string, number>): Promise<GpuPipeline> {
  const pipeline = await compileShader(device, PLACEMENT_SHADER, constants);
  return { pipeline, budget: new DispatchBudget(PLACEMENT_BUDGET) };
}

/** The kernel compiled for the device with pipeline constants (its shader's defaults without), once; a failure is not kept. */
export function pipelineFor(gpu: Gpu, constants: Record<string, number> = {}): Promise<GpuPipeline> {
  const key = JSON.stringify(constants);
  let pipeline = gpu.pipelines.get(key);
  if (pipeline === undefined) {
    pipeline = compile(gpu.device, constants);
    gpu.pipelines.set(key, pipeline);
    pipeline.catch(() => gpu.pipelines.delete(key));
  }
  return pipeline;
}

function start(): SetUp {
  const deadline = new Deadline();
  const promise = setUp(deadline);
  const attempt: SetUp = { promise, deadline, waiting: 0, settled: false, abandoned: false };
  promise.then(
    (gpu) => {
      attempt.settled = true;
      if (attempt.abandoned) {
        gpu.device.destroy();
        return;
      }
      // A lost device is forgotten: the next count sets up a new one.
      void gpu.device.lost.then(() => {
        if (current === attempt) current = undefined;
      });
    },
    () => {
      // A failure is not kept: the next call tries again.
      attempt.settled = true;
      if (current === attempt) current = undefined;
    },
  );
  return attempt;
}

/**
 * The process's GPU, set up on first use. Rejects with the signal's reason when it is aborted
 * first; a set-up that fails, or that every caller gave up on, is not kept.
 */
export function acquireGpu(signal?: AbortSignal): Promise<Gpu> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  current ??= start();
  const attempt = current;
  attempt.waiting++;
  return new Promise<Gpu>((resolve, reject) => {
    let left = false;
    const leave = () => {
      left = true;
      attempt.waiting--;
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      if (left) return;
      leave();
      if (attempt.waiting === 0 && !attempt.settled) {
        attempt.abandoned = true;
        attempt.deadline.drop();
        if (current === attempt) current = undefined;
      }
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    attempt.promise.then(
      (gpu) => {
        if (left) return;
        leave();
        resolve(gpu);
      },
      (error: unknown) => {
        if (left) return;
        leave();
        reject(error);
      },
    );
  });
}
