import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Median milliseconds per engine for one n; webgpu only where the page has an adapter. */
export interface Times {
  js: number;
  wasm: number;
  webgpu?: number;
}

export interface TimingChart {
  /** Adds (or replaces) the point for n and redraws. */
  add(n: number, times: Times): void;
  clear(): void;
  readonly points: number;
}

const SERIES = [
  { key: 'js', label: 'TypeScript', stroke: '#c2410c' },
  { key: 'wasm', label: 'wasm', stroke: '#1d4ed8' },
  { key: 'webgpu', label: 'WebGPU', stroke: '#15803d' },
] as const;

/**
 * Median time against n per engine, log-scaled, filling in as results arrive. Until the first
 * result, `into` keeps the hint it holds; the engines drawn are those of the first result.
 */
export function timingChart(into: HTMLElement): TimingChart {
  const xs: number[] = [];
  let series: (typeof SERIES)[number][] = [];
  let ys: number[][] = [];
  const width = () => Math.max(280, Math.min(640, into.clientWidth || 640));
  let plot: uPlot | undefined;
  const makePlot = () =>
    new uPlot(
      {
        width: width(),
        height: 300,
        scales: { x: { time: false }, y: { distr: 3 } },
        // n is a whole number: ticks at whole steps only, never at 4.5.
        axes: [
          { label: 'n', incrs: [1, 2, 5, 10] },
          { label: 'median ms (log)', size: 60 },
        ],
        series: [
          { label: 'n' },
          ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, points: { show: true } })),
        ],
      },
      [xs, ...ys],
      into,
    );
  new ResizeObserver(() => plot?.setSize({ width: width(), height: 300 })).observe(into);
  return {
    add(n, times) {
      if (plot === undefined) {
        series = SERIES.filter((s) => times[s.key] !== undefined);
        ys = series.map(() => []);
        into.replaceChildren();
        plot = makePlot();
      }
      let at = xs.indexOf(n);
      if (at < 0) {
        xs.push(n);
        for (const y of ys) y.push(0);
        at = xs.length - 1;
      }
      // A log scale has no zero: a time the clock could not see is drawn at a nanosecond.
      series.forEach((s, i) => {
        ys[i][at] = Math.max(times[s.key] ?? 0, 1e-6);
      });
      plot.setData([xs, ...ys]);
      into.dataset.points = String(xs.length);
    },
    clear() {
      xs.length = 0;
      plot?.destroy();
      plot = undefined;
      into.dataset.points = '0';
    },
    get points() {
      return xs.length;
    },
  };
}
