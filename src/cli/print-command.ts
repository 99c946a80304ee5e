import { solutions } from '../solutions.js';
import type { Engine } from '../types.js';
import { write, type Io } from './io.js';

export interface PrintCommand {
  n: number;
  engine?: Engine;
  limit: number;
}

/** Prints boards, one block each: a header line with cols[row], then the board. */
export async function printCommand({ n, engine, limit }: PrintCommand, io: Io): Promise<void> {
  let number = 0;
  let chunk = '';
  for (const cols of solutions(n, { engine })) {
    if (number >= limit) break;
    number++;
    chunk += `#${number}: ${cols.join(' ')}\n`;
    for (const c of cols) chunk += `${'. '.repeat(c)}Q${' .'.repeat(n - c - 1)}\n`;
    chunk += '\n';
    // Write in chunks, and give Ctrl-C a chance between them.
    if (chunk.length >= 1 << 16) {
      await write(io.stdout, chunk);
      chunk = '';
      io.signal.throwIfAborted();
    }
  }
  await write(io.stdout, chunk);
}
