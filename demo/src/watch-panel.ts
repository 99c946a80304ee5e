import { readBoardSize } from './board-size.js';
import { drawCode as showCode } from './code-view.js';
import { Player, panelKeys } from './player.js';
import { CODE, type CodeForm, lineOf } from './search-code.js';
import { linkedStep, stepUrl } from './step-link.js';
import type { StepKind } from './stepper.js';
import { Timeline } from './timeline.js';
import { renderBoard, renderLog, renderMasks, renderStack, TreeView } from './watch-render.js';

/** The query's names in a link to a step. */
const LINK = { n: 'n', step: 'step', panel: 'watch' };

/**
 * Step through the search, forwards, back and to any step: the board, the current row's masks in
 * binary, the code with the step's line lit, the explicit stack, the search tree, and a log. What
 * a step shows is worked out by step-view.ts and watch-view.ts and drawn by watch-render.ts and
 * code-view.ts; this is the controller: the timeline, the buttons, the timer and keys (player.ts)
 * and the address (step-link.ts).
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
  const tree = new TreeView(treeView, treeNote, depths);

  function stateUrl(): string {
    return stepUrl(LINK, timeline.n, timeline.position);
  }

  /** Draws the current step; `say`: what a screen reader hears of it. */
  function render(say: 'step' | 'play' | 'none'): void {
    const s = timeline.current;
    renderBoard(board, timeline.n, s, timeline.position, timeline.atEnd);
    renderMasks(masks, timeline.n, s);
    showCode(code, CODE[form], s.kind, lineOf(form, s.kind, s.row === 0), s.values);
    renderStack(stackTable, timeline.n, s);
    tree.render(timeline.position, s);
    message.textContent = s.message;
    solutions.textContent = String(s.solutions);
    // Single steps are heard; while playing, only solutions and the end, so that the reader is not
    // flooded with a message per step.
    if (say === 'step' || (say === 'play' && (s.kind === 'solution' || s.kind === 'done')))
      announce.textContent = `${s.message}. ${s.kind === 'done' ? '' : s.summary}`;
    renderLog(log, timeline.recent);
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
    tree.show(size);
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
