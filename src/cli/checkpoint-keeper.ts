// When a count's checkpoints go to its file, and what to say about them. The package offers a
// checkpoint every second or so (for the progress line); the file is written at its own interval,
// and always when a signal stops the count. A write that fails does not stop the count: it is said
// once on stderr and tried again at the next interval, since the count itself is still good.

import { shown } from '../quote.js';
import type { Checkpoint } from '../types.js';
import { CheckpointWriteError, type CheckpointFile } from './checkpoint-file.js';

export class CheckpointKeeper {
  private writtenAt = -Infinity;
  /** The last write's failure, or null when the last write (if any) succeeded. */
  private failure: CheckpointWriteError | null = null;
  private wrote = false;

  constructor(
    readonly file: CheckpointFile,
    private readonly everyMs: number,
    private readonly warn: (line: string) => void,
    /** Whether the file held a checkpoint when the count began (the one it resumed from). */
    private readonly hadOne: boolean,
  ) {}

  /** A checkpoint from the count: written when the interval has passed, or at once when `now`. */
  offer(checkpoint: Checkpoint, now: boolean, slackMs: number): void {
    const at = performance.now();
    if (!now && at - this.writtenAt < this.everyMs - slackMs) return;
    this.writtenAt = at;
    this.save(checkpoint);
  }

  /** Writes it now; false when it could not (and says so once). */
  save(checkpoint: Checkpoint): boolean {
    try {
      this.file.write(checkpoint);
      this.failure = null;
      this.wrote = true;
      return true;
    } catch (error) {
      if (!(error instanceof CheckpointWriteError)) throw error;
      if (this.failure?.message !== error.message) this.warn(`nqueens: ${error.message}; counting on, and trying again at the next checkpoint`);
      this.failure = error;
      return false;
    }
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
