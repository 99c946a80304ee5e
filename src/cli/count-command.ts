import { countExact } from '../count.js';
import type { Shard } from '../types.js';
import { formatMs } from './table.js';
import { progressBar } from './progress-bar.js';
import type { Io } from './io.js';

export interface CountCommand {
  n: number;
  engine?: string;
  workers?: number;
  json: boolean;
  shard: Shard | null;
}

export async function countCommand(command: CountCommand, io: Io): Promise<void> {
  const { n, engine, workers, json, shard } = command;
  const label = shard === null ? `n = ${n}` : `n = ${n}, shard ${shard.index}/${shard.count}`;
  const bar = progressBar(io.stderr, label);
  let result;
  try {
    result = await countExact(n, {
      engine,
      workers,
      shard: shard ?? undefined,
      signal: io.signal,
      onProgress: bar.update,
    });
  } finally {
    bar.clear();
  }
  const { total, unique, elapsedMs } = result;
  if (json) {
    const fields =
      shard === null
        ? { n, total: String(total), unique: String(unique) }
        : { n, shard: { index: shard.index, count: shard.count }, total: String(total) };
    io.stdout.write(`${JSON.stringify({ ...fields, engine: result.engine, workers: result.workers, elapsedMs })}\n`);
    return;
  }
  const counts = shard === null ? `${total} solutions, ${unique} unique` : `${total} solutions`;
  const threads = `${result.workers} ${result.workers === 1 ? 'thread' : 'threads'}`;
  io.stdout.write(`${label}: ${counts} (${result.engine}, ${threads}, ${formatMs(elapsedMs)} ms)\n`);
}
