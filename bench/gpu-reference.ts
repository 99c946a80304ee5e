// The reference the GPU kernel is measured against (npm run bench -- --gpu-model): a WGSL kernel
// after the published algorithm of ygch/n_queens (CUDA; Yao and Li, "High-Performance N-Queens
// Solver on GPU: Iterative DFS with Zero Bank Conflicts", arXiv 2511.12009), written here from the
// paper and the repository's description. It lives in bench/ only and is never shipped.
//
// The algorithm, as published:
// - The host places the first rows (6 at the sizes timed here) on every compatible way, the top
//   row's queen in the left half only (a mirror image counts the same; for odd n, the middle
//   column, then the second row's queen in the left half): each placement is a subproblem of
//   three words (columns, and the two diagonals shifted to the next row). The total is twice the
//   sum.
// - Each thread takes a subproblem from a global atomic counter, searches it to its end, writes
//   its 64-bit count, and takes the next: a loop over subproblems around the search loop.
// - The search is iterative, its stack in shared memory: 16-byte entries (columns, both
//   diagonals, the squares still to try), laid out so that the lanes of a warp use distinct banks
//   at every depth (entry address = depth * lanes + lane).
// - One iteration is one placement: read the top entry, take its lowest square, write the rest
//   back, and pop the entry in the same iteration when that was its last square; then place the
//   queen (shifts by one, the board mask a constant), and push the next row's entry unless it is
//   empty or the last row, whose open squares are counted with a population count.
// - Predicated instructions rather than branches in the loop.

import type { Gpu } from '../src/kernel/webgpu/device.js';
import { read, STORAGE, USAGE, withBuffers } from '../src/kernel/webgpu/gpu-memory.js';

/** Invocations per workgroup. */
export const REFERENCE_WORKGROUP = 64;
/** Rows the host places, as ygch/n_queens does for boards of this size (configuration 2). */
export const REFERENCE_ROWS = 6;

/** Subproblems of n: (columns, left diagonal, right diagonal) per placement of the first `rows` rows. */
export function referenceTasks(n: number, rows = Math.min(REFERENCE_ROWS, n - 2)): Uint32Array<ArrayBuffer> {
  const all = n === 32 ? 0xffffffff : (1 << n) - 1;
  const out: number[] = [];
  // `first`: the squares allowed on the top row; `second`: on the row below, once the top row's queen is placed.
  const place = (depth: number, cols: number, left: number, right: number, allowed: number, second: number) => {
    for (let free = allowed & ~(cols | left | right); free !== 0; free &= free - 1) {
      const bit = free & -free;
      const c = cols | bit;
      const l = ((left | bit) << 1) >>> 0;
      const r = (right | bit) >>> 1;
      if (depth + 1 === rows) out.push(c >>> 0, l, r);
      else place(depth + 1, c, l, r, depth === 0 ? second : all, all);
    }
  };
  place(0, 0, 0, 0, (1 << (n >> 1)) - 1, all);
  // Odd n: the top queen in the middle column, and the second row's queen left of it.
  if (n % 2 === 1) place(0, 0, 0, 0, 1 << (n >> 1), (1 << ((n - 2) >> 1)) - 1);
  return Uint32Array.from(out);
}

/**
 * How the kernel pushes the next row's entry: under an `if` (the WGSL for CUDA's predicated store),
 * or always, into a spare slot when there is nothing to push (no branch).
 */
export type ReferencePush = 'if' | 'spare';

