// The two diagonal directions as both walk-throughs name and draw them, the glossary's words with
// the arrow each runs along on the board as drawn (row 0 at the top, column 0 at the left): a
// first diagonal (r + c constant) runs ↗, a second diagonal (r − c constant) runs ↘.

export const FIRST = 'first ↗';
export const SECOND = 'second ↘';

/** A diagonal of an n×n board by its bit in a diagonal word (first: r + c; second: r − c + n − 1), in words. */
export function diagonalName(direction: 'first' | 'second', bit: number, n: number): string {
  return direction === 'first'
    ? `${FIRST} diagonal r + c = ${bit}`
    : `${SECOND} diagonal r − c = ${(bit - (n - 1)).toString().replace('-', '−')}`;
}
