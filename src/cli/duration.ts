// Durations as people write them: "10s", "500ms", "2m", "1h" (src/progress-display.ts writes them).

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds from "10s", "500ms", "2m", "1h", or a plain number of seconds; null when it is none of these. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return null;
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 's']);
}
