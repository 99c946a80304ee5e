import { drawBoard } from './board.js';
import { readBoardSize } from './board-size.js';
import { drawCode as showCode } from './code-view.js';
import { Player, panelKeys } from './player.js';
import { CODE, type CodeForm, lineOf } from './search-code.js';
import { type SearchTree, searchTree } from './search-tree.js';
import { linkedStep, stepUrl } from './step-link.js';
import type { Step } from './step-view.js';
import type { StepKind } from './stepper.js';
import { emptyTable } from './tables.js';
import { Timeline } from './timeline.js';
import { maskRows, stackRows, treeState } from './watch-view.js';

/** The tree is drawn up to this n: n = 9 has 8,394 nodes, more than a panel shows apart. */
const TREE_DRAWN_UP_TO = 8;
const SVG = 'http://www.w3.org/2000/svg';

/** The query's names in a link to a step. */
const LINK = { n: 'n', step: 'step', panel: 'watch' };

/**
 * Step through the search, forwards, back and to any step: the board, the current row's masks in
 * binary, the code with the step's line lit, the explicit stack, the search tree, and a log. What
 * a step shows is worked out by step-view.ts and watch-view.ts; this draws it and keeps the controls
 * (player.ts, step-link.ts).
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

  let timeline = new Timeline(4);
  let form: CodeForm = 'stack';
  let tree: SearchTree = searchTree(4);
  let treeNodes: SVGRectElement[] = [];

  function drawMasks(s: Step): void {
    masks.replaceChildren();
    const head = masks.createTHead().insertRow();
    head.insertCell().textContent = `row ${Math.max(s.row, 0)}`;
    for (let c = 0; c < timeline.n; c++) head.insertCell().textContent = String(c);
    const caption = masks.createCaption();
    caption.textContent =
      'open = ~(cols | left | right): what no queen above attacks; to try (free): the open squares not tried yet.';
    for (const { name, bits, kind } of maskRows(s, timeline.n)) {
      const row = masks.insertRow();
      row.dataset.mask = name.replace(' ', '-');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = name;
      row.append(th);
      for (const bit of bits) {
        const cell = row.insertCell();
        cell.textContent = String(bit);
        if (bit) cell.className = `bit ${kind}`;
      }
    }
  }

  function drawCode(s: Step): void {
    showCode(code, CODE[form], s.kind, lineOf(form, s.kind, s.row === 0), s.values);
  }

  function drawStack(s: Step): void {
    const body = emptyTable(stackTable, ['row: queen', 'cols', 'left', 'right', 'free']);
    for (const { cells, current } of stackRows(s, timeline.n)) {
      const row = body.insertRow();
      for (const value of cells) row.insertCell().textContent = value;
      if (current) row.className = 'current';
    }
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
    const { reached, path, depths: rows } = treeState(tree, timeline.position, s);
    const onPath = new Set(path);
    treeNodes.forEach((rect, i) => {
      rect.classList.toggle('reached', i < reached);
      rect.classList.toggle('path', onPath.has(i));
    });
    const body = emptyTable(depths, ['depth', 'reached', 'dead ends', 'all', 'unpruned']);
    for (const values of rows) {
      const row = body.insertRow();
      for (const value of values) row.insertCell().textContent = value.toLocaleString('en');
    }
  }

  function stateUrl(): string {
    return stepUrl(LINK, timeline.n, timeline.position);
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
    if (timeline.atEnd) player.pause();
    render('play');
  }

  function restart(step = 0): void {
    player.pause();
    const size = readBoardSize(n, error, () => 'the search of n = 10 already takes 175,520 steps') ?? timeline.n;
    timeline = new Timeline(size);
    if (tree.n !== size || treeNodes.length === 0) buildTree(size);
    timeline.seek(Math.min(step, timeline.last));
  }

  function jump(kind: StepKind): void {
    player.pause();
    if (timeline.forwardTo(kind)) moved();
    else announce.textContent = `No ${kind === 'solution' ? 'solution' : 'dead end'} is left after this step.`;
  }

  const player = new Player(play, speed, speedLabel, advance, () =>
    history.replaceState(history.state, '', stateUrl()),
  );

  backButton.addEventListener('click', () => {
    player.pause();
    if (timeline.back()) moved();
  });
  stepButton.addEventListener('click', () => {
    player.pause();
    if (timeline.forward()) moved();
  });
  scrub.addEventListener('input', () => {
    player.pause();
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
  panelKeys(panel, { play, step: stepButton, back: backButton });

  restart(linkedStep(LINK, n));
  render('none');
}
