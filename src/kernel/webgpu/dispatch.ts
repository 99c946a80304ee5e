// Runs the tasks of a GpuWork on the device, a wave at a time, in dispatches of bounded work: each
// invocation places at most `budget` queens per dispatch, and the budget is sized so that a
// dispatch takes about DISPATCH_MS. Between two dispatches the host reads how many tasks are left
// (an await: the event loop runs, an abort is seen), and stops if the count is over.

import type { Gpu } from './device.js';
import { WORKGROUP_SIZE } from './shader.js';
import type { GpuWork } from './tasks.js';

/** Milliseconds a dispatch should take: far below any GPU watchdog, and an abort waits no longer. */
const DISPATCH_MS = 20;
const MIN_BUDGET = 1 << 6;
const MAX_BUDGET = 1 << 24;
/** How long a failed read waits for the device's lost promise to say why. */
const LOST_GRACE_MS = 100;
/** Tasks per wave at most (and so workgroups per dispatch, in one dimension of the grid). */
const MAX_WAVE = 1 << 16;

/**
 * Placements per invocation per dispatch, sized by how long the last dispatches took (one per
 * device: its speed is the device's). It starts small: a device of unknown speed is given a
 * dispatch it surely finishes quickly, and the budget doubles from there.
 */
export class DispatchBudget {
  placements = MIN_BUDGET;

  adjust(ms: number): void {
    if (ms < DISPATCH_MS / 4) this.placements = Math.min(MAX_BUDGET, this.placements * 2);
    else if (ms > DISPATCH_MS * 2) this.placements = Math.max(MIN_BUDGET, Math.floor(this.placements / 2));
  }
}

/** Thrown when the device goes away in the middle of a count. */
export class GpuLostError extends Error {
  constructor(reason: string) {
    super(`the GPU device was lost while counting (${reason})`);
    this.name = 'GpuLostError';
  }
}

/**
 * Counts every task; resolves to their counts, (low, high) u32 pairs per task, or to null when
 * `stopped()` says the count is over.
 */
export async function runTasks(gpu: Gpu, work: GpuWork, stopped: () => boolean): Promise<Uint32Array | null> {
  const { budget } = gpu;
  const counts = new Uint32Array(2 * work.taskCount);
  const limit = Math.floor(gpu.device.limits.maxStorageBufferBindingSize / (work.stride * 4));
  const wave = Math.max(1, Math.min(MAX_WAVE, limit));
  const records = buffer(gpu, work.records.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
  gpu.device.queue.writeBuffer(records, 0, work.records);
  try {
    for (let from = 0; from < work.taskCount; from += wave) {
      const to = Math.min(work.taskCount, from + wave);
      const done = await runWave(gpu, work, records, from, to, budget, stopped);
      if (done === null) return null;
      counts.set(done, 2 * from);
    }
    return counts;
  } finally {
    records.destroy();
  }
}

function buffer(gpu: Gpu, size: number, usage: number): GPUBuffer {
  // Sizes are rounded up to 4 bytes and at least 16: the smallest a uniform or storage binding takes.
  return gpu.device.createBuffer({ size: Math.max(16, Math.ceil(size / 4) * 4), usage });
}

async function read(gpu: Gpu, source: GPUBuffer, bytes: number): Promise<Uint32Array> {
  const target = buffer(gpu, bytes, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST);
  try {
    const encoder = gpu.device.createCommandEncoder();
    encoder.copyBufferToBuffer(source, 0, target, 0, bytes);
    gpu.device.queue.submit([encoder.finish()]);
    try {
      await target.mapAsync(GPUMapMode.READ, 0, Math.max(16, Math.ceil(bytes / 4) * 4));
    } catch (error) {
      // A lost device fails the mapping; its lost promise says why (it may settle a moment later).
      const lost = await Promise.race([
        gpu.device.lost.then((info) => info.message || info.reason || 'no reason given'),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), LOST_GRACE_MS)),
      ]);
      throw lost === null ? error : new GpuLostError(lost);
    }
    const out = new Uint32Array(target.getMappedRange(0, bytes).slice(0));
    target.unmap();
    return out;
  } finally {
    target.destroy();
  }
}

async function runWave(gpu: Gpu, work: GpuWork, records: GPUBuffer, from: number, to: number, budget: DispatchBudget, stopped: () => boolean): Promise<Uint32Array | null> {
  const { device } = gpu;
  const size = to - from;
  const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  const tasks = buffer(gpu, size * work.stride * 4, storage);
  const counts = buffer(gpu, size * 8, storage);
  const lists = [buffer(gpu, size * 4, storage), buffer(gpu, size * 4, storage)];
  const unfinished = buffer(gpu, 4, storage);
  const params = buffer(gpu, 16, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  const owned = [tasks, counts, ...lists, unfinished, params];
  try {
    device.pushErrorScope('out-of-memory');
    device.queue.writeBuffer(tasks, 0, work.tasks, from * work.stride, size * work.stride);
    device.queue.writeBuffer(lists[0], 0, Uint32Array.from({ length: size }, (_, i) => i));
    const groups = [0, 1].map((i) =>
      device.createBindGroup({
        layout: gpu.pipeline.getBindGroupLayout(0),
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
    const full = await device.popErrorScope();
    if (full) throw new Error(`the GPU has no memory for ${size} tasks: ${full.message}`);

    let running = size;
    for (let round = 0; running > 0; round++) {
      if (stopped()) return null;
      const started = performance.now();
      device.queue.writeBuffer(params, 0, new Uint32Array([running, budget.placements, work.stride, work.depth]));
      device.queue.writeBuffer(unfinished, 0, new Uint32Array([0]));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(gpu.pipeline);
      pass.setBindGroup(0, groups[round & 1]);
      pass.dispatchWorkgroups(Math.ceil(running / WORKGROUP_SIZE));
      pass.end();
      device.queue.submit([encoder.finish()]);
      running = (await read(gpu, unfinished, 4))[0];
      budget.adjust(performance.now() - started);
    }
    if (stopped()) return null;
    return await read(gpu, counts, size * 8);
  } finally {
    for (const b of owned) b.destroy();
  }
}
