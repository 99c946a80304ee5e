import { drawBoard } from './board.js';
import { readBoardSize } from './board-size.js';
import { drawCode } from './code-view.js';
import { JOIN_CODE } from './join-code.js';
import { type JoinView, joinView } from './join-view.js';
import { JoinWalk } from './join-walk.js';
import { Player, panelKeys } from './player.js';
import { searchTree } from './search-tree.js';
import { linkedStep, stepUrl } from './step-link.js';
import { emptyTable } from './tables.js';

/** The row choices the sums table lists: the latest, under the total of the others. */
const TALLY_ROWS = 6;

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

/** The query's names in a link to a step. */
const LINK = { n: 'join-n', step: 'join-step', panel: 'join' };

/**
 * Step through the join of a small board: the row choice and its class, quarter-boards joined into
 * half-boards, the buckets, the pair tests, the sums, and the code with the step's line lit. What
 * a step shows is worked out by join-view.ts; this draws it and keeps the controls.
 */
export function joinPanel(): void {
  const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
  const panel = $<HTMLElement>('#join');
  const n = $<HTMLInputElement>('#join-n');
  const error = $<HTMLElement>('#join-error');
  const backButton = $<HTMLButtonElement>('#join-back');
  const stepButton = $<HTMLButtonElement>('#join-step');
  const play = $<HTMLButtonElement>('#join-play');
  const speed = $<HTMLInputElement>('#join-speed');
  const speedLabel = $<HTMLElement>('#join-speed-label');
  const reset = $<HTMLButtonElement>('#join-reset');
  const scrub = $<HTMLInputElement>('#join-scrub');
  const position = $<HTMLOutputElement>('#join-position');
  const previousChoice = $<HTMLButtonElement>('#join-previous-choice');
  const nextChoice = $<HTMLButtonElement>('#join-next-choice');
  const nextSolution = $<HTMLButtonElement>('#join-next-solution');
  const link = $<HTMLAnchorElement>('#join-link');
  const board = $<HTMLElement>('#join-board');
  const sides = $<HTMLOListElement>('#join-sides');
  const middleLegend = $<HTMLElement>('#join-legend-middle');
  const choice = $<HTMLElement>('#join-choice');
  const classLine = $<HTMLElement>('#join-class');
  const message = $<HTMLElement>('#join-message');
  const announce = $<HTMLElement>('#join-announce');
  const words = $<HTMLTableElement>('#join-words');
  const total = $<HTMLElement>('#join-total');
  const code = $<HTMLElement>('#join-code');
  const bucketsNote = $<HTMLElement>('#join-buckets-note');
  const buckets = $<HTMLOListElement>('#join-buckets');
  const tally = $<HTMLTableElement>('#join-tally');
  const burnside = $<HTMLElement>('#join-burnside');
  const burnsideSum = $<HTMLElement>('#join-burnside-sum');
  const kept = $<HTMLUListElement>('#join-kept');
  const versus = $<HTMLTableElement>('#join-versus');

  let walk = new JoinWalk(6);
  let at = 0;

  function drawJoinBoard(f: JoinView): void {
    const size = walk.n;
    const k = size >> 1;
    const focus = new Set(f.focus);
    drawBoard(board, size, f.queens, (row, col) => {
      const half = size % 2 && col === k ? 'middle' : col < k ? 'west' : 'east';
      return f.kind !== 'done' && f.focus.length > 0 && !focus.has(row) ? `${half} dim` : half;
    });
    board.setAttribute('aria-label', `${f.summary} ${board.getAttribute('aria-label')}.`);
    board.dataset.step = String(f.number);
    board.classList.toggle('finished', f.kind === 'done');
    middleLegend.hidden = size % 2 === 0;
    sides.style.setProperty('--n', String(size));
    sides.replaceChildren(
      ...[...Array(size).keys()].map((r) =>
        Object.assign(document.createElement('li'), { textContent: f.sides[r] ?? '' }),
      ),
    );
  }

  function drawWords(f: JoinView): void {
    const body = emptyTable(words, ['word', 'bits']);
    for (const word of f.words) {
      const row = addRow(body, [word.name, word.bits]);
      row.className = word.role;
    }
    words.hidden = f.words.length === 0;
  }

  function drawBuckets(f: JoinView): void {
    bucketsNote.textContent =
      f.buckets.length === 0
        ? 'The east half-boards are sorted into buckets once both sides are listed.'
        : f.kind === 'buckets'
          ? 'Each bucket holds the east half-boards with the same queens on the four longest diagonals.'
          : `The west half-board tests ${f.tested.toLocaleString('en')} east half-boards, in the ✓ buckets; the ✗ buckets spare it ${f.skipped.toLocaleString('en')} tests.`;
    buckets.replaceChildren(
      ...f.buckets.map((bucket) => {
        const item = document.createElement('li');
        item.className = bucket.state;
        const mark = bucket.state === 'meets' ? '✓ ' : bucket.state === 'skips' ? '✗ ' : '';
        item.textContent = `${mark}${bucket.bits}: ${bucket.size}`;
        item.title = `key ${bucket.bits}: ${bucket.size} east half-boards${bucket.state ? `, ${bucket.state === 'meets' ? 'met' : 'skipped'}` : ''}`;
        return item;
      }),
    );
  }

  function drawSums(f: JoinView): void {
    const body = emptyTable(tally, ['east rows', 'pairs', 'class size', 'solutions']);
    const earlier = f.tally.slice(0, Math.max(0, f.tally.length - TALLY_ROWS));
    if (earlier.length > 0) {
      const sum = earlier.reduce((s, t) => s + t.pairs * t.classSize, 0);
      addRow(body, [`${earlier.length} earlier`, '', '', sum]).className = 'earlier';
    }
    for (const t of f.tally.slice(-TALLY_ROWS)) addRow(body, [t.east, t.pairs, t.classSize, t.pairs * t.classSize]);
    addRow(body, ['total', '', '', f.total]).className = 'sum';
    total.textContent = f.total.toLocaleString('en');
    burnside.hidden = f.burnside === null;
    if (f.burnside === null || f.kept === null) return;
    burnsideSum.textContent = `Unique, by Burnside: (total + F180 + 2 × F90) / 8, so ${f.burnside}.`;
    const quarter = new Set(f.kept.quarterTurn.map((b) => b.join()));
    kept.replaceChildren(
      ...f.kept.halfTurn.map((cols) => {
        const item = document.createElement('li');
        const small = document.createElement('div');
        small.className = 'board small';
        small.setAttribute('role', 'img');
        drawBoard(small, walk.n, cols);
        const caption = document.createElement('span');
        caption.textContent = `${cols.join(', ')}: ${quarter.has(cols.join()) ? 'a quarter turn keeps it' : 'a half turn keeps it'}`;
        item.append(small, caption);
        return item;
      }),
    );
  }

  function drawVersus(): void {
    const tree = searchTree(walk.n);
    const { sums } = walk;
    const body = emptyTable(versus, ['backtracking', 'how many', 'the join', 'how many']);
    const rows: [string, number, string, number][] = [
      ['nodes', tree.nodes.length, 'quarter-boards', sums.quarterBoards],
      ['dead ends', tree.nodes.filter((node) => node.deadEnd).length, 'quarter-boards met', sums.candidates],
      ['solutions', tree.nodes.filter((node) => node.solution).length, 'half-boards', sums.halfBoards],
      ['', 0, 'pairs tested', sums.pairsTested],
      ['', 0, 'pairs without keys', sums.pairsWithoutKeys],
    ];
    for (const [a, x, b, y] of rows) addRow(body, [a, a === '' ? '' : x, b, y], false);
  }

  function stateUrl(): string {
    return stepUrl(LINK, walk.n, at);
  }

  function render(say: 'step' | 'play' | 'none'): void {
    const f = joinView(walk, at);
    drawJoinBoard(f);
    choice.textContent =
      f.kind === 'done'
        ? `All ${f.subproblems.toLocaleString('en')} row choices counted.`
        : `Row choice ${(f.subproblem + 1).toLocaleString('en')} of ${f.subproblems.toLocaleString('en')}: ${f.sides.join('')}`;
    classLine.textContent =
      f.kind === 'done'
        ? ''
        : `Its mirror class (left to right, top to bottom): ${f.choices.join(', ')}; class size ${f.classSize}.`;
    message.textContent = f.message;
    drawWords(f);
    drawCode(code, JOIN_CODE, f.kind, f.line, f.values);
    drawBuckets(f);
    drawSums(f);
    if (say === 'step' || (say === 'play' && (f.kind === 'sum' || f.kind === 'done')))
      announce.textContent = `${f.message}. ${f.kind === 'done' ? '' : f.summary}`;
    scrub.max = String(walk.last);
    scrub.value = String(at);
    position.textContent = `${at.toLocaleString('en')} of ${walk.last.toLocaleString('en')}`;
    link.href = stateUrl();
    const atStart = at === 0;
    const atEnd = at === walk.last;
    if (atStart && document.activeElement === backButton) stepButton.focus();
    if (atEnd && [stepButton, play, nextChoice, nextSolution].includes(document.activeElement as HTMLButtonElement))
      backButton.focus();
    backButton.disabled = atStart;
    previousChoice.disabled = atStart;
    stepButton.disabled = atEnd;
    play.disabled = atEnd;
    nextChoice.disabled = atEnd;
    nextSolution.disabled = atEnd;
  }

  function moved(): void {
    render('step');
    history.replaceState(history.state, '', stateUrl());
  }

  function goTo(step: number): void {
    player.pause();
    at = Math.max(0, Math.min(step, walk.last));
    moved();
  }

  function advance(): void {
    if (at >= walk.last) return;
    at++;
    if (at === walk.last) player.pause();
    render('play');
  }

  /** Goes to `step` of the join of the n typed; a change to the same n keeps the step. */
  function restart(step = 0, keep = false): void {
    player.pause();
    const size = readBoardSize(n, error, () => 'the join of n = 10 already takes 45,087 steps') ?? walk.n;
    if (keep && size === walk.n) return;
    if (size !== walk.n) walk = new JoinWalk(size);
    drawVersus();
    at = Math.max(0, Math.min(step, walk.last));
  }

  /** The first step of the row choice that step `from` is in, or of the next one. */
  const choiceStart = (from: number, next: boolean) => {
    const starts = walk.subproblems.map((u) => u.start);
    if (next) return starts.find((s) => s > from) ?? walk.last;
    return [...starts].reverse().find((s) => s < from) ?? 0;
  };

  const player = new Player(play, speed, speedLabel, advance, () =>
    history.replaceState(history.state, '', stateUrl()),
  );

  backButton.addEventListener('click', () => goTo(at - 1));
  stepButton.addEventListener('click', () => goTo(at + 1));
  scrub.addEventListener('input', () => goTo(Number(scrub.value)));
  previousChoice.addEventListener('click', () => goTo(choiceStart(at, false)));
  nextChoice.addEventListener('click', () => goTo(choiceStart(at, true)));
  nextSolution.addEventListener('click', () => {
    for (let i = at + 1; i <= walk.last; i++) {
      const step = walk.step(i);
      if (step.kind === 'pair' && walk.subproblems[step.subproblem].probes[step.index].tests[step.test].fits)
        return goTo(i);
    }
    player.pause();
    announce.textContent = 'No solution is left after this step.';
  });
  reset.addEventListener('click', () => {
    restart();
    moved();
  });
  n.addEventListener('change', () => {
    restart(0, true);
    moved();
  });
  panelKeys(panel, { play, step: stepButton, back: backButton });

  restart(linkedStep(LINK, n));
  render('none');
}
