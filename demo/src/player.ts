/** Steps a second at most while playing, where the reader asks for reduced motion. */
const REDUCED_MOTION_SPEED = 2;

/**
 * Plays a walk-through: a step at every tick of a timer at the speed chosen, at most
 * REDUCED_MOTION_SPEED a second where the reader asks for reduced motion; the Play button says
 * Pause and is pressed meanwhile. `paused` runs whenever play stops.
 */
export class Player {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  constructor(
    private readonly play: HTMLButtonElement,
    private readonly speed: HTMLInputElement,
    private readonly speedLabel: HTMLElement,
    private readonly tick: () => void,
    private readonly paused: () => void,
  ) {
    play.addEventListener('click', () => (this.timer === undefined ? this.start() : this.pause()));
    const changed = () => {
      this.showSpeed();
      if (this.timer !== undefined) this.start();
    };
    speed.addEventListener('input', changed);
    this.reducedMotion.addEventListener('change', changed);
    this.showSpeed();
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.play.textContent = 'Play';
    this.play.setAttribute('aria-pressed', 'false');
    this.paused();
  }

  private start(): void {
    this.pause();
    this.timer = setInterval(this.tick, 1000 / this.stepsPerSecond());
    this.play.textContent = 'Pause';
    this.play.setAttribute('aria-pressed', 'true');
  }

  private stepsPerSecond(): number {
    const chosen = Number(this.speed.value);
    return this.reducedMotion.matches ? Math.min(chosen, REDUCED_MOTION_SPEED) : chosen;
  }

  private showSpeed(): void {
    this.speedLabel.textContent =
      this.reducedMotion.matches && Number(this.speed.value) > REDUCED_MOTION_SPEED
        ? `${REDUCED_MOTION_SPEED} (reduced motion)`
        : this.speed.value;
  }
}

/**
 * The keys of a walk-through's panel: space plays or pauses, the arrows step back and on. They
 * work only while the focus is in the panel (WCAG 2.1.4), and leave a control's own keys alone:
 * arrows in a number or a slider, space on a button.
 */
export function panelKeys(
  panel: HTMLElement,
  buttons: { play: HTMLButtonElement; step: HTMLButtonElement; back: HTMLButtonElement },
): void {
  panel.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const ownsArrows = target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
    const ownsSpace = ownsArrows || target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
    const button =
      event.key === ' ' && !ownsSpace
        ? buttons.play
        : event.key === 'ArrowRight' && !ownsArrows
          ? buttons.step
          : event.key === 'ArrowLeft' && !ownsArrows
            ? buttons.back
            : null;
    if (button === null) return;
    event.preventDefault();
    if (!button.disabled) button.click();
  });
}
