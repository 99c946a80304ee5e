// The counts a range of subproblems adds up to, in BigInt: exact at any size. How a subproblem's
// results add up is its counting method's (counting-method.ts); this is the arithmetic, once.

/**
 * A subproblem's share of the unique count, from its results: (completions × `completions` +
 * halfTurns × `halfTurns` + quarterTurns × `quarterTurns`) / `divisor`, where the results are what
 * the kernel counted (RESULT_* in assembly/layout.ts). The coefficients are small whole numbers, so
 * the runner works the share out in numbers while that is exact and in BigInt beyond it.
 */
export interface UniqueTerms {
  readonly completions: number;
  readonly halfTurns: number;
  readonly quarterTurns: number;
  readonly divisor: number;
}

/** The share of a subproblem that adds nothing to the unique count. */
export const NO_SHARE: UniqueTerms = { completions: 0, halfTurns: 0, quarterTurns: 0, divisor: 1 };

export interface Tally {
  total: bigint;
  unique: bigint;
}

export function emptyTally(): Tally {
  return { total: 0n, unique: 0n };
}

/** Adds one tally to another. */
export function addTallies(into: Tally, from: Tally): void {
  into.total += from.total;
  into.unique += from.unique;
}

/** Adds a subproblem's results: its completions `weight` times to the total, its share (`terms`) to the unique count. */
export function addResults(
  tally: Tally,
  weight: number,
  terms: UniqueTerms,
  completions: bigint,
  halfTurns: bigint,
  quarterTurns: bigint,
): void {
  tally.total += BigInt(weight) * completions;
  tally.unique +=
    (BigInt(terms.completions) * completions +
      BigInt(terms.halfTurns) * halfTurns +
      BigInt(terms.quarterTurns) * quarterTurns) /
    BigInt(terms.divisor);
}
