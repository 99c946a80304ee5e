import { type Checkpoint, count, type Engine, type Method } from 'nqueens-wasm';
import { EtaEstimate, formatDuration, formatMs, percentDone, progressSummary } from '../../src/progress-display.js';
import { ENGINE_NAMES } from './engine-name.js';
import { type GpuLookup, hasWebGpu } from './environment.js';
import { plural } from './plural.js';
import { fewerThreadsWhy, threadsUsed } from './threads-text.js';

/** Where the running count keeps its checkpoint, so that a reload can resume it. */
const STORAGE_KEY = 'nqueens-wasm:count-checkpoint';
const CHECKPOINT_EVERY_MS = 1000;

interface Saved {
  engine: Engine;
  /** Worker threads asked for; null (or absent, from older pages) where the package chose. */
  workers?: number | null;
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
 * Count: n, engine, method and worker threads in; progress, Cancel, the result (with the method
 * that counted) out; an interrupted count
 * offered for resuming, the form then showing the count resumed. The WebGPU engine is offered
 * where the browser has WebGPU, and the adapter looked for once it is picked; it is driven from
 * the page's thread, so it takes no worker threads. The threads default to the package's own
 * choice (no `workers` option): every core would make a small board slower than one thread, since
 * starting the threads takes longer than the count.
 */
export function countPanel(gpu: GpuLookup): void {
  const form = document.querySelector<HTMLFormElement>('#count-form')!;
  const n = document.querySelector<HTMLInputElement>('#count-n')!;
  const engine = document.querySelector<HTMLSelectElement>('#count-engine')!;
  const workers = document.querySelector<HTMLSelectElement>('#count-workers')!;
  const method = document.querySelector<HTMLSelectElement>('#count-method')!;
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
  workers.add(new Option('Automatic', '', true, true));
  for (let k = 1; k <= cores; k++) workers.add(new Option(String(k), String(k)));
  const gpuOption = new Option('WebGPU', 'webgpu');
  if (hasWebGpu()) engine.add(gpuOption);
  engine.addEventListener('change', () => {
    workers.disabled = engine.value === 'webgpu';
    if (engine.value !== 'webgpu') return;
    void gpu().then((adapter) => {
      if (adapter !== null) return;
      // Nothing to count on: the option stays, saying why, and the form goes back to wasm.
      gpuOption.disabled = true;
      gpuOption.textContent = 'WebGPU (no adapter here)';
      if (engine.value === 'webgpu') {
        engine.value = 'wasm';
        workers.disabled = false;
      }
    });
  });

  /** The form shows the count that runs: a resumed one's n, engine and threads. */
  function showInForm(size: number, chosenEngine: Engine, threads: number | null): void {
    n.value = String(size);
    n.setCustomValidity('');
    if ([...engine.options].some((o) => o.value === chosenEngine)) engine.value = chosenEngine;
    const wanted = threads === null ? '' : String(threads);
    if ([...workers.options].some((o) => o.value === wanted)) workers.value = wanted;
    workers.disabled = engine.value === 'webgpu';
  }

  function showOffer(): void {
    const saved = loadSaved();
    offer.hidden = saved === null;
    if (saved === null) return;
    const c = saved.checkpoint;
    const done = c.done.reduce((sum, [from, to]) => sum + (to - from), 0);
    const percent = percentDone(done, c.plan.subproblems);
    const threads =
      saved.engine === 'webgpu'
        ? 'the GPU'
        : saved.workers
          ? threadsUsed(saved.workers, saved.workers)
          : 'threads chosen automatically';
    // Checkpoints from before the join have no method: they backtracked.
    const methodText = `${c.method ?? 'backtrack'}, `;
    offerText.textContent = `A count of n = ${c.n} (${ENGINE_NAMES[saved.engine]}, ${methodText}${threads}) was interrupted at ${percent}%, after ${formatDuration(c.elapsedMs)}.`;
  }

  let controller: AbortController | null = null;
  cancel.addEventListener('click', () => controller?.abort(new DOMException('Cancelled', 'AbortError')));

  async function start(
    size: number,
    chosenEngine: Engine,
    threads: number | null,
    resume: Checkpoint | undefined,
  ): Promise<void> {
    const own = new AbortController();
    controller = own;
    showInForm(size, chosenEngine, threads);
    run.disabled = true;
    resumeButton.disabled = true;
    cancel.disabled = false;
    offer.hidden = true;
    progress.value = 0;
    progressLabel.textContent = '';
    const eta = new EtaEstimate();
    let subproblems: number | null = null;
    delete result.dataset.total;
    result.textContent = `${resume ? 'Resuming' : 'Counting'} n = ${size}…`;
    try {
      // On worker threads (Web Workers), in short slices of the page's thread, or on the GPU: the
      // page stays responsive however long it takes.
      // A resumed count goes on by the method it began with (the checkpoint says which).
      const chosenMethod = resume !== undefined ? '' : method.value;
      const r = await count(size, {
        engine: chosenEngine,
        ...(chosenEngine === 'webgpu' || threads === null ? {} : { workers: threads }),
        ...(chosenMethod === '' ? {} : { method: chosenMethod as Method }),
        signal: own.signal,
        resume,
        checkpointEveryMs: CHECKPOINT_EVERY_MS,
        onCheckpoint: (checkpoint) => {
          localStorage.setItem(
            STORAGE_KEY,
            JSON.stringify({ engine: chosenEngine, workers: threads, checkpoint } satisfies Saved),
          );
        },
        onProgress: ({ done, total }) => {
          if (own.signal.aborted) return;
          const now = performance.now();
          eta.observe(done, now);
          subproblems = total;
          progress.value = total === 0 ? 1 : done / total;
          progressLabel.textContent = progressSummary(done, total, eta.remainingMs(done, total, now));
        },
      });
      localStorage.removeItem(STORAGE_KEY);
      result.dataset.total = String(r.total);
      const how =
        r.engine === 'webgpu'
          ? `${ENGINE_NAMES.webgpu}, ${r.method}`
          : `${ENGINE_NAMES[r.engine]}, ${r.method}, ${threadsUsed(r.workers, threads)}`;
      const why = r.engine === 'webgpu' ? '' : fewerThreadsWhy(r.n, threads, r.workers, subproblems, cores);
      result.textContent =
        `n = ${r.n}: ${plural(r.total, 'solution', 'solutions')}, ${r.unique?.toLocaleString('en')} unique ` +
        `(${how}, ${formatMs(r.elapsedMs)} ms${r.resumed ? ', resumed' : ''})${why ? `. ${why}` : ''}`;
    } catch (error) {
      // The progress of a count that ended early describes nothing any more.
      progress.value = 0;
      progressLabel.textContent = '';
      if (own.signal.aborted) result.textContent = 'Cancelled.';
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
    void start(Number(n.value), engine.value as Engine, workers.value === '' ? null : Number(workers.value), undefined);
  });
  resumeButton.addEventListener('click', () => {
    const saved = loadSaved();
    if (saved !== null) void start(saved.checkpoint.n, saved.engine, saved.workers ?? null, saved.checkpoint);
  });
  discardButton.addEventListener('click', () => {
    localStorage.removeItem(STORAGE_KEY);
    showOffer();
  });
  showOffer();
}
