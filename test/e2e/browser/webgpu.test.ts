// The 'webgpu' engine in Chromium on its software adapter (SwiftShader: no GPU here). It proves
// the engine exact, not fast: its totals and unique counts against the known counts, against the
// wasm engine on random placements and shards, progress, abort, suspended and resumed searches,
// checkpoints, a lost device, and compareEngines' third column. The page imports the package's
// source, built by Vite, and the tests' way to count through the engine's own path
// (test/helpers/gpu-engine.ts).
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_TESTS, buildPage, launchChromium, serveDirectory } from '../../helpers/chromium.js';
import { knownCounts } from '../../helpers/known-counts.js';
import { randomInt, randomQueens, seededRandom } from '../../helpers/random.js';

const GPU_HELPER = fileURLToPath(new URL('../../helpers/gpu-engine.ts', import.meta.url));

// The page hands the package to the tests, the engine's path, and the adapter as navigator.gpu describes it.
const MAIN = `
import * as nq from 'nqueens-wasm';
import { countOnGpuEngine } from ${JSON.stringify(GPU_HELPER)};
window.nq = nq;
window.countOnGpuEngine = async (n) => {
  const r = await countOnGpuEngine(n);
  return { total: String(r.total), unique: String(r.unique) };
};
const adapter = await navigator.gpu?.requestAdapter();
window.adapterInfo = adapter ? { vendor: adapter.info.vendor, architecture: adapter.info.architecture } : null;
document.body.dataset.ready = '1';
`;

/** The page's count through the engine's path: counts as decimal strings (bigint does not cross into the test). */
type GpuCounter = (n: number) => Promise<{ total: string; unique: string }>;

let server: Server | undefined;
let url: string;

beforeAll(async () => {
  if (!BROWSER_TESTS) return;
  ({ url, server } = await serveDirectory(await buildPage('webgpu', MAIN)));
});

afterAll(() => {
  server?.close();
});

async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60_000 });
  return page;
}

