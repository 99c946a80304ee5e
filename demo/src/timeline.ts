import { describeStep, type Step } from './step-view.js';
import { Search } from './stepper.js';
import type { WalkModel } from './walk-controller.js';

/** The steps the panel's jumps go to: a solution found, and a dead end of the search tree. */
export const atSolution = (search: Search) => search.kind === 'solution';
export const atDeadEnd = (search: Search) => search.deadEnd;

/**
 * The step that ends the row the search works in after step `at`: where it has nothing left to try
 * there (the whole subtree under the row's queens searched), or is done. After a row's end, the row
 * it goes back to.
 */
export function rowEnd(n: number, at: number): number | null {
  const search = new Search(n);
  for (let i = 0; i < at; i++) if (!search.next()) return null;
  const row = search.kind === 'exhausted' ? search.row - 1 : search.row;
  for (let step = at + 1; search.next(); step++)
    if ((search.kind === 'exhausted' && search.row === row) || search.kind === 'done') return step;
  return null;
}

/** How many of the latest steps the page lists. */
export const RECENT = 8;

/** What the search panel shows at a step: the step, where it stands, and the latest steps. */
export interface SearchView {
  n: number;
  position: number;
  step: Step;
  /** The latest steps, newest first. */
  recent: readonly Step[];
  atEnd: boolean;
}

/**
 * The search of n, forwards, backwards and to any step: the search panel's model. Going back
 * replays the search from the start to the step wanted: the search is deterministic, a step costs
 * no allocation (all of n = 10, 175,520 steps, replays in a few milliseconds), and so nothing grows
 * with the steps taken.
 */
export class Timeline implements WalkModel<SearchView> {
  private search: Search;
  private at = 0;
  /** The latest steps, oldest first; the last is the current one. */
  private steps: Step[];
  private length: number | undefined;
  private readonly picked = new Map<(search: Search) => boolean, number[]>();

  constructor(readonly n: number) {
    this.search = new Search(n);
    this.steps = [describeStep(this.search)];
  }

  get current(): Step {
    return this.steps[this.steps.length - 1];
  }

  /** The latest steps, newest first. */
  get recent(): readonly Step[] {
    return [...this.steps].reverse();
  }

  /** Steps taken since the start. */
  get position(): number {
    return this.at;
  }

  /** The number of the last step: the search's length. */
  get last(): number {
    if (this.length === undefined) {
      const search = new Search(this.n);
      let steps = 0;
      while (search.next()) steps++;
      this.length = steps;
    }
    return this.length;
  }

  get atEnd(): boolean {
    return this.search.kind === 'done';
  }

  view(): SearchView {
    return { n: this.n, position: this.at, step: this.current, recent: this.recent, atEnd: this.atEnd };
  }

  /** Takes the next step; false at the end. */
  forward(): boolean {
    if (!this.search.next()) return false;
    this.at++;
    this.steps.push(describeStep(this.search));
    if (this.steps.length > RECENT) this.steps.shift();
    return true;
  }

  /** The number of the next step after this one that `wanted` picks; null where none is left. */
  find(wanted: (search: Search) => boolean): number | null {
    return this.stepsWhere(wanted).find((step) => step > this.at) ?? null;
  }

  /** The numbers of the steps that `wanted` picks, in order; worked out once per test. */
  stepsWhere(wanted: (search: Search) => boolean): readonly number[] {
    let found = this.picked.get(wanted);
    if (found === undefined) {
      found = [];
      const search = new Search(this.n);
      for (let step = 1; search.next(); step++) if (wanted(search)) found.push(step);
      this.picked.set(wanted, found);
    }
    return found;
  }

  /** Goes to step `target` (0 to `last`), the latest steps listed as if taken one by one. */
  seek(target: number): boolean {
    if (!Number.isInteger(target) || target < 0 || target > this.last) return false;
    // The next step is taken, not replayed: playing costs a step a tick.
    if (target === this.at + 1) return this.forward();
    const search = new Search(this.n);
    const steps: Step[] = [];
    for (let i = 0; ; i++) {
      if (i > target - RECENT) steps.push(describeStep(search));
      if (i === target) break;
      search.next();
    }
    this.search = search;
    this.at = target;
    this.steps = steps;
    return true;
  }
}
