import { RESULT_COMPLETIONS } from '../../assembly/layout.js';
import type { Kernel } from '../../src/kernel/kernel.js';
import type { Queen } from '../../src/types.js';

/** Counts one subproblem on a kernel in calls of `budget` steps. */
export function kernelCount(kernel: Kernel, n: number, queens: readonly Queen[], budget: number): bigint {
  kernel.subproblems.set(queens.flat());
  kernel.fixed[0] = 0;
  kernel.startBatch(1, n, queens.length, 0);
  while (kernel.countSteps(budget) < 1);
  return kernel.bigResult(0, RESULT_COMPLETIONS);
}
