// Durations as people write and read them: "10s", "500ms", "2m", "1h" in; "42s", "3m07s", "2h05m" out.
// The demo page shows its ETA with the same words.

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds from "10s", "500ms", "2m", "1h", or a plain number of seconds; null when it is none of these. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return null;
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 's']);
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(s / 3600);
  if (h < 48) return `${h}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d${String(h % 24).padStart(2, '0')}h`;
}

/** "37% · 120/320 subproblems" and, once it can be told, " · ETA 12s". */
export function progressSummary(done: number, total: number, etaMs: number | null): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const eta = etaMs !== null && done < total ? ` · ETA ${formatDuration(etaMs)}` : '';
  return `${percent}% · ${done.toLocaleString('en')}/${total.toLocaleString('en')} subproblems${eta}`;
}
