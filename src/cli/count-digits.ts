// How wide the counts of n are, as compare prints them (digits grouped by three), known before they
// are counted: the table prints a row as soon as its n is measured, so its columns are sized first.

/** Digits of the number of solutions for n = 1..27 (OEIS A000170). */
const TOTAL = [1, 1, 1, 1, 2, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
/** Digits of the unique count for n = 1..27 (OEIS A002562). */
const UNIQUE = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/**
 * Digits of the counts of n. Past n = 27 the counts are unknown; they have grown by a little over a
 * digit per n (a factor of 10 to 12), so one digit more than that trend is taken: wide enough.
 */
function digits(n: number, known: readonly number[]): number {
  return n <= known.length ? known[n - 1] : known[known.length - 1] + (n - known.length) + 1;
}

/** Characters of a count of `d` digits with its digits grouped: 1,234,567 is 9. */
const grouped = (d: number) => d + Math.floor((d - 1) / 3);

/** The widest total and unique count of n = from..to, as printed. */
export function countWidths(from: number, to: number): { total: number; unique: number } {
  let total = 1;
  let unique = 1;
  for (let n = from; n <= to; n++) {
    total = Math.max(total, grouped(digits(n, TOTAL)));
    unique = Math.max(unique, grouped(digits(n, UNIQUE)));
  }
  return { total, unique };
}
