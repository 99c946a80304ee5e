// The transport of a walk-through, without the DOM (test/walk-controller.test.ts): where the walk
// stands, the timer that plays it, what its keys do and the link to its step. Both walk-throughs
// (the search, the join) run on it, each with its model; walk-panel.ts binds it to a panel's
// buttons, slider, keys and address.

import { type StepLink, stepUrl } from './step-link.js';

/** A walk-through as the controller moves it: steps 0 to `last` of the walk of n. */
export interface WalkModel<View> {
  readonly n: number;
  /** The number of the last step. */
  readonly last: number;
  /** Goes to step `step`; false, and no move, where it is not one (a whole number, 0 to `last`). */
  seek(step: number): boolean;
  /** What the panel shows at the step the model stands at. */
  view(): View;
}

/** What a screen reader hears of a step drawn: all of a step chosen, some while playing, or none. */
export type Say = 'step' | 'play' | 'none';

/** Draws a second at most while playing: a screen's frames; a faster speed takes several steps a draw. */
export const MAX_TICKS = 60;

/** What the controller asks of its panel. */
export interface WalkHost<View> {
  /** Draws the step the walk stands at. */
  show(view: View, say: Say): void;
  /** The walk stands at a step (chosen, or play stopped): the address keeps it. */
  settle(): void;
  /** Play started (true) or stopped. */
  playing(on: boolean): void;
}

/** What a key does in a walk-through's panel. */
export type KeyCommand = 'play' | 'step' | 'back';

/** What has the focus as far as a panel's keys go: a field (its own arrows and space), a button or link (its own space), or else. */
export type KeyTarget = 'field' | 'button' | 'other';

/**
 * The keys of a walk-through's panel: space plays or pauses, the arrows step back and on; none
 * with a modifier, and a control's own keys left alone: arrows and space in a field (a number, a
 * slider), space on a button or a link. Null: the key is not the panel's.
 */
export function keyCommand(key: string, modified: boolean, target: KeyTarget): KeyCommand | null {
  if (modified) return null;
  if (key === ' ') return target === 'other' ? 'play' : null;
  if (target === 'field') return null;
  return key === 'ArrowRight' ? 'step' : key === 'ArrowLeft' ? 'back' : null;
}

/**
 * A walk-through's transport over its model: a step chosen (on, back, to any step), play and pause
 * at a speed, the keys, and the link to the step. Each move draws the step through the host; a
 * step chosen and a stop of play have the address keep it.
 */
export class WalkController<View, Model extends WalkModel<View> = WalkModel<View>> {
  private at = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private perSecond = 1;

  constructor(
    private current: Model,
    private readonly host: WalkHost<View>,
    private readonly link: StepLink,
  ) {}

  get model(): Model {
    return this.current;
  }

  /** The step the walk stands at. */
  get position(): number {
    return this.at;
  }

  get last(): number {
    return this.current.last;
  }

  get atStart(): boolean {
    return this.at === 0;
  }

  get atEnd(): boolean {
    return this.at === this.current.last;
  }

  get playing(): boolean {
    return this.timer !== undefined;
  }

  /** Steps a second while playing; a change goes on at the new speed. */
  set speed(perSecond: number) {
    this.perSecond = perSecond;
    if (this.timer !== undefined) this.start();
  }

  /** Takes `model` (another n, or the walk afresh) at `step`, kept within its steps; draws nothing. */
  load(model: Model, step = 0): void {
    this.pause();
    this.current = model;
    this.at = Math.max(0, Math.min(Math.trunc(step) || 0, model.last));
    model.seek(this.at);
  }

  /** Draws the step the walk stands at again. */
  redraw(say: Say = 'none'): void {
    this.host.show(this.current.view(), say);
  }

  /** Goes to a step the reader chose: play stops, the step is drawn and heard, the address keeps it. */
  go(step: number): boolean {
    this.pause();
    if (!this.current.seek(step)) return false;
    this.at = step;
    this.redraw('step');
    this.host.settle();
    return true;
  }

  forward(): boolean {
    return this.go(this.at + 1);
  }

  back(): boolean {
    return this.go(this.at - 1);
  }

  /** Goes to the step a jump found (the next solution, say); false, and play stopped, where none. */
  jump(target: number | null): boolean {
    this.pause();
    return target !== null && this.go(target);
  }

  /** Plays from here, or pauses where playing; the end cannot be played. */
  toggle(): void {
    if (this.timer !== undefined) this.pause();
    else if (!this.atEnd) this.start();
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.host.playing(false);
    this.host.settle();
  }

  /** Does what a key asks, as its button would: nothing where that button is disabled. */
  press(command: KeyCommand): void {
    if (command === 'play') this.toggle();
    else if (command === 'step' && !this.atEnd) this.forward();
    else if (command === 'back' && !this.atStart) this.back();
  }

  /** The page's address `href`, pointing at this step of this walk. */
  url(href: string): string {
    return stepUrl(this.link, href, this.current.n, this.at);
  }

  private start(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), 1000 / Math.min(this.perSecond, MAX_TICKS));
    this.host.playing(true);
  }

  /** Takes a tick's steps, drawing only the last: above MAX_TICKS a second, more than one. */
  private tick(): void {
    const steps = Math.max(1, Math.round(this.perSecond / MAX_TICKS));
    for (let i = 0; i < steps; i++) {
      if (!this.current.seek(this.at + 1)) {
        if (i > 0) this.redraw('play');
        this.pause();
        return;
      }
      this.at++;
      if (this.atEnd) break;
    }
    if (this.atEnd) this.pause();
    this.redraw('play');
  }
}
