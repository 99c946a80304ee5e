/** What a command writes to and listens to; the tests run commands in-process through this. */
export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WriteStream;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

/** Writes, and waits for the stream to drain when its buffer is full. */
export function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(text)) resolve();
    else stream.once('drain', resolve);
  });
}
