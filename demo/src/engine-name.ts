import type { Engine } from 'nqueens-wasm';

/** The engines as the page names them: the API's 'js' is the TypeScript kernel, and says so. */
export const ENGINE_NAMES: Record<Engine, string> = { wasm: 'wasm', js: 'TypeScript', webgpu: 'WebGPU' };
