// The ways of counting, by the name a count's options give them.

import type { Method } from '../../types.js';
import type { CountingMethod } from '../counting-method.js';
import { backtrack } from './backtrack.js';
import { join } from './join.js';

const METHODS: Record<Method, CountingMethod> = { backtrack, join };

export function countingMethod(name: Method): CountingMethod {
  return METHODS[name];
}
