// One cold measurement, in a fresh process (bench/cold-start.ts starts it): the time to import
// the package (or the plain counter) and of the first call. Prints one JSON line.
//   node cold.js plain <n> | countSync <n> | count <n> [workers]

const [what, nText, workersText] = process.argv.slice(2);
const n = Number(nText);
const started = performance.now();
if (what === 'plain') {
  // Beside this file, a module of its own: its import is timed as the package's is.
  const plain = new URL('./plain.js', import.meta.url).href;
  const { plainTotalNQueens } = (await import(plain)) as typeof import('./plain.js');
  const imported = performance.now();
  const total = plainTotalNQueens(n);
  console.log(
    JSON.stringify({ importMs: imported - started, firstMs: performance.now() - imported, total: String(total) }),
  );
} else {
  // The package as it ships: the bench's dependency, the built package.
  const q = await import('nqueens-wasm');
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