describe.skipIf(!BROWSER_TESTS)('the webgpu engine in Chromium (SwiftShader)', () => {
  let browser: Browser;
  /** A page of its own for each test (a new browser context): a new GPU device, nothing left by another test. */
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = await openPage(browser);
  });

  afterEach(async () => {
    await page.close();
  });

  it('has an adapter here: SwiftShader, a software adapter', async () => {
    expect(await page.evaluate(() => (window as unknown as { adapterInfo: unknown }).adapterInfo)).toEqual({
      vendor: 'google',
      architecture: 'swiftshader',
    });
  });

  it('count() counts n = 1..12: totals and unique counts equal OEIS, engine webgpu', async () => {
    const results = await page.evaluate(async () => {
      const { count } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const out = [];
      for (let n = 1; n <= 12; n++) {
        const r = await count(n, { engine: 'webgpu' });
        out.push({ n, total: r.total, unique: r.unique, engine: r.engine, workers: r.workers });
      }
      return out;
    });
    for (const r of results) {
      const known = knownCounts.get(r.n)!;
      expect(r).toEqual({
        n: r.n,
        total: Number(known.total),
        unique: Number(known.unique),
        engine: 'webgpu',
        workers: 1,
      });
    }
  });

  it("count() by the join counts n = 6..13 as OEIS does, with method 'join', and shards of n = 13 as the wasm join", async () => {
    const r = await page.evaluate(async () => {
      const { count } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const out = [];
      for (let n = 6; n <= 13; n++) {
        const joined = await count(n, { engine: 'webgpu', method: 'join' });
        out.push({ n, total: joined.total, unique: joined.unique, method: joined.method });
      }
      const shards = [];
      for (let index = 0; index < 3; index++) {
        const shard = { index, count: 3 };
        const gpu = await count(13, { engine: 'webgpu', method: 'join', shard });
        const cpu = await count(13, { engine: 'wasm', method: 'join', shard });
        shards.push([gpu.total, cpu.total]);
      }
      return { out, shards };
    });
    for (const c of r.out) {
      const known = knownCounts.get(c.n)!;
      expect(c).toEqual({ n: c.n, total: Number(known.total), unique: Number(known.unique), method: 'join' });
    }
    for (const [gpu, cpu] of r.shards) expect(gpu).toBe(cpu);
    expect(r.shards.reduce((sum, [gpu]) => sum + gpu!, 0)).toBe(73712);
  });

  it('the kernel counts n = 1..14 exactly: totals and unique counts', async () => {
    const results = await page.evaluate(async () => {
      const countOnGpuEngine = (window as unknown as { countOnGpuEngine: GpuCounter }).countOnGpuEngine;
      const out = [];
      for (let n = 1; n <= 14; n++) out.push({ n, ...(await countOnGpuEngine(n)) });
      return out;
    });
    for (const r of results) {
      const known = knownCounts.get(r.n)!;
      expect(r).toEqual({ n: r.n, total: String(known.total), unique: String(known.unique) });
    }
  });

  it('counts 40 random placements (n = 6..14, 1 to 4 queens) and shards of n = 13 as the wasm engine does', async () => {
    const random = seededRandom(1515);
    const cases: { n: number; placed?: (readonly [number, number])[]; shard?: { index: number; count: number } }[] = [];
    for (let i = 0; i < 40; i++) {
      const n = randomInt(random, 6, 14);
      cases.push({ n, placed: randomQueens(random, n, randomInt(random, 1, 4)) });
    }
    for (const index of [0, 3, 6]) cases.push({ n: 13, shard: { index, count: 7 } });
    const results = await page.evaluate(async (list) => {
      const { count } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const out = [];
      for (const { n, ...options } of list) {
        const gpu = await count(n, { ...options, engine: 'webgpu' });
        const cpu = await count(n, { ...options, engine: 'wasm' });
        out.push({ gpu: [gpu.total, gpu.unique], cpu: [cpu.total, cpu.unique] });
      }
      return out;
    }, cases);
    let nonZero = 0;
    for (const r of results) {
      expect(r.gpu).toEqual(r.cpu);
      if (r.cpu[0]! > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(20);
  });

  it('reports progress from 0 to every subproblem, and an abort rejects with its reason', async () => {
    const r = await page.evaluate(async () => {
      const { count } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const seen: number[] = [];
      let planned = 0;
      const done = await count(13, {
        engine: 'webgpu',
        onProgress: (p) => {
          seen.push(p.done);
          planned = p.total;
        },
      });
      const controller = new AbortController();
      const aborted = await count(15, {
        engine: 'webgpu',
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done > 0) controller.abort(new Error('enough'));
        },
      }).then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      return { total: done.total, seen, planned, aborted };
    });
    expect(r.total).toBe(73712);
    expect(r.seen[0]).toBe(0);
    expect(r.seen.at(-1)).toBe(r.planned);
    expect(r.seen.length).toBeGreaterThan(2);
    expect([...r.seen].sort((a, b) => a - b)).toEqual(r.seen);
    expect(r.aborted).toBe('enough');
  });

  it("the kernel suspends searches at a dispatch's budget and resumes them exactly: n = 14 takes more dispatches than waves of tasks", async () => {
    // The page's own device, whose budget starts small.
    const r = await page.evaluate(async () => {
      const countOnGpuEngine = (window as unknown as { countOnGpuEngine: GpuCounter }).countOnGpuEngine;
      // A wave of tasks makes its bind group once, and is dispatched once more for every round
      // in which some of its searches were suspended.
      const pass = GPUComputePassEncoder.prototype;
      const device = GPUDevice.prototype;
      const { dispatchWorkgroups } = pass;
      const { createBindGroup } = device;
      let dispatches = 0;
      let bindGroups = 0;
      pass.dispatchWorkgroups = function (this: GPUComputePassEncoder, ...args: Parameters<typeof dispatchWorkgroups>) {
        dispatches++;
        return dispatchWorkgroups.apply(this, args);
      };
      device.createBindGroup = function (this: GPUDevice, ...args: Parameters<typeof createBindGroup>) {
        bindGroups++;
        return createBindGroup.apply(this, args);
      };
      try {
        const result = await countOnGpuEngine(14);
        return { ...result, dispatches, bindGroups };
      } finally {
        pass.dispatchWorkgroups = dispatchWorkgroups;
        device.createBindGroup = createBindGroup;
      }
    });
    expect(r).toMatchObject({ total: '365596', unique: '45752' });
    const waves = r.bindGroups;
    expect(waves).toBeGreaterThan(0);
    expect(r.dispatches).toBeGreaterThan(waves);
  });

  it('resumes from a checkpoint taken on an abort, to the exact count', async () => {
    const r = await page.evaluate(async () => {
      const { count } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const controller = new AbortController();
      let checkpoint: unknown;
      await count(14, {
        engine: 'webgpu',
        signal: controller.signal,
        onCheckpoint: (c) => (checkpoint = c),
        onProgress: (p) => p.done > p.total / 3 && controller.abort(),
      }).catch(() => {});
      const partial = (checkpoint as { done: [number, number][] }).done.length;
      const resumed = await count(14, { engine: 'webgpu', resume: checkpoint as never });
      return { partial, total: resumed.total, unique: resumed.unique, resumed: resumed.resumed };
    });
    expect(r.partial).toBeGreaterThan(0);
    expect(r).toMatchObject({ total: 365596, unique: 45752, resumed: true });
  });

  it('a device lost in the middle of a count rejects it, and the next count sets up a new device and is exact', async () => {
    const r = await page.evaluate(async () => {
      const { count } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const proto = GPUDevice.prototype;
      const { createCommandEncoder } = proto;
      let encoders = 0;
      // The fifth command encoder of the count: after its first dispatches, before its end.
      proto.createCommandEncoder = function (this: GPUDevice, ...args: Parameters<typeof createCommandEncoder>) {
        if (++encoders === 5) this.destroy();
        return createCommandEncoder.apply(this, args);
      };
      let lost: string;
      try {
        lost = await count(13, { engine: 'webgpu' }).then(
          (result) => `resolved with ${result.total}`,
          (error: Error) => `${error.name}: ${error.message}`,
        );
      } finally {
        proto.createCommandEncoder = createCommandEncoder;
      }
      const next = await count(13, { engine: 'webgpu' });
      return { lost, next: [next.total, next.unique] };
    });
    expect(r.lost).toMatch(/^GpuLostError: the GPU device was lost while counting/);
    expect(r.next).toEqual([73712, 9233]);
  });

  it('compareEngines adds the webgpu column, naming the adapter as software, as findGpu does', async () => {
    const r = await page.evaluate(async () => {
      const { compareEngines, findGpu } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      return { compared: await compareEngines(9, { runs: 1, webgpu: true }), found: await findGpu() };
    });
    expect(r.compared.total).toBe(352);
    expect(r.compared.webgpu!.adapter).toEqual({ name: expect.stringMatching(/swiftshader/i), software: true });
    expect(r.found).toEqual(r.compared.webgpu!.adapter);
    expect(r.compared.webgpu!.medianMs).toBeGreaterThan(0);
  });

  it('countSync and solutions refuse it, in the page too', async () => {
    const r = await page.evaluate(() => {
      const { countSync, solutions } = (window as unknown as { nq: typeof import('../../../src/index.js') }).nq;
      const errors = [];
      for (const call of [() => countSync(8, { engine: 'webgpu' }), () => solutions(8, { engine: 'webgpu' })]) {
        try {
          call();
          errors.push('no error');
        } catch (error) {
          errors.push(`${(error as Error).name}: ${(error as Error).message}`);
        }
      }
      return errors;
    });
    expect(r).toEqual([
      expect.stringMatching(/^TypeError: options.engine must be 'wasm' or 'js' for countSync, got "webgpu"/),
      expect.stringMatching(/^TypeError: options.engine must be 'wasm' or 'js' for solutions, got "webgpu"/),
    ]);
  });
});

