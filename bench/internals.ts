// The one bench module that reaches into the repository beyond the package's public API. The bench
// times the built package, as its dependency `nqueens-wasm` (file:..); these are the few internals
// that the counting rows and the tables need besides (the plan's subproblems, handed alike to the
// wasm kernel and its C transcription; the kernel's exports and record layout, to drive it without
// the package around it; the tables' layout), and the engines tier's harness, which the --engines
// section runs (its runtimes, Worker host and browser launchers).

export * as layout from '../assembly/layout.js';
export { UNBOUNDED } from '../src/kernel/count-range.js';
export type { Subproblems } from '../src/kernel/subproblems.js';
export type { KernelExports } from '../src/kernel/wasm/kernel-exports.generated.js';
export { instantiateKernelSync } from '../src/kernel/wasm/module.js';
export { plan } from '../src/plan/plan.js';
export { formatMs, formatTable } from '../src/progress-display.js';
export { installPackage } from '../test/engines/install.js';
export { LAUNCHERS } from '../test/engines/launchers.js';
export { enginesDir, ensureRuntimes, runIn, SERVER_RUNTIMES, versionOf } from '../test/engines/runtimes.js';
export { openSite } from '../test/engines/site.js';
export { buildWorker, serveWorker } from '../test/engines/workerd.js';
