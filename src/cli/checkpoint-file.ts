// The checkpoint file of `nqueens <n> --checkpoint FILE`. Checked before the count starts (a path
// that cannot hold checkpoints is a usage error then, not a failure at the first write half a
// minute in), read to resume, and written atomically: a temporary file beside it, flushed to disk,
// then renamed over it, so that a crash or a kill in the middle of a write leaves the previous
// checkpoint whole (and the temporary file, which the run that finishes the count removes). A failed write leaves no temporary file behind, and does not stop the count
// (CheckpointKeeper): it is said once on stderr and tried again with the next checkpoint, since
// the count itself is still good.
//
// Checkpoints often live where others can write too (a shared /tmp, a cluster's scratch space), so
// the temporary file is created exclusively (O_CREAT | O_EXCL: a name that exists, a planted
// symbolic link included, is never opened) under a name nobody can predict, readable by its owner
// only (a checkpoint is the user's data). A symbolic link at FILE itself is the user's own and is
// followed: the checkpoint is written where it points (the link stays a link), as writing through
// a link does with any other program.

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Checkpoint } from '../index.js';
import { shown } from '../quote.js';
import { UsageError } from './args.js';
import { ioErrorText } from './io.js';

/** A checkpoint path or file that cannot be used: one line, exit code 2. */
const refused = (message: string) => new UsageError(message, false);

/** Longer than any checkpoint the package writes (its ranges merge as the count goes). */
const MAX_BYTES = 1 << 20;
/** Links followed at most, as the system follows them. */
const MAX_LINKS = 40;
/** Only the user may read or write a checkpoint. */
const MODE = 0o600;
/** Exclusive creation; never through a link (O_NOFOLLOW where the system has it, O_EXCL refuses one anyway). */
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
/** What createBeside adds to the checkpoint's name. */
const TEMPORARY = /^[0-9a-f]{16}\.tmp$/;
/** Names tried before giving up: a name nobody predicts is taken only by chance, or by a hostile directory. */
const NAME_TRIES = 8;

/** A checkpoint could not be written; `message` says where and why. */
class CheckpointWriteError extends Error {
  override name = 'CheckpointWriteError';
}

function kind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function statOrNull(path: string, follow: boolean): Stats | null {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw refused(`--checkpoint ${shown(path)}: ${ioErrorText(error)}`);
  }
}

/**
 * A new file beside `file`, created exclusively under an unpredictable name (another is tried when
 * one exists); its descriptor and path.
 */
function createBeside(file: string): { fd: number; path: string } {
  for (let tries = 1; ; tries++) {
    const path = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    try {
      return { fd: openSync(path, CREATE, MODE), path };
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || tries === NAME_TRIES) throw error;
    }
  }
}

/** Removes a file this process created; one that is gone already is fine. */
function removeOwn(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
}

/** The file a path names once its links are followed; it need not exist. */
function target(path: string): string {
  let at = resolve(path);
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const stats = statOrNull(at, false);
    if (stats === null || !stats.isSymbolicLink()) return at;
    at = resolve(dirname(at), readlinkSync(at));
  }
  throw refused(`--checkpoint ${shown(path)}: too many levels of symbolic links`);
}

export class CheckpointFile {
  private constructor(
    /** As the user gave it, for messages. */
    readonly path: string,
    /** The file written: the path with its links followed. */
    private readonly file: string,
  ) {}

  /**
   * The checkpoint file at `path`, after checking that it can be one: a regular file or none yet,
   * in a directory where a file can be created and renamed (a usage error otherwise).
   */
  static open(path: string): CheckpointFile {
    if (path === '') throw refused('--checkpoint needs a file name');
    const file = target(path);
    const stats = statOrNull(file, true);
    if (stats !== null && !stats.isFile()) {
      throw refused(`--checkpoint ${shown(path)} is ${kind(stats)}; it must be a regular file (or not exist yet)`);
    }
    const directory = dirname(file);
    const parent = statOrNull(directory, true);
    if (parent === null) throw refused(`--checkpoint ${shown(path)}: the directory ${shown(directory)} does not exist`);
    if (!parent.isDirectory()) throw refused(`--checkpoint ${shown(path)}: ${shown(directory)} is not a directory`);
    const checked = new CheckpointFile(path, file);
    checked.probe();
    return checked;
  }

  /** Creates a temporary file beside the checkpoint and renames it onto another, as every write will. */
  private probe(): void {
    const made: string[] = [];
    try {
      const first = createBeside(this.file);
      made.push(first.path);
      closeSync(first.fd);
      // Onto a second temporary file of its own (made exclusively too), never onto anyone's name.
      const second = createBeside(this.file);
      made.push(second.path);
      closeSync(second.fd);
      renameSync(first.path, second.path);
    } catch (error) {
      throw refused(
        `--checkpoint ${shown(this.path)}: cannot write in ${shown(dirname(this.file))}: ${ioErrorText(error)}`,
      );
    } finally {
      for (const path of made) removeOwn(path);
    }
  }

