// What a person is shown of a count's progress and times, worded the same by the CLI and by the
// demo page: the share done, the time left (estimated from the rate so far), durations and
// milliseconds. Not part of the library, which imports nothing from here; the CLI (src/cli) and the
// demo (demo/) both do, so it sits beside the library rather than inside either of them.

/**
 * A whole number with its digits grouped by three, "95,815,104": how a person is shown every count,
 * rate and time, by the CLI and the demo alike. Written out rather than left to Intl, whose output
 * follows the runtime's locale and data (and whose constructor throws for a language it refuses);
 * JSON never gets it. A number that is not whole is rounded first.
 */
export function formatCount(value: number | bigint): string {
  const digits = typeof value === 'bigint' ? value.toString() : Math.round(value).toString();
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Milliseconds to about three significant digits, whole ones grouped as counts are: 1,234, 56.7,
 * 8.90, 0.123, 0.0041. The CLI's results and tables and the demo's comparison show times by
 * this one rule.
 */
export function formatMs(ms: number): string {
  if (ms >= 100) return formatCount(ms);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  if (ms >= 0.1) return ms.toFixed(3);
  return ms.toPrecision(2);
}

/** Rows as a plain-text table with right-aligned columns. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** "42s", "3m07s", "2h05m", "3d04h". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(s / 3600);
  if (h < 48) return `${h}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d${String(h % 24).padStart(2, '0')}h`;
}

/** Whole percent of the subproblems done, rounded down (100 only when all are): a count with none is done. */
export function percentDone(done: number, total: number): number {
  return total === 0 ? 100 : Math.floor((done / total) * 100);
}

/** "37% · 120/320 subproblems" and, once it can be told, " · ETA 12s". */
export function progressSummary(done: number, total: number, etaMs: number | null): string {
  const eta = etaMs !== null && done < total ? ` · ETA ${formatDuration(etaMs)}` : '';
  return `${percentDone(done, total)}% · ${formatCount(done)}/${formatCount(total)} subproblems${eta}`;
}

/** Subproblems finished, as a share of those left at the start, before the first estimate. */
const FIRST_SHARE = 0.02;
/** And the time since the first finished subproblem. */
const FIRST_AFTER_MS = 1000;

/**
 * How long a count has left, from how fast its subproblems have finished so far. The rate is taken
 * from the first finished subproblem on (what came before it is start-up: threads starting, the
 * kernel being compiled), over the whole run since (subproblems differ in size; a short window
 * swings with them), and no estimate is given until enough of the count is done to make one.
 */
export class EtaEstimate {
  private start: { done: number; at: number } | null = null;
  private base: { done: number; at: number } | null = null;
  private latest = 0;

  /** Subproblems done at time `at` (milliseconds on any clock the caller keeps to). */
  observe(done: number, at: number): void {
    this.start ??= { done, at };
    if (this.base === null && done > this.start.done) this.base = { done, at };
    this.latest = done;
  }

  /** Subproblems per second since the first one finished, or null before there is a second one. */
  perSecond(now: number): number | null {
    if (this.base === null || this.latest <= this.base.done || now <= this.base.at) return null;
    return ((this.latest - this.base.done) / (now - this.base.at)) * 1000;
  }

  /** Milliseconds left, or null until enough is done to say. */
  remainingMs(done: number, total: number, now: number): number | null {
    const rate = this.perSecond(now);
    if (rate === null || this.start === null || this.base === null) return null;
    const enough = Math.max(2, FIRST_SHARE * (total - this.start.done));
    if (done - this.base.done < enough || now - this.base.at < FIRST_AFTER_MS) return null;
    return ((total - done) / rate) * 1000;
  }
}
