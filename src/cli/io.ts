// What a command writes to and listens to, and how it writes: every write to standard output is
// awaited until the system has taken it, so that a failure (a full disk, a reader that went away)
// reaches the command that wrote, which can say what was lost and keep what it must.

import type { Readable } from 'node:stream';
import { shown } from '../quote.js';

/** Standard error: a stream, and whether (and how wide) it is a terminal. */
export interface Terminal {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** What a command reads, writes to and listens to; the tests run commands in-process through this. */
export interface Io {
  stdout: NodeJS.WritableStream & { readonly columns?: number };
  stderr: Terminal;
  /** What `nqueens merge` reads when it is given no file, or `-`; isTTY where it is a terminal. */
  stdin: Readable & { readonly isTTY?: boolean };
  /** Aborted on SIGINT (Ctrl-C) or SIGTERM, with a reason made by stopReason(). */
  signal: AbortSignal;
  /** The clock the progress is timed by, in milliseconds (default: performance.now). */
  now?: () => number;
}

/** Standard output failed: `what` could not be written. Quiet when the reader went away (| head). */
export class OutputError extends Error {
  override name = 'OutputError';
  readonly quiet: boolean;

  constructor(
    what: string,
    override readonly cause: unknown,
    note = '',
  ) {
    super(`cannot write ${what}: ${ioErrorText(cause)}${note}`);
    this.quiet = (cause as { code?: string } | null)?.code === 'EPIPE' && note === '';
  }
}

const WORDS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EIO: 'input/output error',
  EPIPE: 'the reader went away (broken pipe)',
  EFBIG: 'file too large',
  EBADF: 'the stream is closed',
  EEXIST: 'file already exists',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
};

/** A system error in plain words: "no space left on device", not "ENOSPC: …, write". */
export function ioErrorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in WORDS) return WORDS[code];
  // The system's own words may quote a path: bounded and escaped as any value from outside.
  return shown(error instanceof Error ? error.message : String(error));
}

/**
 * How long a write in flight may finish after a signal: output stopped by a signal stays whole
 * (a board or a line is written entirely or not at all) unless the reader has stopped reading,
 * which must not hold the command.
 */
const FLUSH_AFTER_SIGNAL_MS = 150;

/**
 * Writes `text` and resolves once the stream has taken it (flushed to the system); rejects with an
 * OutputError naming `what` when the write fails, and with the signal's reason when the signal is
 * aborted: once the write in flight has finished, or after FLUSH_AFTER_SIGNAL_MS if it does not.
 */
export function write(stream: NodeJS.WritableStream, text: string, signal: AbortSignal, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => {
      timer = setTimeout(() => reject(signal.reason), FLUSH_AFTER_SIGNAL_MS);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    stream.write(text, (error?: Error | null) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (error) reject(new OutputError(what, error));
      else if (signal.aborted) reject(signal.reason);
      else resolve();
    });
  });
}
