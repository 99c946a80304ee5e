// GPU output that explains itself, on a real adapter (Dawn, the package `webgpu`, on whatever
// Vulkan driver the machine has; lavapipe in CI): a count's result names the adapter it ran on,
// the command line prints that name where it would print threads, `nqueens compare --webgpu`
// times the GPU beside the CPU engines and names it, and what else a GPU count prints on stderr
// is only Dawn's own two notes on its limits (the README says what they are).
// Without an adapter the tests are skipped, saying why, unless REQUIRE_GPU=1 (CI sets it).
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compareEngines, count, findGpu } from '../../src/index.js';
import { bin } from '../helpers/cli-process.js';
import { knownCounts } from '../helpers/known-counts.js';

const REQUIRED = process.env.REQUIRE_GPU === '1';
/** The adapter a GPU count here runs on, or why there is none. */
const probe = await count(1, { engine: 'webgpu' }).then(
  (r) => ({ adapter: r.adapter, missing: null }),
  (error: unknown) => ({ adapter: undefined, missing: error instanceof Error ? error.message : String(error) }),
);
if (probe.missing !== null && !REQUIRED)
  console.warn(
    `test/e2e/cli-gpu.test.ts skipped: no WebGPU adapter in Node (${probe.missing}); REQUIRE_GPU=1 fails instead`,
  );
const RUN = probe.missing === null || REQUIRED;

/** Dawn's notes where a driver offers more dynamic buffers than Dawn keeps track of (lavapipe does). */
const DAWN_NOTE =
  /^Warning: maxDynamic(?:Uniform|Storage)BuffersPerPipelineLayout artificially reduced from \d+ to \d+ to fit dynamic offset allocation limit\.$/;

function nqueens(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Whatever the command wrote on stderr, but for Dawn's notes. */
const besidesDawn = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !DAWN_NOTE.test(line));

describe.skipIf(!RUN)('GPU output that explains itself', () => {
  it("a count's result names the adapter it ran on, as compareEngines and findGpu do; a CPU count's has none", async () => {
    const { adapter } = probe;
    expect(adapter).toEqual({ name: expect.any(String), software: expect.any(Boolean) });
    expect(adapter!.name).not.toBe('');
    const r = await count(10, { engine: 'webgpu' });
    expect({ total: r.exact.total, adapter: r.adapter }).toEqual({ total: 724n, adapter });
    const m = await compareEngines(6, { runs: 1, webgpu: true });
    expect(m.webgpu?.adapter).toEqual(adapter);
    expect(await findGpu()).toEqual(adapter);
    expect('adapter' in (await count(10))).toBe(false);
  });

  it('findGpu takes a signal: aborted before the look, it rejects with the reason', async () => {
    const controller = new AbortController();
    const reason = new Error('not now');
    controller.abort(reason);
    await expect(findGpu({ signal: controller.signal })).rejects.toBe(reason);
    await expect(findGpu({ signal: 'soon' as unknown as AbortSignal })).rejects.toMatchObject({
      name: 'TypeError',
      code: 'ERR_INVALID_ARG_TYPE',
      argument: 'options.signal',
    });
  });

  it('nqueens <n> --engine webgpu prints its method and the adapter where a CPU count prints its threads, and --json has them', async () => {
    const { name, software } = probe.adapter!;
    const r = await nqueens(['12', '--engine', 'webgpu']);
    expect(r.code).toBe(0);
    const how = (method: string) => `webgpu, ${method}, on ${name}${software ? ', a software adapter' : ''}`;
    expect(r.stdout.slice(0, r.stdout.lastIndexOf(', '))).toBe(
      `n = 12: 14,200 solutions, 1,787 unique (${how('backtrack')}`,
    );
    expect(r.stdout).toMatch(/, [\d,.]+ ms\)\n$/);
    expect(besidesDawn(r.stderr)).toEqual([]);
    const json = JSON.parse((await nqueens(['12', '--engine', 'webgpu', '--json'])).stdout);
    expect(json).toMatchObject({
      total: '14200',
      engine: 'webgpu',
      method: 'backtrack',
      adapter: { name, software },
      workers: 1,
    });
    // By the join when asked: the same counts.
    const joined = await nqueens(['12', '--engine', 'webgpu', '--method', 'join']);
    expect(joined.code).toBe(0);
    expect(joined.stdout.slice(0, joined.stdout.lastIndexOf(', '))).toBe(
      `n = 12: 14,200 solutions, 1,787 unique (${how('join')}`,
    );
  });

  it('nqueens 16 --engine webgpu goes by the GPU default for its adapter: the join on a software one', async () => {
    const { name, software } = probe.adapter!;
    const method = software ? 'join' : 'backtrack';
    const r = await nqueens(['16', '--engine', 'webgpu']);
    expect(r.code).toBe(0);
    expect(r.stdout.slice(0, r.stdout.lastIndexOf(', '))).toBe(
      `n = 16: 14,772,512 solutions, 1,846,955 unique (webgpu, ${method}, on ${name}${software ? ', a software adapter' : ''}`,
    );
    // Below the switch, and where a method is named, as before.
    expect((await count(15, { engine: 'webgpu' })).method).toBe('backtrack');
    expect((await count(16, { engine: 'webgpu', method: 'backtrack' })).method).toBe('backtrack');
  });

  it('nqueens compare --webgpu times the GPU beside the CPU engines and names its adapter; --json too', async () => {
    const { name, software } = probe.adapter!;
    const r = await nqueens(['compare', '6..8', '--runs', '1', '--webgpu']);
    expect(r.code).toBe(0);
    expect(besidesDawn(r.stderr)).toEqual([]);
    const lines = r.stdout.split('\n');
    const header = lines.findIndex((line) => /^n +method +total +unique/.test(line));
    expect(lines[0]).toMatch(/^TypeScript \(js\) and wasm against the GPU \(webgpu\): /);
    expect(lines.slice(0, header).join(' ')).toContain(
      `The GPU: ${name}${software ? ', a software adapter: its times say nothing about GPUs' : ''}.`,
    );
    expect(lines[header]).toBe('n     method  total  unique  TypeScript ms  wasm ms  webgpu ms  speed-up');
    const rows = lines.slice(header + 2, -1).map((line) => line.trim().split(/\s+/));
    expect(rows.map((cells) => cells.slice(0, 4))).toEqual(
      [6, 7, 8].map((n) => [
        String(n),
        'backtrack',
        String(knownCounts.get(n)!.total),
        String(knownCounts.get(n)!.unique),
      ]),
    );
    for (const cells of rows) expect(Number(cells[6].replace(/,/g, ''))).toBeGreaterThan(0);
    const json = (await nqueens(['compare', '6', '--runs', '1', '--webgpu', '--json'])).stdout.trim().split('\n');
    expect(json.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ n: 6, total: '4', webgpuMs: expect.any(Number), adapter: { name, software } }),
    ]);
  }, 60_000);
});
