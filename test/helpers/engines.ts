import type { Engine } from '../../src/types.js';

/** Every build the package runs on: each test factory runs once per engine. */
export const ENGINES: readonly Engine[] = ['wasm', 'js'];
