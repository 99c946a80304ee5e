import { drawBoard } from './board.js';
import { readBoardSize } from './board-size.js';
import type { BrowseAnswer, BrowseRequest } from './browse-worker.js';
import { plural } from './plural.js';
import type { Classified } from './symmetry-class.js';

const PER_PAGE = 12;

/** Every solution of n (up to 12) as a board, with its symmetry class, a page at a time. */
export function browsePanel(): void {
  const n = document.querySelector<HTMLInputElement>('#browse-n')!;
  const error = document.querySelector<HTMLElement>('#browse-error')!;
  const prev = document.querySelector<HTMLButtonElement>('#browse-prev')!;
  const next = document.querySelector<HTMLButtonElement>('#browse-next')!;
  const pageNumber = document.querySelector<HTMLInputElement>('#browse-page')!;
  const pages = document.querySelector<HTMLElement>('#browse-pages')!;
  const summary = document.querySelector<HTMLElement>('#browse-summary')!;
  const list = document.querySelector<HTMLUListElement>('#browse-list')!;

  let size = 8;
  let items: Classified[] = [];
  let page = 0;
  // The listing and the classification run in a worker; only the newest request's answer is shown.
  const worker = new Worker(new URL('./browse-worker.ts', import.meta.url), { type: 'module' });
  let latest = 0;
  let requested: number | null = null;
  worker.onmessage = (event: MessageEvent<BrowseAnswer>) => {
    const answer = event.data;
    if (answer.id !== latest) return;
    items = answer.items;
    page = 0;
    summary.textContent = `n = ${size}: ${plural(items.length, 'solution', 'solutions')}, ${answer.unique.toLocaleString('en')} unique up to rotation and reflection.`;
    show();
  };

  const pageCount = () => Math.max(1, Math.ceil(items.length / PER_PAGE));

  function show(): void {
    const count = pageCount();
    page = Math.min(Math.max(page, 0), count - 1);
    pageNumber.max = String(count);
    pageNumber.value = String(page + 1);
    pageNumber.setCustomValidity('');
    pageNumber.setAttribute('aria-invalid', 'false');
    pages.textContent = `of ${count.toLocaleString('en')}`;
    prev.disabled = page === 0;
    next.disabled = page >= count - 1;
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
    const chosen = readBoardSize(
      n,
      error,
      (k) => `n = ${k} has too many solutions to list on a page (n = 12 has 14,200); count it under Count above`,
    );
    // The same n again (a change event can repeat it) keeps the listing and the page it is on.
    if (chosen === null || chosen === requested) return;
    size = requested = chosen;
    summary.textContent = `Listing the solutions of n = ${size}…`;
    worker.postMessage({ id: ++latest, n: size } satisfies BrowseRequest);
  }

  function goTo(target: number): void {
    page = target;
    show();
  }

  prev.addEventListener('click', () => goTo(page - 1));
  next.addEventListener('click', () => goTo(page + 1));
  // A page typed in is shown on Enter or when the field is left; one out of range is refused with the range.
  pageNumber.addEventListener('change', () => {
    const k = Number(pageNumber.value);
    const count = pageCount();
    const ok = Number.isInteger(k) && k >= 1 && k <= count;
    pageNumber.setCustomValidity(ok ? '' : `Pages go from 1 to ${count.toLocaleString('en')}.`);
    pageNumber.setAttribute('aria-invalid', String(!ok));
    if (ok) goTo(k - 1);
    else pageNumber.reportValidity();
  });
  n.addEventListener('change', load);
  load();
}
