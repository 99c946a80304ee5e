// A one-line progress bar with an ETA, redrawn in place on a terminal; nothing when not a TTY.

import type { Progress } from '../types.js';

const WIDTH = 30;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export interface ProgressBar {
  update(progress: Progress): void;
  clear(): void;
}

export function progressBar(stream: NodeJS.WriteStream, label: string): ProgressBar {
  if (!stream.isTTY) return { update() {}, clear() {} };
  const started = performance.now();
  let last = 0;
  let drawn = false;
  return {
    update({ done, total }) {
      const now = performance.now();
      // Redraw at most ten times a second, and always at the end.
      if (now - last < 100 && done < total) return;
      last = now;
      const fraction = total === 0 ? 1 : done / total;
      const filled = Math.round(fraction * WIDTH);
      const elapsed = now - started;
      const eta = done > 0 && done < total ? `, ETA ${duration((elapsed / done) * (total - done))}` : '';
      stream.write(
        `\r\x1b[K${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0)}% ${done}/${total}${eta}`,
      );
      drawn = true;
    },
    clear() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
