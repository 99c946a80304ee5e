// `nqueens <n> --print`: the boards, one block each (a header line with cols[row], then the board),
// written in whole blocks, so that output cut short by a signal or a failed write is well-formed.
// They are listed by the package's solutions() in a worker thread. The listing is synchronous, and
// between two boards of a large board it may search for seconds (at n = 32, five between some),
// which would hold a signal that long in the command's own thread; the worker is stopped at once
// instead. Boards come a batch at a time, on request, so a reader that stops reading stops the
// listing too, and memory holds at most two batches.

import { Worker } from 'node:worker_threads';
import { type Engine, solutions } from '../index.js';
import type { PrintCommand } from './args.js';
import { type Io, write } from './io.js';

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

/** A batch's search time, at most: a slow listing still shows its boards as they come. */
const BATCH_MS = 50;

/** The worker's code: the package the command itself imports, a batch of boards per request. */
const SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
const { solutions } = await import(workerData.library);
const { n, engine, batchMs } = workerData;
const boards = solutions(n, engine === undefined ? undefined : { engine });
parentPort.on('message', (most) => {
  const batch = [];
  const started = performance.now();
  for (;;) {
    const next = boards.next();
    if (next.done) return parentPort.postMessage({ batch, done: true });
    batch.push(next.value);
    if (batch.length >= most || performance.now() - started >= batchMs)
      return parentPort.postMessage({ batch, done: false });
  }
});
`;

interface Reply {
  batch: number[][];
  done: boolean;
}

/** The worker's next reply; rejects when it fails, or with the signal's reason when that is aborted. */
function reply(worker: Worker, signal: AbortSignal): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const settle = (then: () => void) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      signal.removeEventListener('abort', onAbort);
      then();
    };
    const onMessage = (message: Reply) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) =>
      settle(() => reject(new Error(`the thread listing the boards stopped (exit code ${code})`)));
    const onAbort = () => settle(() => reject(signal.reason));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The first `limit` boards of n (every one for Infinity), as cols[row], in batches of at most
 * `perBatch`; the next batch is searched while the caller writes this one. Ends the worker when the
 * listing ends, is left, or the signal is aborted.
 */
async function* boards(
  n: number,
  engine: Engine | undefined,
  limit: number,
  perBatch: number,
  signal: AbortSignal,
): AsyncGenerator<number[][]> {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(SOURCE)}`), {
    workerData: { library: import.meta.resolve('nqueens-wasm'), n, engine, batchMs: BATCH_MS },
  });
  // One request out at a time, sent as soon as the one before is answered.
  let listed = 0;
  const ask = () => worker.postMessage(Math.min(perBatch, limit - listed));
  try {
    if (limit <= 0) return;
    ask();
    for (;;) {
      const { batch, done } = await reply(worker, signal);
      listed += batch.length;
      const more = !done && listed < limit;
      if (more) ask();
      yield batch;
      if (!more) return;
    }
  } finally {
    void worker.terminate();
  }
}
