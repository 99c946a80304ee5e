import { drawBoard } from './board.js';
import { readBoardSize } from './board-size.js';
import type { Step } from './step-view.js';
import { Timeline } from './timeline.js';

/** Step through the search, forwards and back: the board, the current row, the masks in binary, and a log. */
export function watchPanel(): void {
  const n = document.querySelector<HTMLInputElement>('#watch-n')!;
  const error = document.querySelector<HTMLElement>('#watch-error')!;
  const backButton = document.querySelector<HTMLButtonElement>('#watch-back')!;
  const stepButton = document.querySelector<HTMLButtonElement>('#watch-step')!;
  const play = document.querySelector<HTMLButtonElement>('#watch-play')!;
  const speed = document.querySelector<HTMLInputElement>('#watch-speed')!;
  const speedLabel = document.querySelector<HTMLElement>('#watch-speed-label')!;
  const reset = document.querySelector<HTMLButtonElement>('#watch-reset')!;
  const board = document.querySelector<HTMLElement>('#watch-board')!;
  const masks = document.querySelector<HTMLTableElement>('#watch-masks')!;
  const message = document.querySelector<HTMLElement>('#watch-message')!;
  const solutions = document.querySelector<HTMLElement>('#watch-solutions')!;
  const log = document.querySelector<HTMLOListElement>('#watch-log')!;

  let timeline = new Timeline(4);
  let timer: ReturnType<typeof setInterval> | undefined;

  function drawMasks(s: Step): void {
    const size = timeline.n;
    const bits = (mask: number) => [...Array(size)].map((_, c) => (mask >> c) & 1);
    masks.replaceChildren();
    const head = masks.createTHead().insertRow();
    head.insertCell().textContent = `row ${Math.max(s.row, 0)}`;
    for (let c = 0; c < size; c++) head.insertCell().textContent = String(c);
    const rows = [
      ['cols', s.cols, 'on'],
      ['left', s.left, 'on'],
      ['right', s.right, 'on'],
      ['open', s.open, 'open'],
      ['to try', s.free, 'free'],
    ] as const;
    const caption = masks.createCaption();
    caption.textContent =
      'open = ~(cols | left | right): what no queen above attacks; to try: the open squares not tried yet.';
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

  function render(): void {
    const s = timeline.current;
    drawBoard(board, timeline.n, s.queens, (row, col) => {
      if (row !== s.row) return null;
      return (s.free >> col) & 1 ? 'free' : 'current';
    });
    board.dataset.row = String(s.row);
    board.dataset.step = String(timeline.position);
    board.classList.toggle('finished', timeline.atEnd);
    drawMasks(s);
    message.textContent = s.message;
    solutions.textContent = String(s.solutions);
    log.replaceChildren(
      ...timeline.recent.map((step) => {
        const item = document.createElement('li');
        item.textContent = step.message;
        item.className = step.kind;
        return item;
      }),
    );
    // A button about to be disabled under the keyboard's focus hands it to the other direction.
    if (timeline.atStart && document.activeElement === backButton) stepButton.focus();
    if (timeline.atEnd && (document.activeElement === stepButton || document.activeElement === play))
      backButton.focus();
    backButton.disabled = timeline.atStart;
    stepButton.disabled = timeline.atEnd;
    play.disabled = timeline.atEnd;
  }

  function advance(): void {
    if (!timeline.forward()) return;
    if (timeline.atEnd) pause();
    render();
  }

  function pause(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    play.textContent = 'Play';
    play.setAttribute('aria-pressed', 'false');
  }

  function start(): void {
    pause();
    timer = setInterval(advance, 1000 / Number(speed.value));
    play.textContent = 'Pause';
    play.setAttribute('aria-pressed', 'true');
  }

  function restart(): void {
    pause();
    const size = readBoardSize(n, error, () => 'the search of n = 10 already takes 140,707 steps') ?? timeline.n;
    timeline = new Timeline(size);
    render();
  }

  backButton.addEventListener('click', () => {
    pause();
    timeline.back();
    render();
  });
  stepButton.addEventListener('click', () => {
    pause();
    advance();
  });
  play.addEventListener('click', () => (timer === undefined ? start() : pause()));
  speed.addEventListener('input', () => {
    speedLabel.textContent = speed.value;
    if (timer !== undefined) start();
  });
  reset.addEventListener('click', restart);
  n.addEventListener('change', restart);
  restart();
}
