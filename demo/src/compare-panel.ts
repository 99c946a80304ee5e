import type { Method } from 'nqueens-wasm';
import { JOIN_DEFAULT_UP_TO_N, JOIN_FROM_N } from '../../src/defaults.js';
import { type Series, timingChart } from './chart.js';
import type { CompareMessage, CompareRequest } from './compare-worker.js';
import { describeEnvironment, type GpuLookup, hasWebGpu } from './environment.js';
import { formatRatio, timeCell } from './milliseconds.js';

const ENGINES = [
  { key: 'js', label: 'TypeScript', stroke: '#c2410c' },
  { key: 'wasm', label: 'wasm', stroke: '#1d4ed8' },
] as const;
const GPU = { key: 'webgpu', label: 'WebGPU', stroke: '#15803d' } as const;

/** The chart's lines: each engine (the GPU where it is timed) by each method timed, the join's dashed. */
function seriesOf(methods: readonly (Method | null)[], withGpu: boolean): Series[] {
  const engines = withGpu ? [...ENGINES, GPU] : ENGINES;
  return methods.flatMap((method) =>
    engines.map((engine) =>
      methods.length === 1
        ? engine
        : {
            key: `${engine.key}-${method}`,
            label: `${engine.label} ${method === 'join' ? 'join' : 'backtracking'}`,
            stroke: engine.stroke,
            dashed: method === 'join',
          },
    ),
  );
}

/**
 * TypeScript vs wasm (and WebGPU, where the user ticks it and the browser gives an adapter) for
 * n = 4..max, counting by the method chosen or by both: a table and a chart that fill in as a worker
 * sends rows. Stop ends the worker and
 * keeps the rows measured.
 */
