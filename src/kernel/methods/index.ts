// Each counting method's part for the runner (counting-method.ts), by the name a count's work
// gives it: a worker thread is sent the name. Its keys are the methods' list (method-list.ts).

import type { Method } from '../../types.js';
import type { CountingMethod } from '../counting-method.js';
import { backtrack } from './backtrack.js';
import { join } from './join.js';

const RUNNERS: { readonly [name in Method]: CountingMethod } = { backtrack, join };

export function countingMethod(name: Method): CountingMethod {
  return RUNNERS[name];
}
