// How many subproblems each GPU wave takes (run/gpu-methods/). Progress and checkpoints
// advance a wave at a time, so a count's first wave must be short on any device at any n: its speed
// is not known yet, and one subproblem can take from microseconds (a big GPU, a small board) to
// seconds (a software adapter at n = 20). So the first wave is one subproblem, the least progress
// can report; each later one is sized for WAVE_MS by the device's speed measured so far, but grows
// at most GROWTH-fold over the wave before it. The cap matters because the next wave is taken while
// the current one counts, sized by waves before it, and because the first waves' few subproblems
// are a poor sample (their sizes vary several-fold, and a small wave pays a dispatch's fixed
// costs).

/** Subproblems in a count's first wave. */
export const FIRST_WAVE = 1;
/** A wave takes at most this many times the subproblems of the wave before it. */
export const GROWTH = 4;
/**
 * Milliseconds a wave should take, once the device's speed is known: long enough to keep the device
 * busy and to pay for setting up its buffers, short enough for progress and checkpoints.
 */
export const WAVE_MS = 250;

export class WaveSizes {
  /** Subproblems in the last wave sized; 0 before the first. */
  private last = 0;
  private countedMs = 0;
  private counted = 0;

  /** Whether a wave has been counted, so that the device's speed is known. */
  get measured(): boolean {
    return this.counted > 0;
  }

  /**
   * The subproblems for the next wave: WAVE_MS's worth at the speed measured so far, or twice what
   * the host took to split a wave where that is longer (a fast GPU counts a wave about as fast as
   * the host splits it), and no more than GROWTH times the last wave.
   */
  next(splitMs = 0): number {
    let size = this.last === 0 ? FIRST_WAVE : this.last * GROWTH;
    if (this.last > 0 && this.counted > 0) {
      const msPerSubproblem = this.countedMs / this.counted;
      size = Math.min(size, Math.max(1, Math.floor(Math.max(WAVE_MS, 2 * splitMs) / msPerSubproblem)));
    }
    this.last = size;
    return size;
  }

  /** A wave of `subproblems` was counted in `ms`. */
  countedWave(subproblems: number, ms: number): void {
    this.countedMs += ms;
    this.counted += subproblems;
  }
}
