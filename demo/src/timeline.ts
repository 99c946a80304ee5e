import { describeStep, type Step } from './step-view.js';
import { Search } from './stepper.js';

/** How many of the latest steps the page lists. */
export const RECENT = 8;

/**
 * The search of n, forwards and backwards. Going back replays the search from the start to the
 * step before: the search is deterministic, a step costs no allocation (all of n = 10, 140,707
 * steps, replays in a few milliseconds), and so nothing grows with the steps taken.
 */
export class Timeline {
  private search: Search;
  private at = 0;
  /** The latest steps, oldest first; the last is the current one. */
  private steps: Step[];

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

  get atStart(): boolean {
    return this.at === 0;
  }

  get atEnd(): boolean {
    return this.search.kind === 'done';
  }

  forward(): boolean {
    if (!this.search.next()) return false;
    this.at++;
    this.steps.push(describeStep(this.search));
    if (this.steps.length > RECENT) this.steps.shift();
    return true;
  }

  back(): boolean {
    if (this.at === 0) return false;
    const target = this.at - 1;
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
