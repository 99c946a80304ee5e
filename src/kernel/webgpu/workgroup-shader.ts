// The "workgroup" GPU kernel (WGSL), built the way the fastest GPU counters are built. Each
// invocation runs Martin Richards' bitmask search over the free rows of one task after another,
// iteratively, with its stack in workgroup memory:
//
// - One word per level: the queen placed there. Going back up, cols loses that bit and the
//   diagonals shift back; the bits a diagonal shifted off the board on the way down cannot come
//   back by shifting, so they are kept, all levels together, in two registers (ldMem, rdMem: a
//   task spans fewer than 32 rows, so they fit). The squares still to try on a level are recomputed
//   from its mask: those above the queen that were free.
// - The stack is laid out level-major, stack[level * WORKGROUP_SIZE + local index]: the bank an
//   invocation touches depends on its index alone, at whatever level, so the invocations of a
//   warp never collide on a bank however far apart their depths.
// - The last free row is never entered: placing a queen on the row above counts the open squares
//   below it at once, and a placement that leaves the next row closed is not entered either.
// - Every step runs the same instructions, going down or up, choosing results with select():
//   invocations side by side run in lockstep, and where they branch apart each pays for both ways.
// - Invocations fetch tasks from a shared counter as they finish them, so that none idles while
//   tasks are left. Tasks come biggest first, in record order within a size (tasks.ts): the last
//   to run are small, and neighbours read the same record's rows, through the cache.
// - Completions are counted per invocation, and added per record on the GPU: when an invocation
//   moves on to another record, and at the end of a dispatch through a reduction in workgroup
//   memory (the invocations holding the same record add theirs up, and one of them adds the sum
//   to the record's 64-bit count with two 32-bit atomics). The host reads one count per record.
//
// Resumable: an invocation takes at most `budget` steps per dispatch; a search it has not
// finished by then is saved in the invocation's slot (carry) and resumed by the same invocation
// in the next dispatch. A step's count is at most 32 and the budget at most 2^24, so an
// invocation's count in one dispatch fits in 32 bits; the records' counts are 64-bit.

/** Invocations per workgroup. */
export const WORKGROUP_SIZE = 64;
/** Levels a stack holds: more than a task can place (a board has at most 32 rows). */
const STACK_LEVELS = 32;
/** Bits of a task's first word that name its record; then 5 bits of first level, 5 of last. */
export const RECORD_BITS = 22;
/** Words of a saved search before its stack: [task word, level, cols, left, right, free, ldMem, rdMem]. */
export const CARRY_HEAD = 8;
const RECORD_MASK = (1 << RECORD_BITS) - 1;

