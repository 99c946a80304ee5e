// The join on the GPU for a wave of row choices: the host lists each row choice's half-boards
// (half-boards.ts) into flat arrays, a row choice at a time so that the calling thread can list in
// slices; the device tests the pairs (join-shader.ts) in dispatches of a bounded number of pair
// tests, each awaited, so that an abort is seen between them and none runs long; at the end the
// host reads one 64-bit count per row choice.

import { JoinMemoryError } from '../../errors.js';
import { compileShader, type Gpu } from './device.js';
import { allocating, mapped, read, USAGE, withBuffers } from './gpu-memory.js';
import { type KeyShape, keyShape, pairWeight } from './half-boards.js';
import { JOIN_SHADER, JOIN_WEST_PER_LANE } from './join-shader.js';
import { type Listed, type RowChoice, RowChoiceLister } from './row-choice-lists.js';

export type { RowChoice } from './row-choice-lists.js';

import type { RecordCounts } from './placement-kernel.js';

/** The most workgroups one dimension of a dispatch may have (WebGPU's default limit). */
const MAX_WORKGROUPS = 65_535;

/**
 * The west half-boards of a tile on this device: a subgroup's worth of invocations, each testing
 * JOIN_WEST_PER_LANE. Smaller tiles idle less where a key has few west half-boards (n = 17 on
 * lavapipe), but a workgroup narrower than a subgroup idles the rest of it.
 */
export function joinTile(gpu: Gpu): number {
  return JOIN_WEST_PER_LANE * gpu.subgroup;
}

/** Row choices listed for the device, as join-shader.ts reads them: counted in one run of dispatches. */
export interface JoinBatch {
  /** The wave's row choices first..first + count - 1. */
  readonly first: number;
  readonly count: number;
  readonly west: Uint32Array<ArrayBuffer>;
  readonly east: Uint32Array<ArrayBuffer>;
  readonly starts: Uint32Array<ArrayBuffer>;
  readonly tiles: Uint32Array<ArrayBuffer>;
  /** A tile's most west half-boards. */
  readonly tile: number;
  readonly shape: KeyShape;
  /** Per tile, the pair tests it makes: its width times the east half-boards of the buckets it meets. */
  readonly tests: Float64Array;
}

/** Per key a west half-board of the row choice has, the vec4s of east half-boards it is tested against. */
function testsByKey(shape: KeyShape, westStarts: Uint32Array, starts: Uint32Array): Float64Array {
  const tests = new Float64Array(shape.buckets);
  for (let key = 0; key < shape.buckets; key++) {
    if (westStarts[key + 1] === westStarts[key]) continue;
    // The buckets it meets: every subset of its key's complement, as the shader visits them.
    const open = ~key & (shape.buckets - 1);
    for (let b = open; ; b = (b - 1) & open) {
      if (pairWeight(shape, key, b) !== 0) tests[key]! += starts[b + 1]! - starts[b]!;
      if (b === 0) break;
    }
  }
  return tests;
}

/**
 * A wave's row choices, listed (here, a row choice at a time so that the calling thread can list in
 * slices, or by threads that provide them) into batches of at most `maxBytes` on the device: one
 * batch, unless maxMemory is small against the wave. A row choice whose lists alone take more is
 * refused with JoinMemoryError. Batches are the wave's row choices in order.
 */
export class JoinWave {
  /** Per row choice, its lists once listed, until a batch takes them. */
  private readonly listed: (Listed | undefined)[];
  /** The next row choice this thread lists (list). */
  private listedHere = 0;
  private batchedChoices = 0;
  /** The row choices from batchedChoices to `scan` are listed, `scanBytes` in all, and fit a batch. */
  private scan = 0;
  private scanBytes = 0;
  private lister: RowChoiceLister | null = null;
  private readonly shape: KeyShape;

  constructor(
    private readonly n: number,
    readonly choices: readonly RowChoice[],
    private readonly maxBytes: number,
    /** A tile's most west half-boards (joinTile). */
    private readonly tile: number,
  ) {
    this.listed = new Array(choices.length);
    this.shape = keyShape(n);
  }

  /** Every row choice is in a batch taken. */
  get done(): boolean {
    return this.batchedChoices === this.choices.length;
  }

  /** Takes row choice `index`'s lists, listed by a thread (RowChoiceLister, with this wave's n and tile). */
  provide(index: number, listed: Listed): void {
    if (listed.bytes > this.maxBytes)
      throw new JoinMemoryError({ n: this.n, needBytes: listed.bytes, allowedBytes: this.maxBytes }, true);
    this.listed[index] = listed;
  }

