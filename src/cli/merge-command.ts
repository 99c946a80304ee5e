import { formatCount } from '../progress-display.js';
import { shown } from '../quote.js';
import { type Io, ioErrorText, write } from './io.js';
import { LineTooLongError, readLines } from './lines.js';
import { isOwnLine, MAX_LINE, MergeError, parseShardResult, ShardMerger } from './merge.js';
import { columnsOf, wrap } from './wrap.js';

export interface MergeCommand {
  /** Files of shard results; standard input when none is given, or for '-'. */
  files: string[];
  json: boolean;
}

/** Reads shard results (one JSON line each; a file may hold several) and adds them up. */
export async function mergeCommand({ files, json }: MergeCommand, io: Io): Promise<void> {
  const merger = new ShardMerger();
  // Typed at a terminal, the input would otherwise wait there without a word.
  if (files.length === 0 && io.stdin.isTTY === true) {
    const hint = 'nqueens merge: no files given, so reading shard results from standard input; end them with Ctrl-D';
    io.stderr.write(`${wrap(hint, columnsOf(io.stderr))}\n`);
  }
  for (const file of files.length === 0 ? ['-'] : files) {
    const name = file === '-' ? '(standard input)' : shown(file);
    try {
      for await (const { line, number } of readLines(file, MAX_LINE, io.signal, io.stdin)) {
        io.signal.throwIfAborted();
        if (line.trim() !== '' && !isOwnLine(line)) merger.add(parseShardResult(line, `${name}:${number}`));
      }
    } catch (error) {
      if (error instanceof MergeError || io.signal.aborted) throw error;
      if (error instanceof LineTooLongError)
        throw new MergeError(`${name}: ${error.message}: not a shard result`, true);
      throw new MergeError(`cannot read ${name}: ${ioErrorText(error)}`, true);
    }
  }
  const { n, count, total } = merger.result();
  await write(
    io.stdout,
    json
      ? `${JSON.stringify({ n, shards: count, total: String(total) })}\n`
      : `n = ${n}: ${formatCount(total)} solutions (${formatCount(count)} shards merged)\n`,
    io.signal,
    'the result',
  );
}
