// Once for the whole tier: the runtimes installed, and the package packed and installed into a
// project that every test file gets with inject('app').
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { installPackage } from './install.js';
import { ensureRuntimes } from './runtimes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project with the packed package installed (node_modules/nqueens-wasm) and scenario.js. */
    app: string;
  }
}

export default function setup(project: TestProject): () => void {
  ensureRuntimes();
  const { app, work } = installPackage();
  project.provide('app', app);
  return () => rmSync(work, { recursive: true, force: true });
}
