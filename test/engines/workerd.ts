// Cloudflare's workerd, locally: a module Worker bundled with esbuild from the installed package
// (as wrangler bundles one), a Cap'n Proto config that names its modules, and `workerd serve` on a
// free port. The Worker's fetch handler runs scenario.js and answers with the report.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build, formatMessages, type Message } from 'esbuild';
import { enginesDir } from './runtimes.js';
import type { Host } from './scenario.js';

const WORKERD = join(enginesDir, 'node_modules/.bin/workerd');
/**
 * Not after the pinned workerd's release (it refuses a date it does not know). nodejs_compat is on
 * by default from 2026-08-04: the variant without it turns it (and its v2) off.
 */
const COMPATIBILITY_DATE = '2026-11-01';

export interface Variant {
  /** Directory name of its build. */
  id: string;
  nodejsCompat: boolean;
  /** Whether the Worker imports `nqueens-wasm/kernel.wasm` and hands it to useWasmModule. */
  wasmModule: boolean;
}

/**
 * The Worker's entry. In front of the scenario's checks it reports two of its own: that it runs
 * with Node's APIs or without them, as the variant says ('host'), and what useWasmModule made of the
 * kernel ('wasm module'), so that a refusal there does not hide the scenario's checks.
 */
export function scenarioEntry(variant: Variant, host: Host): string {
  const kernel = variant.wasmModule
    ? {
        imported: "import kernel from 'nqueens-wasm/kernel.wasm';",
        used: "checks.push(given('wasm module: useWasmModule takes kernel.wasm', () => lib.useWasmModule(kernel)));",
      }
    : { imported: '', used: '' };
  return `import * as lib from 'nqueens-wasm';
import { runScenario } from './scenario.js';
${kernel.imported}

const host = ${JSON.stringify(host)};

function given(name, body) {
  try {
    body();
    return { name, ok: true, detail: '' };
  } catch (error) {
    return { name, ok: false, detail: \`threw \${error}\` };
  }
}

export default {
  async fetch() {
    const nodeApis = typeof globalThis.process?.getBuiltinModule === 'function';
    const name = 'host: nodejs_compat ${variant.nodejsCompat ? 'on' : 'off'}';
    const checks = [{ name, ok: nodeApis === ${variant.nodejsCompat}, detail: \`Node's APIs: \${nodeApis}\` }];
    ${kernel.used}
    const report = await runScenario(lib, host);
    return Response.json({ checks: [...checks, ...report.checks] });
  },
};
`;
}

function config(variant: Variant): string {
  const modules = [
    '(name = "worker.js", esModule = embed "worker.js")',
    '(name = "scenario.js", esModule = embed "scenario.js")',
    ...(variant.wasmModule ? ['(name = "nqueens-wasm/kernel.wasm", wasm = embed "kernel.wasm")'] : []),
  ];
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    ${modules.join(',\n    ')},
  ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = [${variant.nodejsCompat ? '"nodejs_compat"' : '"no_nodejs_compat", "no_nodejs_compat_v2"'}],
);
`;
}

/** The file that the package exports as `nqueens-wasm/kernel.wasm`, as a bundler would find it. */
function kernelFile(app: string): string {
  const pkg = join(app, 'node_modules/nqueens-wasm');
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const exported = manifest.exports['./kernel.wasm'];
  const file = typeof exported === 'string' ? exported : (exported as { default?: string } | undefined)?.default;
  if (!file) throw new Error('the package exports no ./kernel.wasm');
  return join(pkg, file);
}

/**
 * Bundles the Worker whose entry is `entry` (its source: scenarioEntry's, or the bench's) from the
 * package installed in `app` into a directory of its own, with its config; resolves to the
 * directory and esbuild's warnings, formatted.
 */
export async function buildWorker(
  app: string,
  variant: Variant,
  entry: string,
): Promise<{ dir: string; warnings: string[] }> {
  const dir = join(app, `workerd-${variant.id}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'entry.js'), entry);
  const result = await build({
    entryPoints: [join(dir, 'entry.js')],
    outfile: join(dir, 'worker.js'),
    absWorkingDir: app,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    // What wrangler resolves for a Worker.
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    // The scenario and the wasm module are modules of their own in the config; Node's built-ins,
    // where the package asks for any, are workerd's (with nodejs_compat) or nobody's.
    external: ['./scenario.js', 'nqueens-wasm/kernel.wasm', 'node:*'],
    logLevel: 'silent',
  });
  copyFileSync(join(app, 'scenario.js'), join(dir, 'scenario.js'));
  if (variant.wasmModule) copyFileSync(kernelFile(app), join(dir, 'kernel.wasm'));
  writeFileSync(join(dir, 'config.capnp'), config(variant));
  return { dir, warnings: await formatMessages(result.warnings as Message[], { kind: 'warning' }) };
}

export interface Served {
  /** Resolves to the Worker's URL once workerd listens; rejects if workerd exits first. */
  ready: Promise<string>;
  /** What workerd printed so far. */
  output(): string;
  /** Kills workerd, whatever state it is in. */
  stop(): void;
}

/**
 * Starts `workerd serve` on the Worker built in `dir`, on a port the system picks: workerd says
 * which on its control descriptor.
 */
export function serveWorker(dir: string): Served {
  const child: ChildProcess = spawn(WORKERD, ['serve', 'config.capnp', '--control-fd=3'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const ready = new Promise<string>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      reject(new Error(`workerd exited (${code ?? signal}) before listening:\n${output}`)),
    );
    const control = createInterface({ input: child.stdio[3] as NodeJS.ReadableStream });
    control.on('line', (line) => {
      const message = JSON.parse(line) as { event?: string; socket?: string; port?: number };
      if (message.event === 'listen' && message.socket === 'http') resolve(`http://127.0.0.1:${message.port}/`);
    });
  });
  return {
    ready,
    output: () => output,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
