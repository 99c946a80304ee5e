import { drawBoard } from './board.js';
import { search, type Step } from './stepper.js';

/** Step through the search: the board, the current row, the masks in binary, and a log. */
export function watchPanel(): void {
  const n = document.querySelector<HTMLInputElement>('#watch-n')!;
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

  let size = 0;
  let steps: Generator<Step, void, undefined> = search(4);
  let timer: ReturnType<typeof setInterval> | undefined;

  const bits = (mask: number) => [...Array(size)].map((_, c) => (mask >> c) & 1);

  function render(s: Step): void {
    const current = s.kind === 'done' ? -1 : s.row;
    drawBoard(board, size, s.queens, (row, col) => {
      if (row !== current) return null;
      return (s.free >> col) & 1 ? 'free' : 'current';
    });
    board.dataset.row = String(current);
    masks.replaceChildren();
    const head = masks.createTHead().insertRow();
    head.insertCell().textContent = `row ${Math.max(current, 0)}`;
    for (let c = 0; c < size; c++) head.insertCell().textContent = String(c);
    const rows = [
      ['cols', s.cols, 'on'],
      ['left', s.left, 'on'],
      ['right', s.right, 'on'],
      ['open', s.open, 'open'],
      ['to try', s.free, 'free'],
    ] as const;
    const caption = masks.createCaption();
    caption.textContent = 'open = ~(cols | left | right): what no queen above attacks; to try: the open squares not tried yet.';
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
    message.textContent = s.message;
    solutions.textContent = String(s.solutions);
    const item = document.createElement('li');
    item.textContent = s.message;
    item.className = s.kind;
    log.prepend(item);
    while (log.children.length > 8) log.lastElementChild!.remove();
  }

  function advance(): boolean {
    const next = steps.next();
    if (next.done) {
      pause();
      stepButton.disabled = true;
      play.disabled = true;
      return false;
    }
    render(next.value);
    return true;
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
    size = Math.min(10, Math.max(4, Math.round(Number(n.value) || 4)));
    n.value = String(size);
    steps = search(size);
    log.replaceChildren();
    stepButton.disabled = false;
    play.disabled = false;
    advance();
  }

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