/** The reference kernel for boards of n with `rows` rows placed by the host. */
export function referenceShader(n: number, rows = Math.min(REFERENCE_ROWS, n - 2), push: ReferencePush = 'if'): string {
  // Entries for rows rows..n-2 at most: the last row is counted, never pushed; one more spare.
  const depth = Math.max(1, n - 1 - rows) + (push === 'spare' ? 1 : 0);
  const WG = REFERENCE_WORKGROUP;
  return /* wgsl */ `
struct Params {
  tasks: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> tasks: array<u32>;
// Per subproblem, its count as (low, high).
@group(0) @binding(2) var<storage, read_write> counts: array<u32>;
@group(0) @binding(3) var<storage, read_write> next: atomic<u32>;

const ALL = ${n === 32 ? '0xffffffffu' : `${(1 << n) - 1}u`};
const LAST = ${n - 1}u;
const WG = ${WG}u;
const SPARE = ${(depth - 1) * WG}u;

var<workgroup> stack: array<vec4<u32>, ${depth * WG}>;

@compute @workgroup_size(${WG})
fn main(@builtin(local_invocation_index) lane: u32) {
  var t = atomicAdd(&next, 1u);
  loop {
    if (t >= params.tasks) {
      break;
    }
    let cols = tasks[3u * t];
    let left = tasks[3u * t + 1u];
    let right = tasks[3u * t + 2u];
    var low = 0u;
    var high = 0u;
    let open = ALL & ~(cols | left | right);
    if (open != 0u) {
      stack[lane] = vec4<u32>(cols, left, right, open);
      var top = WG + lane;
      loop {
        if (top == lane) {
          break;
        }
        let entry = stack[top - WG];
        let rest = entry.w - (entry.w & (0u - entry.w));
        let bit = entry.w ^ rest;
        stack[top - WG].w = rest;
        top -= select(0u, WG, rest == 0u);
        let c = entry.x | bit;
        let l = (entry.y | bit) << 1u;
        let r = (entry.z | bit) >> 1u;
        let free = ALL & ~(c | l | r);
        let end = free == 0u || countOneBits(c) == LAST;
        let found = select(0u, countOneBits(free), end);
        low += found;
        high += select(0u, 1u, low < found);
        ${
          push === 'if'
            ? `if (!end) {
          stack[top] = vec4<u32>(c, l, r, free);
        }`
            : `stack[select(top, SPARE + lane, end)] = vec4<u32>(c, l, r, free);`
        }
        top += select(WG, 0u, end);
      }
    }
    counts[2u * t] = low;
    counts[2u * t + 1u] = high;
    t = atomicAdd(&next, 1u);
  }
}
`;
}

const pipelines = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

/** The reference compiled for a device, once per board and push (as the engine compiles its kernel once). */
function referencePipeline(
  device: GPUDevice,
  n: number,
  rows: number,
  push: ReferencePush,
): Promise<GPUComputePipeline> {
  let compiled = pipelines.get(device);
  if (compiled === undefined) {
    compiled = new Map();
    pipelines.set(device, compiled);
  }
  const key = `${n} ${rows} ${push}`;
  let pipeline = compiled.get(key);
  if (pipeline === undefined) {
    const module = device.createShaderModule({ code: referenceShader(n, rows, push) });
    pipeline = device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    compiled.set(key, pipeline);
  }
  return pipeline;
}

/**
 * Counts n with the reference on `gpu` in one dispatch of `invocations` (as the CUDA original
 * launches one grid): its total, the time from the host's subproblems to the total, and the
 * dispatch's part of it.
 */
export async function countReference(
  gpu: Gpu,
  n: number,
  invocations: number,
  push: ReferencePush = 'if',
): Promise<{ total: bigint; ms: number; deviceMs: number }> {
  const { device } = gpu;
  const rows = Math.min(REFERENCE_ROWS, n - 2);
  const pipeline = await referencePipeline(device, n, rows, push);
  const started = performance.now();
  const tasks = referenceTasks(n, rows);
  const count = tasks.length / 3;
  return withBuffers(gpu, async (make) => {
    const params = make(16, USAGE.UNIFORM | USAGE.COPY_DST);
    const taskBuffer = make(tasks.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
    const counts = make(count * 8, STORAGE);
    const next = make(4, STORAGE);
    device.queue.writeBuffer(params, 0, new Uint32Array([count, 0, 0, 0]));
    device.queue.writeBuffer(taskBuffer, 0, tasks);
    const group = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [params, taskBuffer, counts, next].map((b, binding) => ({ binding, resource: { buffer: b } })),
    });
    const dispatched = performance.now();
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(Math.ceil(invocations / REFERENCE_WORKGROUP));
    pass.end();
    device.queue.submit([encoder.finish()]);
    const words = await read(gpu, counts, count * 8);
    const deviceMs = performance.now() - dispatched;
    let low = 0;
    let high = 0;
    for (let t = 0; t < count; t++) {
      low += words[2 * t];
      high += words[2 * t + 1];
    }
    const total = n === 1 ? 1n : 2n * (BigInt(low) + BigInt(high) * 2n ** 32n);
    return { total, ms: performance.now() - started, deviceMs };
  });
}
