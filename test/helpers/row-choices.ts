// Row choices of a join (src/plan/join-subproblems.ts) by their definition, for tests: a choice's class
// under the board's two mirrors, and whether the choice is the least of it. Written from the
// definition, one member at a time, to check the plan's ranks against.

export interface RowChoice {
  readonly eastRows: number;
  /** The middle queen's row on an odd board, -1 on an even one. */
  readonly middleRow: number;
}

function reversed(n: number, rows: number): number {
  let out = 0;
  for (let r = 0; r < n; r++) if ((rows >>> r) & 1) out |= 1 << (n - 1 - r);
  return out >>> 0;
}

/** A choice's class: itself, mirrored left to right, flipped top to bottom, and both, without repeats. */
export function classOf(n: number, { eastRows, middleRow }: RowChoice): RowChoice[] {
  const all = n === 32 ? 0xffffffff : 2 ** n - 1;
  const free = middleRow < 0 ? all : all - 2 ** middleRow;
  const mirrored = { eastRows: (free - eastRows) >>> 0, middleRow };
  const flip = ({ eastRows: rows, middleRow: m }: RowChoice) => ({
    eastRows: reversed(n, rows),
    middleRow: m < 0 ? -1 : n - 1 - m,
  });
  const members = [{ eastRows, middleRow }, mirrored, flip({ eastRows, middleRow }), flip(mirrored)];
  return members.filter(
    (c, i) => members.findIndex((d) => d.eastRows === c.eastRows && d.middleRow === c.middleRow) === i,
  );
}

/** Whether `a` comes before `b`: by the middle queen's row, then by the rows as a number. */
export function before(a: RowChoice, b: RowChoice): boolean {
  return a.middleRow !== b.middleRow ? a.middleRow < b.middleRow : a.eastRows < b.eastRows;
}

/** The least choice of each class with its weight (half the class's size), by trying every choice. */
export function leastChoices(n: number): (RowChoice & { weight: number })[] {
  const side = n >> 1;
  const out: (RowChoice & { weight: number })[] = [];
  const middles = n % 2 === 1 ? Array.from({ length: n }, (_, m) => m) : [-1];
  for (const middleRow of middles) {
    for (let rows = 0; rows < 2 ** n; rows++) {
      if (middleRow >= 0 && (rows >>> middleRow) & 1) continue;
      let ones = 0;
      for (let r = rows; r !== 0; r &= r - 1) ones++;
      if (ones !== side) continue;
      const choice = { eastRows: rows, middleRow };
      const members = classOf(n, choice);
      if (members.some((m) => before(m, choice))) continue;
      out.push({ ...choice, weight: members.length / 2 });
    }
  }
  return out;
}
