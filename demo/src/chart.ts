import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TimingChart {
  /** Adds (or replaces) the point for n and redraws. */
  add(n: number, jsMs: number, wasmMs: number): void;
  clear(): void;
  readonly points: number;
}

/**
 * Median time against n for both engines, log-scaled, filling in as results arrive. Until the
 * first result, `into` keeps the hint it holds.
 */
export function timingChart(into: HTMLElement): TimingChart {
  const xs: number[] = [];
  const js: number[] = [];
  const wasm: number[] = [];
  const width = () => Math.max(280, Math.min(640, into.clientWidth || 640));
  let plot: uPlot | undefined;
  const draw = () => {
    if (plot === undefined) {
      into.replaceChildren();
      plot = makePlot();
    }
    plot.setData([xs, js, wasm]);
  };
  const makePlot = () => new uPlot(
    {
      width: width(),
      height: 300,
      scales: { x: { time: false }, y: { distr: 3 } },
      axes: [{ label: 'n' }, { label: 'median ms (log)', size: 60 }],
      series: [
        { label: 'n' },
        { label: 'JS', stroke: '#c2410c', width: 2, points: { show: true } },
        { label: 'wasm', stroke: '#1d4ed8', width: 2, points: { show: true } },
      ],
    },
    [xs, js, wasm],
    into,
  );
  new ResizeObserver(() => plot?.setSize({ width: width(), height: 300 })).observe(into);
  return {
    add(n, jsMs, wasmMs) {
      let at = xs.indexOf(n);
      if (at < 0) {
        xs.push(n);
        js.push(0);
        wasm.push(0);
        at = xs.length - 1;
      }
      // A log scale has no zero: a time the clock could not see is drawn at a nanosecond.
      js[at] = Math.max(jsMs, 1e-6);
      wasm[at] = Math.max(wasmMs, 1e-6);
      draw();
      into.dataset.points = String(xs.length);
    },
    clear() {
      xs.length = js.length = wasm.length = 0;
      plot?.setData([xs, js, wasm]);
      into.dataset.points = '0';
    },
    get points() {
      return xs.length;
    },
  };
}
