// Times as the comparison shows them, in its table and under its chart alike.

import { formatMs } from '../../src/progress-display.js';

/**
 * A median time in milliseconds, as the CLI shows one, but for 0: a time the browser's clock could
 * not see (WebKit's moves in 1 ms steps), said so rather than shown as a number.
 */
export function timeCell(ms: number): string {
  return ms === 0 ? '< resolution' : formatMs(ms);
}

/** A ratio of two times (a speed-up), or a dash where a time was below the clock's resolution. */
export function formatRatio(value: number): string {
  return Number.isFinite(value) && value > 0 ? `${value.toFixed(2)}×` : '—';
}
