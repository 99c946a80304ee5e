/** One unit of work: count the completions of some queens placed in advance. */
export interface Subproblem {
  /** Pre-placed queens, flattened as [row, col, row, col, ...]. */
  readonly queens: readonly number[];
  /** How many solutions of the whole board each completion stands for. */
  readonly weight: number;
  /**
   * For a symmetry frame: bit g is set when board symmetry g (see symmetry.ts) maps the frame onto
   * itself. 0 for subproblems that stand for themselves only.
   */
  readonly stabilizer: number;
}