  /** Whether there is a checkpoint to resume from. */
  exists(): boolean {
    return statOrNull(this.file, true) !== null;
  }

  /** The file's JSON value (checked by the package as a checkpoint), or undefined when there is no file. */
  read(): unknown {
    if (!this.exists()) return undefined;
    let text: string;
    try {
      const bytes = readFileSync(this.file);
      if (bytes.length > MAX_BYTES)
        throw refused(`${shown(this.path)} is not a checkpoint: it is over ${MAX_BYTES} bytes`);
      text = bytes.toString('utf8');
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw refused(`cannot read the checkpoint ${shown(this.path)}: ${ioErrorText(error)}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw refused(
        `${shown(this.path)} is not a checkpoint: not JSON (a torn or edited file?); remove it to count from the start`,
      );
    }
  }

  /** Replaces the checkpoint atomically; a CheckpointWriteError when it cannot, the old one left whole. */
  write(checkpoint: Checkpoint): void {
    let temporary: string | null = null;
    try {
      const { fd, path } = createBeside(this.file);
      temporary = path;
      try {
        const bytes = Buffer.from(`${JSON.stringify(checkpoint)}\n`);
        for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(path, this.file);
      temporary = null;
      // The rename itself reaches the disk with the directory.
      const directory = openSync(dirname(this.file), 'r');
      try {
        fsyncSync(directory);
      } finally {
        closeSync(directory);
      }
    } catch (error) {
      try {
        if (temporary !== null) removeOwn(temporary);
      } catch {
        // the write failed either way; that is what the message says
      }
      throw new CheckpointWriteError(`cannot write the checkpoint ${shown(this.path)}: ${ioErrorText(error)}`);
    }
  }

  /**
   * Removes the checkpoint of a finished count; a system error (EPERM, EROFS…) when it cannot. And
   * the temporary files that runs killed in the middle of a write (SIGKILL, a lost node) left
   * beside it: regular files of this user under a name only a write of this checkpoint makes.
   */
  remove(): void {
    removeOwn(this.file);
    this.removeLeftovers();
  }

  private removeLeftovers(): void {
    const directory = dirname(this.file);
    const prefix = `${basename(this.file)}.`;
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      return;
    }
    const uid = process.getuid?.();
    for (const name of names) {
      if (!name.startsWith(prefix) || !TEMPORARY.test(name.slice(prefix.length))) continue;
      const path = join(directory, name);
      try {
        const stats = lstatSync(path);
        if (stats.isFile() && (uid === undefined || stats.uid === uid)) unlinkSync(path);
      } catch {
        // Gone already, or not this user's to remove: left as it is.
      }
    }
  }
}

/**
 * What a count does with its checkpoints: every one the package makes (at --checkpoint-every, and
 * when a signal stops the count) goes to the file.
 */
export class CheckpointKeeper {
  /** The last write's failure, or null when the last write (if any) succeeded. */
  private failure: CheckpointWriteError | null = null;
  private wrote = false;
  private last: Checkpoint | null = null;

  constructor(
    readonly file: CheckpointFile,
    private readonly warn: (line: string) => void,
    /** Whether the file held a checkpoint when the count began (the one it resumed from). */
    private readonly hadOne: boolean,
  ) {}

  /** Writes it now; false when it could not (and says so once). */
  save(checkpoint: Checkpoint): boolean {
    this.last = checkpoint;
    try {
      this.file.write(checkpoint);
      this.failure = null;
      this.wrote = true;
      return true;
    } catch (error) {
      if (!(error instanceof CheckpointWriteError)) throw error;
      if (this.failure?.message !== error.message)
        this.warn(`nqueens: ${error.message}; counting on, and trying again at the next checkpoint`);
      this.failure = error;
      return false;
    }
  }

  /** Whether the file holds the last checkpoint given: written again now if it could not be then. */
  keptLast(): boolean {
    if (this.last === null) return false;
    return this.failure === null || this.save(this.last);
  }

  /** What a stopped count says of its progress: where it is kept, or that it could not be kept. */
  stopNote(): string {
    const path = shown(this.file.path);
    if (this.failure !== null) {
      const older = this.wrote || this.hadOne ? `; ${path} holds the progress of the last checkpoint written` : '';
      return `nqueens: the progress could not be saved (${this.failure.message})${older}`;
    }
    if (this.wrote || this.hadOne) return `nqueens: progress saved to ${path}; run the same command to resume`;
    return 'nqueens: stopped before counting began; nothing to save';
  }
}
