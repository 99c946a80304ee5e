// The package as a consumer gets it: packed, installed into an empty project, imported and required.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cloneOfRepository } from '../helpers/clone.js';
import { packTarball } from '../helpers/pack.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Type-checks `file` in `app` with strict settings and `module` resolution: no error, no output. */
function expectTypeChecks(app: string, module: 'NodeNext' | 'Node16', file: string): void {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module,
        moduleResolution: module,
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: [file],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], {
    encoding: 'utf8',
  });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);
}

describe('the packed package', () => {
  it("holds the build, the README and the LICENSE, no install script, installs without an install-script warning, says how to install `webgpu` for the GPU engine, and its types (errors included) compile in a project without Node's or WebGPU's types", () => {
    const work = mkdtempSync(join(tmpdir(), 'nqueens-pack-'));
    const tarball = packTarball(work);
    const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toEqual(
      expect.arrayContaining([
        'package/LICENSE',
        'package/README.md',
        'package/dist/nqueens-wasm.js',
        'package/dist/cli.js',
        'package/dist/nqueens-wasm.d.ts',
      ]),
    );
    // The public types in one file (and its copy for the CommonJS build): none of the internal modules' declarations.
    expect(listing.filter((f) => /\.d\.c?ts$/.test(f)).sort()).toEqual([
      'package/dist/kernel.wasm.d.ts',
      'package/dist/nqueens-wasm.d.cts',
      'package/dist/nqueens-wasm.d.ts',
    ]);
    // Only what users run, and the types: the library's modules, its CommonJS build and the CLI, no other JavaScript, no source maps, no tests.
    expect(listing.filter((f) => /\.c?js$/.test(f)).sort()).toEqual([
      'package/dist/cli.js',
      'package/dist/nqueens-wasm-chunk.js',
      'package/dist/nqueens-wasm-with-gpu.js',
      'package/dist/nqueens-wasm.cjs',
      'package/dist/nqueens-wasm.js',
    ]);
    expect(listing.filter((f) => f.endsWith('.map') || f.includes('/test/') || f.includes('/bench/'))).toEqual([]);
    const manifest = JSON.parse(
      execFileSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }),
    );
    // Nothing runs where it is installed: no install script, nor a prepare that npm would list as one.
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(manifest.scripts[script]).toBeUndefined();
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(install.status).toBe(0);
    expect(install.stderr).not.toMatch(/install-scripts|prepare/);
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "import { countSync } from 'nqueens-wasm'; console.log(countSync(10).total)"],
      {
        cwd: app,
        encoding: 'utf8',
      },
    );
    expect(run.stdout).toBe('724\n');
    // require(esm): CommonJS code loads it too, on Node >= 20.19.
    const required = spawnSync(process.execPath, ['-e', "console.log(require('nqueens-wasm').totalNQueens(8))"], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(required.stdout).toBe('92\n');
    // WebGPU in Node comes from the optional package `webgpu`, not installed here: the error says so,
    // and is the exported class.
    const gpu = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { count, WebGPUUnavailableError } from 'nqueens-wasm'; " +
          "await count(8, { engine: 'webgpu' }).catch((e) => console.log(e instanceof WebGPUUnavailableError, e.message));",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(gpu.stdout).toBe(
      "true the 'webgpu' engine is unavailable here (Node has no navigator.gpu, and the optional package `webgpu` (Dawn: WebGPU outside browsers) is not installed: npm install webgpu); use engine: 'wasm'\n",
    );
    const cli = spawnSync(process.execPath, [join(app, 'node_modules/.bin/nqueens'), '10', '--engine', 'webgpu'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect({ code: cli.status, stdout: cli.stdout }).toEqual({ code: 1, stdout: '' });
    expect(cli.stderr).toBe(
      'nqueens: --engine webgpu is unavailable here (Node has no navigator.gpu, and the optional package `webgpu` (Dawn: WebGPU outside browsers) is not installed: npm install webgpu); use --engine wasm\n',
    );
    // The declarations ask nothing of the project: no @types/node, no WebGPU types, skipLibCheck off.
    writeFileSync(
      join(app, 'main.ts'),
      "import { compareEngines, count, GpuLostError, WasmUnavailableError, WebGPUUnavailableError, WorkersRefusedError, type CompareResult, type CountResult, type Engine } from 'nqueens-wasm';\n" +
        "const engine: Engine = 'webgpu';\n" +
        'export const r: Promise<CountResult> = count(8, { engine });\n' +
        'export const exact: Promise<bigint> = r.then((result) => result.exact.total);\n' +
        'export const c: Promise<CompareResult> = compareEngines(8, { webgpu: true });\n' +
        'export const kinds = (e: unknown) => [e instanceof GpuLostError, e instanceof WasmUnavailableError, e instanceof WebGPUUnavailableError, e instanceof WorkersRefusedError];\n',
    );
    expectTypeChecks(app, 'NodeNext', 'main.ts');
  });

  it("CommonJS: Node's require() gets the ES module itself, and a require() that loads no ES module (Jest's) gets dist/nqueens-wasm.cjs, the same exports, counting exactly, typed under node16", () => {
    const work = mkdtempSync(join(tmpdir(), 'nqueens-pack-cjs-'));
    const tarball = packTarball(work);
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(install.status).toBe(0);
    writeFileSync(
      join(app, 'main.js'),
      [
        "const nqueens = require('nqueens-wasm');",
        '(async () => {',
        "  const imported = await import('nqueens-wasm');",
        "  const gpu = await nqueens.count(8, { engine: 'webgpu' }).catch((e) => e);",
        '  const onThreads = await nqueens.count(16, { workers: 2 });',
        '  console.log(JSON.stringify({',
        "    file: require('node:path').relative(__dirname, require.resolve('nqueens-wasm')),",
        '    sameAsImport: nqueens === imported,',
        '    exports: Object.keys(nqueens).sort(),',
        '    kinds: Object.keys(imported).map((name) => typeof imported[name] === typeof nqueens[name]),',
        '    countSync: nqueens.countSync(10, { engine: "js" }).exact.total.toString(),',
        '    total: onThreads.exact.total.toString(),',
        '    workers: onThreads.workers,',
        '    gpu: [gpu instanceof nqueens.WebGPUUnavailableError, gpu.message],',
        '  }));',
        '})();',
      ].join('\n'),
    );
    const imported = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "console.log(JSON.stringify(Object.keys(await import('nqueens-wasm'))))"],
      { cwd: app, encoding: 'utf8' },
    );
    const exportNames = JSON.parse(imported.stdout) as string[];
    const outcome = (flags: string[]) => {
      const run = spawnSync(process.execPath, [...flags, 'main.js'], { cwd: app, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      return JSON.parse(run.stdout) as Record<string, unknown>;
    };
    const counted = {
      exports: exportNames,
      kinds: exportNames.map(() => true),
      countSync: '724',
      total: '14772512',
      workers: 2,
      gpu: [
        true,
        "the 'webgpu' engine is unavailable here (Node has no navigator.gpu, and the optional package `webgpu` (Dawn: WebGPU outside browsers) is not installed: npm install webgpu); use engine: 'wasm'",
      ],
    };
    // Where require() loads ES modules (Node >= 20.19), the "module-sync" condition hands it the
    // ES module: one instance for require() and import, one worker pool.
    expect(outcome([])).toEqual({
      file: 'node_modules/nqueens-wasm/dist/nqueens-wasm.js',
      sameAsImport: true,
      ...counted,
    });
    // Without require(esm), as in Jest's module registry, "require" gives the CommonJS build.
    expect(outcome(['--no-experimental-require-module'])).toEqual({
      file: 'node_modules/nqueens-wasm/dist/nqueens-wasm.cjs',
      sameAsImport: false,
      ...counted,
    });
    // TypeScript's node16 resolution refuses a require() of ES module types: the CommonJS build has its own.
    writeFileSync(
      join(app, 'main.cts'),
      "import nqueens = require('nqueens-wasm');\n" +
        'export const r: Promise<nqueens.CountResult> = nqueens.count(8);\n' +
        'export const gpu = (e: unknown) => e instanceof nqueens.WebGPUUnavailableError;\n',
    );
    expectTypeChecks(app, 'Node16', 'main.cts');
  });

  // A build takes 15-40 s on a busy 2-core machine: this test has the time for four.
  it('in a clone without dist/, npm pack builds first, its messages on stderr and JSON alone on stdout; pack --dry-run, publish --dry-run and pack give one tarball, of what "files" lists', () => {
    const work = mkdtempSync(join(tmpdir(), 'nqueens-pack-clone-'));
    const clone = cloneOfRepository(work);
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    const manifest = readFileSync(join(clone, 'package.json'), 'utf8');
    /**
     * What an npm command with --json says of the tarball: its standard output is the JSON alone,
     * as a tool that parses it reads it whole.
     */
    const packed = (args: string[]) => {
      const r = spawnSync('npm', [...args, '--json'], { cwd: clone, encoding: 'utf8' });
      expect({ args, status: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({
        args,
        status: 0,
        stderr: '',
      });
      const json = JSON.parse(r.stdout);
      const report = (Array.isArray(json) ? json[0] : json['nqueens-wasm']) as {
        files: { path: string }[];
        integrity: string;
        filename: string;
      };
      const files = report.files.map((f) => f.path).sort();
      return { tarball: { files, integrity: report.integrity, filename: report.filename }, stderr: r.stderr };
    };
    // The dry run builds (prepack), as the real pack and publish would; the build speaks on stderr.
    const dryRun = packed(['pack', '--dry-run']);
    expect(existsSync(join(clone, 'dist/nqueens-wasm.js'))).toBe(true);
    expect(dryRun.stderr).toContain('bundled dist/nqueens-wasm.js');
    const dry = dryRun.tarball;
    const publish = packed(['publish', '--dry-run']).tarball;
    const real = packed(['pack', '--pack-destination', work]).tarball;
    expect(publish).toEqual(dry);
    expect(real).toEqual(dry);
    const tarball = join(work, real.filename);
    const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(listing.map((f) => f.replace(/^package\//, '')).sort()).toEqual(real.files);
    // One list says what ships: every file is one package.json's "files" names (or npm always
    // packs), and each entry there names a file packed.
    const { files } = JSON.parse(manifest) as { files: string[] };
    const pattern = (entry: string) => new RegExp(`^${entry.replaceAll('.', '\\.').replaceAll('*', '[^/]*')}$`);
    const always = ['package.json'];
    expect(real.files.filter((f) => !always.includes(f) && !files.some((entry) => pattern(entry).test(f)))).toEqual([]);
    expect(files.filter((entry) => !real.files.some((f) => pattern(entry).test(f)))).toEqual([]);
    // The clone's package.json is as it was, and npm finds nothing to fix in it.
    expect(readFileSync(join(clone, 'package.json'), 'utf8')).toBe(manifest);
    const fix = spawnSync('npm', ['pkg', 'fix'], { cwd: clone, encoding: 'utf8' });
    expect(fix.status).toBe(0);
    expect(readFileSync(join(clone, 'package.json'), 'utf8')).toBe(manifest);
  }, 240_000);

  it("stays within package.json's sizeBudget: what an import loads, gzipped, and the GPU engine loaded on demand", () => {
    const { sizeBudget } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      sizeBudget: { importBytes: number; importGzipBytes: number; gpuEngineBytes: number };
    };
    expect(Object.keys(sizeBudget).sort()).toEqual(['gpuEngineBytes', 'importBytes', 'importGzipBytes']);
    const file = (name: string) => readFileSync(join(root, 'dist', name));
    // What the entry imports statically is read with it; the GPU engine only through import().
    const entry = file('nqueens-wasm.js');
    const imported = [...entry.toString('utf8').matchAll(/\bfrom\s*"\.\/([\w-]+\.js)"/g)].map((m) => m[1]!);
    expect(imported).toEqual(['nqueens-wasm-chunk.js']);
    expect(entry.toString('utf8')).toMatch(/\bimport\(\s*"\.\/nqueens-wasm-with-gpu\.js"\s*\)/);
    // Every module an import may ever load, statically or through import(): never the CommonJS build.
    const graph = new Set(['nqueens-wasm.js']);
    for (const name of graph) {
      const code = file(name).toString('utf8');
      for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\(\s*)"\.\/([^"]+)"/g)) graph.add(m[1]!);
      expect(code).not.toMatch(/nqueens-wasm\.cjs/);
    }
    expect([...graph].sort()).toEqual(['nqueens-wasm-chunk.js', 'nqueens-wasm-with-gpu.js', 'nqueens-wasm.js']);
    const loaded = [entry, ...imported.map(file)];
    const bytes = loaded.reduce((sum, b) => sum + b.length, 0);
    const gzipped = loaded.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    const gpu = file('nqueens-wasm-with-gpu.js').length;
    // A ceiling: growing past it is a decision to make, in package.json, and to state in the README.
    expect(bytes).toBeLessThanOrEqual(sizeBudget.importBytes);
    expect(gzipped).toBeLessThanOrEqual(sizeBudget.importGzipBytes);
    expect(gpu).toBeLessThanOrEqual(sizeBudget.gpuEngineBytes);
  });
});
