import { readBoardSize } from './board-size.js';
import { linkedStep, type StepLink } from './step-link.js';
import { type KeyTarget, keyCommand, type Say, WalkController, type WalkModel } from './walk-controller.js';

/** Steps a second at most while playing, where the reader asks for reduced motion. */
const REDUCED_MOTION_SPEED = 2;

/**
 * The speeds the slider picks, steps a second, by its position: from a step at a time to read, to
 * the whole of n = 10 in minutes (the search's 175,520 steps in about a minute and a half).
 */
export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 125, 250, 500, 1000, 2000] as const;

/** A button that moves the walk to a step it finds: the next solution, the previous row choice. */
export interface Jump<Model> {
  /** The button's id after the panel's: `next-solution` is #watch-next-solution in #watch. */
  id: string;
  /** The end it moves towards, where it is disabled. */
  towards: 'start' | 'end';
  /** The step it goes to from step `at`; null where there is none. */
  target(model: Model, at: number): number | null;
  /** The last step it goes to, where that comes before the end: from there on it is disabled. */
  last?(model: Model): number | null;
}

export interface WalkPanel<View, Model extends WalkModel<View>> {
  /** The panel's id, which its controls' ids begin with (#watch: #watch-n, #watch-step, …). */
  id: string;
  /** The query's names in a link to a step. */
  link: StepLink;
  /** Why n stops at its field's max, said where a bigger one is typed. */
  limit: string;
  /** The walk of n, for the first n, a new n and a reset to another. */
  open(n: number): Model;
  /** Draws the panel's own views of a step; `say`: what a screen reader hears of it. */
  show(view: View, say: Say): void;
  jumps: readonly Jump<Model>[];
}

/**
 * Binds a walk-through's controller to its panel: Back, Step, Play and its speed (at most
 * REDUCED_MOTION_SPEED a second where the reader asks for reduced motion), Reset, the board size,
 * the step slider, the jumps, the keys while the focus is in the panel (WCAG 2.1.4), the link to
 * the step and the address that keeps it. Returns the controller, for the panel's own controls.
 */
