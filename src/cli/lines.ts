// Text lines from a file or standard input, read as a stream with a cap on the length of a line,
// so that no input, however large or malformed, makes the reader hold more than one line.
// UTF-8 by default; a byte order mark says UTF-8 or UTF-16 (little or big endian) and is dropped.

import { createReadStream } from 'node:fs';
import { addAbortSignal, type Readable } from 'node:stream';

export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
}

function encodingOf(head: Uint8Array): { label: string; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { label: 'utf-8', skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { label: 'utf-16le', skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { label: 'utf-16be', skip: 2 };
  return { label: 'utf-8', skip: 0 };
}

/**
 * The lines of `path` ('-' for `stdin`), numbered from 1, each at most maxLength characters.
 * An abort of `signal` ends the reading at once, also while the input is silent.
 */
export async function* readLines(
  path: string,
  maxLength: number,
  signal: AbortSignal,
  stdin: Readable,
): AsyncGenerator<{ line: string; number: number }> {
  const stream = addAbortSignal(signal, path === '-' ? stdin : createReadStream(path));
  let decoder: TextDecoder | undefined;
  let head = new Uint8Array(0);
  let partial = '';
  let number = 0;
  const lines = function* (text: string) {
    let start = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
      const line = partial + text.slice(start, i);
      partial = '';
      start = i + 1;
      number++;
      if (line.length > maxLength) throw new LineTooLongError(`line ${number} is longer than ${maxLength} characters`);
      yield { line: line.endsWith('\r') ? line.slice(0, -1) : line, number };
    }
    partial += text.slice(start);
    if (partial.length > maxLength)
      throw new LineTooLongError(`line ${number + 1} is longer than ${maxLength} characters`);
  };
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      let bytes = chunk;
      if (decoder === undefined) {
        // The byte order mark may come split over the first chunks.
        const joined = new Uint8Array(head.length + bytes.length);
        joined.set(head);
        joined.set(bytes, head.length);
        if (joined.length < 3) {
          head = joined;
          continue;
        }
        const { label, skip } = encodingOf(joined);
        decoder = new TextDecoder(label, { fatal: false });
        bytes = joined.subarray(skip);
      }
      yield* lines(decoder.decode(bytes, { stream: true }));
    }
    if (decoder === undefined && head.length > 0) {
      const { label, skip } = encodingOf(head);
      decoder = new TextDecoder(label);
      yield* lines(decoder.decode(head.subarray(skip), { stream: true }));
    }
    if (decoder !== undefined) yield* lines(decoder.decode());
    if (partial.length > 0) {
      number++;
      yield { line: partial, number };
    }
  } finally {
    if (stream !== stdin) (stream as { destroy?: () => void }).destroy?.();
  }
}
