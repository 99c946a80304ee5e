// What the browser tests observe in a page, one job per test: each returns what happened (results
// or errors, as plain data); the test decides what should have.

/** @typedef {typeof import('../../../src/index.js')} Lib The package, as the page imports it. */

const ERRORS = /** @type {const} */ ([
  'WasmUnavailableError',
  'WebGPUUnavailableError',
  'WorkersRefusedError',
  'GpuLostError',
]);

/** @param {import('../../../src/index.js').CountResult} r */
function result(r) {
  return {
    n: r.n,
    total: r.total,
    exactTotal: String(r.exact.total),
    engine: r.engine,
    workers: r.workers,
    hasFallbackReason: 'fallbackReason' in r && r.fallbackReason !== undefined,
    fallbackReason: r.fallbackReason ?? null,
  };
}

/**
 * @param {Lib} lib
 * @param {any} error anything thrown
 */
function failure(lib, error) {
  return {
    name: error?.name ?? null,
    message: String(error?.message ?? error),
    // Which of the package's error classes it is an instance of, and whether it is a TypeError
    // (what WebKit's navigator.gpu === null used to give).
    classes: ERRORS.filter((name) => typeof lib[name] === 'function' && error instanceof lib[name]),
    typeError: error instanceof TypeError,
  };
}

/**
 * How a call went: { resolved } or { rejected }; a synchronous throw counts as a rejection.
 * @param {Lib} lib
 * @param {() => import('../../../src/index.js').CountResult | Promise<import('../../../src/index.js').CountResult>} call
 */
async function outcome(lib, call) {
  try {
    return { resolved: result(await call()) };
  } catch (error) {
    return { rejected: failure(lib, error) };
  }
}

/**
 * countSync(10) and count(10) on the default engine.
 * @param {Lib} lib
 */
export async function defaultEngine(lib) {
  return {
    sync: await outcome(lib, () => lib.countSync(10)),
    async: await outcome(lib, () => lib.count(10)),
  };
}

/**
 * countSync(10) and count(10) asking for the wasm engine.
 * @param {Lib} lib
 */
export async function explicitWasm(lib) {
  return {
    sync: await outcome(lib, () => lib.countSync(10, { engine: 'wasm' })),
    async: await outcome(lib, () => lib.count(10, { engine: 'wasm' })),
  };
}

/**
 * count(15) with no options: threads are the package's choice.
 * @param {Lib} lib
 */
export async function count15(lib) {
  return outcome(lib, () => lib.count(15));
}

/**
 * count(10, { workers: 1 }): asks for a worker thread.
 * @param {Lib} lib
 */
export async function workersOne(lib) {
  return outcome(lib, () => lib.count(10, { workers: 1 }));
}

/**
 * count(15, { workers: 2 }).
 * @param {Lib} lib
 */
export async function workersTwo(lib) {
  return outcome(lib, () => lib.count(15, { workers: 2 }));
}

/**
 * count(8) on the GPU, with what the page's navigator.gpu was.
 * @param {Lib} lib
 */
export async function webgpu8(lib) {
  const gpu = !('gpu' in navigator) ? 'absent' : navigator.gpu === null ? 'null' : typeof navigator.gpu;
  return { gpu, count: await outcome(lib, () => lib.count(8, { engine: 'webgpu' })) };
}

/**
 * compareEngines(n, { runs }) for the benchmark (bench/engines-browsers.ts), with the browser's words for itself.
 * @param {Lib} lib
 * @param {URLSearchParams} params
 */
export async function compare(lib, params) {
  const n = Number(params.get('n'));
  const runs = Number(params.get('runs'));
  const r = await lib.compareEngines(n, { runs });
  return {
    userAgent: navigator.userAgent,
    n: r.n,
    total: r.total,
    jsMs: r.js.medianMs,
    wasmMs: r.wasm.medianMs,
    speedup: r.speedup,
  };
}
