// `nqueens <n> --print`: the boards, one block each (a header line with cols[row], then the board),
// written in whole blocks, so that output cut short by a signal or a failed write is well-formed.

import { type Engine, solutions } from '../index.js';
import { boards } from './boards.js';
import { type Io, write } from './io.js';

export interface PrintCommand {
  n: number;
  engine?: Engine;
  limit: number;
}

/** Text written at a time, about: a batch of boards is at most this much. */
const CHUNK = 1 << 16;

export async function printCommand({ n, engine, limit }: PrintCommand, io: Io): Promise<void> {
  // The package's own checks of n and the engine, in this thread, before anything is listed: the
  // listing is lazy, so nothing is searched here.
  solutions(n, engine === undefined ? undefined : { engine });
  const block = n + 1 + n * 2 * n;
  let number = 0;
  for await (const batch of boards(n, engine, limit, Math.ceil(CHUNK / block), io.signal)) {
    let chunk = '';
    for (const cols of batch) {
      number++;
      chunk += `#${number}: ${cols.join(' ')}\n`;
      for (const c of cols) chunk += `${'. '.repeat(c)}Q${' .'.repeat(n - c - 1)}\n`;
      chunk += '\n';
    }
    await write(io.stdout, chunk, io.signal, 'the boards');
  }
}
