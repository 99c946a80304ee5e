// Bundles the package into the files it ships: dist/nqueens-wasm.js (the library's entry) with
// the modules it loads beside it, dist/nqueens-wasm-*.js, the library again as CommonJS,
// dist/nqueens-wasm.cjs, dist/cli.js (the nqueens command, one file), and the kernel as a file,
// dist/kernel.wasm. Not minified: the user's bundler minifies, an error's stack and the line Node
// prints with it stay readable, and the comments that tell bundlers to leave an import alone
// (webpackIgnore, turbopackIgnore, @vite-ignore) survive.
// (The CLI keeps the shebang of src/cli/main.ts.)
//
// The CLI is a client of the package: it imports the package's entry by name, 'nqueens-wasm'
// (which resolves to dist/nqueens-wasm.js through the package's own "exports", wherever it is
// installed), so dist/cli.js holds no copy of the library or of the kernel.

import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CLI_IMPORTS } from './cli-imports.mjs';

const root = new URL('..', import.meta.url);
/** @param {string} p */
const path = (p) => fileURLToPath(new URL(p, root));
const { version } = JSON.parse(readFileSync(path('package.json'), 'utf8'));
/** @satisfies {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  legalComments: 'none',
  external: ['node:*'],
  logLevel: 'warning',
  define: { NQUEENS_VERSION: JSON.stringify(version) },
};
// The library, with the 'webgpu' engine split off into a module of its own, which the library
// imports when a call first asks for the GPU (src/run/load-gpu-engine.ts): most imports never need it,
// and it is a quarter of the code to parse. What both use goes into a chunk the entry imports.
await build({
  ...common,
  entryPoints: { 'nqueens-wasm': path('src/index.ts') },
  outdir: path('dist'),
  splitting: true,
  chunkNames: 'nqueens-wasm-[name]',
  platform: 'neutral',
});
// The same library as one CommonJS file, for hosts that require() and cannot load ES modules:
// Jest on its defaults runs test files in a vm context whose require() refuses ES modules (Node's
// own require(esm) does not reach it). The package's "exports" hand it out only under "require",
// after "module-sync", so that an import, and Node's require() wherever it loads ES modules, never
// reads it. One file, the GPU engine inlined: esbuild splits ES modules only. Dawn's package stays
// an import(): it is an ES module, which such a host could not require() either, and import() is
// how CommonJS code loads one (in Jest, only with --experimental-vm-modules; the error says so).
await build({
  ...common,
  entryPoints: [path('src/index.ts')],
  outfile: path('dist/nqueens-wasm.cjs'),
  format: 'cjs',
  platform: 'neutral',
});
// The command line's argument parser is a dependency of the package, installed beside it. The
// CLI's sources import the package through its entry (src/index.ts); besides src/cli, only the leaf
// modules scripts/cli-imports.mjs lists go into dist/cli.js. Anything else of the library is an error.
const library = path('src/index.ts');
const alsoBundled = new Set(CLI_IMPORTS.map(path));
const cliSources = path('src/cli/');
/** @type {import('esbuild').Plugin} */
const onlyThePackage = {
  name: 'only-the-package',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      if (resolved.path === library) return { path: 'nqueens-wasm', external: true };
      if (resolved.path.startsWith(cliSources) || alsoBundled.has(resolved.path)) return { path: resolved.path };
      return {
        errors: [{ text: `the CLI imports ${resolved.path}: import the package's entry (src/index.ts) instead` }],
      };
    });
  },
};
await build({
  ...common,
  entryPoints: [path('src/cli/main.ts')],
  outfile: path('dist/cli.js'),
  platform: 'node',
  external: [...common.external, 'commander', 'nqueens-wasm'],
  plugins: [onlyThePackage],
});
copyFileSync(path('build/kernel.wasm'), path('dist/kernel.wasm'));
// What a bundler that imports .wasm files as compiled modules (workerd's, wrangler's) hands over.
writeFileSync(path('dist/kernel.wasm.d.ts'), 'declare const kernel: WebAssembly.Module;\nexport default kernel;\n');
console.error('bundled dist/nqueens-wasm.js (and its chunks), dist/nqueens-wasm.cjs and dist/cli.js');
