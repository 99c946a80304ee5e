import { MARK } from '../../demo/src/code-marks.js';

/**
 * Code shown in the demo as a runnable source: each mark that is not a further line's becomes a
 * call of `trace(line, { names }, { state })`, so that a test runs the code as shown and sees its
 * steps, the values each shows, and `state`: variables the panel draws at every step (its masks,
 * its stack), which must be in scope at every mark.
 */
export function traced(lines: readonly string[], state: readonly string[] = []): string {
  return lines
    .map((line, i) =>
      line.replace(MARK, (_, further: string, _kind: string, names: string) =>
        further
          ? ''
          : `trace(${i}, { ${names.trim().split(' ').filter(Boolean).join(', ')} }, { ${state.join(', ')} });`,
      ),
    )
    .join('\n');
}
