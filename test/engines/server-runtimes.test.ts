// The scenario (scenario.js) in each server runtime, on the package as installed from its tarball:
// exact counts on both engines, the default engine, worker threads, placed queens and shards, the
// GPU engine's answer, and abort. One test per group of checks, so that a failure says where.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { host } from './host.js';
import { type Run, runIn, runtime as runtimeOf, SERVER_RUNTIMES, versionOf } from './runtimes.js';
import type { Report } from './scenario.js';

const GROUPS = ['counts', 'default engine', 'workers', 'many counts', 'placed and shards', 'webgpu', 'abort'];

/** How the runtime's name is written in a message meant for its users. */
const NAMES: Record<string, RegExp> = {
  node20: /\bNode\b/,
  node22: /\bNode\b/,
  node24: /\bNode\b/,
  deno: /\bDeno\b/,
  bun: /\bBun\b/,
};

describe.each(SERVER_RUNTIMES.map((r) => r.id))('%s', (id) => {
  const runtime = runtimeOf(id);
  let run: Run;
  let report: Report | undefined;

  beforeAll(async () => {
    const app = inject('app');
    const entry = join(app, `scenario-${runtime.id}.js`);
    // Node, Deno and Bun all run servers and scripts: the package has both threads and wasm there.
    const { name, version } = versionOf(runtime);
    const allows = host(`${name} ${version}`, { workers: true, wasm: true });
    writeFileSync(
      entry,
      "import * as lib from 'nqueens-wasm';\n" +
        "import { runScenario } from './scenario.js';\n" +
        `console.log(JSON.stringify(await runScenario(lib, ${JSON.stringify(allows)})));\n`,
    );
    // Only a hang is stopped; the scenario takes well under a minute.
    run = await runIn(runtime.command(entry), { cwd: app, killAfterMs: 240_000 });
    try {
      report = JSON.parse(run.stdout) as Report;
    } catch {
      report = undefined;
    }
  }, 300_000);

  function checks(): Report['checks'] {
    if (!report)
      throw new Error(`no report: exit ${run.code ?? run.signal}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
    return report.checks;
  }

  it('runs the whole scenario, prints nothing else, and exits on its own', () => {
    expect({ code: run.code, signal: run.signal, stderr: run.stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(checks().filter((c) => !GROUPS.some((g) => c.name.startsWith(`${g}: `)))).toEqual([]);
  });

  it.each(GROUPS)('%s', (group) => {
    const ofGroup = checks().filter((c) => c.name.startsWith(`${group}: `));
    expect(ofGroup.length).toBeGreaterThan(0);
    expect(ofGroup.filter((c) => !c.ok)).toEqual([]);
  });

  it('where the GPU engine is refused, the message names this runtime (and Bun is not called Node)', () => {
    const gpu = checks().find((c) => c.name.startsWith('webgpu: '));
    expect(gpu?.ok).toBe(true);
    const detail = gpu!.detail;
    if (detail.startsWith('counted ')) {
      expect(detail).toBe('counted 92 on the GPU');
      return;
    }
    expect(detail).toMatch(NAMES[runtime.id]);
    if (runtime.id === 'bun') expect(detail).not.toMatch(/\bNode\b/);
  });
});
