// A Worker serves many requests in one isolate: the README's recipe (a fetch handler that returns
// `await count(n)`), sent requests one after another and at the same time, each count long enough
// to yield, then counts aborted from their request. workerd ties every promise to the request that
// made it: a count must never wait on anything an earlier request made (that request may be over).
// With and without nodejs_compat (setImmediate
// or a channel to yield with), with the wasm kernel handed over and on the TypeScript fallback.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { host } from './host.js';
import { buildWorker, type Served, serveWorker, type Variant } from './workerd.js';

const VARIANTS: (Variant & { title: string; engine: 'wasm' | 'js'; sizes: number[] })[] = [
  {
    title: 'with nodejs_compat and kernel.wasm',
    id: 'requests-compat-wasm',
    nodejsCompat: true,
    wasmModule: true,
    engine: 'wasm',
    sizes: [12, 15, 16, 15, 8, 16, 14, 12],
  },
  {
    title: 'without nodejs_compat, with kernel.wasm',
    id: 'requests-plain-wasm',
    nodejsCompat: false,
    wasmModule: true,
    engine: 'wasm',
    sizes: [12, 15, 16, 15, 8, 16, 14, 12],
  },
  {
    title: 'without nodejs_compat or kernel.wasm',
    id: 'requests-plain-js',
    nodejsCompat: false,
    wasmModule: false,
    engine: 'js',
    sizes: [12, 14, 15, 14, 8, 15, 13, 12],
  },
];

/**
 * The Worker: `/?n=N` answers count(N) with the request's signal; `&abort=1` aborts the count from
 * the request, once it has reported progress; `&id=X` keeps the count's progress under X, which
 * `/progress` answers with (module state, shared by the isolate's requests as a user's would be).
 */
function entry(variant: Variant): string {
  return `import { count, useWasmModule } from 'nqueens-wasm';
${variant.wasmModule ? "import kernel from 'nqueens-wasm/kernel.wasm';\nuseWasmModule(kernel);" : ''}

const progress = {};

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/progress') return Response.json(progress);
    const n = Number(url.searchParams.get('n'));
    const id = url.searchParams.get('id');
    const controller = new AbortController();
    request.signal.addEventListener('abort', () => controller.abort(request.signal.reason));
    const onProgress = ({ done }) => {
      if (id !== null) progress[id] = done;
      if (done > 0 && url.searchParams.has('abort') && !controller.signal.aborted) {
        setTimeout(() => controller.abort(new Error('aborted by its request')), 1);
      }
    };
    try {
      return Response.json(await count(n, { signal: controller.signal, onProgress }));
    } catch (error) {
      return Response.json({ error: String(error) }, { status: 500 });
    }
  },
};
`;
}

interface Answer {
  status: number;
  body: { total?: number; unique?: number; engine?: string; error?: string };
}

describe.each(VARIANTS.map((v) => [v.title, v] as const))('workerd %s, many requests to one isolate', (_, variant) => {
  const known = host('workerd', { workers: false, wasm: variant.wasmModule }).known;
  let served: Served;
  let url: string;

  beforeAll(async () => {
    const built = await buildWorker(inject('app'), variant, entry(variant));
    expect(built.warnings).toEqual([]);
    served = serveWorker(built.dir);
    url = await served.ready;
  }, 120_000);

  afterAll(() => served?.stop());

  async function ask(query: string, signal?: AbortSignal): Promise<Answer> {
    const response = await fetch(`${url}?${query}`, { signal: signal ?? AbortSignal.timeout(50_000) });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** Where an answer to count(n) is not the exact count on the variant's engine, in words. */
  function wrong(n: number, answer: Answer): string | null {
    const { status, body } = answer;
    const exact =
      status === 200 &&
      String(body.total) === known[n].total &&
      String(body.unique) === known[n].unique &&
      body.engine === variant.engine;
    return exact ? null : `n = ${n}: HTTP ${status} ${JSON.stringify(body)}`;
  }

  it('answers every count exactly, one request after another', async () => {
    const problems: string[] = [];
    for (const n of variant.sizes) {
      const problem = wrong(n, await ask(`n=${n}`));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('answers every count exactly, all requests at the same time, twice over', async () => {
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(variant.sizes.map((n) => ask(`n=${n}`)));
      expect(answers.map((answer, i) => wrong(variant.sizes[i], answer)).filter((p) => p !== null)).toEqual([]);
    }
  });

  it("rejects a count aborted from its request with the abort's reason, and counts on after it", async () => {
    const [aborted, beside] = await Promise.all([ask('n=17&abort=1'), ask(`n=${variant.sizes[2]}`)]);
    expect(aborted).toEqual({ status: 500, body: { error: 'Error: aborted by its request' } });
    expect(wrong(variant.sizes[2], beside)).toBeNull();
    expect(wrong(15, await ask('n=15'))).toBeNull();
  }, 60_000);

  // workerd runs a dropped request's handler on (its request.signal does not fire): the count
  // goes on beside the next requests, which must not wait on anything of it.
  it('counts the next requests exactly while the count of a request its client dropped goes on', async () => {
    const client = new AbortController();
    const dropped = ask('n=17&id=dropped', client.signal).catch(() => null);
    const progressOf = async () =>
      ((await (await fetch(`${url}progress`)).json()) as { dropped?: number }).dropped ?? 0;
    // Bounded: the count reports within a few slices, and the test's own limit ends a hang.
    while ((await progressOf()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    client.abort();
    await dropped;
    const answers = await Promise.all([ask('n=12'), ask(`n=${variant.sizes[2]}`), ask('n=8')]);
    const sizes = [12, variant.sizes[2], 8];
    expect(answers.map((answer, i) => wrong(sizes[i], answer)).filter((p) => p !== null)).toEqual([]);
  }, 60_000);

  it('logs no error', () => {
    expect(served.output()).not.toMatch(/error|uncaught/i);
  });
});
