// Runs the "workgroup" kernel (workgroup-shader.ts) over a GpuWork: its records and tasks packed
// as the kernel reads them, then dispatches of bounded work until every task is searched. Between
// two dispatches the host reads two words (the next task to fetch, the searches saved): an await,
// so the event loop runs and an abort is seen; the count stops there if it is over. At the end
// the host reads one 64-bit count per record.

import { MAX_N } from '../../../assembly/layout.js';
import type { DispatchBudget } from './budget.js';
import type { Gpu } from './device.js';
import { allocating, read, STORAGE, USAGE, withBuffers } from './gpu-memory.js';
import type { GpuWork } from './tasks.js';
import type { RecordCounts } from './variants.js';
import { CARRY_HEAD, RECORD_BITS, WORKGROUP_SIZE } from './workgroup-shader.js';

/** Invocations a dispatch may grow to: enough to fill the largest GPUs (an H100 holds about 2^18 at once). */
const MAX_INVOCATIONS = 1 << 18;

export const WORKGROUP_BUDGET = {
  placements: 1 << 10,
  minPlacements: 1 << 8,
  invocations: 4 * WORKGROUP_SIZE,
  maxInvocations: MAX_INVOCATIONS,
} as const;

/** Tasks to split a range into: several per invocation, so that the end of a wave keeps most busy. */
export function workgroupTargetTasks(budget: DispatchBudget): number {
  return Math.min(1 << 21, Math.max(1 << 14, 8 * budget.invocations));
}

/** Records as (mask, shift, next mask, 0) per level; tasks as (record | start << 22 | last << 27, cols, left, right). */
export interface WorkgroupPacked {
  readonly records: Uint32Array<ArrayBuffer>;
  readonly tasks: Uint32Array<ArrayBuffer>;
}

export function packWorkgroup(work: GpuWork): WorkgroupPacked {
  if (work.recordCount >= 1 << RECORD_BITS)
    throw new RangeError(`a wave holds fewer than 2^${RECORD_BITS} records, got ${work.recordCount}`);
  const records = new Uint32Array(Math.max(1, work.recordCount) * MAX_N * 4);
  for (let i = 0; i < work.recordCount * MAX_N; i++) {
    records[4 * i] = work.masks[i];
    records[4 * i + 1] = work.shifts[i];
    if ((i + 1) % MAX_N !== 0) records[4 * i + 2] = work.masks[i + 1];
  }
  const tasks = new Uint32Array(Math.max(1, work.taskCount) * 4);
  for (let t = 0; t < work.taskCount; t++) {
    const owner = work.owner[t];
    tasks[4 * t] = (owner | (work.level[t] << RECORD_BITS) | ((work.levels[owner] - 1) << (RECORD_BITS + 5))) >>> 0;
    tasks[4 * t + 1] = work.cols[t];
    tasks[4 * t + 2] = work.left[t];
    tasks[4 * t + 3] = work.right[t];
  }
  return { records, tasks };
}

/** Counts every task; resolves to the completions per record, or to null when `stopped()` says the count is over. */
export async function runWorkgroup(
  gpu: Gpu,
  pipeline: GPUComputePipeline,
  budget: DispatchBudget,
  work: GpuWork,
  packed: WorkgroupPacked,
  stopped: () => boolean,
): Promise<RecordCounts | null> {
  const low = new Float64Array(work.recordCount);
  const high = new Float64Array(work.recordCount);
  if (work.taskCount === 0) return { low, high };
  const { device } = gpu;
  const slots = Math.min(MAX_INVOCATIONS, Math.ceil(work.taskCount / WORKGROUP_SIZE) * WORKGROUP_SIZE);
  const slotWords = CARRY_HEAD + work.depth;
  return withBuffers(gpu, async (make) => {
    const { params, control, counts, group } = await allocating(gpu, `${work.taskCount} tasks`, () => {
      const records = make(packed.records.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
      const tasks = make(packed.tasks.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
      const carry = make(slots * slotWords * 4, STORAGE);
      const counts = make(work.recordCount * 8, STORAGE);
      const control = make(8, STORAGE);
      const params = make(16, USAGE.UNIFORM | USAGE.COPY_DST);
      device.queue.writeBuffer(records, 0, packed.records);
      device.queue.writeBuffer(tasks, 0, packed.tasks);
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [params, records, tasks, carry, counts, control].map((b, binding) => ({
          binding,
          resource: { buffer: b },
        })),
      });
      return { params, control, counts, group };
    });

    budget.startWave();
    let lanes = 0;
    let next = 0;
    for (;;) {
      if (stopped()) return null;
      const started = performance.now();
      // Never fewer invocations than in the wave's last dispatch: each resumes its own saved search.
      lanes = Math.max(lanes, Math.min(slots, Math.ceil(budget.invocations / WORKGROUP_SIZE) * WORKGROUP_SIZE));
      const full = work.taskCount - next >= lanes;
      device.queue.writeBuffer(params, 0, new Uint32Array([work.taskCount, budget.placements, lanes, slots]));
      device.queue.writeBuffer(control, 4, new Uint32Array([0]));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(lanes / WORKGROUP_SIZE);
      pass.end();
      device.queue.submit([encoder.finish()]);
      const [fetched, suspended] = await read(gpu, control, 8);
      budget.adjust(performance.now() - started, full, lanes);
      next = Math.min(work.taskCount, fetched);
      if (next === work.taskCount && suspended === 0) break;
    }
    if (stopped()) return null;
    const words = await read(gpu, counts, work.recordCount * 8);
    for (let k = 0; k < work.recordCount; k++) {
      low[k] = words[2 * k];
      high[k] = words[2 * k + 1];
    }
    return { low, high };
  });
}
