import { drawBoard } from './board.js';
import type { BrowseAnswer, BrowseRequest } from './browse-worker.js';
import type { Classified } from './symmetry-class.js';

const PER_PAGE = 12;

/** Every solution of n (up to 12) as a board, with its symmetry class, a page at a time. */
export function browsePanel(): void {
  const n = document.querySelector<HTMLInputElement>('#browse-n')!;
  const prev = document.querySelector<HTMLButtonElement>('#browse-prev')!;
  const next = document.querySelector<HTMLButtonElement>('#browse-next')!;
  const pageLabel = document.querySelector<HTMLElement>('#browse-page')!;
  const summary = document.querySelector<HTMLElement>('#browse-summary')!;
  const list = document.querySelector<HTMLUListElement>('#browse-list')!;

  let size = 8;
  let items: Classified[] = [];
  let page = 0;
  // The listing and the classification run in a worker; only the newest request's answer is shown.
  const worker = new Worker(new URL('./browse-worker.ts', import.meta.url), { type: 'module' });
  let latest = 0;
  worker.onmessage = (event: MessageEvent<BrowseAnswer>) => {
    const answer = event.data;
    if (answer.id !== latest) return;
    items = answer.items;
    page = 0;
    summary.textContent = `n = ${size}: ${items.length.toLocaleString('en')} solutions, ${answer.unique.toLocaleString('en')} unique up to rotation and reflection.`;
    show();
  };

  function show(): void {
    const pages = Math.max(1, Math.ceil(items.length / PER_PAGE));
    page = Math.min(Math.max(page, 0), pages - 1);
    pageLabel.textContent = `page ${page + 1} of ${pages}`;
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
    list.replaceChildren();
    items.slice(page * PER_PAGE, (page + 1) * PER_PAGE).forEach((item, i) => {
      const li = document.createElement('li');
      const board = document.createElement('div');
      board.className = 'board small';
      drawBoard(board, size, item.cols);
      const caption = document.createElement('p');
      const variants = item.variants === 1 ? 'its only variant' : `one of ${item.variants} variants`;
      const symmetric = item.symmetry === 'none' ? 'no symmetry' : `symmetric under ${item.symmetry}`;
      caption.innerHTML = `<strong>#${page * PER_PAGE + i + 1}</strong> ${item.cols.join(' ')}<br>unique solution ${item.unique}, ${variants}, ${symmetric}`;
      li.append(board, caption);
      list.append(li);
    });
  }

  function load(): void {
    size = Math.min(12, Math.max(1, Math.round(Number(n.value) || 1)));
    n.value = String(size);
    summary.textContent = `Listing the solutions of n = ${size}…`;
    worker.postMessage({ id: ++latest, n: size } satisfies BrowseRequest);
  }

  prev.addEventListener('click', () => {
    page--;
    show();
  });
  next.addEventListener('click', () => {
    page++;
    show();
  });
  n.addEventListener('change', load);
  load();
}
