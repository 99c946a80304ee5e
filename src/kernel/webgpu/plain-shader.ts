// The "plain" GPU kernel (WGSL), the first one written and kept to compare with: one invocation
// per task, a task being a subproblem's record with some of its first free rows already placed by
// the host (tasks.ts). Each invocation counts its task's
// completions with Martin Richards' bitmask search over the record's free rows, iterative, on an
// explicit stack in private memory, and adds them to a 64-bit count kept as two u32 (WGSL has no
// u64).
//
// Resumable: an invocation places at most `budget` queens per dispatch, then writes its state back
// into its task and appends the task to `activeOut`, so that the next dispatch runs only the tasks
// with work left. The host keeps every dispatch short: a GPU that runs one for too long is reset
// by the browser (or, on a software adapter, holds the GPU process until it ends).

/** u32 words per record: the open squares of each free row, then the row distance to the next. */
export const RECORD_WORDS = 64;
/** u32 words of a task before its stack; the stack holds 4 words per level (see TASK_STACK). */
export const TASK_HEAD = 8;
/** Task words: [record, levels, level, cols, left, right, free, start]. */
export const TASK = { record: 0, levels: 1, level: 2, cols: 3, left: 4, right: 5, free: 6, start: 7 } as const;
/** Invocations per workgroup. */
export const WORKGROUP_SIZE = 64;

export const PLAIN_SHADER = /* wgsl */ `
struct Params {
  running: u32,  // tasks listed in activeIn
  budget: u32,   // placements per invocation in this dispatch
  stride: u32,   // u32 words per task: ${TASK_HEAD} + 4 * depth
  depth: u32,    // stack levels per task (the most free rows of any record)
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> records: array<u32>;
@group(0) @binding(2) var<storage, read_write> tasks: array<u32>;
@group(0) @binding(3) var<storage, read_write> counts: array<u32>;
@group(0) @binding(4) var<storage, read> activeIn: array<u32>;
@group(0) @binding(5) var<storage, read_write> activeOut: array<u32>;
@group(0) @binding(6) var<storage, read_write> activeCount: atomic<u32>;

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x >= params.running) {
    return;
  }
  let task = activeIn[id.x];
  let at = task * params.stride;
  let record = tasks[at + ${TASK.record}u] * ${RECORD_WORDS}u;
  let last = tasks[at + ${TASK.levels}u] - 1u;
  let start = tasks[at + ${TASK.start}u];
  var level = tasks[at + ${TASK.level}u];
  var cols = tasks[at + ${TASK.cols}u];
  var left = tasks[at + ${TASK.left}u];
  var right = tasks[at + ${TASK.right}u];
  var free = tasks[at + ${TASK.free}u];

  // Per level below the current one: the squares still to try, and the masks to go back to.
  // Diagonal masks are kept rather than recomputed: shifting back cannot restore the bits that
  // went off the board.
  var freeAt: array<u32, 32>;
  var colsAt: array<u32, 32>;
  var leftAt: array<u32, 32>;
  var rightAt: array<u32, 32>;
  let stack = at + ${TASK_HEAD}u;
  let depth = params.depth;
  for (var j = start; j < level; j++) {
    freeAt[j] = tasks[stack + j];
    colsAt[j] = tasks[stack + depth + j];
    leftAt[j] = tasks[stack + 2u * depth + j];
    rightAt[j] = tasks[stack + 3u * depth + j];
  }

  var lo = counts[2u * task];
  var hi = counts[2u * task + 1u];
  var budget = params.budget;
  var finished = false;
  loop {
    if (free != 0u) {
      if (level == last) {
        // The last free row: each open square completes a solution.
        let found = countOneBits(free);
        lo += found;
        hi += select(0u, 1u, lo < found);
        free = 0u;
        continue;
      }
      if (budget == 0u) {
        break;
      }
      budget -= 1u;
      let bit = free & (0u - free);
      freeAt[level] = free ^ bit;
      colsAt[level] = cols;
      leftAt[level] = left;
      rightAt[level] = right;
      let shift = records[record + 32u + level];
      cols |= bit;
      left = (left | bit) << shift;
      right = (right | bit) >> shift;
      level += 1u;
      free = records[record + level] & ~(cols | left | right);
    } else {
      if (level == start) {
        finished = true;
        break;
      }
      level -= 1u;
      free = freeAt[level];
      cols = colsAt[level];
      left = leftAt[level];
      right = rightAt[level];
    }
  }

  counts[2u * task] = lo;
  counts[2u * task + 1u] = hi;
  if (!finished) {
    tasks[at + ${TASK.level}u] = level;
    tasks[at + ${TASK.cols}u] = cols;
    tasks[at + ${TASK.left}u] = left;
    tasks[at + ${TASK.right}u] = right;
    tasks[at + ${TASK.free}u] = free;
    for (var j = start; j < level; j++) {
      tasks[stack + j] = freeAt[j];
      tasks[stack + depth + j] = colsAt[j];
      tasks[stack + 2u * depth + j] = leftAt[j];
      tasks[stack + 3u * depth + j] = rightAt[j];
    }
    activeOut[atomicAdd(&activeCount, 1u)] = task;
  }
}
`;
