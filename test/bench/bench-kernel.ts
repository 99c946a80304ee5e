// The benchmark's build of the wasm kernel (build/bench.wasm, from assembly/bench.ts): the release
// kernel plus a batch count that also counts the placements it tries, and one by the bitmask
// search alone. Never shipped.

import { readFileSync } from 'node:fs';
import { repositoryRoot } from '../../bench/repository.js';
import type { KernelExports } from '../../src/kernel/wasm/kernel-exports.generated.js';
import { instantiateKernelSync } from '../../src/kernel/wasm/module.js';

export interface BenchKernelExports extends KernelExports {
  countStepsCountingNodes(budget: number): number;
  countStepsBitmaskOnly(budget: number): number;
  nodesVisited(): bigint;
}

export function benchKernel(): BenchKernelExports {
  const bytes = readFileSync(`${repositoryRoot}build/bench.wasm`);
  return instantiateKernelSync(new WebAssembly.Module(bytes)) as BenchKernelExports;
}
