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
    '  const stack = new Uint32Array(4 * n); // per row above: cols, left, right, free',
    '  let row = 0, cols = 0, left = 0, right = 0, solutions = 0;',
    '  let free = all;⟨open⟩',
    '  while (true) {',
    '    if (free === 0) {⟨exhausted⟩',
    '      if (row === 0) {⟨done⟩ return solutions; }',
    '      row--;⟨+back⟩',
    '      [cols, left, right, free] = stack.subarray(4 * row, 4 * row + 4);⟨back⟩',
    '      continue;',
    '    }',
    '    const bit = free & -free; free ^= bit;⟨try⟩',
    '    if (row === n - 1) {⟨solution⟩ solutions++; continue; }',
    '    stack.set([cols, left, right, free], 4 * row);⟨+down⟩',
    '    cols |= bit; left = ((left | bit) << 1) & all; right = (right | bit) >> 1; row++;⟨down⟩',
    '    free = all & ~(cols | left | right);⟨open⟩',
    '  }',
    '}',
  ],
  recursive: [
    'function solve(n) {',
    '  const all = (1 << n) - 1;',
    '  let solutions = 0;',
    '  function place(row, cols, left, right) {',
    '    let free = all & ~(cols | left | right);⟨open⟩',
    '    while (free !== 0) {',
    '      const bit = free & -free; free ^= bit;⟨try⟩',
    '      if (row === n - 1) {⟨solution⟩ solutions++; continue; }',
    '      ⟨down⟩place(row + 1, cols | bit, ((left | bit) << 1) & all, (right | bit) >> 1);⟨back⟩',
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
