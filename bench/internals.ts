// The library as the benchmark takes it in its own process, and the one bench module that reaches
// into the sources: the public API, and the few internals that the counting rows and the tables
// need (the plan's subproblems, handed alike to the wasm kernel and its C transcription; the
// kernel's exports and record layout, to drive it without the package around it; the tables' layout).
// The processes the bench starts to time the package as users get it load the build instead,
// dist/nqueens-wasm.js.

export * as layout from '../assembly/layout.js';
export type { CountSyncOptions } from '../src/index.js';
export { compareEngines, count, countSync, findSolution, solutions } from '../src/index.js';
export { UNBOUNDED } from '../src/kernel/count-range.js';
export type { Subproblems } from '../src/kernel/subproblems.js';
export type { KernelExports } from '../src/kernel/wasm/kernel-exports.generated.js';
export { instantiateKernelSync } from '../src/kernel/wasm/module.js';
export { plan } from '../src/plan/plan.js';
export { formatMs, formatTable } from '../src/progress-display.js';
