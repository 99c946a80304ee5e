// The scenario in Cloudflare's workerd, from a Worker bundled with esbuild: with and without
// nodejs_compat, the wasm kernel handed over as the compiled module the package exports
// (workerd compiles no wasm from bytes), and without it, where the default engine falls back to
// the TypeScript kernel. workerd has no Worker API: counts run in the calling thread.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { host } from './host.js';
import type { Report } from './scenario.js';
import { buildWorker, type Served, scenarioEntry, serveWorker, type Variant } from './workerd.js';

const VARIANTS: (Variant & { title: string })[] = [
  { title: 'with nodejs_compat and kernel.wasm', id: 'compat-wasm', nodejsCompat: true, wasmModule: true },
  { title: 'without nodejs_compat, with kernel.wasm', id: 'plain-wasm', nodejsCompat: false, wasmModule: true },
  { title: 'without nodejs_compat or kernel.wasm', id: 'plain-js', nodejsCompat: false, wasmModule: false },
];

describe.each(VARIANTS.map((v) => [v.title, v] as const))('workerd %s', (_, variant) => {
  const groups = ['host', 'counts', 'default engine', 'workers', 'many counts', 'placed and shards', 'webgpu', 'abort'];
  if (variant.wasmModule) groups.splice(1, 0, 'wasm module');
  let warnings: string[] = [];
  let served: Served | undefined;
  let report: Report | undefined;
  let failure = '';

  beforeAll(async () => {
    const allows = host(`workerd ${variant.title}`, { workers: false, wasm: variant.wasmModule });
    const built = await buildWorker(inject('app'), variant, scenarioEntry(variant, allows));
    warnings = built.warnings;
    served = serveWorker(built.dir);
    // Only a hang is stopped; the scenario takes well under a minute.
    const response = await fetch(await served.ready, { signal: AbortSignal.timeout(240_000) });
    const body = await response.text();
    try {
      report = JSON.parse(body) as Report;
    } catch {
      failure = `HTTP ${response.status}: ${body}\nworkerd: ${served.output()}`;
    }
  }, 300_000);

  afterAll(() => served?.stop());

  function checks(): Report['checks'] {
    if (!report) throw new Error(`no report: ${failure}`);
    return report.checks;
  }

  it('esbuild bundles the Worker without a warning', () => {
    expect(warnings).toEqual([]);
  });

  it('answers with the whole report, and workerd logs no error', () => {
    expect(checks().filter((c) => !groups.some((g) => c.name.startsWith(`${g}: `)))).toEqual([]);
    expect(served!.output()).not.toMatch(/error|uncaught/i);
  });

  it.each(groups)('%s', (group) => {
    const ofGroup = checks().filter((c) => c.name.startsWith(`${group}: `));
    expect(ofGroup.length).toBeGreaterThan(0);
    expect(ofGroup.filter((c) => !c.ok)).toEqual([]);
  });
});

describe("the README's Cloudflare Worker", () => {
  it('runs as written: the kernel handed to useWasmModule, count(12) exact on wasm', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const block = /<!-- run: workerd -->\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const { dir, warnings } = await buildWorker(
      inject('app'),
      { id: 'readme', nodejsCompat: true, wasmModule: true },
      block!,
    );
    expect(warnings).toEqual([]);
    const served = serveWorker(dir);
    try {
      const response = await fetch(await served.ready, { signal: AbortSignal.timeout(120_000) });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        n: 12,
        total: 14200,
        unique: 1787,
        exact: { total: '14200', unique: '1787' },
        engine: 'wasm',
      });
    } finally {
      served.stop();
    }
  });
});
