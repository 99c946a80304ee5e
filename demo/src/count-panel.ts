import { count, type Engine } from 'nqueens-wasm';
import { progressText } from './eta.js';

/** Count: n, engine and worker threads in; progress, Cancel, and the result out. */
export function countPanel(): void {
  const form = document.querySelector<HTMLFormElement>('#count-form')!;
  const n = document.querySelector<HTMLInputElement>('#count-n')!;
  const engine = document.querySelector<HTMLSelectElement>('#count-engine')!;
  const workers = document.querySelector<HTMLSelectElement>('#count-workers')!;
  const run = document.querySelector<HTMLButtonElement>('#count-run')!;
  const cancel = document.querySelector<HTMLButtonElement>('#count-cancel')!;
  const progress = document.querySelector<HTMLProgressElement>('#count-progress')!;
  const progressLabel = document.querySelector<HTMLElement>('#count-progress-text')!;
  const result = document.querySelector<HTMLOutputElement>('#count-result')!;

  const cores = navigator.hardwareConcurrency || 1;
  for (let k = 1; k <= Math.max(cores, 1); k++) workers.add(new Option(String(k), String(k), k === cores, k === cores));

  let controller: AbortController | null = null;
  cancel.addEventListener('click', () => controller?.abort(new DOMException('Cancelled', 'AbortError')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    controller = new AbortController();
    run.disabled = true;
    cancel.disabled = false;
    progress.value = 0;
    progressLabel.textContent = '';
    const started = performance.now();
    delete result.dataset.total;
    result.textContent = `Counting n = ${n.value}…`;
    try {
      // Always on worker threads (Web Workers): the page stays responsive however long it takes.
      const r = await count(Number(n.value), {
        engine: engine.value as Engine,
        workers: Number(workers.value),
        signal: controller.signal,
        onProgress: ({ done, total }) => {
          progress.value = total === 0 ? 1 : done / total;
          progressLabel.textContent = progressText(done, total, performance.now() - started);
        },
      });
      result.dataset.total = String(r.total);
      result.textContent =
        `n = ${r.n}: ${r.total.toLocaleString('en')} solutions, ${r.unique?.toLocaleString('en')} unique ` +
        `(${r.engine}, ${r.workers} ${r.workers === 1 ? 'thread' : 'threads'}, ${r.elapsedMs.toFixed(1)} ms)`;
    } catch (error) {
      result.textContent = controller.signal.aborted ? 'Cancelled.' : `Failed: ${(error as Error).message}`;
    } finally {
      controller = null;
      run.disabled = false;
      cancel.disabled = true;
    }
  });
}
