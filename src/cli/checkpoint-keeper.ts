// What a count does with its checkpoints: every one the package makes (at --checkpoint-every, and
// when a signal stops the count) goes to the file. A write that fails does not stop the count: it
// is said once on stderr and tried again with the next checkpoint, since the count itself is still good.

import type { Checkpoint } from '../index.js';
import { shown } from '../quote.js';
import { type CheckpointFile, CheckpointWriteError } from './checkpoint-file.js';

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
