import { drawCode as showCode } from './code-view.js';
import { CODE, type CodeForm, lineOf } from './search-code.js';
import { atDeadEnd, atSolution, rowEnd, type SearchView, Timeline } from './timeline.js';
import { walkPanel } from './walk-panel.js';
import { renderBoard, renderLog, renderMasks, renderStack, TreeView } from './watch-render.js';

/**
 * Step through the search, forwards, back and to any step: the board, the current row's masks in
 * binary, the code with the step's line lit, the explicit stack, the search tree, and a log. What
 * a step shows is worked out by step-view.ts and watch-view.ts and drawn by watch-render.ts and
 * code-view.ts; the walk is the model timeline.ts keeps, moved by the controller that both
 * walk-throughs share (walk-panel.ts).
 */
export function watchPanel(): void {
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

  let form: CodeForm = 'stack';
  const tree = new TreeView(treeView, treeNote, depths);

  const walk = walkPanel<SearchView, Timeline>({
    id: 'watch',
    link: { n: 'n', step: 'step', panel: 'watch' },
    limit: 'the search of n = 10 already takes 175,520 steps',
    open(n) {
      tree.show(n);
      return new Timeline(n);
    },
    show({ n, position, step: s, recent, atEnd }, say) {
      renderBoard(board, n, s, position, atEnd);
      renderMasks(masks, n, s);
      showCode(code, CODE[form], s.kind, lineOf(form, s.kind, s.row === 0), s.values);
      renderStack(stackTable, n, s);
      tree.render(position, s);
      message.textContent = s.message;
      solutions.textContent = String(s.solutions);
      // Single steps are heard; while playing, only solutions and the end, so that the reader is
      // not flooded with a message per step.
      if (say === 'step' || (say === 'play' && (s.kind === 'solution' || s.kind === 'done')))
        announce.textContent = `${s.message}. ${s.kind === 'done' ? '' : s.summary}`;
      renderLog(log, recent);
    },
    jumps: [
      {
        id: 'row-end',
        towards: 'end',
        target: (timeline, at) => rowEnd(timeline.n, at),
      },
      {
        id: 'next-solution',
        towards: 'end',
        target: (timeline) => timeline.find(atSolution),
        last: (timeline) => timeline.stepsWhere(atSolution).at(-1) ?? null,
      },
      {
        id: 'next-dead-end',
        towards: 'end',
        target: (timeline) => timeline.find(atDeadEnd),
        last: (timeline) => timeline.stepsWhere(atDeadEnd).at(-1) ?? null,
      },
    ],
  });

  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="watch-code-form"]'))
    radio.addEventListener('change', () => {
      form = radio.value as CodeForm;
      walk.redraw();
    });
}
