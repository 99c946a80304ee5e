// npm run bench:internals [-- <n or from..to>...] [--kernels] [--engines] [--runs k] [--json] [--help]
//
// The benchmark's rows that reach past the package's public API, run from the repository's root:
// the repository's own test code, so it may import the sources, the benchmark's build of the kernel
// (build/bench.wasm, from assembly/bench.ts) and the engines tier's harness; bench/, the package
// of its own behind npm run bench, times the package through its public API alone.
// --kernels: per n, a count on the TS and the wasm engine, the wasm kernel alone and its C
//   transcription over the same subproblems, and a plain mirror-halving Richards search in C
//   (test/bench/counting.ts). Boards from n = 19 on are timed on an even sample, shard 0 of m,
//   checked against the bitmask search alone on a smaller sample; the mirror search is
//   extrapolated there by the growth of its time per solution from n = 16 to 17.
// --engines: compareEngines in every runtime and browser of the engines tier
//   (test/bench/engines.ts, test/bench/engines-browsers.ts).
// The counts "as a caller sees it" import the built package by its name, as bench/ does.

import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { parseBoards } from '../../bench/boards.js';
import { COMMON_OPTIONS, runCommand, writeJson } from '../../bench/command.js';
import { formatRows, measureEngines } from './engines.js';
import { measureKernels, printKernels } from './kernels.js';
import { buildNative } from './native.js';

const HELP = `npm run bench:internals [-- <n or from..to>...] [sections] [options]

Times what bench/ cannot reach through the package's public API, in one run: the kernels alone,
and compareEngines in every engine of the engines tier. Boards are n = 4..22, one or more, as n
or from..to; without any, each section times its own defaults (below).

Sections (--kernels when none is given):
  --kernels   counting: TS and wasm engines, the wasm and C kernels, a plain C search
              (default boards 12..17 19 20; from n = 19 on, an even sample)
  --engines   compareEngines(n) in Node 20, 22 and 24, Deno, Bun, workerd, Chromium, Firefox ESR
              and WebKitGTK (default 14; installs the engines tier's runtimes when missing)

Options:
  --runs k    timed rounds per measurement, medians reported (default 3)
  --json      one JSON object instead of tables
  -h, --help  this text

Examples:
  npm run bench:internals -- 12..14 --kernels --runs 1
  npm run bench:internals -- --engines
`;

const DEFAULT_BOARDS = { kernels: ['12..17', '19', '20'], engines: ['14'] };

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      ...COMMON_OPTIONS,
      kernels: { type: 'boolean', default: false },
      engines: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be a positive integer, got ${JSON.stringify(values.runs)}`);
  return {
    help: values.help === true,
    json: values.json === true,
    runs,
    kernels: values.kernels === true || values.engines !== true,
    engines: values.engines === true,
    boards: positionals.length > 0 ? parseBoards(positionals) : null,
  };
}

async function main(args: ReturnType<typeof parse>): Promise<void> {
  const { runs, boards } = args;
  const native = args.kernels ? buildNative() : null;
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    v8: process.versions.v8,
    cc: native === null ? 'not used' : (native.missing ?? native.compiler),
  };
  const kernels = native === null ? null : measureKernels(boards ?? parseBoards(DEFAULT_BOARDS.kernels), runs, native);
  const engines = args.engines ? await measureEngines(boards ?? parseBoards(DEFAULT_BOARDS.engines), runs) : null;
  if (args.json) {
    const out = { machine, runs, kernels, engines };
    writeJson(out);
    return;
  }
  process.stdout.write(
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node} (V8 ${machine.v8})${native === null ? '' : `, C: ${machine.cc}`}\n`,
  );
  if (kernels !== null && native !== null) printKernels(kernels, runs, native);
  for (const { n, rows, missing } of engines ?? []) {
    process.stdout.write(
      `\n${formatRows(n, runs, rows)}${missing.length > 0 ? `(not installed: ${missing.join(', ')})\n` : ''}`,
    );
  }
}

await runCommand(HELP, parse, main);
