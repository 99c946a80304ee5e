// How much work one dispatch gets, sized by how long the last ones took (one budget per compiled
// kernel: its speed is the device's). A dispatch should take about DISPATCH_MS: far below any GPU
// watchdog (a software adapter has none, and would hold the GPU process), and an abort waits no
// longer.
//
// Two knobs: the steps each invocation may take (placements), and, since invocations fetch their
// own tasks, how many invocations run. Both start small (a device of
// unknown speed is given a dispatch it surely finishes quickly). Invocations double first, while
// doubling them makes the device count markedly faster: a GPU runs more at once until it is full,
// a CPU emulating one runs no faster past a few, and more would only leave more of them idle when
// the tasks run out. Then the steps double or halve to keep dispatches near DISPATCH_MS. At the end
// of a wave, when fewer searches are left than invocations, dispatches get shorter and the steps
// grow to make up; the next wave starts again from the steps that suited a full device.

/** Milliseconds a dispatch should take. */
export const DISPATCH_MS = 20;
/** The most steps per invocation per dispatch: a count per dispatch then fits in 32 bits (32 completions a step at most). */
export const MAX_PLACEMENTS = 1 << 24;
/** Doubling the invocations must make the device this much faster to count as filling it further. */
const FILLING = 1.25;

export interface BudgetLimits {
  readonly placements: number;
  readonly minPlacements: number;
  readonly invocations: number;
  readonly maxInvocations: number;
}

export class DispatchBudget {
  placements: number;
  invocations: number;
  /** The steps that suited the last dispatch with every invocation busy. */
  private steady: number;
  /** Steps per millisecond of the last full dispatch while invocations were doubling; 0 before. */
  private rate = 0;
  /** More invocations no longer make the device faster. */
  private filled = false;

  constructor(private readonly limits: BudgetLimits) {
    this.placements = limits.placements;
    this.steady = limits.placements;
    this.invocations = limits.invocations;
    this.filled = limits.invocations >= limits.maxInvocations;
  }

  /** A new wave of tasks: every invocation will be busy again. */
  startWave(): void {
    this.placements = this.steady;
  }

  /**
   * A dispatch of `lanes` invocations took `ms`; `full`: every invocation had a search to run
   * from its start. Only a full dispatch of as many invocations as the budget gives says how fast
   * the device is when busy, so only it may change the invocations.
   */
  adjust(ms: number, full: boolean, lanes = this.invocations): void {
    const { minPlacements, maxInvocations } = this.limits;
    if (full && !this.filled && lanes === this.invocations) {
      const rate = (this.invocations * this.placements) / Math.max(ms, 0.01);
      if (this.rate > 0 && rate < this.rate * FILLING) {
        // The device was full already: back to the fewer invocations, which did as much.
        this.filled = true;
        this.invocations = Math.max(this.limits.invocations, this.invocations / 2);
      } else if (ms < DISPATCH_MS / 2) {
        this.rate = rate;
        this.invocations *= 2;
        this.filled = this.invocations >= maxInvocations;
        return;
      } else {
        this.filled = true;
      }
    }
    if (ms < DISPATCH_MS / 2) this.placements = Math.min(MAX_PLACEMENTS, this.placements * 2);
    else if (ms > DISPATCH_MS * 2) this.placements = Math.max(minPlacements, Math.floor(this.placements / 2));
    if (full) this.steady = this.placements;
  }
}
