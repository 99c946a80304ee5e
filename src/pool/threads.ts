// Worker threads behind one interface: worker_threads in Node, module Web Workers in browsers.
// Both start from the bundled worker source (worker.generated.ts), so there is no file to find.
//
// Threads are kept for the next count once a count is done (starting one costs tens of
// milliseconds): idle threads do not keep a Node process alive and are stopped after IDLE_MS.

import type { FromWorker, ToWorker } from './messages.js';
import { workerSource } from './worker.generated.js';

export interface ThreadEvents {
  message(message: FromWorker): void;
  /** An uncaught error in the thread, or its unexpected exit. */
  error(error: unknown): void;
}

export interface Thread {
  post(message: ToWorker): void;
  /** Stops the thread at once, whatever it is doing. */
  terminate(): void;
}

interface PooledThread extends Thread {
  events: ThreadEvents;
  /** Whether the thread keeps a Node process alive. */
  hold(busy: boolean): void;
}

/** Idle threads are stopped after this long. */
const IDLE_MS = 5000;

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';
const idle: PooledThread[] = [];
let idleTimer: ReturnType<typeof setTimeout> | undefined;

// Imported by a computed name, so that bundlers for the browser leave Node's modules alone.
function nodeModule<T>(name: string): Promise<T> {
  return import(/* @vite-ignore */ `node:${name}`) as Promise<T>;
}

/** The number of threads the machine can run at once. */
export async function availableCores(): Promise<number> {
  if (isNode) {
    const os = await nodeModule<typeof import('node:os')>('os');
    return os.availableParallelism?.() ?? os.cpus().length;
  }
  return Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1);
}

/** A thread for a count: an idle one if there is one, else a new one. */
export async function acquireThread(events: ThreadEvents): Promise<Thread> {
  const thread = idle.pop() ?? (isNode ? await spawnNodeThread() : spawnWebWorker());
  thread.events = events;
  thread.hold(true);
  return thread;
}

/** Gives a thread back after a count that ended well; it must have no work left. */
export function releaseThread(thread: Thread): void {
  const pooled = thread as PooledThread;
  pooled.events = {
    message() {},
    error: () => {
      const at = idle.indexOf(pooled);
      if (at >= 0) idle.splice(at, 1);
    },
  };
  pooled.hold(false);
  idle.push(pooled);
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    for (const t of idle.splice(0)) t.terminate();
  }, IDLE_MS);
  (idleTimer as { unref?: () => void }).unref?.();
}

async function spawnNodeThread(): Promise<PooledThread> {
  const { Worker } = await nodeModule<typeof import('node:worker_threads')>('worker_threads');
  const worker = new Worker(new URL(`data:text/javascript;base64,${btoa(workerSource)}`));
  let terminated = false;
  const thread: PooledThread = {
    events: { message() {}, error() {} },
    post: (message) => worker.postMessage(message),
    terminate: () => {
      terminated = true;
      void worker.terminate();
    },
    hold: (busy) => (busy ? worker.ref() : worker.unref()),
  };
  worker.on('message', (message: FromWorker) => thread.events.message(message));
  worker.on('error', (error) => thread.events.error(error));
  worker.on('messageerror', (error) => thread.events.error(error));
  worker.on('exit', (code) => {
    if (!terminated) thread.events.error(new Error(`a worker thread exited unexpectedly with code ${code}`));
  });
  return thread;
}

let blobUrl: string | undefined;

function spawnWebWorker(): PooledThread {
  blobUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const worker = new Worker(blobUrl, { type: 'module' });
  const thread: PooledThread = {
    events: { message() {}, error() {} },
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    hold: () => {},
  };
  worker.onmessage = (event: MessageEvent<FromWorker>) => thread.events.message(event.data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    thread.events.error(event.error ?? new Error(event.message || 'a worker thread failed'));
  };
  worker.onmessageerror = () => thread.events.error(new Error('a message from a worker thread could not be read'));
  return thread;
}
