// The nqueens command line run in this process, as run.ts runs it for main.ts: argv in, the exit
// code and what it wrote out, with streams, a signal and a clock the test owns.
import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { run, stopReason } from '../../src/cli/run.js';

/** The package's version, as the bundle writes it into dist/cli.js. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

/** A stream that keeps what is written to it; a terminal of `columns` when given. */
export class Sink extends Writable {
  text = '';
  readonly isTTY: boolean;

  constructor(readonly columns?: number) {
    super({
      decodeStrings: false,
      write: (chunk: string | Buffer, _encoding, done) => {
        this.text += String(chunk);
        done();
      },
    });
    this.isTTY = columns !== undefined;
  }
}

export interface Options {
  /** Standard input: its whole text, or a stream (default: empty). */
  stdin?: string | Buffer | Readable;
  stdout?: Writable & { columns?: number };
  /** stderr as a terminal of this many columns; a pipe when not given. */
  terminal?: number;
  now?: () => number;
}

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run under way: its streams, a signal to send it, and its outcome once it ends. */
export interface Started {
  readonly stdout: Sink;
  readonly stderr: Sink;
  /** As SIGINT or SIGTERM would stop the command. */
  kill(signal: 'SIGINT' | 'SIGTERM'): void;
  readonly exited: Promise<Outcome>;
}

export function start(args: readonly string[], options: Options = {}): Started {
  const controller = new AbortController();
  const stdout = new Sink();
  const stderr = new Sink(options.terminal);
  const stdin =
    options.stdin instanceof Readable
      ? options.stdin
      : Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)], { objectMode: false });
  const out = options.stdout ?? stdout;
  const exited = run(args, { stdout: out, stderr, stdin, signal: controller.signal, now: options.now }, VERSION).then(
    (code) => ({ code, stdout: stdout.text, stderr: stderr.text }),
  );
  return { stdout, stderr, kill: (signal) => controller.abort(stopReason(signal)), exited };
}

/** Runs `nqueens …args` to its end. */
export function nqueens(args: readonly string[], options: Options = {}): Promise<Outcome> {
  return start(args, options).exited;
}

/** Resolves once `condition` holds, looked at every few milliseconds (a test's timeout bounds the wait). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}
