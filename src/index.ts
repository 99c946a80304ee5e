// nqueens-wasm: count, list and find solutions of the n-queens puzzle.

export { checkCompareEngines, compareEngines } from './compare.js';
export { count, countSync, totalNQueens } from './count.js';
export type { ArgumentErrorCode, ArgumentProblem, ArgumentWording, ErrorCode } from './errors.js';
// The errors a caller may want to tell apart with instanceof; argument errors are TypeErrors and
// RangeErrors that also say which argument and what it must be (ArgumentProblem).
export {
  ArgumentRangeError,
  ArgumentTypeError,
  GpuLostError,
  InternalError,
  JoinMemoryError,
  WasmUnavailableError,
  WebGPUUnavailableError,
  WorkerFailedError,
  WorkersRefusedError,
} from './errors.js';
export { findGpu } from './find-gpu.js';
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
  FindGpuOptions,
  GpuAdapter,
  Method,
  Progress,
  Queen,
  Shard,
  SolutionsOptions,
} from './types.js';
export { useWasmModule } from './use-wasm-module.js';
