// One subproblem of a join's plan (a row choice: src/plan/join-subproblems.ts) counted alone on a kernel, and
// by a reference over every solution of the board: what test/join.test.ts and
// test/join-widths.test.ts check the kernels with.

import { FIXED_JOIN, RESULT_COMPLETIONS } from '../../assembly/layout.js';
import { jsKernel } from '../../src/kernel/js/index.js';
import type { Kernel } from '../../src/kernel/kernel.js';
import { type Subproblems, subproblemsIn } from '../../src/kernel/subproblems.js';
import { compileKernelSync } from '../../src/kernel/wasm/compile.js';
import { wasmKernel } from '../../src/kernel/wasm/kernel.js';
import { instantiateKernelSync } from '../../src/kernel/wasm/module.js';
import { joinSubproblems } from '../../src/plan/join-subproblems.js';
import type { JoinSubproblem } from './naive-join.js';

/** A fresh instance of each CPU kernel. */
export const kernels: Record<'wasm' | 'js', () => Kernel> = {
  wasm: () => wasmKernel(instantiateKernelSync(compileKernelSync())),
  js: () => jsKernel(),
};

const plans = new Map<number, Subproblems>();

/** n's join plan (no unique count), every unit made once, to read as a list. */
export function joinPlan(n: number): Subproblems {
  let list = plans.get(n);
  if (list === undefined) {
    const made = joinSubproblems(n, null);
    list = subproblemsIn(made, 0, made.count);
    plans.set(n, list);
  }
  return list;
}

/** Unit i of n's join plan: its row choice, and the middle queen's row (odd n; -1 on even n). */
export function subproblemOf(n: number, i: number): JoinSubproblem {
  const list = subproblemsIn(joinSubproblems(n, null), i, i + 1);
  return { n, eastRows: list.choice[0], middleRow: list.width > 0 ? list.queens[0] : -1 };
}

/**
 * A kernel that never finishes: far longer than any subproblem the tests count takes (the longest,
 * n = 23 on the TypeScript kernel in the least room, about a minute on the 2-core machine), and
 * shorter than those tests' own limits. The kernel's calls are synchronous, so a test's timeout
 * cannot stop a loop of them: this does.
 */
const GIVE_UP_MS = 4 * 60_000;

/** Steps a kernel call may take: a number for every call, or a function that says it call by call. */
export type Budget = number | (() => number);

/**
 * The least room in bytes a unit can be counted in on `kernel` (its quarter lists and
 * JOIN_ROOM_MIN half-boards a list): what the kernel says it needs when it is given none.
 */
export function leastRoom(kernel: Kernel, unit: JoinSubproblem): number {
  startUnit(kernel, unit, 0);
  if (kernel.countSteps(1 << 30) !== -1)
    throw new Error(`the ${kernel.engine} kernel counted n = ${unit.n} in no room`);
  return kernel.shortfall();
}

/**
 * Calls of `budget` steps that `kernel` takes to end a batch of one unit with lists of `room`
 * bytes, and how it ended: 1 (counted) or -1 (refused: the lists need more room).
 */
export function callsToEnd(
  kernel: Kernel,
  unit: JoinSubproblem,
  budget: number,
  room: number,
): { calls: number; ended: number } {
  startUnit(kernel, unit, room);
  const started = performance.now();
  for (let calls = 1; ; calls++) {
    const ended = kernel.countSteps(budget);
    if (ended !== 0) return { calls, ended };
    if (performance.now() - started > GIVE_UP_MS)
      throw new Error(`the ${kernel.engine} kernel never finished a unit of n = ${unit.n}`);
  }
}

/** Starts a batch of one unit on `kernel`, with lists of `room` bytes. */
function startUnit(kernel: Kernel, { n, eastRows, middleRow }: JoinSubproblem, room: number): void {
  // The subproblem as the plan writes it: on an odd board the middle column's queen, else no queen.
  const width = n % 2;
  if (width === 1) kernel.subproblems.set([middleRow, (n - 1) >> 1]);
  kernel.fixed[0] = FIXED_JOIN;
  kernel.eastRows[0] = eastRows;
  kernel.startBatch(1, n, width, room);
}

/**
 * A unit counted alone on `kernel`, in calls of `budget` steps, with lists of `room` bytes (0: the
 * least room the unit can be counted in, the bytes the kernel says it needs when it refuses 0: its
 * quarter lists and JOIN_ROOM_MIN half-boards a list, so that longer lists are taken in parts).
 */
export function countSubproblem(kernel: Kernel, unit: JoinSubproblem, budget: Budget, room: number): bigint {
  const { n } = unit;
  const stepsFor = typeof budget === 'number' ? () => budget : budget;
  let roomNow = room;
  for (;;) {
    startUnit(kernel, unit, roomNow);
    const started = performance.now();
    let done = 0;
    while (done === 0) {
      done = kernel.countSteps(stepsFor());
      if (done === 0 && performance.now() - started > GIVE_UP_MS)
        throw new Error(`the ${kernel.engine} kernel never finished a unit of n = ${n}`);
    }
    if (done === 1) return kernel.bigResult(0, RESULT_COMPLETIONS);
    // A join that could not have the memory for its lists ends the batch (-1), saying how much it needs.
    if (room !== 0 || roomNow !== 0)
      throw new Error(`the ${kernel.engine} kernel had no memory for the lists of n = ${n}`);
    roomNow = kernel.shortfall();
  }
}

/** Unit i of n's join plan counted alone on `kernel`, in calls of `budget` steps, with lists of `room` bytes. */
export function unitCount(kernel: Kernel, n: number, i: number, budget: Budget, room: number): bigint {
  return countSubproblem(kernel, subproblemOf(n, i), budget, room);
}

/**
 * What a unit counts, by the reference: over the solutions of n with this unit's row choice (the
 * queen of each row in `eastRows` right of the middle, of every other row left of it; on an odd
 * board the middle column's queen on `middleRow`), 2^w where no east queen stands on one of the two
 * longest diagonals (w: the west queens on them), plus 2^e where no west queen does (e: the east
 * ones). assembly/join.ts says why that, over a class of choices, adds up to its solutions.
 */
export function referenceUnit(n: number, eastRows: number, middleRow: number, solutions: number[][]): bigint {
  const half = n >> 1;
  const middleCol = (n - 1) >> 1;
  let found = 0n;
  for (const cols of solutions) {
    if (middleRow >= 0 && cols[middleRow] !== middleCol) continue;
    const fits = cols.every((col, row) => row === middleRow || ((eastRows >>> row) & 1) === (col >= n - half ? 1 : 0));
    if (!fits) continue;
    let east = 0;
    let west = 0;
    cols.forEach((col, row) => {
      if (row === middleRow || (row !== col && row + col !== n - 1)) return;
      if (col >= n - half) east++;
      else west++;
    });
    found += (east === 0 ? 2n ** BigInt(west) : 0n) + (west === 0 ? 2n ** BigInt(east) : 0n);
  }
  return found;
}
