// How long a count has left, from how fast its subproblems have finished so far. The rate is taken
// from the first finished subproblem on (what came before it is start-up: threads starting, the
// kernel being compiled), over the whole run since (subproblems differ in size; a short window
// swings with them), and no estimate is given until enough of the count is done to make one.

/** Subproblems finished, as a share of those left at the start, before the first estimate. */
const FIRST_SHARE = 0.02;
/** And the time since the first finished subproblem. */
const FIRST_AFTER_MS = 1000;

export class EtaEstimate {
  private start: { done: number; at: number } | null = null;
  private base: { done: number; at: number } | null = null;
  private latest = 0;

  observe(done: number, at: number): void {
    this.start ??= { done, at };
    if (this.base === null && done > this.start.done) this.base = { done, at };
    this.latest = done;
  }

  /** Subproblems per second since the first one finished, or null before there is a second one. */
  perSecond(now: number): number | null {
    if (this.base === null || this.latest <= this.base.done || now <= this.base.at) return null;
    return ((this.latest - this.base.done) / (now - this.base.at)) * 1000;
  }

  /** Milliseconds left, or null until enough is done to say. */
  remainingMs(done: number, total: number, now: number): number | null {
    const rate = this.perSecond(now);
    if (rate === null || this.start === null || this.base === null) return null;
    const enough = Math.max(2, FIRST_SHARE * (total - this.start.done));
    if (done - this.base.done < enough || now - this.base.at < FIRST_AFTER_MS) return null;
    return ((total - done) / rate) * 1000;
  }
}
