// Runs the "placement" kernel (placement-shader.ts) over a GpuWork: its records and tasks packed
// as the kernel reads them, then dispatches of bounded work until every task is searched. After
// each dispatch the device copies two words (the next task to fetch, the searches saved) for the
// host to read; the next dispatch is submitted before that read is awaited, so the device is not
// idle while the words come back (the next one finds nothing to do when the last finished the
// wave). Each await lets the event loop run, so an abort is seen; the count stops there if it is
// over, with no more dispatches submitted. At the end the host reads one 64-bit count per record.

import { MAX_N } from '../../../assembly/layout.js';
import { InternalError } from '../../errors.js';
import type { DispatchBudget } from './budget.js';
import { type Gpu, pipelineFor } from './device.js';
import { allocating, mapped, read, STORAGE, USAGE, withBuffers } from './gpu-memory.js';
import {
  CARRY_HEAD,
  DEEP,
  MAX_INVOCATIONS,
  type PlacementShape,
  RECORD_BITS,
  SHALLOW,
  TABLE_ENTRIES,
} from './placement-shader.js';
import type { GpuWork } from './tasks.js';

/** Completions per record: low + high * 2^32, each an exact integer. */
export interface RecordCounts {
  readonly low: Float64Array;
  readonly high: Float64Array;
}

/** Tasks to split a range into: several per invocation, so that the end of a wave keeps most busy. */
export function placementTargetTasks(budget: DispatchBudget): number {
  return Math.min(1 << 21, Math.max(1 << 14, 8 * budget.invocations));
}

/** The pipeline constants of a shape. */
export function shapeConstants(shape: PlacementShape): Record<string, number> {
  return { WG: shape.workgroup, DEPTH: shape.depth };
}

/** Records as table entries (see placement-shader.ts); tasks as (record | start << 22 | last << 27, cols, left, right). */
export interface PlacementPacked {
  readonly table: Uint32Array<ArrayBuffer>;
  readonly tasks: Uint32Array<ArrayBuffer>;
  /** The shape whose stack holds every task's levels. */
  readonly shape: PlacementShape;
  /** The most levels a task spans: a saved search keeps fewer. */
  readonly span: number;
}

export function packPlacement(work: GpuWork): PlacementPacked {
  if (work.recordCount >= 1 << RECORD_BITS)
    throw new InternalError(`a wave holds fewer than 2^${RECORD_BITS} records, got ${work.recordCount}`);
  const table = new Uint32Array(Math.max(1, work.recordCount) * TABLE_ENTRIES * 2);
  for (let k = 0; k < work.recordCount; k++) {
    const at = k * TABLE_ENTRIES * 2;
    table[at] = work.masks[k * MAX_N];
    for (let level = 0; level + 1 < MAX_N; level++) {
      table[at + 2 * (level + 1)] = work.masks[k * MAX_N + level + 1];
      table[at + 2 * (level + 1) + 1] = work.shifts[k * MAX_N + level];
    }
  }
  const tasks = new Uint32Array(Math.max(1, work.taskCount) * 4);
  let span = 0;
  for (let t = 0; t < work.taskCount; t++) {
    const owner = work.owner[t];
    const last = work.levels[owner] - 1;
    span = Math.max(span, last - work.level[t]);
    tasks[4 * t] = (owner | (work.level[t] << RECORD_BITS) | (last << (RECORD_BITS + 5))) >>> 0;
    tasks[4 * t + 1] = work.cols[t];
    tasks[4 * t + 2] = work.left[t];
    tasks[4 * t + 3] = work.right[t];
  }
  return { table, tasks, shape: span <= SHALLOW.depth ? SHALLOW : DEEP, span };
}

