// The worker threads of this process (or page): one pool, shared by every count, its size capped at
// the number of cores. A count is given a number of threads; counts that want threads take turns
// on the pool a range at a time, in rotation, each on at most the threads it was given, so that
// many concurrent counts queue fairly instead of starting threads of their own.
//
// While a single count has the pool, each of its threads is given its next range before it
// answers the last one: a thread never waits for the calling thread, which may be counting too and
// hears from the threads only between its slices. With several counts a thread holds one range,
// so that they take turns.
//
// Every request to a thread carries an id, and only the answers with those ids, in order, from
// that thread, are counted, for the count that asked. A thread that fails, answers out of turn,
// or is working for a count that ends with a fault is terminated and never reused.
//
// A thread whose kernel a count's lists grew past what an idle instance may keep (kernel/instances.ts) is
// stopped as soon as it has nothing to count, so that the memory returns after a big count even
// while other counts keep the pool running: a thread that only drops the kernel would keep the
// memory until its next full garbage collection, which an idle thread may never reach.

import { InternalError, JoinMemoryError } from '../errors.js';
import type { CpuEngine } from '../kernel/kernel.js';
import { type CountWork, sliceSubproblems } from '../kernel/subproblems.js';
import { kernelModule } from '../kernel/wasm/module.js';
import type { FromWorker } from './messages.js';
import type { PooledCount } from './pooled-count.js';
import { availableCores, spawnThread, type Thread } from './threads.js';

/** Idle threads are stopped after this long. */
const IDLE_MS = 5000;
/** Ranges a thread holds at once while a single count has the pool. */
const AHEAD = 2;

interface Entry {
  readonly job: PooledCount;
  readonly work: CountWork;
  readonly engine: CpuEngine;
  /** Threads given to the count. */
  readonly threads: number;
  /** Threads counting for it now. */
  running: number;
  /** Whether the count has no other thread (no counting in the calling thread). */
  readonly onlyThreads: boolean;
  /** The threads that have counted for it. */
  readonly counted: Set<Member>;
}

interface Request {
  readonly id: number;
  readonly from: number;
  readonly to: number;
}

interface Member {
  readonly thread: Thread;
  /** Whether the thread holds the compiled kernel (it may have started before wasm was compiled here). */
  hasModule: boolean;
  /** The count it works for, while it holds requests. */
  entry: Entry | null;
  /** Its requests, in the order it answers them. */
  readonly requests: Request[];
  /** Whether a count's lists grew one of its kernels past what an idle thread may keep. */
  grown: boolean;
}

const members: Member[] = [];
const entries: Entry[] = [];
let starting = 0;
let turn = 0;
let nextId = 1;
let size: number | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** The most threads the pool runs: the number of cores. */
export function poolSize(): number {
  size ??= availableCores();
  return size;
}

/** Pool threads running or starting, idle or not. */
export function threadsRunning(): number {
  return members.length + starting;
}

/** Counts the job's ranges of `work` on up to `threads` pool threads until it settles. */
export function countOnPool(
  job: PooledCount,
  work: CountWork,
  engine: CpuEngine,
  threads: number,
  onlyThreads: boolean,
): void {
  poolSize();
  if (job.isSettled) return;
  const entry: Entry = { job, work, engine, threads, running: 0, onlyThreads, counted: new Set() };
  entries.push(entry);
  job.onSettled((failed) => withdraw(entry, failed));
  schedule();
}

function withdraw(entry: Entry, failed: boolean): void {
  const at = entries.indexOf(entry);
  if (at >= 0) entries.splice(at, 1);
  // A thread still counting for a count that ended with a fault is stopped, never reused.
  if (failed) for (const member of [...members]) if (member.entry === entry) remove(member);
  schedule();
}

function remove(member: Member): void {
  member.thread.terminate();
  const at = members.indexOf(member);
  if (at >= 0) members.splice(at, 1);
  release(member);
}

/** The member holds no more requests. */
function release(member: Member): void {
  if (member.entry !== null) member.entry.running--;
  member.entry = null;
  member.requests.length = 0;
}

function wanting(): number {
  let wanted = 0;
  for (const entry of entries) if (entry.job.hasWork) wanted += Math.max(0, entry.threads - entry.running);
  return wanted;
}

