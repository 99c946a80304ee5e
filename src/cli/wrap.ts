// Prose for a terminal of any width: broken into lines at spaces only, so that no word is split by
// the terminal where a line would run past its edge. A word longer than a line (a path, a long
// adapter name) gets a line of its own and runs past the edge, still whole.

/** The columns prose is laid out for where standard output is no terminal (a file, a pipe). */
export const DEFAULT_COLUMNS = 80;

/** The width to lay text out for: the terminal's columns, or DEFAULT_COLUMNS where there is none. */
export function columnsOf(stream: { readonly columns?: number; readonly isTTY?: boolean }): number {
  const columns = stream.columns;
  return typeof columns === 'number' && columns > 0 ? columns : DEFAULT_COLUMNS;
}

/**
 * `text` in lines of at most `width` characters, each after `indent` spaces (the first line after
 * `first` spaces, where given); the text's own line breaks are kept.
 */
export function wrap(text: string, width: number, indent = 0, first = indent): string {
  const lines: string[] = [];
  const start = () => ' '.repeat(lines.length === 0 ? first : indent);
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter((w) => w !== '')) {
      if (line === '') line = start() + word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = start() + word;
      }
    }
    lines.push(line);
  }
  return lines.join('\n');
}