/** Counts every task; resolves to the completions per record, or to null when `stopped()` says the count is over. */
export async function runPlacement(
  gpu: Gpu,
  shallow: GPUComputePipeline,
  budget: DispatchBudget,
  work: GpuWork,
  packed: PlacementPacked,
  stopped: () => boolean,
): Promise<RecordCounts | null> {
  const low = new Float64Array(work.recordCount);
  const high = new Float64Array(work.recordCount);
  if (work.taskCount === 0) return { low, high };
  const { shape } = packed;
  const pipeline = shape === SHALLOW ? shallow : (await pipelineFor(gpu, shapeConstants(shape))).pipeline;
  if (stopped()) return null;
  const { device } = gpu;
  const wg = shape.workgroup;
  // A slot per invocation that may run: no more than there are tasks, nor than the budget may
  // grow to in this wave (it doubles at most once a dispatch, and a wave is seldom longer).
  const slots = Math.min(
    MAX_INVOCATIONS,
    Math.ceil(work.taskCount / wg) * wg,
    Math.ceil((budget.invocations * 16) / wg) * wg,
  );
  // A saved search keeps the levels below the one searched: fewer than the task spans.
  const slotWords = CARRY_HEAD + 4 * Math.max(1, packed.span - 1);
  return withBuffers(gpu, async (make) => {
    const { params, control, counts, group, words } = await allocating(gpu, `${work.taskCount} tasks`, () => {
      const table = make(packed.table.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
      const tasks = make(packed.tasks.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
      const carry = make(slots * slotWords * 4, STORAGE);
      const counts = make(work.recordCount * 8, STORAGE);
      const control = make(8, STORAGE);
      const params = make(16, USAGE.UNIFORM | USAGE.COPY_DST);
      // Where each dispatch's two words are copied for the host: two, one read while the other is written.
      const words = [make(8, USAGE.MAP_READ | USAGE.COPY_DST), make(8, USAGE.MAP_READ | USAGE.COPY_DST)];
      device.queue.writeBuffer(table, 0, packed.table);
      device.queue.writeBuffer(tasks, 0, packed.tasks);
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [params, table, tasks, carry, counts, control].map((b, binding) => ({
          binding,
          resource: { buffer: b },
        })),
      });
      return { params, control, counts, group, words };
    });

    budget.startWave();
    let lanes = 0;
    let next = 0;
    /** Submits a dispatch and the copy of its two words; resolves to them, read when they have come. */
    const dispatch = (round: number): { lanes: number; full: boolean; words: Promise<Uint32Array> } => {
      // Never fewer invocations than in the wave's last dispatch: each resumes its own saved search.
      lanes = Math.max(lanes, Math.min(slots, Math.ceil(budget.invocations / wg) * wg));
      const full = work.taskCount - next >= lanes;
      device.queue.writeBuffer(params, 0, new Uint32Array([work.taskCount, budget.placements, lanes, slots]));
      device.queue.writeBuffer(control, 4, new Uint32Array([0]));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(lanes / wg);
      pass.end();
      encoder.copyBufferToBuffer(control, 0, words[round & 1], 0, 8);
      device.queue.submit([encoder.finish()]);
      const reading = mapped(gpu, words[round & 1], 8);
      // A dispatch ahead whose words nobody awaits (the one before failed: a lost device) must
      // not fail the process as an unhandled rejection; whoever awaits it still gets the error.
      reading.catch(() => {});
      return { lanes, full, words: reading };
    };
    let pending = dispatch(0);
    let started = performance.now();
    for (let round = 1; ; round++) {
      // The next dispatch goes in while this one's words come back; none once the count is over.
      const ahead = stopped() ? null : dispatch(round);
      if (ahead === null) {
        await pending.words.catch(() => {});
        return null;
      }
      const [fetched, suspended] = await pending.words;
      const now = performance.now();
      budget.adjust(now - started, pending.full, pending.lanes);
      started = now;
      next = Math.min(work.taskCount, fetched);
      if (next === work.taskCount && suspended === 0) {
        await ahead.words;
        break;
      }
      pending = ahead;
    }
    if (stopped()) return null;
    const out = await read(gpu, counts, work.recordCount * 8);
    for (let k = 0; k < work.recordCount; k++) {
      low[k] = out[2 * k];
      high[k] = out[2 * k + 1];
    }
    return { low, high };
  });
}
