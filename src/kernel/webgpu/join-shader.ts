// The GPU's pair test for the join (docs/gpu.md). Both sides of a row choice come sorted by key
// into buckets (half-boards.ts). A workgroup takes a tile: up to WG west half-boards of one row
// choice and one key, one an invocation, and runs them in step against the east
// buckets whose keys that key can meet (every subset of its complement): the same loads at the
// same moment in every invocation, no branch that parts them. A pair fits where both diagonal
// words are disjoint, and counts for a weight that the two keys give (pairWeight), one per bucket.
// The workgroup adds its invocations' counts up in workgroup memory, and one invocation adds the
// sum to the row choice's 64-bit count: the low word, then a carry into the high one.
//
// The buffers, as join-kernel.ts packs them:
// - west: per half-board, (first, second), or (its narrow word, 0), each row choice's sorted by key;
// - east: two half-boards a vec4, (first, second) each, or four narrow words, each row choice's
//   sorted by key, each bucket padded to whole vec4s with half-boards that fit nothing;
// - starts: per row choice, BUCKETS + 1 indices into east: bucket b is starts[b] to starts[b + 1];
// - tiles: per tile, (row choice, its first west half-board, how many, their key);
// - counts: per row choice, its count, low and high words.

/**
 * Invocations per workgroup, the west half-boards of a tile, as the batch chooses them (a pipeline
 * constant): 64 where a key holds many west half-boards, fewer where most would idle.
 */
export const JOIN_LANES = [16, 32, 64] as const;
export type JoinLanes = (typeof JOIN_LANES)[number];

export const JOIN_SHADER = /* wgsl */ `
override WG: u32 = 64u;
// The board's keys (half-boards.ts, keyShape): pipeline constants, as the tile's width is.
override BUCKETS: u32 = 64u;
override LONGEST: u32 = 18u;
// Whether a half-board is one word, its bits outside the key (half-boards.ts, restWord): four to
// a vec4 of east, the west's in x. Else two words, (first, second), two to a vec4.
override NARROW: bool = false;

struct Params {
  // The dispatch's first tile.
  first: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> west: array<vec2<u32>>;
@group(0) @binding(2) var<storage, read> east: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> starts: array<u32>;
@group(0) @binding(4) var<storage, read> tiles: array<vec4<u32>>;
@group(0) @binding(5) var<storage, read_write> counts: array<atomic<u32>>;

var<workgroup> low: array<u32, WG>;
var<workgroup> high: array<u32, WG>;

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(local_invocation_index) lane: u32) {
  let tile = tiles[params.first + group.x];
  let choice = tile.x;
  let key = tile.w;
  // A lane past the tile's end tests its last half-board again, and its count is left out.
  let w = west[tile.y + min(lane, tile.z - 1u)];
  let westLongest = countOneBits(key & LONGEST);
  let at = choice * (BUCKETS + 1u);
  let open = ~key & (BUCKETS - 1u);
  var found: u32 = 0u;
  var b = open;
  loop {
    let eastLongest = countOneBits(b & LONGEST);
    let weight = select(0u, 1u << westLongest, eastLongest == 0u) + select(0u, 1u << eastLongest, westLongest == 0u);
    if (weight != 0u) {
      var fits: u32 = 0u;
      let stop = starts[at + b + 1u];
      if (NARROW) {
        for (var p = starts[at + b]; p < stop; p++) {
          let e = east[p] & vec4<u32>(w.x);
          fits += dot(select(vec4<u32>(0u), vec4<u32>(1u), e == vec4<u32>(0u)), vec4<u32>(1u));
        }
      } else {
        for (var p = starts[at + b]; p < stop; p++) {
          let e = east[p];
          fits += select(0u, 1u, ((e.x & w.x) | (e.y & w.y)) == 0u) + select(0u, 1u, ((e.z & w.x) | (e.w & w.y)) == 0u);
        }
      }
      found += weight * fits;
    }
    if (b == 0u) {
      break;
    }
    b = (b - 1u) & open;
  }
  low[lane] = select(0u, found, lane < tile.z);
  high[lane] = 0u;
  workgroupBarrier();
  for (var half = WG / 2u; half > 0u; half >>= 1u) {
    if (lane < half) {
      let a = low[lane];
      let sum = a + low[lane + half];
      low[lane] = sum;
      high[lane] += high[lane + half] + select(0u, 1u, sum < a);
    }
    workgroupBarrier();
  }
  if (lane == 0u && (low[0] != 0u || high[0] != 0u)) {
    let before = atomicAdd(&counts[2u * choice], low[0]);
    let carry = select(0u, 1u, before + low[0] < before);
    if (high[0] + carry != 0u) {
      atomicAdd(&counts[2u * choice + 1u], high[0] + carry);
    }
  }
}
`;
