// The search as code, in two forms that take the same steps (stepper.ts): the explicit-stack
// loop the wasm kernel is built on, and the recursive function of the tutorials, with the marks of
// code-marks.ts where its steps happen.

import { linesOf } from './code-marks.js';
import type { StepKind } from './stepper.js';

export type CodeForm = 'stack' | 'recursive';

export const CODE: Readonly<Record<CodeForm, readonly string[]>> = {
  stack: [
    'function solve(n) {',
    '  const all = (1 << n) - 1;',
    '  const stack = new Uint32Array(4 * n); // per row above: cols, first, second, free',
    '  let row = 0, cols = 0, first = 0, second = 0, solutions = 0;',
    '  let free = all;⟨open free⟩',
    '  while (true) {',
    '    if (free === 0) {⟨exhausted free⟩',
    '      if (row === 0) {⟨done solutions⟩ return solutions; }',
    '      row--;⟨+back⟩',
    '      [cols, first, second, free] = stack.subarray(4 * row, 4 * row + 4);⟨back row free⟩',
    '      continue;',
    '    }',
    '    const bit = free & -free; free ^= bit;⟨try bit free⟩',
    '    if (row === n - 1) { solutions++;⟨solution solutions⟩ continue; }',
    '    stack.set([cols, first, second, free], 4 * row);⟨+down⟩',
    '    // Bit c is column c. A row down, a first diagonal ↗ is a column left (>> 1), a second ↘ one right (<< 1).',
    '    cols |= bit; first = (first | bit) >> 1; second = ((second | bit) << 1) & all; row++;⟨down row cols first second⟩',
    '    free = all & ~(cols | first | second);⟨open free⟩',
    '  }',
    '}',
  ],
  recursive: [
    'function solve(n) {',
    '  const all = (1 << n) - 1;',
    '  let solutions = 0;',
    '  function place(row, cols, first, second) {',
    '    let free = all & ~(cols | first | second);⟨open⟩',
    '    while (free !== 0) {',
    '      const bit = free & -free; free ^= bit;⟨try⟩',
    '      if (row === n - 1) {⟨solution⟩ solutions++; continue; }',
    '      ⟨down⟩place(row + 1, cols | bit, (first | bit) >> 1, ((second | bit) << 1) & all);⟨back⟩',
    '    }⟨exhausted⟩',
    '  }',
    '  place(0, 0, 0, 0);⟨done⟩',
    '  return solutions;⟨+done⟩',
    '}',
  ],
};

/**
 * The line of `form` where a step of `kind` happens. In the explicit-stack loop the search enters
 * row 0 on its own line; every later row is entered on the loop's last line.
 */
export function lineOf(form: CodeForm, kind: StepKind, firstOpen: boolean): number {
  const found = linesOf(CODE[form], kind);
  return kind === 'open' && !firstOpen ? found[found.length - 1] : found[0];
}
