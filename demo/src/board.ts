/** Draws an n×n board into `into`: queens where cols[row] says, and optional classes per square, space-separated. */
export function drawBoard(
  into: HTMLElement,
  n: number,
  cols: readonly (number | undefined)[],
  mark?: (row: number, col: number) => string | null,
): void {
  into.style.setProperty('--n', String(n));
  into.replaceChildren();
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const square = document.createElement('span');
      square.className = `square ${(row + col) % 2 ? 'dark' : 'light'}`;
      const extra = mark?.(row, col);
      if (extra) square.classList.add(...extra.split(' '));
      if (cols[row] === col) {
        square.classList.add('queen');
        square.textContent = '♛';
      }
      into.append(square);
    }
  }
  const placed = cols.map((c, r) => (c === undefined ? null : `row ${r} column ${c}`)).filter(Boolean);
  into.setAttribute('aria-label', placed.length ? `Queens at ${placed.join(', ')}` : 'An empty board');
  into.dataset.queens = cols.filter((c) => c !== undefined).join(',');
}