  /**
   * Lists row choices not yet listed for about `ms`, at least one; true once a batch is ready to
   * take (see ready).
   */
  list(ms: number): boolean {
    const started = performance.now();
    this.lister ??= new RowChoiceLister(this.n, this.tile);
    while (this.listedHere < this.choices.length && !this.ready()) {
      const at = this.listedHere++;
      if (this.listed[at] === undefined) this.provide(at, this.lister.list(this.choices[at]!));
      if (performance.now() - started >= ms) break;
    }
    return this.ready();
  }

  /**
   * Whether a batch is ready to take: the row choices after the last batch are listed up to the end
   * of the wave, or up to one that the batch has no room for.
   */
  ready(): boolean {
    const { listed } = this;
    // A wave of frames alone has an empty batch to take.
    if (listed.length === 0) return true;
    while (this.scan < listed.length) {
      const next = listed[this.scan];
      if (next === undefined) return false;
      if (this.scan > this.batchedChoices && this.scanBytes + next.bytes > this.maxBytes) return true;
      this.scanBytes += next.bytes;
      this.scan++;
    }
    return this.batchedChoices < listed.length;
  }

  /** The batch ready (ready()), packed. */
  take(): JoinBatch {
    const first = this.batchedChoices;
    const count = this.scan - first;
    const batch = this.listed.slice(first, this.scan) as Listed[];
    this.listed.fill(undefined, first, this.scan);
    const { shape } = this;
    const buckets = shape.buckets;
    let wests = 0;
    let easts = 0;
    for (const l of batch) {
      wests += l.west.length / 2;
      easts += l.east.length / 4;
    }
    const { tile } = this;
    let tileCount = 0;
    for (const l of batch)
      for (let key = 0; key < buckets; key++)
        tileCount += Math.ceil((l.westStarts[key + 1]! - l.westStarts[key]!) / tile);
    const west = new Uint32Array(wests * 2);
    const east = new Uint32Array(easts * 4);
    const starts = new Uint32Array(count * (buckets + 1));
    const tiles = new Uint32Array(tileCount * 4);
    const tests = new Float64Array(tileCount);
    let w = 0;
    let e = 0;
    let t = 0;
    batch.forEach((l, c) => {
      for (let b = 0; b <= buckets; b++) starts[c * (buckets + 1) + b] = e + l.starts[b]!;
      const perKey = testsByKey(shape, l.westStarts, l.starts);
      for (let key = 0; key < buckets; key++) {
        const end = l.westStarts[key + 1]!;
        for (let from = l.westStarts[key]!; from < end; from += tile) {
          tiles.set([c, w + from, Math.min(tile, end - from), key], t * 4);
          tests[t++] = tile * (shape.narrow ? 4 : 2) * perKey[key]!;
        }
      }
      west.set(l.west, w * 2);
      east.set(l.east, e * 4);
      w += l.west.length / 2;
      e += l.east.length / 4;
    });
    this.batchedChoices = this.scan;
    this.scanBytes = 0;
    return { first, count, west, east, starts, tiles, tile, shape, tests };
  }
}

/**
 * The dispatch from tile `from` on: a run of tiles of at most `pairs` tests (or one tile, where a
 * single one has more) and of at most the workgroups a dispatch may have.
 */
function dispatchFrom(batch: JoinBatch, pairs: number, from: number): { count: number; pairs: number } {
  const { tests } = batch;
  let count = 0;
  let sum = 0;
  while (from + count < tests.length && count < MAX_WORKGROUPS) {
    const t = tests[from + count]!;
    if (count > 0 && sum + t > pairs) break;
    sum += t;
    count++;
  }
  return { count, pairs: sum };
}

/** The pair tests a dispatch makes, per device: sized by how long the last ones took. */
class PairBudget {
  /** About this long a dispatch: short enough that an abort is seen soon, long enough to fill a GPU. */
  static readonly TARGET_MS = 25;
  pairs = 1 << 20;

  adjust(ms: number, pairs: number): void {
    // Dispatches far below the budget (the end of a wave) say nothing of the device's speed.
    if (pairs < this.pairs / 2) return;
    const scale = Math.min(2, Math.max(0.5, PairBudget.TARGET_MS / Math.max(ms, 0.01)));
    this.pairs = Math.min(2 ** 31, Math.max(1 << 12, Math.round(this.pairs * scale)));
  }
}

