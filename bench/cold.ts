// One cold measurement, in a fresh process (bench/cold-start.ts starts it): the time to import
// the package (or the plain counter) and of the first call. Prints one JSON line.
//   node cold.js plain <n> | countSync <n> | count <n> [workers]

const [what, nText, workersText] = process.argv.slice(2);
const n = Number(nText);
const started = performance.now();
if (what === 'plain') {
  const { plainTotalNQueens } = await import('./plain.js');
  const imported = performance.now();
  const total = plainTotalNQueens(n);
  console.log(
    JSON.stringify({ importMs: imported - started, firstMs: performance.now() - imported, total: String(total) }),
  );
} else {
  // The bundle that the package ships, built beside dist/bench/.
  const q = (await import(new URL('../nqueens-wasm.js', import.meta.url).href)) as typeof import('../src/index.js');
  const imported = performance.now();
  const workers = workersText === undefined ? undefined : Number(workersText);
  const r = what === 'count' ? await q.count(n, workers === undefined ? undefined : { workers }) : q.countSync(n);
  console.log(
    JSON.stringify({
      importMs: imported - started,
      firstMs: performance.now() - imported,
      total: String(r.total),
      workers: r.workers,
    }),
  );
}
