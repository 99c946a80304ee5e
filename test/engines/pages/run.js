// Runs the job that the URL names (?job=scenario or a job of jobs.js) on the package's shipped
// module, served as the tarball has it, and publishes what happened as JSON in
// document.body.dataset.report, where the test's driver reads it.

const params = new URLSearchParams(location.search);

/** @param {unknown} report */
function publish(report) {
  // Exact counts are bigints, which JSON has no words for.
  const json = JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
  document.body.dataset.report = json;
}

/** @param {typeof import('../../../src/index.js')} lib */
async function scenario(lib) {
  /** @type {typeof import('../scenario.js')} */
  // @ts-expect-error: served beside this page (site.ts copies it there), not beside it in the repository
  const { runScenario } = await import('./scenario.js');
  // The host (what the page allows, the known counts) comes from the test, as JSON.
  return runScenario(lib, JSON.parse(params.get('host') ?? 'null'));
}

try {
  // Imported here rather than at the top so that a module that fails to load is reported too.
  /** @type {typeof import('../../../src/index.js')} */
  // @ts-expect-error: the package's shipped module, served beside this page (site.ts copies it there)
  const lib = await import('./nqueens-wasm.js');
  const name = params.get('job') ?? '';
  let value;
  if (name === 'scenario') {
    value = await scenario(lib);
  } else {
    /** @type {Record<string, (lib: typeof import('../../../src/index.js'), params: URLSearchParams) => Promise<unknown>>} */
    const jobs = await import('./jobs.js');
    if (typeof jobs[name] !== 'function') throw new Error(`no job named ${name}`);
    value = await jobs[name](lib, params);
  }
  publish({ ok: true, value });
} catch (caught) {
  const error = /** @type {any} */ (caught);
  publish({ ok: false, error: { name: error?.name, message: String(error?.message ?? error), stack: error?.stack } });
}
