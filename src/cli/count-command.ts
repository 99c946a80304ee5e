import {
  ArgumentRangeError,
  ArgumentTypeError,
  type Checkpoint,
  type CountResult,
  count,
  type Progress,
} from '../index.js';
import { formatCount, formatMs, percentDone } from '../progress-display.js';
import { shown } from '../quote.js';
import { type CountCommand, UsageError } from './args.js';
import { CheckpointFile, CheckpointKeeper } from './checkpoint-file.js';
import { type Io, ioErrorText, OutputError, write } from './io.js';
import { progressView } from './progress.js';

export async function countCommand(command: CountCommand, io: Io): Promise<void> {
  const { n, engine, method, maxMemory, workers, shard } = command;
  const label = shard === null ? `n = ${n}` : `n = ${n}, shard ${shard.index}/${shard.count}`;
  const mode = command.progress ?? (io.stderr.isTTY ? 'bar' : 'none');
  const file = command.checkpoint === null ? null : CheckpointFile.open(command.checkpoint);
  const resume = file?.read();
  const keeper =
    file === null ? null : new CheckpointKeeper(file, (line) => io.stderr.write(`${line}\n`), resume !== undefined);
  const view = progressView(io.stderr, mode, label, io.now);
  let told = false;

  let result: CountResult;
  try {
    result = await count(n, {
      engine,
      method,
      maxMemory,
      workers,
      shard: shard ?? undefined,
      signal: io.signal,
      // As read from the file: the package checks it, and its refusal is told in terms of the file.
      resume: resume as Checkpoint | undefined,
      // Every checkpoint the package makes is kept: at the interval, when a signal stops the count,
      // and the finished count's (resuming from it prints the result at once).
      onCheckpoint: keeper === null ? undefined : (c: Checkpoint) => keeper.save(c),
      checkpointEveryMs: keeper === null ? undefined : command.checkpointEveryMs,
      onProgress: (progress: Progress) => {
        if (resume !== undefined && !told) {
          told = true;
          const { done, total } = progress;
          io.stderr.write(`nqueens: resuming ${label} at ${percentDone(done, total)}%\n`);
        }
        view.update(progress);
      },
    });
  } catch (error) {
    view.end();
    const argument = (error as { argument?: unknown }).argument;
    if (
      (error instanceof ArgumentRangeError || error instanceof ArgumentTypeError) &&
      typeof argument === 'string' &&
      argument.startsWith('options.resume')
    ) {
      throw new UsageError(
        `${shown(file!.path)} is not a checkpoint${refusal(error)}; remove it to count from the start`,
        false,
      );
    }
    if (io.signal.aborted && keeper !== null) io.stderr.write(`${keeper.stopNote()}\n`);
    throw error;
  }
  view.end();
  try {
    await write(io.stdout, resultLine(command, label, result), io.signal, 'the result');
  } catch (error) {
    // The count is finished but its result did not get out: the file keeps it, as the finished
    // checkpoint (tried once more if it could not be written when the count finished).
    if (!(error instanceof OutputError) || keeper === null) throw error;
    const kept = keeper.keptLast();
    throw new OutputError(
      'the result',
      error.cause,
      kept
        ? `; the finished count is kept in ${shown(keeper.file.path)}: run the same command again to print it`
        : ' (and the checkpoint could not be kept either)',
    );
  }
  if (file === null) return;
  try {
    file.remove();
  } catch (error) {
    // The result is out and right: the file left behind is worth a warning, not a failure.
    io.stderr.write(
      `nqueens: the result is complete, but its checkpoint ${shown(file.path)} could not be removed (${ioErrorText(error)}): ` +
        'remove it by hand; the same command run again would resume from it\n',
    );
  }
}

/**
 * Why the package refused a checkpoint, in terms of the file (which the message names) and its
 * fields: " of this count (…)" for a checkpoint of another count, " (…)" for something else.
 */
function refusal(error: ArgumentRangeError | ArgumentTypeError): string {
  if (error.argument === 'options.resume') return ` (it holds ${error.got})`;
  const field = error.argument.slice('options.resume.'.length);
  if (error.allowed !== null) return ` (${field} must be ${error.allowed}, got ${error.got})`;
  return ` of this count (${error.problem})`;
}

function resultLine({ n, json, shard }: CountCommand, label: string, result: CountResult): string {
  const { elapsedMs } = result;
  const { total, unique } = result.exact;
  if (json) {
    const fields =
      shard === null
        ? { n, total: String(total), unique: String(unique) }
        : { n, shard: { index: shard.index, count: shard.count }, total: String(total) };
    const { engine, method, adapter, workers, resumed } = result;
    return `${JSON.stringify({ ...fields, engine, method, ...(adapter !== undefined && { adapter }), workers, elapsedMs, resumed })}\n`;
  }
  const solutions = `${formatCount(total)} ${total === 1n ? 'solution' : 'solutions'}`;
  const counts = shard === null ? `${solutions}, ${formatCount(unique ?? 0n)} unique` : solutions;
  // What counted: the engine, its method, and its threads or the GPU adapter (the GPU has no
  // threads to count).
  const { adapter } = result;
  const how =
    adapter === undefined
      ? `${result.engine}, ${result.method}, ${result.workers} ${result.workers === 1 ? 'thread' : 'threads'}`
      : `${result.engine}, ${result.method}, on ${shown(adapter.name)}${adapter.software ? ', a software adapter' : ''}`;
  const resumed = result.resumed ? ', resumed' : '';
  return `${label}: ${counts} (${how}, ${formatMs(elapsedMs)} ms${resumed})\n`;
}
