import { count, type Checkpoint, type Engine } from 'nqueens-wasm';
import { formatDuration, progressSummary } from '../../src/cli/duration.js';
import type { AdapterInfo } from './environment.js';

/** Where the running count keeps its checkpoint, so that a reload can resume it. */
const STORAGE_KEY = 'nqueens-wasm:count-checkpoint';
const CHECKPOINT_EVERY_MS = 1000;

interface Saved {
  engine: Engine;
  workers: number;
  checkpoint: Checkpoint;
}

function loadSaved(): Saved | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text === null ? null : (JSON.parse(text) as Saved);
  } catch {
    return null;
  }
}

/**
 * Count: n, engine and worker threads in; progress, Cancel, the result out; an interrupted count
 * offered for resuming. The WebGPU engine is offered where the page has an adapter; it is driven
 * from the page's thread, so it takes no worker threads.
 */
export function countPanel(gpu: Promise<AdapterInfo | null>): void {
  const form = document.querySelector<HTMLFormElement>('#count-form')!;
  const n = document.querySelector<HTMLInputElement>('#count-n')!;
  const engine = document.querySelector<HTMLSelectElement>('#count-engine')!;
  const workers = document.querySelector<HTMLSelectElement>('#count-workers')!;
  const run = document.querySelector<HTMLButtonElement>('#count-run')!;
  const cancel = document.querySelector<HTMLButtonElement>('#count-cancel')!;
  const progress = document.querySelector<HTMLProgressElement>('#count-progress')!;
  const progressLabel = document.querySelector<HTMLElement>('#count-progress-text')!;
  const result = document.querySelector<HTMLOutputElement>('#count-result')!;
  const offer = document.querySelector<HTMLElement>('#count-resume')!;
  const offerText = document.querySelector<HTMLElement>('#count-resume-text')!;
  const resumeButton = document.querySelector<HTMLButtonElement>('#count-resume-run')!;
  const discardButton = document.querySelector<HTMLButtonElement>('#count-resume-discard')!;

  const cores = navigator.hardwareConcurrency || 1;
  for (let k = 1; k <= Math.max(cores, 1); k++) workers.add(new Option(String(k), String(k), k === cores, k === cores));
  void gpu.then((adapter) => {
    if (adapter !== null) engine.add(new Option('WebGPU', 'webgpu'));
  });
  engine.addEventListener('change', () => {
    workers.disabled = engine.value === 'webgpu';
  });

  function showOffer(): void {
    const saved = loadSaved();
    offer.hidden = saved === null;
    if (saved === null) return;
    const c = saved.checkpoint;
    const done = c.done.reduce((sum, [from, to]) => sum + (to - from), 0);
    const percent = c.plan.subproblems === 0 ? 100 : Math.floor((done / c.plan.subproblems) * 100);
    const threads = saved.engine === 'webgpu' ? 'the GPU' : `${saved.workers} ${saved.workers === 1 ? 'thread' : 'threads'}`;
    offerText.textContent = `A count of n = ${c.n} (${saved.engine}, ${threads}) was interrupted at ${percent}%, after ${formatDuration(c.elapsedMs)}.`;
  }

  let controller: AbortController | null = null;
  cancel.addEventListener('click', () => controller?.abort(new DOMException('Cancelled', 'AbortError')));

  async function start(size: number, chosenEngine: Engine, threads: number, resume: Checkpoint | undefined): Promise<void> {
    controller = new AbortController();
    run.disabled = true;
    resumeButton.disabled = true;
    cancel.disabled = false;
    offer.hidden = true;
    progress.value = 0;
    progressLabel.textContent = '';
    const started = performance.now();
    let first: number | null = null;
    delete result.dataset.total;
    result.textContent = `${resume ? 'Resuming' : 'Counting'} n = ${size}…`;
    try {
      // On worker threads (Web Workers), or on the GPU: the page stays responsive however long it takes.
      const r = await count(size, {
        engine: chosenEngine,
        ...(chosenEngine === 'webgpu' ? {} : { workers: threads }),
        signal: controller.signal,
        resume,
        checkpointEveryMs: CHECKPOINT_EVERY_MS,
        onCheckpoint: (checkpoint) => {
          localStorage.setItem(STORAGE_KEY, JSON.stringify({ engine: chosenEngine, workers: threads, checkpoint } satisfies Saved));
        },
        onProgress: ({ done, total }) => {
          first ??= done;
          progress.value = total === 0 ? 1 : done / total;
          const elapsed = performance.now() - started;
          const counted = done - first;
          progressLabel.textContent = progressSummary(done, total, counted > 0 ? (elapsed / counted) * (total - done) : null);
        },
      });
      localStorage.removeItem(STORAGE_KEY);
      result.dataset.total = String(r.total);
      result.textContent =
        `n = ${r.n}: ${r.total.toLocaleString('en')} solutions, ${r.unique?.toLocaleString('en')} unique ` +
        `(${r.engine === 'webgpu' ? 'webgpu' : `${r.engine}, ${r.workers} ${r.workers === 1 ? 'thread' : 'threads'}`}, ${r.elapsedMs.toFixed(1)} ms${r.resumed ? ', resumed' : ''})`;
    } catch (error) {
      if (controller.signal.aborted) result.textContent = 'Cancelled.';
      else {
        result.textContent = `Failed: ${(error as Error).message}`;
        // A checkpoint this version cannot resume is of no use any more.
        if (resume && error instanceof RangeError) localStorage.removeItem(STORAGE_KEY);
      }
    } finally {
      controller = null;
      run.disabled = false;
      resumeButton.disabled = false;
      cancel.disabled = true;
      showOffer();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    void start(Number(n.value), engine.value as Engine, Number(workers.value), undefined);
  });
  resumeButton.addEventListener('click', () => {
    const saved = loadSaved();
    if (saved !== null) void start(saved.checkpoint.n, saved.engine, saved.workers, saved.checkpoint);
  });
  discardButton.addEventListener('click', () => {
    localStorage.removeItem(STORAGE_KEY);
    showOffer();
  });
  showOffer();
}
