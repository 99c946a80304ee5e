import { formatCount } from '../progress-display.js';

/** Formats rows as a plain-text table with right-aligned columns. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Milliseconds with a precision that suits their size: 1,234, 56.7, 8.90, 0.123, 0.0041. */
export function formatMs(ms: number): string {
  if (ms >= 100) return formatCount(ms);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  if (ms >= 0.1) return ms.toFixed(3);
  return ms.toPrecision(2);
}
