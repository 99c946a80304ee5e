// The "placement" GPU kernel (WGSL): every iteration of its loop places one queen. Each invocation
// runs Martin Richards' bitmask search over the free rows of one task after another:
//
// - The level being searched is in registers: its columns, diagonals, the squares still to try,
//   and what the next row needs (its open squares, the rows to it). A step takes the lowest square
//   and places the queen there; the row below is counted (the last row: a population count) or
//   entered, or neither when it is closed.
// - A level is kept on the stack only while it has squares left: when a step takes a level's
//   last square, the level is dropped in that step, so that going down needs no save, and going
//   back up lands, in that same step, on the nearest level with a square to try. No iteration
//   only climbs.
// - The stack is in workgroup memory, 16 bytes a level (columns, diagonals, squares left), laid
//   out level-major, entries[depth * WG + local index]: an invocation's entries sit in the bank of
//   its index at every depth, so the invocations of a warp never collide on a bank. What each
//   level of the task's record needs (next row's open squares, rows to it) is copied there too
//   when the task starts: the loop reads no storage buffer.
// - Branch-free: every step stores the level into its slot and loads the slot it goes to (the
//   one just stored when it stays on its level), choosing with select(): invocations side by side
//   run in lockstep, and where they branch apart each pays for both ways.
// - Invocations fetch tasks from a shared counter as they finish them. Tasks come biggest first,
//   in record order within a size (tasks.ts).
// - Completions are counted per invocation and added per record on the GPU: when an invocation
//   moves on to another record, and at the end of a dispatch through a reduction in workgroup
//   memory. The host reads one 64-bit count per record.
//
// Resumable: an invocation takes at most `budget` steps per dispatch; a search it has not
// finished by then is saved in the invocation's slot (carry) and resumed by the same invocation
// in the next dispatch. A step's count is at most 32 and the budget at most 2^24, so an
// invocation's count in one dispatch fits in 32 bits; the records' counts are 64-bit.
//
// WG (invocations per workgroup) and DEPTH (the levels a task may span) are pipeline constants:
// 16 bytes of stack and 8 of record a level, per invocation, within WebGPU's 16 KiB of workgroup
// memory: 32 invocations and 21 levels, or, for the rare wave with deeper tasks, 16 and 32.

/** Bits of a task's first word that name its record; then 5 bits of first level, 5 of last. */
export const RECORD_BITS = 22;
/** Words of a saved search before its stack: [task word, cols, left, right, free, entries, first column count]. */
export const CARRY_HEAD = 7;
/** Entries of a record's table: its first level's open squares, then (next row's open squares, rows to it) per level. */
export const TABLE_ENTRIES = 33;
const RECORD_MASK = (1 << RECORD_BITS) - 1;

/** A pipeline's shape: invocations per workgroup, and the levels a task may span. */
export interface PlacementShape {
  readonly workgroup: number;
  readonly depth: number;
}

/** The shape for tasks of up to 21 levels (every board up to n = 23, and most beyond). */
export const SHALLOW: PlacementShape = { workgroup: 32, depth: 21 };
/** The shape for any task (a board has at most 32 rows). */
export const DEEP: PlacementShape = { workgroup: 16, depth: 32 };

/** Invocations a dispatch may grow to: enough to fill the largest GPUs (an H100 holds about 2^18 at once). */
export const MAX_INVOCATIONS = 1 << 18;

/** Where a dispatch's work starts, and its bounds (budget.ts). */
export const PLACEMENT_BUDGET = {
  placements: 1 << 10,
  minPlacements: 1 << 8,
  invocations: 256,
  maxInvocations: MAX_INVOCATIONS,
} as const;

