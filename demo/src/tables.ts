/** Empties a table but for its caption, heads its columns, and returns its new body. */
export function emptyTable(table: HTMLTableElement, columns: readonly string[]): HTMLTableSectionElement {
  table.replaceChildren(table.caption!);
  const head = table.createTHead().insertRow();
  for (const name of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.append(th);
  }
  return table.createTBody();
}
