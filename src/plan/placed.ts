// With queens placed in advance there is no symmetry to use. The work is split by placing the
// queens of the first free rows in every possible way, until there are enough pieces to spread
// over workers and shards; each piece is counted like any other subproblem.

import type { Subproblems } from '../kernel/subproblems.js';
import type { Queen } from '../types.js';
import { SubproblemsBuilder } from './subproblems-builder.js';

/** Aim for at least this many subproblems. */
const TARGET = 512;

export function placedSubproblems(n: number, placed: readonly Queen[]): Subproblems {
  const occupied = new Set(placed.map(([r]) => r));
  let partials: number[][] = [placed.flat()];
  for (let row = 0; row < n && partials.length < TARGET && partials.length > 0; row++) {
    if (occupied.has(row)) continue;
    const next: number[][] = [];
    for (const queens of partials) {
      for (let col = 0; col < n; col++) {
        if (safe(queens, row, col)) next.push([...queens, row, col]);
      }
    }
    partials = next;
  }
  const width = partials.length > 0 ? partials[0].length / 2 : placed.length;
  const out = new SubproblemsBuilder(width, Math.max(1, partials.length));
  for (const queens of partials) out.add(queens, 1, 0);
  return out.finish();
}

function safe(queens: readonly number[], row: number, col: number): boolean {
  for (let i = 0; i < queens.length; i += 2) {
    const r = queens[i];
    const c = queens[i + 1];
    if (c === col || r - c === row - col || r + c === row + col) return false;
  }
  return true;
}
