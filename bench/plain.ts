// The seed blog post's ten-line recursive counter, as a one-shot caller writes it: what the
// package's first call is measured against in the cold-start table.

export function plainTotalNQueens(n: number): number {
  let count = 0;
  const all = (1 << n) - 1;
  const place = (cols: number, left: number, right: number): void => {
    if (cols === all) {
      count++;
      return;
    }
    let free = all & ~(cols | left | right);
    while (free) {
      const bit = free & -free;
      free -= bit;
      place(cols | bit, ((left | bit) << 1) & all, (right | bit) >> 1);
    }
  };
  place(0, 0, 0);
  return count;
}
