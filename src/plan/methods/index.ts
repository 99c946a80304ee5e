// The counting methods' modules, by name: the planner, the public functions and checkpoints ask
// them for a method's part and never ask which method it is. Their keys are the methods' list
// (method-list.ts), whose order says which a count goes by where it names none.

import { METHOD_NAMES } from '../../method-list.js';
import type { Engine, GpuAdapter, Method, Queen } from '../../types.js';
import { backtrack } from './backtrack.js';
import { join } from './join.js';
import type { MethodModule } from './method.js';

const MODULES: { readonly [name in Method]: MethodModule } = { backtrack, join };

export function methodOf(name: Method): MethodModule {
  return MODULES[name];
}

/** The method a count goes by where its caller names none: the first of the list whose default range holds it. */
export function defaultMethod(
  n: number,
  placed: readonly Queen[] | null,
  engine: Engine,
  adapter?: GpuAdapter,
): Method {
  return METHOD_NAMES.find((name) => MODULES[name].isDefault(n, placed, engine, adapter))!;
}
