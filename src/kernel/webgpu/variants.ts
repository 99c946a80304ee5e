// The GPU kernels the 'webgpu' engine can run, by name, and which one it runs on an adapter. Both
// count the same tasks (tasks.ts) exactly; they differ in how an invocation keeps its search and
// its count:
// - "workgroup" (workgroup-shader.ts): one saved word a level in workgroup memory, a branch-free
//   step, invocations that fetch their tasks biggest first, counts added per record on the GPU.
//   Built the way the fastest GPU counters are: the default, and on lavapipe several times faster.
// - "plain" (plain-shader.ts): four saved words a level in private memory (on a GPU, slow local
//   memory), one task per invocation, a branch per step, a 64-bit count per task read back. Kept
//   to compare with, and run on SwiftShader, Chromium's CPU fallback, where it measured faster
//   (docs/gpu.md).

import type { AdapterInfo } from '../../gpu-adapter.js';
import type { BudgetLimits, DispatchBudget } from './budget.js';
import type { Gpu } from './device.js';
import { PLAIN_BUDGET, type PlainPacked, packPlain, runPlain } from './plain-kernel.js';
import { PLAIN_SHADER } from './plain-shader.js';
import { type GpuWork, TARGET_TASKS } from './tasks.js';
import {
  packWorkgroup,
  runWorkgroup,
  WORKGROUP_BUDGET,
  type WorkgroupPacked,
  workgroupTargetTasks,
} from './workgroup-kernel.js';
import { WORKGROUP_SHADER } from './workgroup-shader.js';

export type KernelVariant = 'workgroup' | 'plain';

export const KERNEL_VARIANTS: readonly KernelVariant[] = ['workgroup', 'plain'];

export const DEFAULT_VARIANT: KernelVariant = 'workgroup';

/** The variant the engine runs on an adapter: the default, except where another measured faster. */
export function preferredVariant(adapter: AdapterInfo): KernelVariant {
  return /swiftshader/i.test(adapter.name) ? 'plain' : DEFAULT_VARIANT;
}

/** Completions per record: low + high * 2^32, each an exact integer. */
export interface RecordCounts {
  readonly low: Float64Array;
  readonly high: Float64Array;
}

/** A GpuWork packed into the buffers a variant's kernel reads. */
export interface PreparedWork {
  readonly work: GpuWork;
  readonly packed: unknown;
}

export interface Variant {
  readonly shader: string;
  readonly limits: BudgetLimits;
  /** Tasks to split a wave into, given how many invocations the device runs. */
  readonly targetTasks: (budget: DispatchBudget) => number;
  readonly prepare: (work: GpuWork) => PreparedWork;
  /** Counts every task; the completions per record, or null when `stopped()` says the count is over. */
  readonly run: (
    gpu: Gpu,
    pipeline: GPUComputePipeline,
    budget: DispatchBudget,
    prepared: PreparedWork,
    stopped: () => boolean,
  ) => Promise<RecordCounts | null>;
}

export const VARIANTS: Readonly<Record<KernelVariant, Variant>> = {
  workgroup: {
    shader: WORKGROUP_SHADER,
    limits: WORKGROUP_BUDGET,
    targetTasks: workgroupTargetTasks,
    prepare: (work) => ({ work, packed: packWorkgroup(work) }),
    run: (gpu, pipeline, budget, { work, packed }, stopped) =>
      runWorkgroup(gpu, pipeline, budget, work, packed as WorkgroupPacked, stopped),
  },
  plain: {
    shader: PLAIN_SHADER,
    limits: PLAIN_BUDGET,
    targetTasks: () => TARGET_TASKS,
    prepare: (work) => ({ work, packed: packPlain(work) }),
    run: (gpu, pipeline, budget, { work, packed }, stopped) =>
      runPlain(gpu, pipeline, budget, work, packed as PlainPacked, stopped),
  },
};
