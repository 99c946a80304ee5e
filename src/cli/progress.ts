// Progress that a person (or a batch log) can use on a long run: subproblems done of those
// planned, solutions so far, the rate and the ETA. On a terminal, one line redrawn in place and cut
// to the terminal's width (it never wraps, so it never floods the screen); elsewhere a plain line
// every few seconds and one at the end, starting "nqueens: " as the command's messages do (merge
// skips the lines of a log that carry it); or JSON lines (--progress json), at most once a second.
//
// Written here rather than taken from a progress-bar package: the line holds exact counts past
// 2^53, the same figures go out as JSON lines for batch logs, and the line is cut to the width
// instead of switching the terminal's line wrapping off; all in about a hundred lines.

import { EtaEstimate, formatCount, formatDuration, percentDone } from '../progress-display.js';
import type { Terminal } from './io.js';

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
  /** Clears the bar; writes the last line (lines and JSON). */
  end(): void;
}

const BAR_EVERY_MS = 100;
const JSON_EVERY_MS = 1000;
export const LINE_EVERY_MS = 5000;
/** The bar's own width, at most, and the least worth drawing. */
const BAR_WIDTH = 20;
const BAR_MIN = 5;
/**
 * Room kept for the widest share ("100%") and ETA (" · ETA 59m59s"), also before the ETA is known
 * and once the count is done: the bar keeps one width from the first line to the last.
 */
const PERCENT_ROOM = '100%'.length;
const ETA_ROOM = ' · ETA 59m59s'.length;

const rate = (perSecond: number) => (perSecond < 10 ? perSecond.toFixed(1) : formatCount(perSecond));

/** The parts of a line after the label, the most needed first: the share done, the ETA, and the rest. */
function parts(report: ProgressReport, etaMs: number | null, perSecond: number | null): string[] {
  const out = [`${percentDone(report.done, report.total)}%`];
  if (etaMs !== null && report.done < report.total) out.push(`ETA ${formatDuration(etaMs)}`);
  out.push(`${formatCount(report.done)}/${formatCount(report.total)} subproblems`);
  if (report.solutions !== null) out.push(`${formatCount(report.solutions)} solutions`);
  if (perSecond !== null) out.push(`${rate(perSecond)}/s`);
  return out;
}

/**
 * The bar line, as much of it as fits in `width` columns (the last one left free: no wrap). The
 * label, the share done and the ETA come first; the bar takes what room is left after them, up to
 * its full width (or is left out below BAR_MIN); then the subproblems, the solutions and the rate,
 * as many as fit.
 */
export function barLine(
  label: string,
  report: ProgressReport,
  etaMs: number | null,
  perSecond: number | null,
  width: number,
): string {
  const [percent, ...rest] = parts(report, etaMs, perSecond);
  const room = width - 1;
  const kept = label.length + 1 + PERCENT_ROOM + ETA_ROOM;
  const inner = Math.min(BAR_WIDTH, room - kept - 3);
  let line = `${label} ${percent}`;
  if (inner >= BAR_MIN) {
    const fraction = report.total === 0 ? 1 : report.done / report.total;
    const filled = Math.round(fraction * inner);
    line = `${label} [${'#'.repeat(filled)}${'.'.repeat(inner - filled)}] ${percent}`;
  }
  for (const part of rest) {
    if (line.length + 3 + part.length > room) break;
    line += ` · ${part}`;
  }
  return line.length > room ? line.slice(0, room) : line;
}

/** `now`: the clock the lines are spaced and the rate is measured by, in milliseconds. */
export function progressView(
  stream: Terminal,
  mode: ProgressMode,
  label: string,
  now: () => number = () => performance.now(),
): ProgressView {
  if (mode === 'none') return { update() {}, end() {} };
  const onTerminal = mode === 'bar' && stream.isTTY === true;
  const started = now();
  const eta = new EtaEstimate();
  let last: ProgressReport | null = null;
  let drawnAt = -Infinity;
  let drawn = false;

  const draw = (report: ProgressReport, at: number) => {
    const etaMs = eta.remainingMs(report.done, report.total, at);
    const perSecond = eta.perSecond(at);
    if (mode === 'json') {
      return `${JSON.stringify({
        progress: label,
        done: report.done,
        total: report.total,
        solutions: report.solutions === null ? null : String(report.solutions),
        perSecond: perSecond === null ? 0 : Number(perSecond.toFixed(2)),
        etaMs: etaMs === null ? null : Math.round(etaMs),
        elapsedMs: Math.round(at - started),
      })}\n`;
    }
    if (onTerminal) return `\r${barLine(label, report, etaMs, perSecond, stream.columns ?? 80)}\x1b[K`;
    return `nqueens: ${label}: ${parts(report, etaMs, perSecond).join(' · ')}\n`;
  };
  const every = mode === 'json' ? JSON_EVERY_MS : onTerminal ? BAR_EVERY_MS : LINE_EVERY_MS;

  return {
    update(report) {
      const at = now();
      eta.observe(report.done, at);
      last = report;
      // Plain lines wait a whole interval before the first: a short count writes only its last.
      if (!onTerminal && mode !== 'json' && drawnAt === -Infinity) drawnAt = at;
      if (at - drawnAt < every) return;
      drawnAt = at;
      stream.write(draw(report, at));
      drawn = true;
    },
    end() {
      if (onTerminal) {
        if (drawn) stream.write('\r\x1b[K');
      } else if (last !== null) stream.write(draw(last, now()));
    },
  };
}
