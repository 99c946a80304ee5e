// Exact counts written as decimal strings, where JSON has no bigint: a checkpoint's total and
// unique count, and the shard results the CLI merges. One bound for all of them, so that a count
// the package writes is always one it reads back.

/** More digits than any count of a board up to 32×32 has (32! has 36). */
export const MAX_COUNT_DIGITS = 40;

/** Whether `text` is a count as the package writes one: decimal digits, at most MAX_COUNT_DIGITS. */
export function isDecimalCount(text: string): boolean {
  // The length first: a string of a million digits is refused without being scanned.
  return text.length <= MAX_COUNT_DIGITS && /^\d+$/.test(text);
}
