'use client';

// A client component: rendered on the server too (the package is imported there, but counts only
// in the browser, once the page is live), on the page's thread and on two Web Workers.
import { count } from 'nqueens-wasm';
import { useEffect, useState } from 'react';

interface Shown {
  n: number;
  total: number;
  engine: string;
  workers: number;
}

export default function ClientCount() {
  const [counts, setCounts] = useState<Shown[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    (async () => {
      const shown: Shown[] = [];
      for (const [n, options] of [
        [12, {}],
        [17, { workers: 2 }],
      ] as const) {
        const { total, engine, workers } = await count(n, options);
        shown.push({ n, total, engine, workers });
      }
      setCounts(shown);
    })().catch((reason: unknown) => setError(String(reason)));
  }, []);

  if (error !== null) return <p id="client-count" data-error={error}>{`Counting failed: ${error}`}</p>;
  if (counts === null) return <p id="client-count">Counting in the browser…</p>;
  return (
    <ul id="client-count" data-counts={JSON.stringify(counts)}>
      {counts.map(({ n, total, engine, workers }) => (
        <li key={n}>{`count(${n}) in the browser: ${total} (${engine}, threads: ${workers})`}</li>
      ))}
    </ul>
  );
}
