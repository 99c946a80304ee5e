// The GPU kernels the 'webgpu' engine can run, by name, and the one it runs. Each counts the tasks
// of tasks.ts exactly, packed into its own buffers: "placement" (placement-shader.ts), whose every
// iteration places a queen, with the levels below the one searched, and what each needs from its
// record, in workgroup memory. Kept as a table so that a kernel tried against it runs through the
// engine's own path (bench/webgpu.ts, the tests' countWithVariant).

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
import type { GpuWork } from './tasks.js';

export type KernelVariant = 'placement';

export const KERNEL_VARIANTS: readonly KernelVariant[] = ['placement'];

/** The variant the engine runs, on every adapter. */
export const DEFAULT_VARIANT: KernelVariant = 'placement';

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
};
