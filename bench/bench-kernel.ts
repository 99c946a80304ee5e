// The benchmark's build of the wasm kernel (build/bench.wasm, from assembly/bench.ts): the release
// kernel plus a batch count that also counts the placements it tries, and one by the bitmask
// search alone. Never shipped.

import { readFileSync } from 'node:fs';
import { instantiateKernelSync, type KernelExports } from './internals.js';
import { packageRoot } from './native.js';

export interface BenchKernelExports extends KernelExports {
  countStepsCountingNodes(budget: number): number;
  countStepsBitmaskOnly(budget: number): number;
  nodesVisited(): bigint;
}

export function benchKernel(): BenchKernelExports {
  const bytes = readFileSync(`${packageRoot}build/bench.wasm`);
  return instantiateKernelSync(new WebAssembly.Module(bytes)) as BenchKernelExports;
}
