// Turns a subproblem into the record both kernels read (format in assembly/layout.ts).

import {
  REC_BOARD,
  REC_LEVELS,
  REC_MASK,
  REC_ROW,
  REC_SHIFT,
  REC_SIZE,
} from '../../assembly/layout.js';

export function writeRecord(words: Int32Array, at: number, n: number, queens: readonly number[]): void {
  const all = n === 32 ? -1 : (1 << n) - 1;
  const board = at + REC_BOARD;
  let used = 0;
  for (let r = 0; r < n; r++) words[board + r] = -1;
  for (let i = 0; i < queens.length; i += 2) {
    words[board + queens[i]] = queens[i + 1];
    used |= 1 << queens[i + 1];
  }
  let level = 0;
  let previous = -1;
  for (let r = 0; r < n; r++) {
    if (words[board + r] >= 0) continue;
    let taken = used;
    for (let i = 0; i < queens.length; i += 2) {
      const distance = Math.abs(r - queens[i]);
      const c = queens[i + 1];
      if (c + distance < n) taken |= 1 << (c + distance);
      if (c - distance >= 0) taken |= 1 << (c - distance);
    }
    words[at + REC_MASK + level] = all & ~taken;
    words[at + REC_ROW + level] = r;
    if (level > 0) words[at + REC_SHIFT + level - 1] = r - previous;
    previous = r;
    level++;
  }
  words[at + REC_SIZE] = n;
  words[at + REC_LEVELS] = level;
  // The kernels may read two levels past the last one: those rows are closed and not shifted into.
  words[at + REC_MASK + level] = 0;
  words[at + REC_MASK + level + 1] = 0;
  if (level > 0) words[at + REC_SHIFT + level - 1] = 0;
  words[at + REC_SHIFT + level] = 0;
  words[at + REC_SHIFT + level + 1] = 0;
}
