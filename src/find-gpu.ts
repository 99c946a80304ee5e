// The GPU that the 'webgpu' engine counts on, for a caller that names it before counting: a
// comparison's heading, a page that offers the engine only where there is one.

import { abortReason } from './errors.js';
import { loadGpuEngine } from './run/load-gpu-engine.js';
import type { FindGpuOptions, GpuAdapter } from './types.js';
import { checkOptions, checkSignal } from './validate.js';

/**
 * Sets up the GPU that count(n, { engine: 'webgpu' }) counts on (once: later counts use it) and
 * resolves with its adapter. Rejects with WebGPUUnavailableError where there is none (its reason
 * says why), and with the signal's reason when the signal is aborted first.
 */
export async function findGpu(options?: FindGpuOptions): Promise<GpuAdapter> {
  const o = checkOptions('findGpu', options, ['signal']);
  const signal = checkSignal(o.signal);
  if (signal?.aborted) throw abortReason(signal);
  const { acquireGpu } = await loadGpuEngine();
  return (await acquireGpu(signal)).adapter;
}
