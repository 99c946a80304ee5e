import { resolveEngineSync } from '../kernel/select.js';
import { Enumeration } from '../run/enumerate.js';
import { Budget, yieldToEventLoop } from '../run/in-thread.js';
import { checkCpuEngine, checkN } from '../validate.js';
import { type Io, write } from './io.js';

export interface PrintCommand {
  n: number;
  engine?: string;
  limit: number;
}

/** Time between two turns of the event loop, so that a signal is heard. */
const SLICE_MS = 20;

/** Prints boards, one block each: a header line with cols[row], then the board. */
export async function printCommand({ n, engine, limit }: PrintCommand, io: Io): Promise<void> {
  const size = checkN(n);
  const listing = new Enumeration(resolveEngineSync(checkCpuEngine('--print', engine)).engine, size, []);
  const budget = new Budget();
  let number = 0;
  let chunk = '';
  let sliceStarted = performance.now();
  while (number < limit && !listing.done) {
    for (const cols of budget.measure(
      (steps) => listing.next(steps),
      (boards) => boards.length === 0,
    )) {
      if (number >= limit) break;
      number++;
      chunk += `#${number}: ${cols.join(' ')}\n`;
      for (const c of cols) chunk += `${'. '.repeat(c)}Q${' .'.repeat(size - c - 1)}\n`;
      chunk += '\n';
    }
    // Whole blocks only, so that output cut short by a signal is still well-formed.
    if (chunk.length >= 1 << 16) {
      await write(io.stdout, chunk, io.signal, 'the boards');
      chunk = '';
    }
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await yieldToEventLoop();
      io.signal.throwIfAborted();
      sliceStarted = performance.now();
    }
  }
  await write(io.stdout, chunk, io.signal, 'the boards');
}
