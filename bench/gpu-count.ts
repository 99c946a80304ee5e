// A count on the 'webgpu' engine, timed as a caller sees it. Used in Node, and in the page that the
// GPU section builds for Chromium where Node has no adapter.

import { count, type Method } from 'nqueens-wasm';

export interface GpuCount {
  /** Solutions of the sample, as a decimal string (it crosses from a page as JSON). */
  total: string;
  ms: number;
  adapter: { name: string; software: boolean };
}

/** Counts shard 0 of `shards` of n (the whole board for 1) on the GPU, by `method`. */
export async function countOnGpuEngine(n: number, shards: number, method: Method): Promise<GpuCount> {
  const started = performance.now();
  const shard = shards === 1 ? undefined : { index: 0, count: shards };
  const r = await count(n, { engine: 'webgpu', shard, method });
  return { total: String(r.exact.total), ms: performance.now() - started, adapter: r.adapter! };
}
