import { litLines, shownLine } from './code-marks.js';

/**
 * Draws marked code (code-marks.ts) into `into`, the lines a step of `kind` on `line` runs lit,
 * and that line followed by the values it shows (none where `values` is empty). A reader without
 * colour still sees which line runs: the marker, and the values.
 */
export function drawCode(
  into: HTMLElement,
  lines: readonly string[],
  kind: string,
  line: number,
  values: string,
): void {
  const lit = litLines(lines, kind, line);
  into.dataset.line = String(line);
  into.replaceChildren(
    ...lines.map((text, i) => {
      const item = document.createElement('span');
      item.className = 'line';
      item.textContent = shownLine(text);
      if (lit.includes(i)) {
        item.classList.add('lit');
        item.prepend(Object.assign(document.createElement('span'), { className: 'marker', textContent: '▶ ' }));
      }
      if (i === line) {
        item.setAttribute('aria-current', 'step');
        if (values !== '')
          item.append(
            Object.assign(document.createElement('span'), { className: 'values', textContent: `  // ${values}` }),
          );
      }
      return item;
    }),
  );
}
