// Writes the package's public types as one declaration file, dist/nqueens-wasm.d.ts, rolled up
// from src/index.ts: a user's editor and compiler see the public API and nothing of the internal
// layout (the modules' own declarations stay out of the tarball). The test of the packed package
// compiles a project against it, strict and without skipLibCheck.
//
// The same declarations again as dist/nqueens-wasm.d.cts, the types of dist/nqueens-wasm.cjs: in
// this "type": "module" package TypeScript reads a .d.ts as an ES module's, and under node16
// resolution refuses a require() of one (TS1471); a .d.cts declares a CommonJS module, whose
// exports the same `export` statements describe.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateDtsBundle } from 'dts-bundle-generator';

/** @param {string} p */
const path = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const [types] = generateDtsBundle(
  [{ filePath: path('src/index.ts'), output: { noBanner: true, exportReferencedTypes: false } }],
  { preferredConfigPath: path('tsconfig.build.json') },
);
writeFileSync(path('dist/nqueens-wasm.d.ts'), types);
writeFileSync(path('dist/nqueens-wasm.d.cts'), types);
console.error('wrote dist/nqueens-wasm.d.ts and dist/nqueens-wasm.d.cts');
