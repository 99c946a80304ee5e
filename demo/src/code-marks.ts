// Code shown beside a walk-through, with marks where its steps happen. A line is JavaScript as
// shown; a mark, ⟨kind⟩, stands where a step of that kind happens in the line and is not shown.
// ⟨+kind⟩ marks a further line of the same step. A mark may name the variables the step shows,
// ⟨kind a b⟩: run with each mark made a call that is passed them, the code takes exactly the steps
// of its walk, with the values the walk shows (test/watch-code.test.ts, test/watch-join.test.ts).

/** A mark; its groups: `+` for a further line, the kind, the names (each after a space). */
export const MARK = /⟨(\+?)([a-z-]+)((?: [A-Za-z]+)*)⟩/g;

export interface Mark {
  kind: string;
  further: boolean;
  /** The variables the step shows, by their names in the code. */
  names: string[];
}

/** A line as shown: without its marks. */
export function shownLine(line: string): string {
  return line.replace(MARK, '');
}

/** The marks of a line, in order. */
export function marksOf(line: string): Mark[] {
  return [...line.matchAll(MARK)].map((m) => ({
    kind: m[2],
    further: m[1] === '+',
    names: m[3].split(' ').filter((name) => name !== ''),
  }));
}

/** The lines where a step of `kind` happens (not its further lines), in order. */
export function linesOf(lines: readonly string[], kind: string): number[] {
  const found: number[] = [];
  lines.forEach((line, i) => {
    for (const mark of marksOf(line)) if (mark.kind === kind && !mark.further) found.push(i);
  });
  return found;
}

/** The lines a step of `kind` on `line` lights: that line and its further lines. */
export function litLines(lines: readonly string[], kind: string, line: number): number[] {
  const lit = [line];
  lines.forEach((text, i) => {
    if (i !== line && marksOf(text).some((mark) => mark.kind === kind && mark.further)) lit.push(i);
  });
  return lit.sort((a, b) => a - b);
}
