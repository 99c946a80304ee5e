import { MARK } from '../../demo/src/code-marks.js';

/**
 * Code shown in the demo as a runnable source: each mark that is not a further line's becomes a
 * call of `trace(line, { names })`, so that a test runs the code as shown and sees its steps.
 */
export function traced(lines: readonly string[]): string {
  return lines
    .map((line, i) =>
      line.replace(MARK, (_, further: string, _kind: string, names: string) =>
        further ? '' : `trace(${i}, { ${names.trim().split(' ').filter(Boolean).join(', ')} });`,
      ),
    )
    .join('\n');
}
