// One count in a fresh process (bench/methods.ts starts it): countSync(n) on one engine, by one method,
// with the process's peak memory. Prints one JSON line.
//   node method-child.js <n> <wasm|js> <join|backtrack>

const [nText, engine, method] = process.argv.slice(2) as [string, 'wasm' | 'js', 'join' | 'backtrack'];
// The package as it ships: the bench's dependency, the built package.
const q = await import('nqueens-wasm');
const started = performance.now();
const r = q.countSync(Number(nText), { engine, method });
const countMs = performance.now() - started;
console.log(
  JSON.stringify({
    total: String(r.exact.total),
    method: r.method,
    countMs,
    // Kilobytes, as the system counts the process's largest resident set.
    peakKb: process.resourceUsage().maxRSS,
  }),
);