export const PLACEMENT_SHADER = /* wgsl */ `
override WG: u32 = ${SHALLOW.workgroup}u;
override DEPTH: u32 = ${SHALLOW.depth}u;

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
// Per record, ${TABLE_ENTRIES} entries: (first level's open squares, 0), then per level
// (the next row's open squares, rows to it).
@group(0) @binding(1) var<storage, read> table: array<vec2<u32>>;
// Per fresh task: (record | first level << ${RECORD_BITS} | last level << ${RECORD_BITS + 5}, cols, left, right).
@group(0) @binding(2) var<storage, read> tasks: array<vec4<u32>>;
// Saved searches, one slot per invocation; word k of slot s at k * slots + s. Word 0 is 0 when empty.
@group(0) @binding(3) var<storage, read_write> carry: array<u32>;
// Per record, its completions as (low, high) words.
@group(0) @binding(4) var<storage, read_write> counts: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> control: Control;

const NONE = 0xffffffffu;

// Per invocation, level-major: the levels below the one searched that have squares left, and
// what each level of the task needs from its record.
var<workgroup> entries: array<vec4<u32>, DEPTH * WG>;
var<workgroup> levels: array<vec2<u32>, DEPTH * WG>;
var<workgroup> runRecord: array<u32, WG>;
var<workgroup> runFound: array<u32, WG>;

fn add64(record: u32, low: u32, high: u32) {
  let before = atomicAdd(&counts[2u * record], low);
  let up = high + select(0u, 1u, before + low < before);
  if (up != 0u) {
    atomicAdd(&counts[2u * record + 1u], up);
  }
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let slot = id.x;
  let slots = params.slots;
  let lane = slot < params.lanes;
  let end = DEPTH * WG;
  var budget = params.budget;
  var busy = false;
  var word = 0u;
  var cols = 0u;
  var left = 0u;
  var right = 0u;
  var free = 0u;
  var next = 0u;     // the open squares of the row below
  var shift = 0u;    // rows to it
  var leaf = false;  // the row below is the last
  var at = 0u;       // this level's slot: entries below it * WG + lid
  var base = 0u;     // where the first level's column count puts levels[] of this task: lid - count * WG
  var last = 0u;     // the column count at which the row below is the last
  var run = NONE;    // the record whose completions 'found' holds
  var found = 0u;

  // A search saved by the last dispatch is resumed first.
  var resume = false;
  if (lane) {
    word = carry[slot];
    resume = word != 0u;
  }
  loop {
    if (!busy) {
      var task = vec4<u32>();
      if (!resume) {
        if (!lane || budget == 0u) {
          break;
        }
        let t = atomicAdd(&control.next, 1u);
        if (t >= params.tasks) {
          break;
        }
        task = tasks[t];
        word = task.x;
      }
      let record = word & ${RECORD_MASK}u;
      if (record != run) {
        if (found != 0u) {
          add64(run, found, 0u);
        }
        run = record;
        found = 0u;
      }
      // What each level of the task needs, from its record's table into this invocation's column.
      let start = (word >> ${RECORD_BITS}u) & 31u;
      let span = (word >> ${RECORD_BITS + 5}u) - start;
      let row = record * ${TABLE_ENTRIES}u + start;
      for (var i = 0u; i < span; i++) {
        levels[i * WG + lid] = table[row + 1u + i];
      }
      var first = 0u;
      if (resume) {
        resume = false;
        cols = carry[slots + slot];
        left = carry[2u * slots + slot];
        right = carry[3u * slots + slot];
        free = carry[4u * slots + slot];
        let saved = carry[5u * slots + slot];
        first = carry[6u * slots + slot];
        for (var j = 0u; j < saved; j++) {
          let k = (${CARRY_HEAD}u + 4u * j) * slots + slot;
          entries[j * WG + lid] = vec4<u32>(carry[k], carry[k + slots], carry[k + 2u * slots], carry[k + 3u * slots]);
        }
        at = saved * WG + lid;
        carry[slot] = 0u;
      } else {
        cols = task.y;
        left = task.z;
        right = task.w;
        free = table[row].x & ~(cols | left | right);
        at = lid;
        first = countOneBits(cols);
      }
      // A level's column count, less the first's, is its row in levels[].
      base = lid - first * WG;
      last = first + span - 1u;
      let count = countOneBits(cols);
      let level = levels[count * WG + base];
      next = level.x;
      shift = level.y;
      leaf = count == last;
      busy = true;
    }
    if (budget == 0u) {
      carry[slot] = word;
      carry[slots + slot] = cols;
      carry[2u * slots + slot] = left;
      carry[3u * slots + slot] = right;
      carry[4u * slots + slot] = free;
      let saved = (at - lid) / WG;
      carry[5u * slots + slot] = saved;
      carry[6u * slots + slot] = (lid - base) / WG;
      for (var j = 0u; j < saved; j++) {
        let e = entries[j * WG + lid];
        let k = (${CARRY_HEAD}u + 4u * j) * slots + slot;
        carry[k] = e.x;
        carry[k + slots] = e.y;
        carry[k + 2u * slots] = e.z;
        carry[k + 3u * slots] = e.w;
      }
      atomicAdd(&control.suspended, 1u);
      break;
    }
    budget -= 1u;

    // One placement: the lowest square left on this level. The row below is counted (the last),
    // entered (if open), or neither.
    let bit = free & (0u - free);
    let rest = free ^ bit;
    let downCols = cols | bit;
    let downLeft = (left | bit) << shift;
    let downRight = (right | bit) >> shift;
    let below = next & ~(downCols | downLeft | downRight);
    found += select(0u, countOneBits(below), leaf);
    let down = !leaf & (below != 0u);
    let keep = rest != 0u;
    // This level into its slot: kept there if it has squares left while the search goes down;
    // read back if it stays here. Going up drops it: the slot below is the nearest level with a
    // square left, and none below the first means the task is done.
    entries[at] = vec4<u32>(cols, left, right, rest);
    at = at + select(0u, WG, keep) - select(WG, 0u, down);
    busy = at < end;
    let back = entries[at];
    cols = select(back.x, downCols, down);
    left = select(back.y, downLeft, down);
    right = select(back.z, downRight, down);
    free = select(back.w, below, down);
    let count = countOneBits(cols);
    let level = levels[count * WG + base];
    next = level.x;
    shift = level.y;
    leaf = count == last;
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
