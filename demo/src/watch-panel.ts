import { drawBoard } from './board.js';
import { readBoardSize } from './board-size.js';
import { litLines, shownLine } from './code-marks.js';
import { CODE, type CodeForm, lineOf } from './search-code.js';
import { type SearchTree, searchTree, unpruned } from './search-tree.js';
import type { Step } from './step-view.js';
import type { StepKind } from './stepper.js';
import { Timeline } from './timeline.js';

/** The tree is drawn up to this n: n = 9 has 8,394 nodes, more than a panel shows apart. */
const TREE_DRAWN_UP_TO = 8;
/** Steps a second at most while playing, where the reader asks for reduced motion. */
const REDUCED_MOTION_SPEED = 2;
const SVG = 'http://www.w3.org/2000/svg';

/** Empties a table but for its caption, heads its columns, and returns its new body. */
function emptyTable(table: HTMLTableElement, columns: readonly string[]): HTMLTableSectionElement {
  table.replaceChildren(table.caption!);
  const head = table.createTHead().insertRow();
  for (const name of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.append(th);
  }
  return table.createTBody();
}

/**
 * Step through the search, forwards, back and to any step: the board, the current row's masks in
 * binary, the code with the step's line lit, the explicit stack, the search tree, and a log.
 */
export function watchPanel(): void {
  const panel = document.querySelector<HTMLElement>('#watch')!;
  const n = document.querySelector<HTMLInputElement>('#watch-n')!;
  const error = document.querySelector<HTMLElement>('#watch-error')!;
  const backButton = document.querySelector<HTMLButtonElement>('#watch-back')!;
  const stepButton = document.querySelector<HTMLButtonElement>('#watch-step')!;
  const play = document.querySelector<HTMLButtonElement>('#watch-play')!;
  const speed = document.querySelector<HTMLInputElement>('#watch-speed')!;
  const speedLabel = document.querySelector<HTMLElement>('#watch-speed-label')!;
  const reset = document.querySelector<HTMLButtonElement>('#watch-reset')!;
  const scrub = document.querySelector<HTMLInputElement>('#watch-scrub')!;
  const position = document.querySelector<HTMLOutputElement>('#watch-position')!;
  const nextSolution = document.querySelector<HTMLButtonElement>('#watch-next-solution')!;
  const nextDeadEnd = document.querySelector<HTMLButtonElement>('#watch-next-dead-end')!;
  const link = document.querySelector<HTMLAnchorElement>('#watch-link')!;
  const board = document.querySelector<HTMLElement>('#watch-board')!;
  const masks = document.querySelector<HTMLTableElement>('#watch-masks')!;
  const message = document.querySelector<HTMLElement>('#watch-message')!;
  const solutions = document.querySelector<HTMLElement>('#watch-solutions')!;
  const announce = document.querySelector<HTMLElement>('#watch-announce')!;
  const log = document.querySelector<HTMLOListElement>('#watch-log')!;
  const code = document.querySelector<HTMLElement>('#watch-code')!;
  const stackTable = document.querySelector<HTMLTableElement>('#watch-stack')!;
  const treeNote = document.querySelector<HTMLElement>('#watch-tree-note')!;
  const treeView = document.querySelector<SVGSVGElement>('#watch-tree')!;
  const depths = document.querySelector<HTMLTableElement>('#watch-depths')!;
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  let timeline = new Timeline(4);
  let timer: ReturnType<typeof setInterval> | undefined;
  let form: CodeForm = 'stack';
  let tree: SearchTree = searchTree(4);
  let treeNodes: SVGRectElement[] = [];

  const bits = (mask: number) => [...Array(timeline.n)].map((_, c) => (mask >> c) & 1);

  function drawMasks(s: Step): void {
    masks.replaceChildren();
    const head = masks.createTHead().insertRow();
    head.insertCell().textContent = `row ${Math.max(s.row, 0)}`;
    for (let c = 0; c < timeline.n; c++) head.insertCell().textContent = String(c);
    const rows = [
      ['cols', s.cols, 'on'],
      ['left', s.left, 'on'],
      ['right', s.right, 'on'],
      ['open', s.open, 'open'],
      ['to try', s.free, 'free'],
    ] as const;
    const caption = masks.createCaption();
    caption.textContent =
      'open = ~(cols | left | right): what no queen above attacks; to try (free): the open squares not tried yet.';
    for (const [name, value, kind] of rows) {
      const row = masks.insertRow();
      row.dataset.mask = name.replace(' ', '-');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = name;
      row.append(th);
      for (const bit of bits(value)) {
        const cell = row.insertCell();
        cell.textContent = String(bit);
        if (bit) cell.className = `bit ${kind}`;
      }
    }
  }

  function drawCode(s: Step): void {
    const line = lineOf(form, s.kind, s.row === 0);
    const lit = litLines(CODE[form], s.kind, line);
    code.dataset.line = String(line);
    code.replaceChildren(
      ...CODE[form].map((text, i) => {
        const item = document.createElement('span');
        item.className = 'line';
        item.textContent = shownLine(text);
        if (lit.includes(i)) {
          item.classList.add('lit');
          // A reader without colour still sees which line runs: the marker, and the values.
          item.prepend(Object.assign(document.createElement('span'), { className: 'marker', textContent: '▶ ' }));
        }
        if (i === line) {
          item.setAttribute('aria-current', 'step');
          const values = document.createElement('span');
          values.className = 'values';
          values.textContent = `  // ${s.values}`;
          item.append(values);
        }
        return item;
      }),
    );
  }

  function drawStack(s: Step): void {
    const body = emptyTable(stackTable, ['row: queen', 'cols', 'left', 'right', 'free']);
    const binary = (mask: number) => bits(mask).join('');
    const addRow = (first: string, masks: number[]) => {
      const row = body.insertRow();
      for (const value of [first, ...masks.map(binary)]) row.insertCell().textContent = value;
      return row;
    };
    for (const level of s.stack)
      addRow(`${level.row}: ${level.queen}`, [level.cols, level.left, level.right, level.free]);
    // The row being searched is in the loop's variables, not on the stack.
    if (s.row >= 0)
      addRow(`▶ ${s.row}: ${s.queens[s.row] ?? '–'}`, [s.cols, s.left, s.right, s.free]).className = 'current';
  }

  function buildTree(size: number): void {
    tree = searchTree(size);
    treeView.replaceChildren(treeView.querySelector('title')!);
    treeNodes = [];
    const drawn = size <= TREE_DRAWN_UP_TO;
    treeView.toggleAttribute('hidden', !drawn);
    treeNote.textContent = drawn
      ? `${tree.nodes.length.toLocaleString('en')} nodes, drawn as the search reaches them: one band per queen placed, each node as wide as the leaves below it. Solutions dark, dead ends (no square open on the next row) pale orange, the current path blue; the table below gives the counts.`
      : `The tree of n = ${size} has ${tree.nodes.length.toLocaleString('en')} nodes, too many to draw apart here; its counts per depth are below.`;
    if (drawn) {
      treeView.setAttribute('viewBox', `0 0 ${tree.leaves} ${size + 1}`);
      treeView.setAttribute('preserveAspectRatio', 'none');
      for (const node of tree.nodes) {
        const rect = document.createElementNS(SVG, 'rect');
        rect.setAttribute('x', String(node.from));
        rect.setAttribute('y', String(node.depth));
        rect.setAttribute('width', String(node.leaves));
        rect.setAttribute('height', '1');
        rect.classList.add('node');
        if (node.solution) rect.classList.add('solution');
        else if (node.deadEnd) rect.classList.add('dead');
        treeView.append(rect);
        treeNodes.push(rect);
      }
    }
  }

  function drawTree(s: Step): void {
    const at = timeline.position;
    // The nodes are in the order reached: those reached so far come first.
    let reached = 0;
    while (reached < tree.nodes.length && tree.nodes[reached].step <= at) reached++;
    const onBoard = s.queens.filter((c) => c !== undefined).length;
    const path = new Set<number>();
    if (s.kind !== 'done')
      for (let i = reached - 1; i >= 0; i = tree.nodes[i].parent) if (tree.nodes[i].depth <= onBoard) path.add(i);
    treeNodes.forEach((rect, i) => {
      rect.classList.toggle('reached', i < reached);
      rect.classList.toggle('path', path.has(i));
    });
    const seen = new Array<number>(timeline.n + 1).fill(0);
    const dead = new Array<number>(timeline.n + 1).fill(0);
    for (let i = 0; i < reached; i++) {
      seen[tree.nodes[i].depth]++;
      if (tree.nodes[i].deadEnd) dead[tree.nodes[i].depth]++;
    }
    const body = emptyTable(depths, ['depth', 'reached', 'dead ends', 'all', 'unpruned']);
    tree.perDepth.forEach((all, d) => {
      const row = body.insertRow();
      for (const value of [d, seen[d], dead[d], all, unpruned(timeline.n, d)])
        row.insertCell().textContent = value.toLocaleString('en');
    });
  }

  function stateUrl(): string {
    const url = new URL(location.href);
    url.searchParams.set('n', String(timeline.n));
    url.searchParams.set('step', String(timeline.position));
    url.hash = 'watch';
    return url.href;
  }

  /** Draws the current step; `say`: what a screen reader hears of it. */
  function render(say: 'step' | 'play' | 'none'): void {
    const s = timeline.current;
    drawBoard(board, timeline.n, s.queens, (row, col) => {
      if (row !== s.row) return null;
      return (s.free >> col) & 1 ? 'free' : 'current';
    });
    board.setAttribute('aria-label', `${s.summary} ${board.getAttribute('aria-label')}.`);
    board.dataset.row = String(s.row);
    board.dataset.step = String(timeline.position);
    board.classList.toggle('finished', timeline.atEnd);
    drawMasks(s);
    drawCode(s);
    drawStack(s);
    drawTree(s);
    message.textContent = s.message;
    solutions.textContent = String(s.solutions);
    // Single steps are heard; while playing, only solutions and the end, so that the reader is not
    // flooded with a message per step.
    if (say === 'step' || (say === 'play' && (s.kind === 'solution' || s.kind === 'done')))
      announce.textContent = `${s.message}. ${s.kind === 'done' ? '' : s.summary}`;
    log.replaceChildren(
      ...timeline.recent.map((step) => {
        const item = document.createElement('li');
        item.textContent = step.message;
        item.className = step.kind;
        return item;
      }),
    );
    scrub.max = String(timeline.last);
    scrub.value = String(timeline.position);
    position.textContent = `${timeline.position.toLocaleString('en')} of ${timeline.last.toLocaleString('en')}`;
    link.href = stateUrl();
    // A button about to be disabled under the keyboard's focus hands it to the other direction.
    if (timeline.atStart && document.activeElement === backButton) stepButton.focus();
    if (
      timeline.atEnd &&
      [stepButton, play, nextSolution, nextDeadEnd].includes(document.activeElement as HTMLButtonElement)
    )
      backButton.focus();
    backButton.disabled = timeline.atStart;
    stepButton.disabled = timeline.atEnd;
    play.disabled = timeline.atEnd;
    nextSolution.disabled = timeline.atEnd;
    nextDeadEnd.disabled = timeline.atEnd;
  }

  /** After a step the reader chose: shown, heard, and kept in the address for a link. */
  function moved(): void {
    render('step');
    history.replaceState(history.state, '', stateUrl());
  }

  function advance(): void {
    if (!timeline.forward()) return;
    if (timeline.atEnd) pause();
    render('play');
  }

  function pause(): void {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    play.textContent = 'Play';
    play.setAttribute('aria-pressed', 'false');
    history.replaceState(history.state, '', stateUrl());
  }

  function stepsPerSecond(): number {
    const chosen = Number(speed.value);
    return reducedMotion.matches ? Math.min(chosen, REDUCED_MOTION_SPEED) : chosen;
  }

  function showSpeed(): void {
    speedLabel.textContent =
      reducedMotion.matches && Number(speed.value) > REDUCED_MOTION_SPEED
        ? `${REDUCED_MOTION_SPEED} (reduced motion)`
        : speed.value;
  }

  function start(): void {
    pause();
    timer = setInterval(advance, 1000 / stepsPerSecond());
    play.textContent = 'Pause';
    play.setAttribute('aria-pressed', 'true');
  }

  function restart(step = 0): void {
    pause();
    const size = readBoardSize(n, error, () => 'the search of n = 10 already takes 175,520 steps') ?? timeline.n;
    timeline = new Timeline(size);
    if (tree.n !== size || treeNodes.length === 0) buildTree(size);
    timeline.seek(Math.min(step, timeline.last));
  }

  function jump(kind: StepKind): void {
    pause();
    if (timeline.forwardTo(kind)) moved();
    else announce.textContent = `No ${kind === 'solution' ? 'solution' : 'dead end'} is left after this step.`;
  }

  backButton.addEventListener('click', () => {
    pause();
    if (timeline.back()) moved();
  });
  stepButton.addEventListener('click', () => {
    pause();
    if (timeline.forward()) moved();
  });
  play.addEventListener('click', () => (timer === undefined ? start() : pause()));
  speed.addEventListener('input', () => {
    showSpeed();
    if (timer !== undefined) start();
  });
  reducedMotion.addEventListener('change', () => {
    showSpeed();
    if (timer !== undefined) start();
  });
  scrub.addEventListener('input', () => {
    pause();
    if (timeline.seek(Number(scrub.value))) moved();
  });
  nextSolution.addEventListener('click', () => jump('solution'));
  nextDeadEnd.addEventListener('click', () => jump('dead-end'));
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="watch-code-form"]'))
    radio.addEventListener('change', () => {
      form = radio.value as CodeForm;
      render('none');
    });
  reset.addEventListener('click', () => {
    restart();
    moved();
  });
  n.addEventListener('change', () => {
    restart();
    moved();
  });
  // The panel's keys work only while the focus is in it (WCAG 2.1.4), and leave a control's own
  // keys alone: arrows in a number or a slider, space on a button.
  panel.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const ownsArrows = target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
    const ownsSpace = ownsArrows || target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
    if (event.key === ' ' && !ownsSpace) {
      event.preventDefault();
      if (!play.disabled) play.click();
    } else if (event.key === 'ArrowRight' && !ownsArrows) {
      event.preventDefault();
      if (!stepButton.disabled) stepButton.click();
    } else if (event.key === 'ArrowLeft' && !ownsArrows) {
      event.preventDefault();
      if (!backButton.disabled) backButton.click();
    }
  });

  // A link to a step: ?n=6&step=41#watch.
  const asked = new URLSearchParams(location.search);
  const askedStep = Number(asked.get('step') ?? 0);
  if (asked.has('n')) n.value = asked.get('n')!;
  showSpeed();
  restart(Number.isInteger(askedStep) && askedStep > 0 ? askedStep : 0);
  render('none');
}
