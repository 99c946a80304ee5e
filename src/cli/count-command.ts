import { countExact, type ExactCount } from '../count.js';
import type { Checkpoint, Progress, Shard } from '../types.js';
import { ArgumentRangeError, ArgumentTypeError } from '../validate.js';
import { readCheckpoint, removeCheckpoint, writeCheckpoint } from './checkpoint-file.js';
import type { Io } from './io.js';
import { progressView, type ProgressMode } from './progress.js';
import { formatMs } from './table.js';
import { UsageError } from './usage.js';

export interface CountCommand {
  n: number;
  engine?: string;
  workers?: number;
  json: boolean;
  shard: Shard | null;
  /** Resume from this file if it exists; keep the progress in it while counting. */
  checkpoint: string | null;
  checkpointEveryMs?: number;
  progress: ProgressMode | null;
}

/** The package's default, written here again only to say how often the file is written. */
const CHECKPOINT_EVERY_MS = 30_000;
/** How often the solutions so far are looked at, for the progress line. */
const LOOK_EVERY_MS = 1000;

export async function countCommand(command: CountCommand, io: Io): Promise<void> {
  const { n, engine, workers, json, shard, checkpoint: file } = command;
  const label = shard === null ? `n = ${n}` : `n = ${n}, shard ${shard.index}/${shard.count}`;
  const mode = command.progress ?? (io.stderr.isTTY ? 'bar' : 'none');
  const resume = file === null ? null : readCheckpoint(file);
  const everyMs = command.checkpointEveryMs ?? CHECKPOINT_EVERY_MS;
  const view = progressView(io.stderr, mode, label);
  let report = { done: 0, total: 0, solutions: resume === null ? null : (BigInt(String(resume.total).match(/^\d{1,40}$/)?.[0] ?? 0) as bigint | null) };
  let written = performance.now();
  let told = false;

  const onCheckpoint = (c: Checkpoint) => {
    report = { ...report, solutions: BigInt(c.total) };
    view.update(report);
    const now = performance.now();
    // Written at its own interval, and always when the count is stopped (a signal).
    if (file !== null && (io.signal.aborted || now - written >= everyMs - LOOK_EVERY_MS / 2)) {
      writeCheckpoint(file, c);
      written = now;
    }
  };
  const watching = file !== null || mode !== 'none';
  let result: ExactCount;
  try {
    result = await countExact(n, {
      engine,
      workers,
      shard: shard ?? undefined,
      signal: io.signal,
      resume: resume ?? undefined,
      onCheckpoint: watching ? onCheckpoint : undefined,
      checkpointEveryMs: watching ? Math.min(everyMs, LOOK_EVERY_MS) : undefined,
      onProgress: ({ done, total }: Progress) => {
        if (resume !== null && !told) {
          told = true;
          io.stderr.write(`nqueens: resuming ${label} at ${total === 0 ? 100 : Math.floor((done / total) * 100)}%\n`);
        }
        report = { ...report, done, total };
        view.update(report);
      },
    });
  } catch (error) {
    view.end();
    const argument = (error as { argument?: unknown }).argument;
    if ((error instanceof ArgumentRangeError || error instanceof ArgumentTypeError) && typeof argument === 'string' && argument.startsWith('options.resume')) {
      const why = error.message.replace(/^options\.resume(\.\w+)*:? ?/, '');
      throw new UsageError(`${file} is not a checkpoint of this count (${why}); remove it to count from the start`);
    }
    throw error;
  }
  view.update({ ...report, done: report.total, solutions: result.total });
  view.end();
  if (file !== null) removeCheckpoint(file);
  const { total, unique, elapsedMs } = result;
  if (json) {
    const fields =
      shard === null
        ? { n, total: String(total), unique: String(unique) }
        : { n, shard: { index: shard.index, count: shard.count }, total: String(total) };
    io.stdout.write(`${JSON.stringify({ ...fields, engine: result.engine, workers: result.workers, elapsedMs, resumed: result.resumed })}\n`);
    return;
  }
  const counts = shard === null ? `${total} solutions, ${unique} unique` : `${total} solutions`;
  const threads = `${result.workers} ${result.workers === 1 ? 'thread' : 'threads'}`;
  const resumed = result.resumed ? ', resumed' : '';
  io.stdout.write(`${label}: ${counts} (${result.engine}, ${threads}, ${formatMs(elapsedMs)} ms${resumed})\n`);
}
