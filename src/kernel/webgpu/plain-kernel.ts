// Runs the "plain" kernel (plain-shader.ts) over a GpuWork: its tasks packed with room for their
// stacks, a wave at a time, in dispatches of bounded work. Each task gets its own 64-bit count,
// read back at the end of its wave and added up per record on the host. Between two dispatches
// the host reads how many tasks are left (an await: the event loop runs, an abort is seen), and
// stops if the count is over.

import type { DispatchBudget } from './budget.js';
import type { Gpu } from './device.js';
import { allocating, read, STORAGE, USAGE, withBuffers } from './gpu-memory.js';
import { RECORD_WORDS, TASK, TASK_HEAD, WORKGROUP_SIZE } from './plain-shader.js';
import type { GpuWork } from './tasks.js';
import type { RecordCounts } from './variants.js';

/** Tasks per wave at most (and so workgroups per dispatch, in one dimension of the grid). */
const MAX_WAVE = 1 << 16;

export const PLAIN_BUDGET = { placements: 1 << 6, minPlacements: 1 << 6, invocations: 1, maxInvocations: 1 } as const;

export interface PlainPacked {
  readonly records: Uint32Array<ArrayBuffer>;
  readonly tasks: Uint32Array<ArrayBuffer>;
  readonly stride: number;
}

/** Records as the plain kernel reads them: masks at 0..31, shifts at 32..63; tasks with room for 4 words a level. */
export function packPlain(work: GpuWork): PlainPacked {
  const records = new Uint32Array(Math.max(1, work.recordCount) * RECORD_WORDS);
  for (let k = 0; k < work.recordCount; k++) {
    records.set(work.masks.subarray(k * 32, k * 32 + 32), k * RECORD_WORDS);
    records.set(work.shifts.subarray(k * 32, k * 32 + 32), k * RECORD_WORDS + 32);
  }
  const stride = TASK_HEAD + 4 * work.depth;
  const tasks = new Uint32Array(Math.max(1, work.taskCount) * stride);
  for (let t = 0; t < work.taskCount; t++) {
    const at = t * stride;
    tasks[at + TASK.record] = work.owner[t];
    tasks[at + TASK.levels] = work.levels[work.owner[t]];
    tasks[at + TASK.level] = work.level[t];
    tasks[at + TASK.cols] = work.cols[t];
    tasks[at + TASK.left] = work.left[t];
    tasks[at + TASK.right] = work.right[t];
    tasks[at + TASK.free] = work.free[t];
    tasks[at + TASK.start] = work.level[t];
  }
  return { records, tasks, stride };
}

/** Counts every task; resolves to the completions per record, or to null when `stopped()` says the count is over. */
export async function runPlain(
  gpu: Gpu,
  pipeline: GPUComputePipeline,
  budget: DispatchBudget,
  work: GpuWork,
  packed: PlainPacked,
  stopped: () => boolean,
): Promise<RecordCounts | null> {
  const low = new Float64Array(work.recordCount);
  const high = new Float64Array(work.recordCount);
  const limit = Math.floor(gpu.device.limits.maxStorageBufferBindingSize / (packed.stride * 4));
  const wave = Math.max(1, Math.min(MAX_WAVE, limit));
  return withBuffers(gpu, async (make) => {
    const records = make(packed.records.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
    gpu.device.queue.writeBuffer(records, 0, packed.records);
    for (let from = 0; from < work.taskCount; from += wave) {
      const to = Math.min(work.taskCount, from + wave);
      const counts = await runWave(gpu, pipeline, budget, packed, work.depth, records, from, to, stopped);
      if (counts === null) return null;
      // Per task below 2^32 each way: sums over a record's tasks (fewer than 2^21) stay exact as numbers.
      for (let t = from; t < to; t++) {
        low[work.owner[t]] += counts[2 * (t - from)];
        high[work.owner[t]] += counts[2 * (t - from) + 1];
      }
    }
    return { low, high };
  });
}

function runWave(
  gpu: Gpu,
  pipeline: GPUComputePipeline,
  budget: DispatchBudget,
  packed: PlainPacked,
  depth: number,
  records: GPUBuffer,
  from: number,
  to: number,
  stopped: () => boolean,
): Promise<Uint32Array | null> {
  const { device } = gpu;
  const size = to - from;
  return withBuffers(gpu, async (make) => {
    const { tasks, counts, lists, unfinished, params, groups } = await allocating(gpu, `${size} tasks`, () => {
      const tasks = make(size * packed.stride * 4, STORAGE);
      const counts = make(size * 8, STORAGE);
      const lists = [make(size * 4, STORAGE), make(size * 4, STORAGE)];
      const unfinished = make(4, STORAGE);
      const params = make(16, USAGE.UNIFORM | USAGE.COPY_DST);
      const groups = [0, 1].map((i) =>
        device.createBindGroup({
          layout: pipeline.getBindGroupLayout(0),
          entries: [
            { binding: 0, resource: { buffer: params } },
            { binding: 1, resource: { buffer: records } },
            { binding: 2, resource: { buffer: tasks } },
            { binding: 3, resource: { buffer: counts } },
            { binding: 4, resource: { buffer: lists[i] } },
            { binding: 5, resource: { buffer: lists[1 - i] } },
            { binding: 6, resource: { buffer: unfinished } },
          ],
        }),
      );
      return { tasks, counts, lists, unfinished, params, groups };
    });
    device.queue.writeBuffer(tasks, 0, packed.tasks, from * packed.stride, size * packed.stride);
    device.queue.writeBuffer(
      lists[0],
      0,
      Uint32Array.from({ length: size }, (_, i) => i),
    );

    budget.startWave();
    let running = size;
    for (let round = 0; running > 0; round++) {
      if (stopped()) return null;
      const started = performance.now();
      // Most tasks still running: as busy as this wave makes the device.
      const full = running * 2 >= size;
      device.queue.writeBuffer(params, 0, new Uint32Array([running, budget.placements, packed.stride, depth]));
      device.queue.writeBuffer(unfinished, 0, new Uint32Array([0]));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, groups[round & 1]);
      pass.dispatchWorkgroups(Math.ceil(running / WORKGROUP_SIZE));
      pass.end();
      device.queue.submit([encoder.finish()]);
      running = (await read(gpu, unfinished, 4))[0];
      budget.adjust(performance.now() - started, full);
    }
    if (stopped()) return null;
    return await read(gpu, counts, size * 8);
  });
}