function schedule(): void {
  for (const member of [...members]) if (member.entry === null) assign(member);
  for (const member of members) if (member.entry !== null) askAhead(member);
  const idleMembers = members.filter((m) => m.entry === null).length;
  const more = Math.min(wanting() - idleMembers - starting, (size ?? 1) - members.length - starting);
  for (let i = 0; i < more; i++) void start();
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
  if (entries.length === 0 && members.length > 0) {
    idleTimer = setTimeout(() => {
      for (const member of [...members]) if (member.entry === null) remove(member);
    }, IDLE_MS);
    (idleTimer as { unref?: () => void }).unref?.();
  }
}

/**
 * Gives an idle thread the next range of the next count in rotation that can use it; stops it if
 * there is none and it holds a kernel a count's lists grew.
 */
function assign(member: Member): void {
  for (let k = 0; k < entries.length; k++) {
    const at = (turn + k) % entries.length;
    const entry = entries[at];
    if (entry.running >= entry.threads || !entry.job.hasWork) continue;
    // Ranges are sized for everyone counting the job: the calling thread too, unless onlyThreads.
    if (!request(member, entry)) continue;
    turn = (at + 1) % entries.length;
    entry.running++;
    if (!entry.counted.has(member)) {
      entry.counted.add(member);
      entry.job.join();
    }
    member.entry = entry;
    member.thread.hold(true);
    return;
  }
  if (member.grown) remove(member);
  else member.thread.hold(false);
}

/** Tops up a working thread's requests while its count is the only one. */
function askAhead(member: Member): void {
  const entry = member.entry!;
  while (entries.length === 1 && entries[0] === entry && member.requests.length < AHEAD && request(member, entry));
}

/** Sends the thread the next range of the count, if there is one. */
function request(member: Member, entry: Entry): boolean {
  // Ranges are sized for everyone counting the job: the calling thread too, unless onlyThreads.
  const range = entry.job.nextRange(entry.threads + (entry.onlyThreads ? 0 : 1));
  if (range === null) return false;
  const [from, to] = range;
  const id = nextId++;
  member.requests.push({ id, from, to });
  const { work } = entry;
  // A wasm count runs only once the module is compiled here: a thread that started before then
  // (for a TypeScript count) gets it with its first wasm request.
  const module = entry.engine === 'wasm' && !member.hasModule ? kernelModule() : undefined;
  if (module !== undefined) member.hasModule = true;
  member.thread.post({
    type: 'count',
    id,
    engine: entry.engine,
    n: work.n,
    method: work.method,
    countsUnique: work.countsUnique,
    listRoom: work.listRoom,
    subproblems: sliceSubproblems(work.subproblems, from, to),
    ...(module !== undefined && { module }),
  });
  return true;
}

async function start(): Promise<void> {
  starting++;
  // The engine was resolved before any count came here: without a module, wasm does not run here,
  // and the threads count with the TS kernel only, as counts here do.
  const module = kernelModule() ?? null;
  let member: Member | undefined;
  try {
    // Events come only once the thread is ready, after `member` is set.
    const thread = await spawnThread(
      { message: (message) => answer(member!, message), error: (error) => crashed(member!, error) },
      module,
    );
    member = { thread, entry: null, requests: [], hasModule: module !== null, grown: false };
  } catch (error) {
    starting--;
    // A count that has no thread but these learns why; the others count on without it.
    for (const entry of [...entries]) if (entry.onlyThreads && entry.running === 0) entry.job.fail(error);
    return;
  }
  starting--;
  members.push(member);
  schedule();
}

function answer(member: Member, message: FromWorker): void {
  const { entry } = member;
  const next = member.requests[0];
  if (
    entry === null ||
    next === undefined ||
    message.type === 'ready' ||
    message.type === 'listed' ||
    message.id !== next.id
  ) {
    remove(member);
    entry?.job.fail(new InternalError('a worker thread answered a request it was not given'));
    schedule();
    return;
  }
  member.requests.shift();
  if (member.requests.length === 0) release(member);
  if (message.type === 'failed') {
    remove(member);
    entry.job.fail(
      message.shortOfMemory
        ? new JoinMemoryError(message.shortOfMemory)
        : new InternalError(message.internal ?? 'a worker thread failed a count', { cause: message.error }),
    );
  } else {
    member.grown = message.grown;
    entry.job.report(next.from, next.to, { total: message.total, unique: message.unique }, message.ms);
  }
  schedule();
}

function crashed(member: Member, error: unknown): void {
  const { entry } = member;
  remove(member);
  entry?.job.fail(error);
  schedule();
}
