// What the CLI (src/cli/) may import from the rest of the repository besides the package's entry,
// src/index.ts: leaf modules, without imports of their own, where the CLI and the library must agree.
// scripts/bundle.mjs bundles them into dist/cli.js and refuses any other module of the library, and
// test/layers.test.ts holds the CLI's imports to the same list (type-only ones too, which esbuild
// never resolves).
export const CLI_IMPORTS = [
  // How values from outside are shown in messages.
  'src/quote.ts',
  // The counts merge reads are those the package writes.
  'src/decimal-count.ts',
  // The defaults the help states are those the package applies.
  'src/defaults.ts',
  // Progress worded as the demo words it; not the library's.
  'src/progress-display.ts',
  // The counting methods' names and words, for --method, merge's checks and messages.
  'src/method-list.ts',
  // Its constants: the largest n, for merge's checks.
  'assembly/layout.ts',
];