export const WORKGROUP_SHADER = /* wgsl */ `
struct Params {
  tasks: u32,   // fresh tasks in this wave
  budget: u32,  // steps per invocation in this dispatch
  lanes: u32,   // invocations that work in this dispatch
  slots: u32,   // saved-search slots: the stride between the words of a slot
}

struct Control {
  next: atomic<u32>,       // the next fresh task to fetch
  suspended: atomic<u32>,  // searches saved in this dispatch
}

@group(0) @binding(0) var<uniform> params: Params;
// Per record, per level: (open squares, rows to the next level, open squares of the next level, 0).
@group(0) @binding(1) var<storage, read> records: array<vec4<u32>>;
// Per fresh task: (record | first level << ${RECORD_BITS} | last level << ${RECORD_BITS + 5}, cols, left, right).
@group(0) @binding(2) var<storage, read> tasks: array<vec4<u32>>;
// Saved searches, one slot per invocation; word k of slot s at k * slots + s. Word 0 is 0 when empty.
@group(0) @binding(3) var<storage, read_write> carry: array<u32>;
// Per record, its completions as (low, high) words.
@group(0) @binding(4) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> control: Control;

const WG = ${WORKGROUP_SIZE}u;
const NONE = 0xffffffffu;

var<workgroup> stack: array<u32, ${STACK_LEVELS * WORKGROUP_SIZE}>;
var<workgroup> runRecord: array<u32, ${WORKGROUP_SIZE}>;
var<workgroup> runFound: array<u32, ${WORKGROUP_SIZE}>;

fn add64(record: u32, low: u32, high: u32) {
  let before = atomicAdd(&counts[2u * record], low);
  let up = high + select(0u, 1u, before + low < before);
  if (up != 0u) {
    atomicAdd(&counts[2u * record + 1u], up);
  }
}

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let slot = id.x;
  let slots = params.slots;
  let lane = slot < params.lanes;
  var budget = params.budget;
  var busy = false;
  var word = 0u;
  var base = 0u;
  var start = 0u;
  var last = 0u;
  var level = 0u;
  var cols = 0u;
  var left = 0u;
  var right = 0u;
  var free = 0u;
  var ldMem = 0u;
  var rdMem = 0u;
  var run = NONE;   // the record whose completions 'found' holds
  var found = 0u;

  if (lane) {
    word = carry[slot];
    if (word != 0u) {
      busy = true;
      run = word & ${RECORD_MASK}u;
      base = run * 32u;
      start = (word >> ${RECORD_BITS}u) & 31u;
      last = word >> ${RECORD_BITS + 5}u;
      level = carry[slots + slot];
      cols = carry[2u * slots + slot];
      left = carry[3u * slots + slot];
      right = carry[4u * slots + slot];
      free = carry[5u * slots + slot];
      ldMem = carry[6u * slots + slot];
      rdMem = carry[7u * slots + slot];
      for (var j = 0u; j < level - start; j++) {
        stack[j * WG + lid] = carry[(${CARRY_HEAD}u + j) * slots + slot];
      }
      carry[slot] = 0u;
    }
  }

  loop {
    if (!busy) {
      if (!lane || budget == 0u) {
        break;
      }
      let t = atomicAdd(&control.next, 1u);
      if (t >= params.tasks) {
        break;
      }
      let task = tasks[t];
      word = task.x;
      let record = word & ${RECORD_MASK}u;
      if (record != run) {
        if (found != 0u) {
          add64(run, found, 0u);
        }
        run = record;
        found = 0u;
      }
      base = record * 32u;
      start = (word >> ${RECORD_BITS}u) & 31u;
      last = word >> ${RECORD_BITS + 5}u;
      level = start;
      cols = task.y;
      left = task.z;
      right = task.w;
      ldMem = 0u;
      rdMem = 0u;
      free = records[base + start].x & ~(cols | left | right);
      busy = true;
    }
    if (budget == 0u) {
      carry[slot] = word;
      carry[slots + slot] = level;
      carry[2u * slots + slot] = cols;
      carry[3u * slots + slot] = left;
      carry[4u * slots + slot] = right;
      carry[5u * slots + slot] = free;
      carry[6u * slots + slot] = ldMem;
      carry[7u * slots + slot] = rdMem;
      for (var j = 0u; j < level - start; j++) {
        carry[(${CARRY_HEAD}u + j) * slots + slot] = stack[j * WG + lid];
      }
      atomicAdd(&control.suspended, 1u);
      break;
    }
    budget -= 1u;

    // One step, the same instructions for every invocation whichever way it goes (a branch that
    // neighbours take differently costs them both ways): down, a queen on the lowest open square
    // (entering the row below only if it is not the last and has open squares; on the last, its
    // open squares are completions); or up, the queen of the level above taken off, the
    // diagonals shifted back with the bits they lost, and the squares still to try recomputed.
    let up = free == 0u;
    if (up && level == start) {
      busy = false;
      continue;
    }
    let at = level - select(0u, 1u, up);
    let row = records[base + at];
    let s = row.y;
    let bit = select(free & (0u - free), stack[(at - start) * WG + lid], up);
    let lb = left | bit;
    let rb = right | bit;
    let downCols = cols | bit;
    let downLeft = lb << s;
    let downRight = rb >> s;
    let below = row.z & ~(downCols | downLeft | downRight);
    let upCols = cols ^ bit;
    let upLeft = ((left >> s) | (ldMem << (32u - s))) & ~bit;
    let upRight = ((right << s) | (rdMem >> (32u - s))) & ~bit;
    let upFree = row.x & ~(upCols | upLeft | upRight) & (0u - (bit << 1u));
    let leaf = !up && level + 1u == last;
    found += select(0u, countOneBits(below), leaf);
    let push = !up && !leaf && below != 0u;
    // Going up, this slot is above the stack's top: writing it there changes nothing.
    stack[(level - start) * WG + lid] = bit;
    ldMem = select(select(ldMem, (ldMem << s) | (lb >> (32u - s)), push), ldMem >> s, up);
    rdMem = select(select(rdMem, (rdMem >> s) | (rb << (32u - s)), push), rdMem << s, up);
    cols = select(select(cols, downCols, push), upCols, up);
    left = select(select(left, downLeft, push), upLeft, up);
    right = select(select(right, downRight, push), upRight, up);
    free = select(select(free ^ bit, below, push), upFree, up);
    level = select(level + select(0u, 1u, push), level - 1u, up);
  }

  // The dispatch's counts, added up per record in the workgroup: the first invocation holding a
  // record adds what every invocation holding it found.
  runRecord[lid] = select(NONE, run, found != 0u);
  runFound[lid] = found;
  workgroupBarrier();
  if (found != 0u) {
    var first = true;
    for (var j = 0u; j < lid; j++) {
      if (runRecord[j] == run) {
        first = false;
        break;
      }
    }
    if (first) {
      var low = 0u;
      var high = 0u;
      for (var j = lid; j < WG; j++) {
        if (runRecord[j] == run) {
          low += runFound[j];
          high += select(0u, 1u, low < runFound[j]);
        }
      }
      add64(run, low, high);
    }
  }
}
`;
