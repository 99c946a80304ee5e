// The GPU's pair test for the join (docs/gpu.md). Both sides of a row choice come sorted by key
// into buckets (half-boards.ts). A workgroup (WG invocations, the adapter's subgroup: they run in
// step anyway) takes a tile: up to 4 WG west half-boards of one row choice and one key, four an
// invocation (WG apart), and runs them against the east
// buckets whose keys that key can meet (every subset of its complement): the same loads at the
// same moment in every invocation, no branch that parts them, and each vec4 of east loaded once
// for four west half-boards. A pair fits where both diagonal words are disjoint, and counts for a
// weight that the two keys give (pairWeight), one per bucket. The workgroup adds its invocations'
// counts up in workgroup memory, and one invocation adds the sum to the row choice's 64-bit count:
// the low word, then a carry into the high one.
//
// The buffers, as join-kernel.ts packs them:
// - west: per half-board, (first, second), or (its narrow word, 0), each row choice's sorted by key;
// - east: two half-boards a vec4, (first, second) each, or four narrow words, each row choice's
//   sorted by key, each bucket padded to whole vec4s with half-boards that fit nothing;
// - starts: per row choice, BUCKETS + 1 indices into east: bucket b is starts[b] to starts[b + 1];
// - tiles: per tile, (row choice, its first west half-board, how many, their key);
// - counts: per row choice, its count, low and high words.

/** West half-boards an invocation tests: each east load serves this many. */
export const JOIN_WEST_PER_LANE = 4;

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

const NONE = vec4<u32>(0u);
const ONE = vec4<u32>(1u);

/** The pairs of one vec4 of east that fit a west half-board w, per east half-board in it. */
fn fitting(e: vec4<u32>, w: vec2<u32>) -> vec4<u32> {
  if (NARROW) {
    return select(NONE, ONE, (e & vec4<u32>(w.x)) == NONE);
  }
  let both = (e & vec4<u32>(w.x, w.y, w.x, w.y)) == NONE;
  return vec4<u32>(select(0u, 1u, both.x && both.y), select(0u, 1u, both.z && both.w), 0u, 0u);
}

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(local_invocation_index) lane: u32) {
  let tile = tiles[params.first + group.x];
  let choice = tile.x;
  let key = tile.w;
  // An invocation's west half-boards are lane, lane + WG, lane + 2 WG and lane + 3 WG of the
  // tile; one past the tile's end tests the tile's last again, and its count is left out.
  let w0 = west[tile.y + min(lane, tile.z - 1u)];
  let w1 = west[tile.y + min(lane + WG, tile.z - 1u)];
  let w2 = west[tile.y + min(lane + 2u * WG, tile.z - 1u)];
  let w3 = west[tile.y + min(lane + 3u * WG, tile.z - 1u)];
  let westLongest = countOneBits(key & LONGEST);
  let at = choice * (BUCKETS + 1u);
  let open = ~key & (BUCKETS - 1u);
  var found = NONE;
  var b = open;
  loop {
    let eastLongest = countOneBits(b & LONGEST);
    let weight = select(0u, 1u << westLongest, eastLongest == 0u) + select(0u, 1u << eastLongest, westLongest == 0u);
    if (weight != 0u) {
      var f0 = NONE;
      var f1 = NONE;
      var f2 = NONE;
      var f3 = NONE;
      let stop = starts[at + b + 1u];
      for (var p = starts[at + b]; p < stop; p++) {
        let e = east[p];
        f0 += fitting(e, w0);
        f1 += fitting(e, w1);
        f2 += fitting(e, w2);
        f3 += fitting(e, w3);
      }
      found += weight * vec4<u32>(dot(f0, ONE), dot(f1, ONE), dot(f2, ONE), dot(f3, ONE));
    }
    if (b == 0u) {
      break;
    }
    b = (b - 1u) & open;
  }
  let live = vec4<u32>(lane, lane + WG, lane + 2u * WG, lane + 3u * WG) < vec4<u32>(tile.z);
  // A west half-board's count is below 2^32 (4 for each of its fewer than 2^29 east half-boards,
  // HALF_BOARDS_MAX); the four of a lane are added with their carries.
  let sums = select(NONE, found, live);
  let half1 = sums.x + sums.y;
  let half2 = sums.z + sums.w;
  let sum = half1 + half2;
  low[lane] = sum;
  high[lane] = select(0u, 1u, half1 < sums.x) + select(0u, 1u, half2 < sums.z) + select(0u, 1u, sum < half1);
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
