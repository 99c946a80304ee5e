import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { settleLanguage } from './intl-language.js';
import { timeCell } from './milliseconds.js';

/** A line of the chart: an engine, counting by one method where the comparison times both. */
export interface Series {
  key: string;
  label: string;
  stroke: string;
  /** Drawn dashed: the join's lines, beside backtracking's solid ones. */
  dashed?: boolean;
}

/** Median milliseconds for one n, by series key; undefined (or 0): a time the clock could not see. */
export type Times = Readonly<Record<string, number | undefined>>;

export interface TimingChart {
  /**
   * Sets the points for n of the series `times` names, keeping the others' (a comparison of both
   * methods sends each n's times in two parts), and redraws.
   */
  add(n: number, times: Times): void;
  /** Empties the chart; the next comparison draws `series`. */
  clear(series?: readonly Series[]): void;
  readonly points: number;
}

const HEIGHT = 300;

/**
 * uPlot, loaded when the first result is drawn: it reads the browser's language as its module
 * loads, so the language Intl refuses is settled first (intl-language.ts), and a page that never
 * compares never loads it.
 */
async function loadUplot(): Promise<typeof uPlot> {
  settleLanguage();
  return (await import('uplot')).default;
}

/**
 * Median time against n per engine, log-scaled, filling in as results arrive, with `legend` (under
 * it) always showing values: those of the last n measured, or of the n under the cursor (a tap on
 * a phone). Until the first result, `into` keeps the hint it holds.
 */
export function timingChart(into: HTMLElement, legend: HTMLElement): TimingChart {
  const xs: number[] = [];
  let series: readonly Series[] = [];
  /**
   * Per series, the time per n: null where the clock could not see it (a log scale has no zero),
   * undefined where the series has no time for that n (the join below its first n).
   */
  let ys: (number | null | undefined)[][] = [];
  let plot: uPlot | undefined;
  /** Which comparison the plot being made belongs to: a clear() while uPlot loads drops it. */
  let drawing = 0;
  let loading = false;
  // The box's width rounded down: clientWidth rounds a fractional width (637.9 px) up, and a
  // canvas that wide overflows its box by the fraction.
  const width = () => Math.max(280, Math.min(640, Math.floor(into.getBoundingClientRect().width) || 640));

  /** The legend for the point at `at` (the last one where the cursor is on none). */
  function showLegend(at: number | null): void {
    const i = at ?? xs.length - 1;
    if (i < 0) return;
    legend.dataset.n = String(xs[i]);
    const entries = series.map((s, k) => {
      const entry = document.createElement('span');
      entry.className = 'entry';
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.backgroundColor = s.stroke;
      if (s.dashed) swatch.classList.add('dashed');
      const value = ys[k][i];
      const time = value === undefined ? '—' : value === null ? timeCell(0) : `${timeCell(value)} ms`;
      entry.append(swatch, ` ${s.label} ${time}`);
      return entry;
    });
    const head = document.createElement('strong');
    head.textContent = `n = ${xs[i]}`;
    legend.replaceChildren(head, ...entries);
  }

  function draw(): void {
    if (plot === undefined) return;
    plot.setData([xs, ...ys] as uPlot.AlignedData);
    showLegend(plot.cursor.idx ?? null);
    into.dataset.points = String(xs.length);
  }

  function makePlot(U: typeof uPlot): uPlot {
    into.replaceChildren();
    const made = new U(
      {
        width: width(),
        height: HEIGHT,
        scales: { x: { time: false }, y: { distr: 3 } },
        // n is a whole number: ticks at whole steps only, never at 4.5.
        axes: [
          { label: 'n', incrs: [1, 2, 5, 10] },
          { label: 'median ms (log)', size: 60 },
        ],
        series: [
          { label: 'n' },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.stroke,
            width: 2,
            ...(s.dashed && { dash: [6, 4] }),
            points: { show: true },
          })),
        ],
        // uPlot's own legend shows values only under the cursor: the one below shows them always.
        legend: { show: false },
        hooks: { setCursor: [(u: uPlot) => showLegend(u.cursor.idx ?? null)] },
      },
      [xs, ...ys] as uPlot.AlignedData,
      into,
    );
    legend.hidden = false;
    return made;
  }

  // Resized a frame later, and only when the width changed: a resize inside the observer's
  // callback that moves the layout again is reported as a ResizeObserver loop error.
  let frame = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (plot !== undefined && plot.width !== width()) plot.setSize({ width: width(), height: HEIGHT });
    });
  }).observe(into);

  return {
    add(n, times) {
      if (plot === undefined && !loading) {
        loading = true;
        const mine = drawing;
        loadUplot().then(
          (U) => {
            if (mine !== drawing) return;
            loading = false;
            plot = makePlot(U);
            draw();
          },
          (error: Error) => {
            if (mine !== drawing) return;
            loading = false;
            into.textContent = `The chart could not be loaded: ${error.message}`;
          },
        );
      }
      let at = xs.indexOf(n);
      if (at < 0) {
        xs.push(n);
        for (const y of ys) y.push(undefined);
        at = xs.length - 1;
      }
      series.forEach((s, i) => {
        if (!(s.key in times)) return;
        const value = times[s.key];
        ys[i][at] = value === undefined || value <= 0 ? null : value;
      });
      draw();
    },
    clear(next = series) {
      drawing++;
      loading = false;
      xs.length = 0;
      series = next;
      ys = series.map(() => []);
      plot?.destroy();
      plot = undefined;
      legend.hidden = true;
      legend.replaceChildren();
      delete legend.dataset.n;
      into.dataset.points = '0';
    },
    get points() {
      return xs.length;
    },
  };
}
