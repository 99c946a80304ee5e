// A counting method as the planner and the public functions see it: its subproblems, where it
// applies, where a count goes by it without asking, its finish and what binds its checkpoints.
// Each method is a module beside this one and a name in the list (method-list.ts); what its
// subproblems ask of a kernel is its module of kernel/methods/, which worker threads load.

import type { PlannedSubproblems } from '../../kernel/subproblems.js';
import type { Tally } from '../../kernel/tally.js';
import type { Engine, GpuAdapter, Method, Queen } from '../../types.js';

export interface MethodModule {
  readonly name: Method;
  /**
   * The subproblems of a whole count (before it is split into shards) of the n×n board, with
   * `placed` queens (or none), which add up to a unique count where `countsUnique`.
   */
  subproblems(n: number, placed: readonly Queen[] | null, countsUnique: boolean): PlannedSubproblems;
  /**
   * Refuses, with an ArgumentRangeError coded ERR_NOT_APPLICABLE, a count that names this method
   * where it cannot count: of n, with `placed` queens, on `engine` (undefined: the default).
   */
  checkApplies(n: number, placed: readonly Queen[] | null, engine: Engine | undefined): void;
  /**
   * Whether a count that names no method goes by this one: the first method of the list whose
   * default range holds the count does. On the GPU, `adapter` is the one it counts on.
   */
  isDefault(n: number, placed: readonly Queen[] | null, engine: Engine, adapter?: GpuAdapter): boolean;
  /** The unique count of the n×n board, from the tally of a whole count's subproblems. */
  unique(tally: Tally, n: number): bigint;
  /**
   * What a checkpoint of a count by this method is bound to besides its subproblems' queens,
   * weights and stabilizers: their choices (kernel/subproblems.ts); and whether the checksum takes
   * in the method's name.
   */
  readonly checkpoint: { readonly choices: boolean; readonly named: boolean };
}