export function comparePanel(gpu: GpuLookup): void {
  const form = document.querySelector<HTMLFormElement>('#compare-form')!;
  const max = document.querySelector<HTMLInputElement>('#compare-max')!;
  const runs = document.querySelector<HTMLInputElement>('#compare-runs')!;
  const methodChoice = document.querySelector<HTMLSelectElement>('#compare-method')!;
  const methodHead = document.querySelector<HTMLElement>('#compare-method-head')!;
  const ratioHeads = document.querySelectorAll<HTMLElement>('.compare-ratio-head');
  const gpuChoice = document.querySelector<HTMLElement>('#compare-gpu-choice')!;
  const gpuBox = document.querySelector<HTMLInputElement>('#compare-gpu')!;
  const gpuLabel = document.querySelector<HTMLElement>('#compare-gpu-label')!;
  const run = document.querySelector<HTMLButtonElement>('#compare-run')!;
  const stop = document.querySelector<HTMLButtonElement>('#compare-stop')!;
  const status = document.querySelector<HTMLElement>('#compare-status')!;
  const gpuHead = document.querySelector<HTMLElement>('#compare-gpu-head')!;
  const gpuNote = document.querySelector<HTMLElement>('#compare-gpu-note')!;
  const body = document.querySelector<HTMLTableSectionElement>('#compare-table tbody')!;
  const chart = timingChart(
    document.querySelector<HTMLElement>('#compare-chart')!,
    document.querySelector<HTMLElement>('#compare-legend')!,
  );
  let worker: Worker | null = null;

  // Where the package stops backtracking, said here once, from the constant its planner reads.
  document.querySelector<HTMLElement>('#compare-switch')!.textContent =
    `The package joins from n = ${JOIN_FROM_N.wasm} in wasm and ${JOIN_FROM_N.js} in TypeScript ` +
    `(up to ${JOIN_DEFAULT_UP_TO_N}, as its memory allows), where the join is the faster; below, it backtracks. ` +
    `On the GPU it switches at n = ${JOIN_FROM_N.webgpu} on a software adapter, where that was timed; a hardware one searches.`;

  // The GPU is offered where the browser has WebGPU at all, and looked for once ticked.
  gpuChoice.hidden = !hasWebGpu();
  gpuBox.addEventListener('change', () => {
    if (!gpuBox.checked) return;
    void gpu().then((adapter) => {
      if (adapter !== null) return;
      gpuBox.checked = false;
      gpuBox.disabled = true;
      gpuLabel.textContent = 'WebGPU too (no adapter here)';
    });
  });

  /** "n = 4..9": the boards with a row in the table. */
  const measured = () => {
    const ns = [...new Set([...body.rows].map((row) => row.dataset.n))];
    return ns.length === 0 ? 'no n finished' : ns.length === 1 ? `n = ${ns[0]}` : `n = ${ns[0]}..${ns[ns.length - 1]}`;
  };

  function end(text: string): void {
    worker?.terminate();
    worker = null;
    status.textContent = text;
    run.disabled = false;
    // Stop is about to be disabled: keep the keyboard user's place on the form.
    if (document.activeElement === stop) run.focus();
    stop.disabled = true;
  }

  stop.addEventListener('click', () => {
    if (worker !== null) end(`Stopped: ${measured()} measured on ${describeEnvironment()}.`);
  });

  function start(withGpu: boolean): void {
    worker?.terminate();
    body.replaceChildren();
    const chosen = methodChoice.value as 'auto' | Method | 'both';
    const methods: (Method | null)[] = chosen === 'both' ? ['backtrack', 'join'] : [chosen === 'auto' ? null : chosen];
    const both = methods.length > 1;
    chart.clear(seriesOf(methods, withGpu));
    gpuHead.hidden = !withGpu;
    gpuNote.hidden = !withGpu;
    methodHead.hidden = !both;
    for (const head of ratioHeads) head.hidden = !both;
    /** Backtracking's times per n, for the join's row to divide by. */
    const backtracking = new Map<number, { jsMs: number; wasmMs: number }>();
    stop.disabled = false;
    const request: CompareRequest = { max: Number(max.value), runs: Number(runs.value), webgpu: withGpu, methods };
    status.textContent = `Timing n = 4..${request.max}, ${request.runs} runs per engine after a warm-up, on ${describeEnvironment()}…`;
    worker = new Worker(new URL('./compare-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CompareMessage>) => {
      const message = e.data;
      if (message.type === 'row') {
        const row = body.insertRow();
        row.dataset.n = String(message.n);
        row.dataset.method = message.method;
        const gpuCell = withGpu ? [message.gpuMs === undefined ? '—' : timeCell(message.gpuMs)] : [];
        if (message.method === 'backtrack') backtracking.set(message.n, message);
        const over = backtracking.get(message.n);
        // The join's time over backtracking's, per engine, on the join's row: under 1, the join is faster.
        const ratios = !both
          ? []
          : message.method === 'join' && over !== undefined
            ? [formatRatio(message.jsMs / over.jsMs), formatRatio(message.wasmMs / over.wasmMs)]
            : ['', ''];
        for (const text of [
          String(message.n),
          ...(both ? [message.method] : []),
          message.total.toLocaleString('en'),
          timeCell(message.jsMs),
          timeCell(message.wasmMs),
          ...gpuCell,
          formatRatio(message.speedup),
          ...ratios,
        ]) {
          row.insertCell().textContent = text;
        }
        const ofMethod = both ? `-${message.method}` : '';
        chart.add(message.n, {
          [`js${ofMethod}`]: message.jsMs,
          [`wasm${ofMethod}`]: message.wasmMs,
          ...(message.gpuMs !== undefined && { [`webgpu${ofMethod}`]: message.gpuMs }),
        });
        return;
      }
      end(
        message.type === 'done'
          ? `Done: n = 4..${request.max} on ${describeEnvironment()}.`
          : `Failed: ${message.message}`,
      );
    };
    worker.postMessage(request);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    run.disabled = true;
    // The GPU only where it is ticked and the browser gave an adapter (looked for at most once).
    if (!gpuBox.checked) start(false);
    else void gpu().then((adapter) => start(adapter !== null));
  });
}
