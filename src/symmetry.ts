// The eight symmetries of the square board, as maps of a square (r, c) on an n×n board.
// Their numbering is part of the planner's data (a frame's stabilizer is a bit set over it).

export const QUARTER_TURN = 1;
export const HALF_TURN = 2;
export const THREE_QUARTER_TURN = 3;

/** The number of board symmetries. */
export const SYMMETRIES = 8;

/** Maps square (r, c) by symmetry g; returns [row, col]. */
export function transform(g: number, n: number, r: number, c: number): [number, number] {
  const m = n - 1;
  switch (g) {
    case 0:
      return [r, c]; // identity
    case 1:
      return [c, m - r]; // quarter turn clockwise
    case 2:
      return [m - r, m - c]; // half turn
    case 3:
      return [m - c, r]; // three-quarter turn
    case 4:
      return [r, m - c]; // mirror left-right
    case 5:
      return [m - r, c]; // mirror top-bottom
    case 6:
      return [c, r]; // transpose
    default:
      return [m - c, m - r]; // anti-transpose
  }
}

/** True for the four reflections, which fix no solution of a board larger than 1×1. */
export function isReflection(g: number): boolean {
  return g >= 4;
}
