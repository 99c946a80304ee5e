// Counts on the page's thread and on two Web Workers, and shows the results.
import { count } from 'nqueens-wasm';

const out = document.getElementById('counts');

async function run() {
  const counts = [];
  for (const [n, options] of [
    [12, {}],
    [17, { workers: 2 }],
  ]) {
    const { total, engine, workers } = await count(n, options);
    counts.push({ n, total, engine, workers });
  }
  const lines = counts.map(({ n, total, engine, workers }) => `count(${n}): ${total} (${engine}, threads: ${workers})`);
  out.textContent = lines.join('; ');
  out.dataset.counts = JSON.stringify(counts);
}

run().catch((error) => {
  out.textContent = `Counting failed: ${error}`;
  out.dataset.error = String(error);
});
