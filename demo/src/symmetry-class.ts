import { SYMMETRIES, transform } from '../../src/symmetry.js';

export interface Classified {
  cols: number[];
  /** Which unique solution (1-based, in order of first appearance) the board is a variant of. */
  unique: number;
  /** How many distinct boards its rotations and reflections give: 8, 4, 2 or 1. */
  variants: number;
  symmetry: string;
}

function image(cols: readonly number[], g: number): string {
  const out = new Array<number>(cols.length);
  cols.forEach((c, r) => {
    const [r2, c2] = transform(g, cols.length, r, c);
    out[r2] = c2;
  });
  return out.join(',');
}

/** Each solution's symmetry class: its unique solution and the symmetries that leave it unchanged. */
export function classify(solutions: readonly number[][]): { items: Classified[]; unique: number } {
  const numbers = new Map<string, number>();
  const items = solutions.map((cols) => {
    const own = cols.join(',');
    const images = Array.from({ length: SYMMETRIES }, (_, g) => image(cols, g));
    const canonical = [...images].sort()[0];
    if (!numbers.has(canonical)) numbers.set(canonical, numbers.size + 1);
    const fixedBy = images.filter((key) => key === own).length;
    const symmetry =
      fixedBy === 8 ? 'every symmetry' : images[1] === own ? 'quarter turn' : images[2] === own ? 'half turn' : 'none';
    return { cols, unique: numbers.get(canonical)!, variants: SYMMETRIES / fixedBy, symmetry };
  });
  return { items, unique: numbers.size };
}
