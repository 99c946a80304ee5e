/** A duration as the CLI's progress bar writes it: 42s, 3m07s, 2h05m. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** "37% · 120/320 subproblems · ETA 12s" from the progress so far and the time it took. */
export function progressText(done: number, total: number, elapsedMs: number): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const eta = done > 0 && done < total ? ` · ETA ${duration((elapsedMs / done) * (total - done))}` : '';
  return `${percent}% · ${done.toLocaleString('en')}/${total.toLocaleString('en')} subproblems${eta}`;
}
