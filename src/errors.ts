// The errors that a caller may want to tell apart (with instanceof) from the plain TypeError and
// RangeError of a bad argument. Kept apart from the code that throws them, and typed without
// WebAssembly's, WebGPU's or Node's types, so that importing them asks nothing of a project.

/** An engine that cannot run here; `reason` says why, in words that suit any caller. */
export abstract class EngineUnavailableError extends Error {
  constructor(
    readonly engine: 'wasm' | 'webgpu',
    readonly reason: string,
    readonly instead: 'js' | 'wasm',
  ) {
    super(`the '${engine}' engine is unavailable here (${reason}); use engine: '${instead}'`);
  }
}

/** The 'wasm' engine was asked for where WebAssembly cannot run (an old runtime, a page's CSP). */
export class WasmUnavailableError extends EngineUnavailableError {
  override name = 'WasmUnavailableError';

  constructor(reason: string) {
    super('wasm', reason, 'js');
  }
}

/** The 'webgpu' engine was asked for where no GPU can be had (no WebGPU, no adapter, no device). */
export class WebGPUUnavailableError extends EngineUnavailableError {
  override name = 'WebGPUUnavailableError';

  constructor(reason: string) {
    super('webgpu', reason, 'wasm');
  }
}

/** The GPU device went away in the middle of a count; the next count sets up a new one. */
export class GpuLostError extends Error {
  override name = 'GpuLostError';

  constructor(readonly reason: string) {
    super(`the GPU device was lost while counting (${reason})`);
  }
}

/**
 * Worker threads cannot be started here: a page's Content-Security-Policy refuses them (`policy`),
 * or the runtime has none (`runtime`: Cloudflare's workerd, for one).
 */
export class WorkersRefusedError extends Error {
  override name = 'WorkersRefusedError';

  constructor(
    readonly detail: string,
    readonly refusedBy: 'policy' | 'runtime' = 'policy',
  ) {
    super(
      refusedBy === 'policy'
        ? `the page's Content-Security-Policy refused to start a worker thread from a blob: URL (${detail}); ` +
            `allow it with worker-src blob: (or script-src blob: where there is no worker-src), or count without workers`
        : `${detail}; count without workers`,
    );
  }
}
