// Worker threads behind one interface: worker_threads in Node, module Web Workers in browsers.
// Both start from the bundled worker source (worker.generated.ts), so there is no file to find.
// A thread counts as started once it has said it is ready; after terminate() nothing more is
// heard from it, so that no late message of a stopped thread can reach anyone.

import { messageOf, WorkerFailedError, WorkersRefusedError } from '../errors.js';
import { nodeBuiltin, offersNodeModules, runtimeName } from '../host/runtime.js';
import type { FromWorker, ToWorker } from './messages.js';
import { workerSource } from './worker.generated.js';

export interface ThreadEvents {
  message(message: FromWorker): void;
  /** An uncaught error in the thread, or its unexpected exit. */
  error(error: unknown): void;
}

export interface Thread {
  post(message: ToWorker): void;
  /** Stops the thread at once, whatever it is doing; it is not heard from again. */
  terminate(): void;
  /** Whether the thread keeps a Node process alive: while it counts, not while it idles. */
  hold(busy: boolean): void;
}

type WorkerThreads = typeof import('node:worker_threads');

/** The number of threads the machine can run at once. */
export function availableCores(): number {
  const os = offersNodeModules ? nodeBuiltin<typeof import('node:os')>('os') : undefined;
  return Math.max(1, os?.availableParallelism?.() ?? globalThis.navigator?.hardwareConcurrency ?? 1);
}

/**
 * Whether this host has an API to start worker threads at all. It may still refuse them when asked
 * (a page's Content-Security-Policy, workerd's worker_threads that only throw): spawnThread says so.
 */
export function hostHasThreads(): boolean {
  if (offersNodeModules) return typeof nodeBuiltin<WorkerThreads>('worker_threads')?.Worker === 'function';
  return typeof Worker === 'function';
}

/** A host that cannot start worker threads at all, as the error a caller of `workers` gets. */
function noThreads(detail: string): WorkersRefusedError {
  return new WorkersRefusedError(`${runtimeName()} cannot start worker threads (${detail})`, 'runtime');
}

/**
 * Starts a thread and hands it the compiled kernel (or null); resolves once it is ready, rejects
 * if it fails first. `events` hears from it from then on.
 */
export async function spawnThread(events: ThreadEvents, module: WebAssembly.Module | null): Promise<Thread> {
  let ready: () => void;
  let failed: (error: unknown) => void;
  const started = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  let isReady = false;
  const relay: ThreadEvents = {
    message(message) {
      if (!isReady && message.type === 'ready') {
        isReady = true;
        ready();
      } else if (isReady) events.message(message);
    },
    error(error) {
      if (isReady) events.error(error);
      else failed(error);
    },
  };
  const thread = offersNodeModules ? spawnNodeThread(relay) : spawnWebWorker(relay);
  thread.post({ type: 'init', module });
  try {
    await started;
  } catch (error) {
    thread.terminate();
    throw error;
  }
  return thread;
}

function spawnNodeThread(events: ThreadEvents): Thread {
  const threads = nodeBuiltin<WorkerThreads>('worker_threads');
  if (typeof threads?.Worker !== 'function') throw noThreads('it has no worker_threads');
  let worker: InstanceType<WorkerThreads['Worker']>;
  try {
    worker = new threads.Worker(new URL(`data:text/javascript;base64,${btoa(workerSource)}`));
  } catch (error) {
    // workerd's worker_threads has the class, but its constructor only throws.
    throw noThreads(messageOf(error));
  }
  let terminated = false;
  worker.on('message', (message: FromWorker) => terminated || events.message(message));
  worker.on('error', (error) => terminated || events.error(new WorkerFailedError(messageOf(error), { cause: error })));
  worker.on(
    'messageerror',
    (error) => terminated || events.error(new WorkerFailedError('its message could not be read', { cause: error })),
  );
  worker.on('exit', (code) => terminated || events.error(new WorkerFailedError(`it exited with code ${code}`)));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
    hold: (busy) => (busy ? worker.ref() : worker.unref()),
  };
}

let blobUrl: string | undefined;
/** The last time a Content-Security-Policy refused a blob: worker here, as the browser reported it. */
let refusal: string | undefined;

function watchForRefusals(): void {
  const scope = globalThis as { addEventListener?: (type: string, listener: (event: Event) => void) => void };
  if (blobUrl !== undefined || typeof scope.addEventListener !== 'function') return;
  scope.addEventListener('securitypolicyviolation', (event: Event) => {
    const violation = event as SecurityPolicyViolationEvent;
    if (violation.blockedURI === 'blob' || violation.blockedURI?.startsWith('blob:')) {
      refusal = `${violation.effectiveDirective} ${JSON.stringify(violation.originalPolicy)}`;
    }
  });
}

function spawnWebWorker(events: ThreadEvents): Thread {
  if (typeof Worker !== 'function') throw noThreads('it has no Worker API');
  watchForRefusals();
  let worker: Worker;
  try {
    blobUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    worker = new Worker(blobUrl, { type: 'module' });
  } catch (error) {
    // Some browsers refuse a forbidden worker at once, with a SecurityError.
    if (error instanceof Error && error.name === 'SecurityError')
      throw new WorkersRefusedError(error.message, 'policy');
    // Anything else thrown at once (workerd's URL.createObjectURL, which only throws) means no threads here.
    throw noThreads(messageOf(error));
  }
  let terminated = false;
  worker.onmessage = (event: MessageEvent<FromWorker>) => terminated || events.message(event.data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    if (terminated) return;
    if (event.message) {
      events.error(new WorkerFailedError(event.message, { cause: event.error }));
      return;
    }
    // Others fire a bare error event; the securitypolicyviolation event that comes with it, just
    // before or just after, says why.
    setTimeout(() => {
      if (terminated) return;
      events.error(
        refusal !== undefined
          ? new WorkersRefusedError(refusal, 'policy')
          : new WorkerFailedError('it failed to start or crashed'),
      );
    }, 0);
  };
  worker.onmessageerror = () => terminated || events.error(new WorkerFailedError('its message could not be read'));
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => {
      terminated = true;
      worker.terminate();
    },
    hold: () => {},
  };
}