export function walkPanel<View, Model extends WalkModel<View>>(
  spec: WalkPanel<View, Model>,
): WalkController<View, Model> {
  const $ = <T extends Element>(name: string) => document.querySelector<T>(`#${spec.id}${name}`)!;
  const panel = $<HTMLElement>('');
  const n = $<HTMLInputElement>('-n');
  const error = $<HTMLElement>('-error');
  const backButton = $<HTMLButtonElement>('-back');
  const stepButton = $<HTMLButtonElement>('-step');
  const play = $<HTMLButtonElement>('-play');
  const speed = $<HTMLInputElement>('-speed');
  const speedLabel = $<HTMLElement>('-speed-label');
  const reset = $<HTMLButtonElement>('-reset');
  const scrub = $<HTMLInputElement>('-scrub');
  const position = $<HTMLOutputElement>('-position');
  const link = $<HTMLAnchorElement>('-link');
  const jumps = spec.jumps.map((jump) => ({ ...jump, button: $<HTMLButtonElement>(`-${jump.id}`) }));
  const code = $<HTMLElement>('-code');
  const bar = $<HTMLElement>('-bar');
  let dragging = false;
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  const keepAddress = () => history.replaceState(history.state, '', walk.url(location.href));
  const linked = linkedStep(spec.link, location.search);
  if (linked.n !== null) n.value = linked.n;

  const walk: WalkController<View, Model> = new WalkController<View, Model>(
    spec.open(readBoardSize(n, error, () => spec.limit) ?? Number(n.defaultValue)),
    {
      show(view, say) {
        spec.show(view, say);
        showTransport();
        if (say !== 'none' && !dragging) revealLine();
      },
      settle: keepAddress,
      playing(on) {
        play.textContent = on ? 'Pause' : 'Play';
        play.setAttribute('aria-pressed', String(on));
      },
    },
    spec.link,
  );

  function showTransport(): void {
    scrub.max = String(walk.last);
    scrub.value = String(walk.position);
    position.textContent = `${walk.position.toLocaleString('en')} of ${walk.last.toLocaleString('en')}`;
    link.href = walk.url(location.href);
    // A button about to be disabled under the keyboard's focus hands it to the other direction.
    const toStart = [backButton, ...jumps.filter((j) => j.towards === 'start').map((j) => j.button)];
    const toEnd = [stepButton, play, ...jumps.filter((j) => j.towards === 'end').map((j) => j.button)];
    const focused = document.activeElement as HTMLButtonElement;
    if (walk.atStart && toStart.includes(focused)) stepButton.focus();
    if (walk.atEnd && toEnd.includes(focused)) backButton.focus();
    for (const button of toStart) button.disabled = walk.atStart;
    for (const button of toEnd) button.disabled = walk.atEnd;
    for (const jump of jumps) {
      if (jump.last === undefined) continue;
      const last = jump.last(walk.model);
      if (last !== null && walk.position < last) continue;
      if (document.activeElement === jump.button) backButton.focus();
      jump.button.disabled = true;
    }
  }

  const chosenSpeed = () => SPEEDS[Number(speed.value)] ?? SPEEDS[0];

  function stepsPerSecond(): number {
    const chosen = chosenSpeed();
    return reducedMotion.matches ? Math.min(chosen, REDUCED_MOTION_SPEED) : chosen;
  }

  function speedChanged(): void {
    const chosen = chosenSpeed();
    speedLabel.textContent =
      reducedMotion.matches && chosen > REDUCED_MOTION_SPEED
        ? `${REDUCED_MOTION_SPEED} (reduced motion)`
        : chosen.toLocaleString('en');
    speed.setAttribute('aria-valuetext', `${speedLabel.textContent} steps a second`);
    walk.speed = stepsPerSecond();
  }

  /**
   * Scrolls the page, where needed, so that the code's lit line shows below the sticky control bar:
   * the line and the buttons that move it on screen together. Not while the slider is dragged,
   * which would move under the pointer.
   */
  function revealLine(): void {
    const lit = code.querySelector<HTMLElement>('[aria-current="step"]');
    if (lit === null) return;
    const margin = 8;
    const top = bar.getBoundingClientRect().bottom + margin;
    const line = lit.getBoundingClientRect();
    if (line.bottom > innerHeight - margin) window.scrollBy(0, line.bottom - innerHeight + margin);
    else if (line.top < top) window.scrollBy(0, line.top - top);
  }

  /** The n typed, or null where it is out of range (which the field then says). */
  const typed = () => readBoardSize(n, error, () => spec.limit);

  /** A new n: its walk from the start; the walk shown, at its step, where n is the same or out of range. */
  function sizeChanged(): void {
    walk.pause();
    const size = typed();
    if (size === null || size === walk.model.n) {
      walk.redraw('step');
      keepAddress();
      return;
    }
    walk.load(spec.open(size));
    walk.go(0);
  }

  /** The start of the walk of the n typed, or of the one shown where n is out of range. */
  function restart(): void {
    const size = typed() ?? walk.model.n;
    if (size !== walk.model.n) walk.load(spec.open(size));
    walk.go(0);
  }

  backButton.addEventListener('click', () => walk.back());
  stepButton.addEventListener('click', () => walk.forward());
  play.addEventListener('click', () => walk.toggle());
  scrub.addEventListener('input', () => {
    dragging = true;
    walk.go(Number(scrub.value));
    dragging = false;
  });
  reset.addEventListener('click', restart);
  n.addEventListener('change', sizeChanged);
  for (const jump of jumps)
    jump.button.addEventListener('click', () => walk.jump(jump.target(walk.model, walk.position)));
  speed.addEventListener('input', speedChanged);
  reducedMotion.addEventListener('change', speedChanged);
  speedChanged();

  panel.addEventListener('keydown', (event) => {
    const target = event.target;
    const kind: KeyTarget =
      target instanceof HTMLInputElement || target instanceof HTMLSelectElement
        ? 'field'
        : target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement
          ? 'button'
          : 'other';
    const command = keyCommand(event.key, event.altKey || event.ctrlKey || event.metaKey, kind);
    if (command === null) return;
    event.preventDefault();
    walk.press(command);
  });

  walk.load(walk.model, linked.step);
  walk.redraw();
  return walk;
}
