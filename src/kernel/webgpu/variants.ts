// The GPU kernels the 'webgpu' engine can run, by name, and the one it runs. Both count the same
// tasks (tasks.ts) exactly; they differ in how an invocation keeps its search and its count:
// - "workgroup" (workgroup-shader.ts): one saved word a level in workgroup memory, invocations
//   that fetch their tasks, counts added per record on the GPU. The default: faster on every
//   adapter measured (docs/gpu.md), and built the way the fastest GPU counters are.
// - "plain" (plain-shader.ts): four saved words a level in private memory (on a GPU, slow local
//   memory), one task per invocation, a 64-bit count per task read back. Kept to compare with.

import { DispatchBudget, type BudgetLimits } from './budget.js';
import type { Gpu } from './device.js';
import { PLAIN_BUDGET, runPlain } from './plain-kernel.js';
import { PLAIN_SHADER } from './plain-shader.js';
import { TARGET_TASKS, type GpuWork } from './tasks.js';
import { runWorkgroup, WORKGROUP_BUDGET, workgroupTargetTasks } from './workgroup-kernel.js';
import { WORKGROUP_SHADER } from './workgroup-shader.js';

export type KernelVariant = 'workgroup' | 'plain';

export const KERNEL_VARIANTS: readonly KernelVariant[] = ['workgroup', 'plain'];

export const DEFAULT_VARIANT: KernelVariant = 'workgroup';

/** Completions per record: low + high * 2^32, each an exact integer. */
export interface RecordCounts {
  readonly low: Float64Array;
  readonly high: Float64Array;
}

type Runner = (gpu: Gpu, pipeline: GPUComputePipeline, budget: DispatchBudget, work: GpuWork, stopped: () => boolean) => Promise<RecordCounts | null>;

interface Variant {
  readonly shader: string;
  readonly limits: BudgetLimits;
  readonly run: Runner;
  readonly targetTasks: (budget: DispatchBudget) => number;
}

export const VARIANTS: Readonly<Record<KernelVariant, Variant>> = {
  workgroup: { shader: WORKGROUP_SHADER, limits: WORKGROUP_BUDGET, run: runWorkgroup, targetTasks: workgroupTargetTasks },
  plain: { shader: PLAIN_SHADER, limits: PLAIN_BUDGET, run: runPlain, targetTasks: () => TARGET_TASKS },
};
