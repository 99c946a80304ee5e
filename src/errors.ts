// The errors that a caller may want to tell apart (with instanceof, or by `code`, which every one
// of them carries), and the argument errors: a TypeError or a RangeError that also says in parts
// which argument and what it must be. Kept apart from the code that throws them, and typed without
// WebAssembly's, WebGPU's or Node's types, so that importing them asks nothing of a project. And
// what an aborted call rejects with.

/**
 * The `code` of every error the package throws or rejects with, beside the argument errors'
 * (ArgumentErrorCode). An aborted call rejects with its signal's reason, as the platform's own
 * APIs do (a DOMException named 'AbortError' where abort() was given none).
 */
export type ErrorCode =
  | ArgumentErrorCode
  | 'ERR_NQUEENS_WASM_UNAVAILABLE'
  | 'ERR_NQUEENS_WEBGPU_UNAVAILABLE'
  | 'ERR_NQUEENS_GPU_LOST'
  | 'ERR_NQUEENS_WORKERS_REFUSED'
  | 'ERR_NQUEENS_WORKER_FAILED'
  | 'ERR_NQUEENS_JOIN_MEMORY'
  | 'ERR_NQUEENS_INTERNAL';

/** An engine that cannot run here; `reason` says why, in words that suit any caller. */
export abstract class EngineUnavailableError extends Error {
  abstract readonly code: 'ERR_NQUEENS_WASM_UNAVAILABLE' | 'ERR_NQUEENS_WEBGPU_UNAVAILABLE';

  constructor(
    readonly engine: 'wasm' | 'webgpu',
    readonly reason: string,
    readonly instead: 'js' | 'wasm',
  ) {
    super(`the '${engine}' engine is unavailable here (${reason}); use engine: '${instead}'`);
  }
}

/** The 'wasm' engine was asked for where WebAssembly cannot run (an old runtime, a page's CSP). */
export class WasmUnavailableError extends EngineUnavailableError {
  override name = 'WasmUnavailableError';
  readonly code = 'ERR_NQUEENS_WASM_UNAVAILABLE' as const;

  constructor(reason: string) {
    super('wasm', reason, 'js');
  }
}

/**
 * The 'webgpu' engine was asked for where no GPU can be had (no WebGPU, no adapter, no device), or
 * where the GPU has no memory for the count.
 */
export class WebGPUUnavailableError extends EngineUnavailableError {
  override name = 'WebGPUUnavailableError';
  readonly code = 'ERR_NQUEENS_WEBGPU_UNAVAILABLE' as const;

  constructor(reason: string) {
    super('webgpu', reason, 'wasm');
  }
}

/** The GPU device went away in the middle of a count; the next count sets up a new one. */
export class GpuLostError extends Error {
  override name = 'GpuLostError';
  readonly code = 'ERR_NQUEENS_GPU_LOST' as const;

  constructor(readonly reason: string) {
    super(`the GPU device was lost while counting (${reason})`);
  }
}

/**
 * Worker threads cannot be started here: a page's Content-Security-Policy refuses them (`policy`),
 * or the runtime has none (`runtime`: Cloudflare's workerd, for one).
 */
export class WorkersRefusedError extends Error {
  override name = 'WorkersRefusedError';
  readonly code = 'ERR_NQUEENS_WORKERS_REFUSED' as const;

  constructor(
    readonly detail: string,
    readonly refusedBy: 'policy' | 'runtime' = 'policy',
  ) {
    super(
      refusedBy === 'policy'
        ? `the page's Content-Security-Policy refused to start a worker thread from a blob: URL (${detail}); ` +
            `allow it with worker-src blob: (or script-src blob: where there is no worker-src), or count without workers`
        : `${detail}; count without workers`,
    );
  }
}

/**
 * A worker thread stopped in the middle of a count: it crashed (out of memory, or killed), exited,
 * or sent what could not be read. The count it was part of is lost; `cause` is what the thread
 * reported, where it reported anything.
 */
export class WorkerFailedError extends Error {
  override name = 'WorkerFailedError';
  readonly code = 'ERR_NQUEENS_WORKER_FAILED' as const;

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`a worker thread failed (${detail}); count again, or with countSync in the calling thread`, options);
  }
}

/**
 * A count that went wrong inside the package, not in what the caller asked: a bug to report. The
 * message says what was found (a join's count whose Burnside sum is not divisible by 8, a trap of
 * the wasm kernel, for two), `detail` says it alone, and `cause` holds the error behind it, if any.
 */
export class InternalError extends Error {
  override name = 'InternalError';
  readonly code = 'ERR_NQUEENS_INTERNAL' as const;

  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      `nqueens-wasm: internal error: ${detail}; please report it at https://github.com/nqueens-wasm/nqueens-wasm/issues`,
      options,
    );
  }
}

/** A join's need of memory, as a worker thread reports it (a class does not cross the thread's boundary). */
export interface JoinMemoryShortfall {
  readonly n: number;
  readonly needBytes: number;
  readonly allowedBytes: number;
}

const MIB = 2 ** 20;

/**
 * A join whose lists could not have the memory they need, in a thread: either more than
 * options.maxMemory allows each thread, or more than the engine would give. `needBytes` is what
 * one thread needs for the row choice that failed; a count needs it on every thread it uses.
 */
