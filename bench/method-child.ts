// One count in a fresh process (bench/methods.ts starts it): countSync(n) on one engine, one way,
// with the process's peak memory. Prints one JSON line.
//   node method-child.js <n> <wasm|js> <join|backtrack>

const [nText, engine, method] = process.argv.slice(2) as [string, 'wasm' | 'js', 'join' | 'backtrack'];
// The package as it ships, from bench/dist/ where this runs.
const entry = new URL('../../dist/nqueens-wasm.js', import.meta.url).href;
const q = (await import(entry)) as typeof import('./library.js');
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
