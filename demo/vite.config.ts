import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The demo imports the package by its name, as an app would; here the name points at the
// sources, so that `npm run demo` shows changes at once.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset paths: the built site works from any static host and any sub-path.
  base: './',
  resolve: {
    alias: { 'nqueens-wasm': fileURLToPath(new URL('../src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: { format: 'es' },
});
