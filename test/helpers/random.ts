import type { Queen } from '../../src/types.js';

/** A small seeded generator (mulberry32), so that random cases are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: () => number, from: number, to: number): number {
  return from + Math.floor(random() * (to - from + 1));
}

/**
 * k mutually non-attacking queens in random squares (any rows) of an n×n board: queens are drawn
 * until k fit, starting again after `tries` draws.
 */
export function randomQueens(random: () => number, n: number, k: number, tries = 200): Queen[] {
  for (;;) {
    const queens: Queen[] = [];
    for (let t = 0; queens.length < k && t < tries; t++) {
      const r = randomInt(random, 0, n - 1);
      const c = randomInt(random, 0, n - 1);
      if (!queens.some(([qr, qc]) => qr === r || qc === c || Math.abs(qr - r) === Math.abs(qc - c)))
        queens.push([r, c]);
    }
    if (queens.length === k) return queens;
  }
}
