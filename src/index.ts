// nqueens-wasm: count, list and find solutions of the n-queens puzzle.
export { count, countSync, totalNQueens } from './count.js';
export { compareEngines } from './compare.js';
export type {
  CompareOptions,
  CompareResult,
  CountOptions,
  CountResult,
  CountSyncOptions,
  Engine,
  Progress,
  Queen,
  Shard,
  SolutionsOptions,
} from './types.js';
