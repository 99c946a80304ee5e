// nqueens-wasm: count, list and find solutions of the n-queens puzzle.

export { compareEngines } from './compare.js';
export { count, countSync, totalNQueens } from './count.js';
// The errors a caller may want to tell apart with instanceof (argument errors are plain
// TypeError and RangeError).
export { GpuLostError, WasmUnavailableError, WebGPUUnavailableError, WorkersRefusedError } from './errors.js';
export { findSolution } from './find-solution.js';
export { isSolution } from './is-solution.js';
export { solutions, solveNQueens } from './solutions.js';
export type {
  Checkpoint,
  CompareOptions,
  CompareResult,
  CountOptions,
  CountResult,
  CountSyncOptions,
  Engine,
  ExactCounts,
  Progress,
  Queen,
  Shard,
  SolutionsOptions,
} from './types.js';
export { useWasmModule } from './use-wasm-module.js';
