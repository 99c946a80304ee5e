import { readBoardSize } from './board-size.js';
import { drawCode } from './code-view.js';
import { JOIN_CODE } from './join-code.js';
import { renderBuckets, renderChoice, renderJoinBoard, renderSums, renderVersus, renderWords } from './join-render.js';
import { joinView } from './join-view.js';
import { JoinWalk } from './join-walk.js';
import { Player, panelKeys } from './player.js';
import { linkedStep, stepUrl } from './step-link.js';

/** The query's names in a link to a step. */
const LINK = { n: 'join-n', step: 'join-step', panel: 'join' };

/**
 * Step through the join of a small board: the row choice and its class, quarter-boards joined into
 * half-boards, the buckets, the pair tests, the sums, and the code with the step's line lit. What
 * a step shows is worked out by join-view.ts and drawn by join-render.ts; this keeps the controls.
 */
export function joinPanel(): void {
  const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
  const panel = $<HTMLElement>('#join');
  const n = $<HTMLInputElement>('#join-n');
  const error = $<HTMLElement>('#join-error');
  const backButton = $<HTMLButtonElement>('#join-back');
  const stepButton = $<HTMLButtonElement>('#join-step');
  const play = $<HTMLButtonElement>('#join-play');
  const speed = $<HTMLInputElement>('#join-speed');
  const speedLabel = $<HTMLElement>('#join-speed-label');
  const reset = $<HTMLButtonElement>('#join-reset');
  const scrub = $<HTMLInputElement>('#join-scrub');
  const position = $<HTMLOutputElement>('#join-position');
  const previousChoice = $<HTMLButtonElement>('#join-previous-choice');
  const nextChoice = $<HTMLButtonElement>('#join-next-choice');
  const nextSolution = $<HTMLButtonElement>('#join-next-solution');
  const link = $<HTMLAnchorElement>('#join-link');
  const board = $<HTMLElement>('#join-board');
  const sides = $<HTMLOListElement>('#join-sides');
  const middleLegend = $<HTMLElement>('#join-legend-middle');
  const choice = $<HTMLElement>('#join-choice');
  const classLine = $<HTMLElement>('#join-class');
  const message = $<HTMLElement>('#join-message');
  const announce = $<HTMLElement>('#join-announce');
  const words = $<HTMLTableElement>('#join-words');
  const total = $<HTMLElement>('#join-total');
  const code = $<HTMLElement>('#join-code');
  const bucketsNote = $<HTMLElement>('#join-buckets-note');
  const buckets = $<HTMLOListElement>('#join-buckets');
  const tally = $<HTMLTableElement>('#join-tally');
  const burnside = $<HTMLElement>('#join-burnside');
  const burnsideSum = $<HTMLElement>('#join-burnside-sum');
  const kept = $<HTMLUListElement>('#join-kept');
  const versus = $<HTMLTableElement>('#join-versus');

  let walk = new JoinWalk(6);
  let at = 0;

  function stateUrl(): string {
    return stepUrl(LINK, walk.n, at);
  }

  function render(say: 'step' | 'play' | 'none'): void {
    const f = joinView(walk, at);
    renderJoinBoard({ board, sides, middleLegend }, walk.n, f);
    renderChoice({ choice, classLine }, f);
    message.textContent = f.message;
    renderWords(words, f);
    drawCode(code, JOIN_CODE, f.kind, f.line, f.values);
    renderBuckets({ note: bucketsNote, buckets }, f);
    renderSums({ tally, total, burnside, burnsideSum, kept }, walk.n, f);
    if (say === 'step' || (say === 'play' && (f.kind === 'sum' || f.kind === 'done')))
      announce.textContent = `${f.message}. ${f.kind === 'done' ? '' : f.summary}`;
    scrub.max = String(walk.last);
    scrub.value = String(at);
    position.textContent = `${at.toLocaleString('en')} of ${walk.last.toLocaleString('en')}`;
    link.href = stateUrl();
    const atStart = at === 0;
    const atEnd = at === walk.last;
    if (atStart && document.activeElement === backButton) stepButton.focus();
    if (atEnd && [stepButton, play, nextChoice, nextSolution].includes(document.activeElement as HTMLButtonElement))
      backButton.focus();
    backButton.disabled = atStart;
    previousChoice.disabled = atStart;
    stepButton.disabled = atEnd;
    play.disabled = atEnd;
    nextChoice.disabled = atEnd;
    nextSolution.disabled = atEnd;
  }

  function moved(): void {
    render('step');
    history.replaceState(history.state, '', stateUrl());
  }

  function goTo(step: number): void {
    player.pause();
    at = Math.max(0, Math.min(step, walk.last));
    moved();
  }

  function advance(): void {
    if (at >= walk.last) return;
    at++;
    if (at === walk.last) player.pause();
    render('play');
  }

  /** Goes to `step` of the join of the n typed; a change to the same n keeps the step. */
  function restart(step = 0, keep = false): void {
    player.pause();
    const size = readBoardSize(n, error, () => 'the join of n = 10 already takes 45,087 steps') ?? walk.n;
    if (keep && size === walk.n) return;
    if (size !== walk.n) walk = new JoinWalk(size);
    renderVersus(versus, walk);
    at = Math.max(0, Math.min(step, walk.last));
  }

  /** The first step of the row choice that step `from` is in, or of the next one. */
  const choiceStart = (from: number, next: boolean) => {
    const starts = walk.subproblems.map((u) => u.start);
    if (next) return starts.find((s) => s > from) ?? walk.last;
    return [...starts].reverse().find((s) => s < from) ?? 0;
  };

  const player = new Player(play, speed, speedLabel, advance, () =>
    history.replaceState(history.state, '', stateUrl()),
  );

  backButton.addEventListener('click', () => goTo(at - 1));
  stepButton.addEventListener('click', () => goTo(at + 1));
  scrub.addEventListener('input', () => goTo(Number(scrub.value)));
  previousChoice.addEventListener('click', () => goTo(choiceStart(at, false)));
  nextChoice.addEventListener('click', () => goTo(choiceStart(at, true)));
  nextSolution.addEventListener('click', () => {
    for (let i = at + 1; i <= walk.last; i++) {
      const step = walk.step(i);
      if (step.kind === 'pair' && walk.subproblems[step.subproblem].probes[step.index].tests[step.test].fits)
        return goTo(i);
    }
    player.pause();
    announce.textContent = 'No solution is left after this step.';
  });
  reset.addEventListener('click', () => {
    restart();
    moved();
  });
  n.addEventListener('change', () => {
    restart(0, true);
    moved();
  });
  panelKeys(panel, { play, step: stepButton, back: backButton });

  restart(linkedStep(LINK, n));
  render('none');
}
