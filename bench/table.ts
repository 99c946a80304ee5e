// How the benchmark prints its figures: times to three significant digits, ratios, and plain-text
// tables with right-aligned columns. The bench is a client of the package and formats its own
// output, as any client does.

/** Milliseconds to three significant digits, those from 100 on whole and grouped: 1,234, 56.7, 8.90, 0.123. */
export function formatMs(ms: number): string {
  return ms >= 100 ? Math.round(ms).toLocaleString('en') : ms.toPrecision(3);
}

/** What a cell holds where there is nothing to show. */
export const NOT_MEASURED = 'n/a';

/** A time, or n/a where it was not measured. */
export const msOrNone = (ms: number | null): string => (ms === null ? NOT_MEASURED : formatMs(ms));

/** "6.21x", or n/a where either side is missing. */
export const ratio = (value: number | null): string =>
  value === null || !Number.isFinite(value) ? NOT_MEASURED : `${value.toFixed(2)}x`;

/** Rows as a plain-text table: a header, a rule under it, the cells right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((cells) => cells[column].length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padStart(widths[column])).join('  ');
  return [header, widths.map((width) => '-'.repeat(width)), ...rows].map(line).join('\n');
}
