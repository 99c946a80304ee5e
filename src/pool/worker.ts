// The code of one worker thread (Node worker_threads or a browser module Worker). It plans the
// same count as the caller (plans are deterministic, so only the request crosses over) and counts
// the subproblem ranges it is sent. scripts/bundle-worker.mjs bundles this file into a string.

import { JsKernel } from '../kernel/js-kernel.js';
import type { Kernel } from '../kernel/kernel.js';
import { WasmKernel } from '../kernel/wasm-kernel.js';
import { plan, type Plan } from '../plan/plan.js';
import { countRange } from '../run/in-thread.js';
import { emptyTally } from '../run/tally.js';
import { instantiateKernelSync } from '../wasm/loader.js';
import type { FromWorker, ToWorker } from './messages.js';

interface Port {
  post(message: FromWorker): void;
  listen(handler: (message: ToWorker) => void): void;
}

async function parentPort(): Promise<Port> {
  const scope = globalThis as unknown as { WorkerGlobalScope?: unknown; postMessage(m: unknown): void; onmessage: unknown };
  if (scope.WorkerGlobalScope !== undefined) {
    return {
      post: (message) => scope.postMessage(message),
      listen: (handler) => {
        scope.onmessage = (event: MessageEvent<ToWorker>) => handler(event.data);
      },
    };
  }
  const specifier = 'node:worker_threads';
  const { parentPort: port } = (await import(/* @vite-ignore */ specifier)) as typeof import('node:worker_threads');
  if (port === null) throw new Error('nqueens-wasm: the worker script runs only as a worker thread');
  return { post: (message) => port.postMessage(message), listen: (handler) => port.on('message', handler) };
}

const port = await parentPort();
let work: { plan: Plan; kernel: Kernel; crashAfter: number } | undefined;

port.listen((message) => {
  try {
    if (message.type === 'init') {
      const kernel = message.module === null ? new JsKernel() : new WasmKernel(instantiateKernelSync(message.module));
      work = { plan: plan(message.n, message.placed, message.shard), kernel, crashAfter: message.crashAfter ?? Infinity };
      port.post({ type: 'ready' });
      return;
    }
    if (work === undefined) throw new Error('nqueens-wasm worker: count before init');
    if (work.crashAfter-- <= 0) throw new Error('worker crash requested by a test');
    const started = performance.now();
    const tally = emptyTally();
    countRange(work.kernel, work.plan, message.from, message.to, tally);
    const ms = performance.now() - started;
    port.post({ type: 'counted', from: message.from, to: message.to, total: tally.total, unique: tally.unique, ms });
  } catch (error) {
    port.post({ type: 'failed', error });
  }
});
