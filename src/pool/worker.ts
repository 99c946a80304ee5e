// The code of one worker thread (Node worker_threads or a browser module Worker). It counts the
// subproblems it is sent, one message at a time, and answers each with its tally. It keeps a kernel
// per engine from one range to the next, so that a method's lists grow once per thread, not once
// per range; it says when one has grown past what an idle thread may keep, and the pool then stops
// the thread once it is idle, which returns that memory (dropping the kernel would not: a thread
// with little to do may not collect its garbage for a long time).
// scripts/bundle-worker.mjs bundles this file into a string (pool/worker.generated.ts).

import { InternalError, JoinMemoryError, messageOf } from '../errors.js';
import { nodeBuiltin } from '../host/runtime.js';
import { countWhole } from '../kernel/count-range.js';
import { acquireKernelSync, isKeptIdle } from '../kernel/instances.js';
import type { Kernel } from '../kernel/kernel.js';
import { keepKernelModule } from '../kernel/wasm/module.js';
import { type RowChoice, RowChoiceLister } from '../kernel/webgpu/row-choice-lists.js';
import type { FromWorker, ToWorker } from './messages.js';

interface Port {
  post(message: FromWorker): void;
  listen(handler: (message: ToWorker) => void): void;
}

function parentPort(): Port {
  const scope = globalThis as unknown as {
    WorkerGlobalScope?: unknown;
    postMessage(m: unknown): void;
    onmessage: unknown;
  };
  if (scope.WorkerGlobalScope !== undefined) {
    return {
      post: (message) => scope.postMessage(message),
      listen: (handler) => {
        scope.onmessage = (event: MessageEvent<ToWorker>) => handler(event.data);
      },
    };
  }
  const port = nodeBuiltin<typeof import('node:worker_threads')>('worker_threads')?.parentPort;
  if (port == null) throw new InternalError('the worker script was run outside a worker thread');
  return { post: (message) => port.postMessage(message), listen: (handler) => port.on('message', handler) };
}

const port = parentPort();
const kernels = new Map<string, Kernel>();

port.listen((message) => {
  if (message.type === 'init') {
    if (message.module !== null) keepKernelModule(message.module);
    port.post({ type: 'ready' });
    return;
  }
  if (message.type === 'list') {
    listRowChoices(message.id, message.n, message.tile, message.choices);
    return;
  }
  const { id, engine, n, method, countsUnique, listRoom, subproblems } = message;
  if (message.module !== undefined) keepKernelModule(message.module);
  try {
    let kernel = kernels.get(engine);
    if (kernel === undefined) {
      kernel = acquireKernelSync(engine);
      kernels.set(engine, kernel);
    }
    const started = performance.now();
    const tally = countWhole(kernel, { n, subproblems, method, countsUnique, listRoom });
    const ms = performance.now() - started;
    const grown = [...kernels.values()].some((k) => !isKeptIdle(k));
    port.post({ type: 'counted', id, total: tally.total, unique: tally.unique, ms, grown });
  } catch (error) {
    if (error instanceof JoinMemoryError) {
      const { n, needBytes, allowedBytes } = error;
      port.post({ type: 'failed', id, error, shortOfMemory: { n, needBytes, allowedBytes } });
    } else {
      // A class does not cross the thread's boundary: the detail goes beside the error.
      const detail = error instanceof InternalError ? error.detail : messageOf(error);
      port.post({ type: 'failed', id, error, internal: detail });
    }
  }
});

/** The GPU join's lister, kept from one request to the next while they are for the same board and tiles. */
let lister: RowChoiceLister | null = null;

function listRowChoices(id: number, n: number, tile: number, choices: RowChoice[]): void {
  try {
    if (lister === null || lister.n !== n || lister.tile !== tile) lister = new RowChoiceLister(n, tile);
    const lists = choices.map((choice) => lister!.list(choice));
    port.post({ type: 'listed', id, lists });
  } catch (error) {
    port.post({
      type: 'failed',
      id,
      error,
      internal: error instanceof InternalError ? error.detail : messageOf(error),
    });
  }
}
