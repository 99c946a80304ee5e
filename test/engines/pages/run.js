// Runs the job that the URL names (?job=scenario or a job of jobs.js) on the package's shipped
// module, served as the tarball has it, and publishes what happened as JSON in
// document.body.dataset.report, where the test's driver reads it.

const params = new URLSearchParams(location.search);

function publish(report) {
  // Exact counts are bigints, which JSON has no words for.
  const json = JSON.stringify(report, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
  document.body.dataset.report = json;
}

async function scenario(lib) {
  const { runScenario } = await import('./scenario.js');
  // The host (what the page allows, the known counts) comes from the test, as JSON.
  return runScenario(lib, JSON.parse(params.get('host')));
}

try {
  // Imported here rather than at the top so that a module that fails to load is reported too.
  const lib = await import('./nqueens-wasm.js');
  const name = params.get('job');
  let value;
  if (name === 'scenario') {
    value = await scenario(lib);
  } else {
    const jobs = await import('./jobs.js');
    if (typeof jobs[name] !== 'function') throw new Error(`no job named ${name}`);
    value = await jobs[name](lib, params);
  }
  publish({ ok: true, value });
} catch (error) {
  publish({ ok: false, error: { name: error?.name, message: String(error?.message ?? error), stack: error?.stack } });
}
