import { solutions } from 'nqueens-wasm';
import { drawBoard } from './board.js';
import { classify, type Classified } from './symmetry-class.js';

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
    const result = classify([...solutions(size)]);
    items = result.items;
    page = 0;
    summary.textContent = `n = ${size}: ${items.length.toLocaleString('en')} solutions, ${result.unique.toLocaleString('en')} unique up to rotation and reflection.`;
    show();
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
