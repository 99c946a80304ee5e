import { readFile } from 'node:fs/promises';
import type { Io } from './io.js';
import { MergeError, mergeShards, parseShardResult, type ShardResult } from './merge.js';

export interface MergeCommand {
  files: string[];
  json: boolean;
}

/** Reads shard results (one JSON line each; a file may hold several) and adds them up. */
export async function mergeCommand({ files, json }: MergeCommand, io: Io): Promise<void> {
  const results: ShardResult[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new MergeError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line.trim() !== '') results.push(parseShardResult(line, `${file}:${i + 1}`));
    });
  }
  const { n, count, total } = mergeShards(results);
  io.stdout.write(
    json
      ? `${JSON.stringify({ n, shards: count, total: String(total) })}\n`
      : `n = ${n}: ${total} solutions (${count} shards merged)\n`,
  );
}
