// Progress that a person (or a batch log) can use on a long run: subproblems done of those
// planned, solutions so far, the rate and the ETA. As a bar redrawn in place on a terminal, or as
// JSON lines on stderr (--progress json), at most once a second and once at the end.

import { formatDuration, progressSummary } from './duration.js';

export type ProgressMode = 'bar' | 'json' | 'none';

export interface ProgressReport {
  /** Subproblems finished (in every run, when the count resumed). */
  done: number;
  total: number;
  /** Solutions found so far, once known. */
  solutions: bigint | null;
}

export interface ProgressView {
  update(report: ProgressReport): void;
  /** Clears the bar; writes the last JSON line. */
  end(): void;
}

const WIDTH = 24;

export function progressView(stream: NodeJS.WriteStream, mode: ProgressMode, label: string): ProgressView {
  if (mode === 'none') return { update() {}, end() {} };
  const started = performance.now();
  let first: number | null = null;
  let last: ProgressReport | null = null;
  let drawnAt = -Infinity;
  let drawn = false;
  const rate = (report: ProgressReport, now: number) => {
    // Subproblems per second in this run (a resumed count starts from where it was).
    const counted = report.done - (first ?? report.done);
    const seconds = (now - started) / 1000;
    return seconds > 0 ? counted / seconds : 0;
  };
  const line = (report: ProgressReport, now: number) => {
    const perSecond = rate(report, now);
    const etaMs = perSecond > 0 ? ((report.total - report.done) / perSecond) * 1000 : null;
    if (mode === 'json') {
      return `${JSON.stringify({
        progress: label,
        done: report.done,
        total: report.total,
        solutions: report.solutions === null ? null : String(report.solutions),
        perSecond: Number(perSecond.toFixed(2)),
        etaMs: etaMs === null ? null : Math.round(etaMs),
        elapsedMs: Math.round(now - started),
      })}\n`;
    }
    const fraction = report.total === 0 ? 1 : report.done / report.total;
    const filled = Math.round(fraction * WIDTH);
    const solutions = report.solutions === null ? '' : ` · ${report.solutions.toLocaleString('en')} solutions`;
    const speed = perSecond > 0 ? ` · ${perSecond.toFixed(perSecond < 10 ? 1 : 0)}/s` : '';
    return `\r\x1b[K${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${progressSummary(report.done, report.total, etaMs)}${solutions}${speed}`;
  };
  return {
    update(report) {
      first ??= report.done;
      last = report;
      const now = performance.now();
      if (now - drawnAt < (mode === 'json' ? 1000 : 100)) return;
      drawnAt = now;
      stream.write(line(report, now));
      drawn = true;
    },
    end() {
      if (mode === 'json' && last !== null) stream.write(line(last, performance.now()));
      if (mode === 'bar' && drawn) stream.write('\r\x1b[K');
    },
  };
}

export { formatDuration };