export class JoinMemoryError extends RangeError implements JoinMemoryShortfall {
  override name = 'JoinMemoryError';
  readonly code = 'ERR_NQUEENS_JOIN_MEMORY' as const;
  readonly n: number;
  readonly needBytes: number;
  readonly allowedBytes: number;

  /** `onGpu`: the lists are a row choice's on the GPU, which options.maxMemory bounds whole. */
  constructor({ n, needBytes, allowedBytes }: JoinMemoryShortfall, onGpu = false) {
    const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
    const need = mib(needBytes);
    const message = onGpu
      ? `nqueens-wasm: the join of n = ${n} on the GPU needs ${need} of lists for one row choice, more than ` +
        `the ${mib(allowedBytes)} that options.maxMemory allows: raise options.maxMemory (--max-memory)`
      : `nqueens-wasm: the join of n = ${n} needs ${need} of lists in a thread, ${
          needBytes > allowedBytes
            ? `more than the ${mib(allowedBytes)} that options.maxMemory allows each thread: ` +
              'raise options.maxMemory (--max-memory) to that times the threads, or count with fewer workers'
            : 'and the engine would not give it: free memory, or count with fewer workers'
        }`;
    super(message);
    this.n = n;
    this.needBytes = needBytes;
    this.allowedBytes = allowedBytes;
  }
}

/**
 * What kind of argument error it is, for a caller that acts on it without reading the message:
 * - `ERR_INVALID_ARG_TYPE`: a value of the wrong type (n = '8', engine = 'gpu');
 * - `ERR_OUT_OF_RANGE`: a value of the right type outside its range, placed queens that attack
 *   each other among them;
 * - `ERR_UNKNOWN_OPTION`: an option the function does not have;
 * - `ERR_NOT_APPLICABLE`: a valid value that does not go with the others (workers with the GPU,
 *   the join with placed queens);
 * - `ERR_CHECKPOINT_MISMATCH`: options.resume holds a checkpoint of another count (or of another
 *   format, or one edited since it was made).
 */
export type ArgumentErrorCode =
  | 'ERR_INVALID_ARG_TYPE'
  | 'ERR_OUT_OF_RANGE'
  | 'ERR_UNKNOWN_OPTION'
  | 'ERR_NOT_APPLICABLE'
  | 'ERR_CHECKPOINT_MISMATCH';

/** What an argument error says in parts, for a caller that words it its own way (the CLI names its flags). */
export interface ArgumentProblem {
  readonly code: ArgumentErrorCode;
  /** The argument, as the API names it: n, options.workers, options.placed[2][0] (row), … */
  readonly argument: string;
  /** What it must be, or null when the problem is not a range or a type. */
  readonly allowed: string | null;
  /** The value given, described. */
  readonly got: string;
  /**
   * What is wrong, in words that follow the argument's name: "must be an integer from 1 to 32, got
   * 0", "does not apply to engine 'webgpu': …". The message is usually the name and this.
   */
  readonly problem: string;
}

/** How an argument error is told where the default (`must be <allowed>, got <got>`) does not fit. */
export interface ArgumentWording {
  readonly code?: ArgumentErrorCode;
  readonly problem?: string;
  /** The whole message, where it does not start with the argument's name. */
  readonly message?: string;
}

const problemOf = (allowed: string | null, got: string, wording: ArgumentWording | undefined) =>
  wording?.problem ?? `must be ${allowed}, got ${got}`;

/**
 * A TypeError about an argument (a value of the wrong type), thrown, or rejected with, before any
 * work starts.
 */
export class ArgumentTypeError extends TypeError implements ArgumentProblem {
  readonly code: ArgumentErrorCode;
  readonly problem: string;

  constructor(
    readonly argument: string,
    readonly allowed: string | null,
    readonly got: string,
    wording?: ArgumentWording,
  ) {
    const problem = problemOf(allowed, got, wording);
    super(wording?.message ?? `${argument} ${problem}`);
    this.code = wording?.code ?? 'ERR_INVALID_ARG_TYPE';
    this.problem = problem;
  }
}

/**
 * A RangeError about an argument (a value of the right type out of its range, or a checkpoint of
 * another count), thrown, or rejected with, before any work starts.
 */
export class ArgumentRangeError extends RangeError implements ArgumentProblem {
  readonly code: ArgumentErrorCode;
  readonly problem: string;

  constructor(
    readonly argument: string,
    readonly allowed: string | null,
    readonly got: string,
    wording?: ArgumentWording,
  ) {
    const problem = problemOf(allowed, got, wording);
    super(wording?.message ?? `${argument} ${problem}`);
    this.code = wording?.code ?? 'ERR_OUT_OF_RANGE';
    this.problem = problem;
  }
}

/**
 * What a thrown value says: an error's message, anything else as a string. An error of another
 * realm is an error too: Jest's test environment runs the package in a vm context, where what Node
 * throws (worker_threads, a failed import()) is the main realm's, and `instanceof Error` is false.
 */
export function messageOf(error: unknown): string {
  if (error instanceof Error || Object.prototype.toString.call(error) === '[object Error]') {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string') return message;
  }
  return String(error);
}

/** The reason an aborted signal gives; a signal-like object without one gets the standard AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason !== undefined ? signal.reason : new DOMException('This operation was aborted', 'AbortError');
}