describe.skipIf(!BROWSER_TESTS)('the webgpu engine where Chromium has no adapter', () => {
  it('rejects with an error that says so; the default engine still counts, and compareEngines has no webgpu column', async () => {
    const browser = await launchChromium({ webgpu: false });
    try {
      const page = await openPage(browser);
      const r = await page.evaluate(async () => {
        const { count, compareEngines, findGpu } = (window as unknown as { nq: typeof import('../../../src/index.js') })
          .nq;
        const refused = await count(8, { engine: 'webgpu' }).then(
          () => 'resolved',
          (error: Error) => `${error.name}: ${error.message}`,
        );
        const found = await findGpu().then(
          () => 'resolved',
          (error: Error) => `${error.name}: ${(error as Error & { reason: string }).reason}`,
        );
        const fallback = await count(8);
        const compared = await compareEngines(6, { runs: 1 });
        return { refused, found, fallback: [fallback.total, fallback.engine], webgpuColumn: 'webgpu' in compared };
      });
      expect(r).toEqual({
        refused:
          "WebGPUUnavailableError: the 'webgpu' engine is unavailable here (navigator.gpu.requestAdapter() found no adapter); use engine: 'wasm'",
        found: 'WebGPUUnavailableError: navigator.gpu.requestAdapter() found no adapter',
        fallback: [92, 'wasm'],
        webgpuColumn: false,
      });
    } finally {
      await browser.close();
    }
  });
});
