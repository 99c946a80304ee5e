// Bundles the package into the two files it ships: dist/nqueens-wasm.js (the library, one ES
// module, so that importing it reads one file) and dist/cli.js (the nqueens command). Whitespace
// and syntax are minified, names are kept, so that stack traces stay readable. (The CLI keeps
// the shebang of src/cli/main.ts.)
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const path = (p) => fileURLToPath(new URL(p, root));
const { version } = JSON.parse(readFileSync(path('package.json'), 'utf8'));
const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  external: ['node:*'],
  logLevel: 'warning',
  define: { NQUEENS_VERSION: JSON.stringify(version) },
};
await build({ ...common, entryPoints: [path('src/index.ts')], outfile: path('dist/nqueens-wasm.js'), platform: 'neutral' });
// The command line's argument parser is a dependency of the package, installed beside it.
await build({ ...common, entryPoints: [path('src/cli/main.ts')], outfile: path('dist/cli.js'), platform: 'node', external: [...common.external, 'commander'] });
console.log('bundled dist/nqueens-wasm.js and dist/cli.js');
