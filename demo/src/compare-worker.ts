// Runs the engine comparison off the page's thread (the GPU, where the page found one, from this
// worker too), one n at a time, posting each row as it ends. Stop terminates the worker: that
// ends it at once, wherever it is, and the rows already posted stay on the page.
import { compareEngines } from 'nqueens-wasm';

export interface CompareRequest {
  max: number;
  runs: number;
  /** Whether to time the GPU too: only where the page found an adapter. */
  webgpu: boolean;
}

export type CompareMessage =
  | { type: 'row'; n: number; total: number; jsMs: number; wasmMs: number; gpuMs?: number; speedup: number }
  | { type: 'done' }
  | { type: 'failed'; message: string };

self.onmessage = async (event: MessageEvent<CompareRequest>) => {
  const { max, runs, webgpu } = event.data;
  try {
    for (let n = 4; n <= max; n++) {
      // Without `webgpu: true` the package does not look for a GPU at all.
      const r = await compareEngines(n, webgpu ? { runs, webgpu: true } : { runs });
      self.postMessage({
        type: 'row',
        n,
        total: r.total,
        jsMs: r.js.medianMs,
        wasmMs: r.wasm.medianMs,
        gpuMs: r.webgpu?.medianMs,
        speedup: r.speedup,
      } satisfies CompareMessage);
    }
    self.postMessage({ type: 'done' } satisfies CompareMessage);
  } catch (error) {
    self.postMessage({ type: 'failed', message: (error as Error).message } satisfies CompareMessage);
  }
};
