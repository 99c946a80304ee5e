// The GPU kernels the 'webgpu' engine can run, by name, and which one it runs on an adapter. All
// count the same tasks (tasks.ts) exactly; they differ in how an invocation keeps its search and
// its count:
// - "placement" (placement-shader.ts): every iteration places a queen (a level is popped in the
//   iteration that takes its last square), the level searched in registers, the levels below it
//   and what each needs from its record in workgroup memory: no storage read in the loop. The
//   default: fewer steps and fewer operations a step than the others.
// - "workgroup" (workgroup-shader.ts): one saved word a level in workgroup memory, a branch-free
//   step that goes down or back up, reading the row's masks from a storage buffer.
// - "plain" (plain-shader.ts): four saved words a level in private memory (on a GPU, slow local
//   memory), one task per invocation, a branch per step, a 64-bit count per task read back.

import type { AdapterInfo } from '../../gpu-adapter.js';
import type { BudgetLimits, DispatchBudget } from './budget.js';
import type { Gpu } from './device.js';
import {
  PLACEMENT_BUDGET,
  type PlacementPacked,
  packPlacement,
  placementTargetTasks,
  runPlacement,
} from './placement-kernel.js';
import { PLACEMENT_SHADER } from './placement-shader.js';
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

export type KernelVariant = 'placement' | 'workgroup' | 'plain';

export const KERNEL_VARIANTS: readonly KernelVariant[] = ['placement', 'workgroup', 'plain'];

export const DEFAULT_VARIANT: KernelVariant = 'placement';

/** The variant the engine runs on an adapter: the default, except where another measured faster. */
export function preferredVariant(adapter: AdapterInfo): KernelVariant {
  void adapter;
  return DEFAULT_VARIANT;
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
  placement: {
    shader: PLACEMENT_SHADER,
    limits: PLACEMENT_BUDGET,
    targetTasks: placementTargetTasks,
    prepare: (work) => ({ work, packed: packPlacement(work) }),
    run: (gpu, pipeline, budget, { work, packed }, stopped) =>
      runPlacement(gpu, pipeline, budget, work, packed as PlacementPacked, stopped),
  },
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
