// Times as the comparison shows them, in its table and under its chart alike.

/**
 * A median time in milliseconds, to about three significant digits (no wider than four digits
 * and a point, so that the table fits a phone): 1234, 56.7, 0.89, 0.0012. A time of 0 is one the
 * browser's clock could not see (WebKit's moves in 1 ms steps): it is said so rather than shown
 * as a number.
 */
export function formatMs(value: number): string {
  if (value === 0) return '< resolution';
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}

/** A speed-up, or a dash where a time was below the clock's resolution. */
export function formatSpeedup(value: number): string {
  return Number.isFinite(value) && value > 0 ? `${value.toFixed(2)}×` : '—';
}
