// Runs the engine comparison off the page's thread (the GPU, where the page found one, from this
// worker too), one n at a time, posting each row as it ends. Stop terminates the worker: that
// ends it at once, wherever it is, and the rows already posted stay on the page.
import { checkCompareEngines, compareEngines, type Method } from 'nqueens-wasm';

export interface CompareRequest {
  max: number;
  runs: number;
  /** Whether to time the GPU too: only where the page found an adapter. */
  webgpu: boolean;
  /** The methods the CPU engines count by, each n timed by each; null: the package's choice. */
  methods: readonly (Method | null)[];
}

export type CompareMessage =
  | {
      type: 'row';
      n: number;
      method: Method;
      total: number;
      jsMs: number;
      wasmMs: number;
      gpuMs?: number;
      speedup: number;
    }
  | { type: 'done' }
  | { type: 'failed'; message: string };

/** Whether `method` counts a board of n (the join starts at a few rows): as the package says. */
function applies(n: number, method: Method): boolean {
  try {
    checkCompareEngines(n, { method });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_NOT_APPLICABLE') return false;
    throw error;
  }
}

self.onmessage = async (event: MessageEvent<CompareRequest>) => {
  const { max, runs, webgpu, methods } = event.data;
  try {
    for (let n = 4; n <= max; n++) {
      for (const method of methods) {
        if (method !== null && !applies(n, method)) continue;
        // Without `webgpu: true` the package does not look for a GPU at all; with it, the GPU
        // counts by the row's method too.
        const r = await compareEngines(n, {
          runs,
          ...(method !== null && { method }),
          ...(webgpu && { webgpu: true }),
        });
        self.postMessage({
          type: 'row',
          n,
          method: r.method,
          total: r.total,
          jsMs: r.js.medianMs,
          wasmMs: r.wasm.medianMs,
          gpuMs: r.webgpu?.medianMs,
          speedup: r.speedup,
        } satisfies CompareMessage);
      }
    }
    self.postMessage({ type: 'done' } satisfies CompareMessage);
  } catch (error) {
    self.postMessage({ type: 'failed', message: (error as Error).message } satisfies CompareMessage);
  }
};
