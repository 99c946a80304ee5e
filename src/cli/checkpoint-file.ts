// The checkpoint file of `nqueens <n> --checkpoint FILE`: read at the start to resume, written
// atomically (a temporary file beside it, flushed to disk, then renamed over it), so that a crash
// or a kill in the middle of a write leaves the previous checkpoint whole, never a broken file.

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoint } from '../types.js';
import { UsageError } from './usage.js';

/** Longer than any checkpoint the package writes (its ranges merge as the count goes). */
const MAX_BYTES = 1 << 20;

/** The checkpoint in `path`, or null when there is no such file. */
export function readCheckpoint(path: string): Checkpoint | null {
  if (!existsSync(path)) return null;
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > MAX_BYTES) throw new UsageError(`${path} is not a checkpoint: it is over ${MAX_BYTES} bytes`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the checkpoint ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as Checkpoint;
  } catch {
    throw new UsageError(`${path} is not a checkpoint: not JSON (a torn or edited file?); remove it to count from the start`);
  }
}

export function writeCheckpoint(path: string, checkpoint: Checkpoint): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(checkpoint)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  // The rename itself reaches the disk with the directory.
  const directory = openSync(dirname(path), 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}