/** Per device: the join kernel compiled for each tile width and key shape, and the dispatches' budget. */
const compiled = new WeakMap<Gpu, { pipelines: Map<string, Promise<GPUComputePipeline>>; budget: PairBudget }>();

/** The join kernel compiled for the device with tiles of `tile` and keys of `shape`, once; a failure is not kept. */
function joinPipeline(
  gpu: Gpu,
  tile: number,
  shape: KeyShape,
): { pipeline: Promise<GPUComputePipeline>; budget: PairBudget } {
  let device = compiled.get(gpu);
  if (device === undefined) {
    device = { pipelines: new Map(), budget: new PairBudget() };
    compiled.set(gpu, device);
  }
  const { pipelines, budget } = device;
  const constants = {
    WG: tile / JOIN_WEST_PER_LANE,
    BUCKETS: shape.buckets,
    LONGEST: shape.longest,
    NARROW: shape.narrow ? 1 : 0,
  };
  const key = JSON.stringify(constants);
  let pipeline = pipelines.get(key);
  if (pipeline === undefined) {
    pipeline = compileShader(gpu.device, JOIN_SHADER, constants);
    pipelines.set(key, pipeline);
    pipeline.catch(() => pipelines.delete(key));
  }
  return { pipeline, budget };
}

/** Counts a batch; resolves to the count per row choice of it, or to null when `stopped()` says the count is over. */
export async function runJoin(gpu: Gpu, batch: JoinBatch, stopped: () => boolean): Promise<RecordCounts | null> {
  const choices = batch.count;
  const low = new Float64Array(choices);
  const high = new Float64Array(choices);
  const tileCount = batch.tests.length;
  if (tileCount === 0) return { low, high };
  const { pipeline: compiling, budget } = joinPipeline(gpu, batch.tile, batch.shape);
  const pipeline = await compiling;
  if (stopped()) return null;
  const { device } = gpu;
  return withBuffers(gpu, async (make) => {
    const { params, counts, group } = await allocating(gpu, `the lists of ${choices} row choices`, () => {
      const lists = [batch.west, batch.east, batch.starts, batch.tiles].map((data) => {
        const b = make(data.byteLength, USAGE.STORAGE | USAGE.COPY_DST);
        device.queue.writeBuffer(b, 0, data);
        return b;
      });
      const counts = make(choices * 8, USAGE.STORAGE | USAGE.COPY_SRC | USAGE.COPY_DST);
      const params = make(16, USAGE.UNIFORM | USAGE.COPY_DST | USAGE.COPY_SRC);
      const group = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [params, ...lists, counts].map((b, binding) => ({ binding, resource: { buffer: b } })),
      });
      return { params, counts, group };
    });
    // Each dispatch copies its first tile into one of two buffers the host maps to see it end.
    const ends = [0, 1].map(() => make(16, USAGE.MAP_READ | USAGE.COPY_DST));
    const dispatch = (from: number, round: number) => {
      const { count, pairs } = dispatchFrom(batch, budget.pairs, from);
      device.queue.writeBuffer(params, 0, new Uint32Array([from, 0, 0, 0]));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(count);
      pass.end();
      const end = ends[round & 1]!;
      encoder.copyBufferToBuffer(params, 0, end, 0, 4);
      device.queue.submit([encoder.finish()]);
      return { from, count, pairs, end };
    };
    let pending = dispatch(0, 0);
    let lastEnd = performance.now();
    for (let round = 1; ; round++) {
      // The next dispatch goes in while this one runs, so the device does not wait for the host;
      // none once the count is over.
      const next = pending.from + pending.count;
      const ahead = next < tileCount && !stopped() ? dispatch(next, round) : null;
      // Awaiting the dispatch lets the event loop run: an abort is seen here, and a lost device fails the read.
      await mapped(gpu, pending.end, 4);
      const now = performance.now();
      budget.adjust(now - lastEnd, pending.pairs);
      lastEnd = now;
      if (ahead === null || stopped()) {
        if (ahead !== null) await mapped(gpu, ahead.end, 4).catch(() => {});
        if (stopped()) return null;
        break;
      }
      pending = ahead;
    }
    const out = await read(gpu, counts, choices * 8);
    for (let c = 0; c < choices; c++) {
      low[c] = out[2 * c]!;
      high[c] = out[2 * c + 1]!;
    }
    return { low, high };
  });
}
