// A row choice's lists for the GPU's join, as join-shader.ts reads them: both sides listed
// (half-boards.ts), sorted by key, and packed. Listed by the calling thread or by worker threads
// (pool/worker.ts), which send them back whole; a batch (join-kernel.ts) lays many end to end.

import { type KeyShape, keyShape, restWord, SideLister } from './half-boards.js';

/** A row choice as the join's plan writes it: the east rows, and the middle queen's row (-1: none). */
export interface RowChoice {
  readonly eastRows: number;
  readonly middleRow: number;
}

/** One row choice's lists, as a batch takes them. */
export interface Listed {
  /** Per west half-board, both words or (its narrow word, 0), sorted by key. */
  west: Uint32Array;
  /** Where each key's west half-boards start, and the end. */
  westStarts: Uint32Array;
  /** The east buckets, padded to vec4s (eastBuckets). */
  east: Uint32Array;
  /** Where each east bucket starts, in vec4s, and the end. */
  starts: Uint32Array;
  /** What they take on the device, with their tiles, buckets' starts and count. */
  bytes: number;
}

/** Lists row choices of an n×n board one after another, for tiles of `tile` west half-boards. */
export class RowChoiceLister {
  private readonly shape: KeyShape;
  private readonly lister: SideLister;

  constructor(
    readonly n: number,
    readonly tile: number,
  ) {
    this.shape = keyShape(n);
    this.lister = new SideLister(n, this.shape);
  }

  list({ eastRows, middleRow }: RowChoice): Listed {
    const { n, shape, lister } = this;
    let westRows = (n === 32 ? -1 : (1 << n) - 1) & ~eastRows;
    if (middleRow >= 0) westRows &= ~(1 << middleRow);
    lister.list(westRows, false, middleRow);
    lister.sortByKey();
    const { west, westStarts } = westList(lister, shape);
    lister.list(eastRows, true, middleRow);
    lister.sortByKey();
    const { east, starts } = eastBuckets(lister, shape);
    let tiles = 0;
    for (let key = 0; key < shape.buckets; key++)
      tiles += Math.ceil((westStarts[key + 1]! - westStarts[key]!) / this.tile);
    return {
      west,
      westStarts,
      east,
      starts,
      bytes: west.byteLength + east.byteLength + tiles * 16 + starts.byteLength + 8,
    };
  }
}

/**
 * The west half-boards as the shader reads them, sorted by key: (first, second) each, or (its
 * narrow word, 0) where the shape is narrow (restWord); and each key's start.
 */
function westList(side: SideLister, shape: KeyShape): { west: Uint32Array; westStarts: Uint32Array } {
  const k = side.n >> 1;
  const { order, first, second } = side;
  const west = new Uint32Array(order.length * 2);
  for (let p = 0; p < order.length; p++) {
    const i = order[p]!;
    if (shape.narrow) west[2 * p] = restWord(shape, k, first[i]!, second[i]!);
    else {
      west[2 * p] = first[i]!;
      west[2 * p + 1] = second[i]!;
    }
  }
  return { west, westStarts: side.starts.slice() };
}

/**
 * The east buckets as the shader reads them, a vec4 at a time: two half-boards (both words each),
 * or four where the shape is narrow (one word each, restWord). Each bucket is padded to whole
 * vec4s with half-boards that fit nothing (all ones: no west half-board has both words zero, nor
 * its narrow word, keyShape says why), and `starts` counts vec4s.
 */
function eastBuckets(side: SideLister, shape: KeyShape): { east: Uint32Array; starts: Uint32Array } {
  const k = side.n >> 1;
  const { buckets, narrow } = shape;
  const { order, first, second, starts: sorted } = side;
  const each = narrow ? 4 : 2;
  const starts = new Uint32Array(buckets + 1);
  for (let b = 0; b < buckets; b++) starts[b + 1] = starts[b]! + Math.ceil((sorted[b + 1]! - sorted[b]!) / each);
  const east = new Uint32Array(starts[buckets]! * 4).fill(NEVER_FITS);
  for (let b = 0; b < buckets; b++)
    for (let p = sorted[b]!, at = starts[b]! * 4; p < sorted[b + 1]!; p++, at += 4 / each) {
      const i = order[p]!;
      if (narrow) east[at] = restWord(shape, k, first[i]!, second[i]!);
      else {
        east[at] = first[i]!;
        east[at + 1] = second[i]!;
      }
    }
  return { east, starts };
}

const NEVER_FITS = 0xffff_ffff;
