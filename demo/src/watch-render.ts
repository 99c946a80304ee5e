// The search panel's views, each drawn from a step (what it shows is worked out by step-view.ts
// and watch-view.ts, without the DOM); watch-panel.ts gives them to the walk-through's controller
// (walk-panel.ts) to draw each step.

import { drawBoard } from './board.js';
import { FIRST, SECOND } from './diagonals.js';
import { type SearchTree, searchTree } from './search-tree.js';
import type { Step } from './step-view.js';
import { emptyTable } from './tables.js';
import { maskRows, STACK_COLUMNS, stackRows, treeState } from './watch-view.js';

/** The tree is drawn up to this n: n = 9 has 8,394 nodes, more than a panel shows apart. */
const TREE_DRAWN_UP_TO = 8;
const SVG = 'http://www.w3.org/2000/svg';

/** The board at the step: its queens, the current row's open squares and the one being tried. */
export function renderBoard(board: HTMLElement, n: number, s: Step, position: number, atEnd: boolean): void {
  drawBoard(board, n, s.queens, (row, col) => {
    if (row !== s.row) return null;
    return (s.free >> col) & 1 ? 'free' : 'current';
  });
  board.setAttribute('aria-label', `${s.summary} ${board.getAttribute('aria-label')}.`);
  board.dataset.row = String(s.row);
  board.dataset.step = String(position);
  board.classList.toggle('finished', atEnd);
}

/** The current row's masks in binary, a column a cell. */
export function renderMasks(masks: HTMLTableElement, n: number, s: Step): void {
  masks.replaceChildren();
  const head = masks.createTHead().insertRow();
  head.insertCell().textContent = `row ${Math.max(s.row, 0)}`;
  for (let c = 0; c < n; c++) head.insertCell().textContent = String(c);
  const caption = masks.createCaption();
  caption.textContent = `Bits are written column 0 first, lowest bit first, so << 1 moves a bit one column right. ${FIRST}: the first diagonals (r + c constant) of the queens above; ${SECOND}: their second diagonals (r − c constant); open = ~(cols | first | second): what no queen above attacks; to try (free): the open squares not tried yet.`;
  for (const { name, code, bits, kind } of maskRows(s, n)) {
    const row = masks.insertRow();
    row.dataset.mask = code;
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

/** The explicit stack: a row per queen placed, the current row marked. */
export function renderStack(table: HTMLTableElement, n: number, s: Step): void {
  const body = emptyTable(table, [...STACK_COLUMNS]);
  for (const { cells, current } of stackRows(s, n)) {
    const row = body.insertRow();
    for (const value of cells) row.insertCell().textContent = value;
    if (current) row.className = 'current';
  }
}

/** The latest steps' messages, oldest first. */
export function renderLog(log: HTMLOListElement, recent: readonly Step[]): void {
  log.replaceChildren(
    ...recent.map((step) => {
      const item = document.createElement('li');
      item.textContent = step.message;
      item.className = step.kind;
      return item;
    }),
  );
}

/** The search tree of one n: drawn once (up to TREE_DRAWN_UP_TO), then lit step by step. */
export class TreeView {
  private tree: SearchTree = searchTree(4);
  private nodes: SVGRectElement[] = [];

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly note: HTMLElement,
    private readonly depths: HTMLTableElement,
  ) {}

  /** Draws the tree of n, unless it is drawn already. */
  show(n: number): void {
    if (this.tree.n === n && this.nodes.length > 0) return;
    const tree = searchTree(n);
    this.tree = tree;
    this.svg.replaceChildren(this.svg.querySelector('title')!);
    this.nodes = [];
    const drawn = n <= TREE_DRAWN_UP_TO;
    this.svg.toggleAttribute('hidden', !drawn);
    this.note.textContent = drawn
      ? `${tree.nodes.length.toLocaleString('en')} nodes, drawn as the search reaches them: one band per queen placed, each node as wide as the leaves below it. Solutions dark, dead ends (no square open on the next row) pale orange, the current path blue; the table below gives the counts.`
      : `The tree of n = ${n} has ${tree.nodes.length.toLocaleString('en')} nodes, too many to draw apart here; its counts per depth are below.`;
    if (!drawn) return;
    this.svg.setAttribute('viewBox', `0 0 ${tree.leaves} ${n + 1}`);
    this.svg.setAttribute('preserveAspectRatio', 'none');
    for (const node of tree.nodes) {
      const rect = document.createElementNS(SVG, 'rect');
      rect.setAttribute('x', String(node.from));
      rect.setAttribute('y', String(node.depth));
      rect.setAttribute('width', String(node.leaves));
      rect.setAttribute('height', '1');
      rect.classList.add('node');
      if (node.solution) rect.classList.add('solution');
      else if (node.deadEnd) rect.classList.add('dead');
      this.svg.append(rect);
      this.nodes.push(rect);
    }
  }

  /** Lights the nodes reached by step `position` and its path, and counts them per depth. */
  render(position: number, s: Step): void {
    const { reached, path, depths: rows } = treeState(this.tree, position, s);
    const onPath = new Set(path);
    this.nodes.forEach((rect, i) => {
      rect.classList.toggle('reached', i < reached);
      rect.classList.toggle('path', onPath.has(i));
    });
    const body = emptyTable(this.depths, ['depth', 'reached', 'dead ends', 'all', 'unpruned']);
    for (const values of rows) {
      const row = body.insertRow();
      for (const value of values) row.insertCell().textContent = value.toLocaleString('en');
    }
  }
}
