// The help laid out for the terminal it is shown on, down to 40 columns, with no word ever split by
// the terminal. Commander wraps a description beside its term only where at least 40 columns are
// left for it (minWidthToWrap), and never wraps the usage line; on a narrow terminal both ran past
// the edge and the terminal broke their words. Here an item whose description would be squeezed
// beside its term gets the term on a line of its own and the description wrapped under it; the
// usage line wraps; and the examples and exit codes that follow the options are laid out the same
// way, in two columns where they fit and one under the other where they do not.

import { type Command, Help } from 'commander';
import { wrap } from './wrap.js';

/** Fewer columns than this left beside the terms, and each description goes under its term. */
const SIDE_BY_SIDE = 24;
/** Where a description under its term starts. */
const UNDER = 6;

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
