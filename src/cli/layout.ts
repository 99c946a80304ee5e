// Text laid out for a terminal of any width, down to 40 columns, with no word ever split by the
// terminal: prose is broken into lines at spaces only (a word longer than a line, a path or a long
// adapter name, gets a line of its own and runs past the edge, still whole). Commander wraps a
// description beside its term only where at least 40 columns are left for it (minWidthToWrap), and
// never wraps the usage line; on a narrow terminal both ran past the edge and the terminal broke
// their words. Here an item whose description would be squeezed beside its term gets the term on a
// line of its own and the description wrapped under it; the usage line wraps; and the examples and
// exit codes that follow the options are laid out the same way, in two columns where they fit and
// one under the other where they do not.

import { type Command, Help } from 'commander';

/** Fewer columns than this left beside the terms, and each description goes under its term. */
const SIDE_BY_SIDE = 24;
/** Where a description under its term starts. */
const UNDER = 6;

/** The width to lay text out for: the terminal's columns, or 80 where there is none (a file, a pipe). */
export function columnsOf(stream: { readonly columns?: number }): number {
  const columns = stream.columns;
  return typeof columns === 'number' && columns > 0 ? columns : 80;
}

/** `text` in lines of at most `width` characters, each after `indent` spaces; its own line breaks kept. */
export function wrap(text: string, width: number, indent = 0): string {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter((w) => w !== '')) {
      if (line === '') line = ' '.repeat(indent) + word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        lines.push(line);
        line = ' '.repeat(indent) + word;
      }
    }
    lines.push(line);
  }
  return lines.join('\n');
}

export class LaidOutHelp extends Help {
  constructor() {
    super();
    // Wrapping is this class's to decide (formatItem); commander's own check would stop it below 40.
    this.minWidthToWrap = 1;
  }

  override formatItem(term: string, termWidth: number, description: string, helper: Help): string {
    const width = this.helpWidth ?? 80;
    if (description === '' || width - termWidth - 4 >= SIDE_BY_SIDE)
      return super.formatItem(term, termWidth, description, helper);
    return `  ${term}\n${wrap(description, width, UNDER)}`;
  }

  override commandUsage(cmd: Command): string {
    // After "Usage: ", and its further lines under the first.
    const prefix = 'Usage: '.length;
    return wrap(super.commandUsage(cmd), this.helpWidth ?? 80, prefix).slice(prefix);
  }
}

/**
 * Rows of two columns (examples, exit codes) under a heading: the text beside its term, wrapped in
 * its column, where the column is wide enough; else under it.
 */
export function twoColumns(heading: string, rows: readonly (readonly [string, string])[], width: number): string {
  const left = Math.max(...rows.map(([term]) => term.length));
  const beside = 2 + left + 2;
  const lines = rows.map(([term, text]) =>
    width - beside >= SIDE_BY_SIDE
      ? `  ${term.padEnd(left)}  ${wrap(text, width, beside).slice(beside)}`
      : `  ${term}\n${wrap(text, width, UNDER)}`,
  );
  return `${heading}\n${lines.join('\n')}`;
}

/** Digits of the number of solutions for n = 1..27 (OEIS A000170), and of the unique count (A002562). */
const TOTAL_DIGITS = [1, 1, 1, 1, 2, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];
const UNIQUE_DIGITS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

/**
 * The widest total and unique count of n = from..to as compare prints them (digits grouped by
 * three), known before they are counted: the table prints a row as soon as its n is measured, so
 * its columns are sized first. Past n = 27 the counts are unknown; they have grown by a little over
 * a digit per n (a factor of 10 to 12), so one digit more than that trend is taken: wide enough.
 */
export function countWidths(from: number, to: number): { total: number; unique: number } {
  const digits = (n: number, known: readonly number[]) =>
    n <= known.length ? known[n - 1] : known[known.length - 1] + (n - known.length) + 1;
  const grouped = (d: number) => d + Math.floor((d - 1) / 3);
  let total = 1;
  let unique = 1;
  for (let n = from; n <= to; n++) {
    total = Math.max(total, grouped(digits(n, TOTAL_DIGITS)));
    unique = Math.max(unique, grouped(digits(n, UNIQUE_DIGITS)));
  }
  return { total, unique };
}
