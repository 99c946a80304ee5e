// How the benchmark measures, for bench/ and for the rows that time the kernels themselves
// (test/bench/, npm run bench:internals): the least time a timed run repeats its count for, medians,
// and a status line that a terminal shows while a section runs.

/** A timed run repeats its count for at least this long, so that counts of a millisecond are timed as steadily as long ones. */
export const MIN_RUN_MS = 200;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One line, written over the last, on a terminal only: what runs now. */
export function status(message: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${message}`);
}
