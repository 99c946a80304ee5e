// The join panel's views, each drawn from what a step shows (worked out by join-view.ts, without
// the DOM); join-panel.ts gives them to the walk-through's controller to draw each step.

import { drawBoard } from './board.js';
import type { JoinView } from './join-view.js';
import type { MethodFigures } from './method-figures.js';
import { emptyTable } from './tables.js';

function addRow(
  body: HTMLTableSectionElement,
  cells: readonly (string | number)[],
  header = true,
): HTMLTableRowElement {
  const row = body.insertRow();
  cells.forEach((value, i) => {
    const text = typeof value === 'number' ? value.toLocaleString('en') : value;
    if (i === 0 && header) {
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = text;
      row.append(th);
    } else row.insertCell().textContent = text;
  });
  return row;
}

/** The symbol each drawn diagonal's squares carry, so that none is told by colour alone. */
const MARK = { first: '↗', second: '↘', shared: '✕' } as const;

/**
 * The board: each square's side, the queens the step is about, the others dimmed; each row's side
 * beside it; the line between the north and south quarters; the key's diagonals, each square marked
 * with its arrow, and the diagonal a refused pair shares, marked ✕; and the diagonals in words.
 */
export function renderJoinBoard(
  into: {
    board: HTMLElement;
    sides: HTMLOListElement;
    middleLegend: HTMLElement;
    marks: HTMLElement;
  },
  n: number,
  v: JoinView,
): void {
  const { board, sides, middleLegend, marks } = into;
  const k = n >> 1;
  const focus = new Set(v.focus);
  const finished = v.kind === 'done';
  drawBoard(board, n, v.queens, (row, col) => {
    const half = n % 2 && col === k ? 'middle' : col < k ? 'west' : 'east';
    const dim = !finished && v.focus.length > 0 && !focus.has(row) ? ' dim' : '';
    const line = !finished && row === v.southFrom ? ' south-first' : '';
    return `${half}${dim}${line}`;
  });
  for (const d of v.diagonals)
    for (const [row, col] of d.squares) {
      const mark = document.createElement('span');
      const kind = d.role === 'shared' ? 'shared' : d.direction;
      mark.className = `mark ${kind}`;
      mark.textContent = MARK[kind];
      board.children[row * n + col].append(mark);
    }
  board.setAttribute('aria-label', `${v.summary} ${board.getAttribute('aria-label')}.`);
  board.dataset.step = String(v.number);
  board.classList.toggle('finished', finished);
  middleLegend.hidden = n % 2 === 0;
  sides.style.setProperty('--n', String(n));
  sides.replaceChildren(
    ...[...Array(n).keys()].map((r) =>
      Object.assign(document.createElement('li'), {
        textContent: v.sides[r] ?? '',
      }),
    ),
  );
  const keys = v.diagonals.filter((d) => d.role === 'key');
  const clash = v.diagonals.find((d) => d.role === 'shared');
  marks.textContent = [
    keys.length ? `On the board, the key's diagonals: ${keys.map((d) => d.name).join('; ')}.` : '',
    clash ? `✕ marks the ${clash.name}: both boards have a queen on it.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  marks.hidden = marks.textContent === '';
}

/** The row choice and its mirror class, in words. */
export function renderChoice(into: { choice: HTMLElement; classLine: HTMLElement }, v: JoinView): void {
  into.choice.textContent =
    v.kind === 'done'
      ? `All ${v.subproblems.toLocaleString('en')} row choices counted.`
      : `Row choice ${(v.subproblem + 1).toLocaleString('en')} of ${v.subproblems.toLocaleString('en')}: ${v.sides.join('')}`;
  into.classLine.textContent =
    v.kind === 'done'
      ? ''
      : `Its mirror class (left to right, top to bottom): ${v.choices.join(', ')}; class size ${v.classSize}.`;
}

/** The step's words in binary, a row each. */
export function renderWords(words: HTMLTableElement, v: JoinView): void {
  const body = emptyTable(words, ['word', 'bits']);
  for (const word of v.words) {
    const row = addRow(body, [word.name, word.bits]);
    row.className = word.role;
  }
  words.hidden = v.words.length === 0;
}

/** The east half-boards' buckets, each met (✓) or skipped (✗) by the west half-board tested. */
export function renderBuckets(into: { note: HTMLElement; buckets: HTMLOListElement }, v: JoinView): void {
  into.note.textContent =
    v.buckets.length === 0
      ? 'The east half-boards are sorted into buckets once both sides are listed.'
      : v.kind === 'buckets'
        ? 'Each bucket holds the east half-boards of one key: a queen on the same key diagonals.'
        : `The west half-board tests ${v.tested.toLocaleString('en')} east half-boards, in the ✓ buckets; the ✗ buckets spare it ${v.skipped.toLocaleString('en')} tests.`;
  into.buckets.replaceChildren(
    ...v.buckets.map((bucket) => {
      const item = document.createElement('li');
      item.className = bucket.state;
      const mark = bucket.state === 'meets' ? '✓ ' : bucket.state === 'skips' ? '✗ ' : '';
      item.textContent = `${mark}${bucket.bits}: ${bucket.size}`;
      item.title = `key ${bucket.bits}: ${bucket.size} east half-boards${bucket.state ? `, ${bucket.state === 'meets' ? 'met' : 'skipped'}` : ''}`;
      return item;
    }),
  );
}

/** The row choices summed so far, the total, and at the end Burnside's sum with the solutions a turn keeps. */
export function renderSums(
  into: {
    tally: HTMLTableElement;
    tallyScroll: HTMLElement;
    total: HTMLElement;
    totalHow: HTMLElement;
    burnside: HTMLElement;
    burnsideSum: HTMLElement;
    kept: HTMLUListElement;
  },
  n: number,
  v: JoinView,
): void {
  const body = emptyTable(into.tally, ['east rows', 'pairs', 'class size', 'solutions']);
  for (const t of v.tally) addRow(body, [t.east, t.pairs, t.classSize, t.pairs * t.classSize]);
  const foot = into.tally.createTFoot();
  addRow(foot, ['total', '', '', v.total]).className = 'sum';
  // Every row choice summed so far stays in the table, which scrolls; the latest is kept in view
  // when a row is added, and a reader's scrolling is left alone otherwise.
  if (into.tallyScroll.dataset.rows !== String(v.tally.length)) {
    into.tallyScroll.dataset.rows = String(v.tally.length);
    into.tallyScroll.scrollTop = into.tallyScroll.scrollHeight;
  }
  into.total.textContent = v.found.toLocaleString('en');
  into.totalHow.textContent = v.foundHow === '' ? '' : `(${v.foundHow})`;
  into.burnside.hidden = v.burnside === null;
  if (v.burnside === null || v.kept === null) return;
  into.burnsideSum.textContent = `Unique, by Burnside: (total + F180 + 2 × F90) / 8, so ${v.burnside}.`;
  const quarter = new Set(v.kept.quarterTurn.map((b) => b.join()));
  into.kept.replaceChildren(
    ...v.kept.halfTurn.map((cols) => {
      const item = document.createElement('li');
      const small = document.createElement('div');
      small.className = 'board small';
      small.setAttribute('role', 'img');
      drawBoard(small, n, cols);
      const caption = document.createElement('span');
      caption.textContent = `${cols.join(', ')}: ${quarter.has(cols.join()) ? 'a quarter turn keeps it' : 'a half turn keeps it'}`;
      item.append(small, caption);
      return item;
    }),
  );
}

/** A figure, or a dash where the method has no such thing. */
const figure = (value: number | null) => (value === null ? '—' : value);

/**
 * What each method does to count all of n, like beside like: the steps of each walk-through and
 * the solutions each finds, then each method's own units, with a dash where the other has none.
 */
export function renderVersus(versus: HTMLTableElement, f: MethodFigures): void {
  const body = emptyTable(versus, ['counted', 'backtracking', 'the join']);
  const { backtracking: b, join: j } = f;
  const rows: [string, number | null, number | null][] = [
    ['steps, start to end', b.steps, j.steps],
    ['solutions', b.solutions, j.solutions],
    ['nodes (queens placed, and the root)', b.nodes, null],
    ['dead ends', b.deadEnds, null],
    ['quarter-boards', null, j.quarterBoards],
    ['quarter-boards met', null, j.candidates],
    ['half-boards', null, j.halfBoards],
    ['pairs tested', null, j.pairsTested],
    ['pairs without keys', null, j.pairsWithoutKeys],
  ];
  for (const [what, x, y] of rows) addRow(body, [what, figure(x), figure(y)]);
}

/** How the two methods grow with n: a row per board the walk-throughs take. */
export function renderGrowth(growth: HTMLTableElement, figures: readonly MethodFigures[]): void {
  const body = emptyTable(growth, ['n', 'nodes', 'steps', 'steps', 'pairs tested', 'solutions']);
  // Each method's columns under its name, so that the two "steps" are told apart.
  const groups = growth.tHead!.insertRow(0);
  for (const [name, span] of [
    ['', 1],
    ['backtracking', 2],
    ['the join', 2],
    ['', 1],
  ] as const) {
    const th = document.createElement(name === '' ? 'td' : 'th');
    if (name !== '') th.setAttribute('scope', 'colgroup');
    th.colSpan = span;
    th.textContent = name;
    groups.append(th);
  }
  for (const { n, backtracking: b, join: j } of figures)
    addRow(body, [String(n), b.nodes, b.steps, j.steps, j.pairsTested, j.solutions]);
}
