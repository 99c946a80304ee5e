// Runs the engine comparison off the page's thread (the GPU, where there is one, from this worker too), one n at a time, posting each row as it ends.
import { compareEngines } from 'nqueens-wasm';

export interface CompareRequest {
  max: number;
  runs: number;
}

export type CompareMessage =
  | { type: 'row'; n: number; total: number; jsMs: number; wasmMs: number; gpuMs?: number; speedup: number }
  | { type: 'done' }
  | { type: 'failed'; message: string };

self.onmessage = async (event: MessageEvent<CompareRequest>) => {
  const { max, runs } = event.data;
  try {
    for (let n = 4; n <= max; n++) {
      const r = await compareEngines(n, { runs });
      self.postMessage({ type: 'row', n, total: r.total, jsMs: r.js.medianMs, wasmMs: r.wasm.medianMs, gpuMs: r.webgpu?.medianMs, speedup: r.speedup } satisfies CompareMessage);
    }
    self.postMessage({ type: 'done' } satisfies CompareMessage);
  } catch (error) {
    self.postMessage({ type: 'failed', message: (error as Error).message } satisfies CompareMessage);
  }
};
