// Worker threads that list the GPU join's row choices (kernel/webgpu/row-choice-lists.ts), so that
// the listing, which on a real GPU takes longer than the pair tests, runs on every core but one
// and the device does not wait for it. The calling thread keeps the device fed and counts the
// frames. Threads are the pool's worker script (pool/worker.ts) but not its threads: they are
// started for one count and stopped at its end, and a host that refuses them lists in the calling
// thread instead (JoinListers.start gives null).

import { InternalError, WorkerFailedError } from '../../errors.js';
import type { JoinWave } from '../../kernel/webgpu/join-kernel.js';
import type { FromWorker } from '../../pool/messages.js';
import { availableCores, spawnThread, type Thread } from '../../pool/threads.js';

/** Row choices a request lists: enough that a message costs little beside them. */
const CHUNK = 8;
/** Requests a thread holds at once, so that it never waits for the calling thread. */
const AHEAD = 2;

interface Chunk {
  readonly wave: JoinWave;
  readonly from: number;
  readonly to: number;
}

interface Lister {
  readonly thread: Thread;
  readonly held: Map<number, Chunk>;
}

export class JoinListers {
  private readonly queue: Chunk[] = [];
  private readonly waiting: (() => void)[] = [];
  private failure: unknown = null;
  private nextId = 1;
  private readonly listers: Lister[] = [];

  private constructor(
    private readonly n: number,
    private readonly tile: number,
  ) {}

  /**
   * Threads for a count of the n×n board with tiles of `tile`: one per core but the calling
   * thread's, at least one; null where the host has one core or starts no thread.
   */
  static async start(n: number, tile: number): Promise<JoinListers | null> {
    const wanted = availableCores() - 1;
    if (wanted < 1) return null;
    const listers = new JoinListers(n, tile);
    await Promise.allSettled(
      Array.from({ length: wanted }, () => {
        const held = new Map<number, Chunk>();
        return spawnThread(
          {
            message: (message) => listers.heard(held, message),
            error: (error) => listers.fail(error),
          },
          null,
        ).then((thread) => listers.listers.push({ thread, held }));
      }),
    );
    // Where some started and some did not, those that did list; where none did, the calling thread.
    return listers.listers.length === 0 ? null : listers;
  }

  /** Lists the wave's row choices on the threads, in order, handing each to the wave as it comes. */
  list(wave: JoinWave): void {
    for (let from = 0; from < wave.choices.length; from += CHUNK)
      this.queue.push({ wave, from, to: Math.min(from + CHUNK, wave.choices.length) });
    this.feed();
  }

  /** Resolves once `ready()` holds (checked as each list comes), or rejects where a thread failed. */
  async until(ready: () => boolean, stopped: () => boolean): Promise<void> {
    while (!ready()) {
      if (this.failure !== null) throw this.failure;
      if (stopped()) return;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** Stops every thread; nothing more is heard from them, and whoever waits wakes. */
  end(): void {
    for (const { thread } of this.listers) thread.terminate();
    this.listers.length = 0;
    this.wake();
  }

  /** Wakes whoever waits in until(), to check again (an abort, say). */
  wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  private feed(): void {
    for (const lister of this.listers)
      while (lister.held.size < AHEAD && this.queue.length > 0) {
        const chunk = this.queue.shift()!;
        const id = this.nextId++;
        lister.held.set(id, chunk);
        const choices = chunk.wave.choices.slice(chunk.from, chunk.to);
        lister.thread.post({ type: 'list', id, n: this.n, tile: this.tile, choices });
      }
  }

  private heard(held: Map<number, Chunk>, message: FromWorker): void {
    const failure = this.refusal(held, message);
    if (failure !== null) {
      this.fail(failure);
      return;
    }
    const { lists, id } = message as Extract<FromWorker, { type: 'listed' }>;
    const chunk = held.get(id)!;
    held.delete(id);
    try {
      for (const [i, listed] of lists.entries()) chunk.wave.provide(chunk.from + i, listed);
    } catch (error) {
      // A row choice too big for maxMemory: JoinMemoryError, for the count.
      this.fail(error);
      return;
    }
    this.feed();
    this.wake();
  }

  /** What is wrong with a thread's answer, or null: a listing for a request it holds. */
  private refusal(held: Map<number, Chunk>, message: FromWorker): Error | null {
    if (message.type === 'ready') return new InternalError('a listing thread said it was ready twice');
    if (!held.has(message.id)) return new InternalError('a listing thread answered a request it was not given');
    if (message.type === 'failed')
      return new InternalError(message.internal ?? 'a listing thread failed', { cause: message.error });
    if (message.type !== 'listed') return new InternalError('a listing thread answered with a count');
    return null;
  }

  private fail(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new WorkerFailedError(String(error));
    this.end();
  }
}
