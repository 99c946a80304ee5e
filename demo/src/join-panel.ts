import { drawCode } from './code-view.js';
import { JOIN_CODE } from './join-code.js';
import {
  renderBuckets,
  renderChoice,
  renderGrowth,
  renderJoinBoard,
  renderSums,
  renderVersus,
  renderWords,
} from './join-render.js';
import { JoinTimeline, type JoinView } from './join-view.js';
import { JoinWalk } from './join-walk.js';
import { methodFigures } from './method-figures.js';
import { walkPanel } from './walk-panel.js';

/** The first step of the row choice after step `from`; the end where none is left. */
function nextChoice(walk: JoinWalk, from: number): number {
  return walk.subproblems.find((choice) => choice.start > from)?.start ?? walk.last;
}

/** The last step of the row choice that step `from` is in (its sum), or of the next where `from` is that. */
export function choiceEnd(walk: JoinWalk, from: number): number | null {
  const ends = walk.subproblems.map((_, i) => (walk.subproblems[i + 1]?.start ?? walk.last) - 1);
  return ends.find((end) => end > from) ?? null;
}

/** The first step of the row choice that step `from` is in, or of the one before where it is its first. */
function previousChoice(walk: JoinWalk, from: number): number {
  return [...walk.subproblems].reverse().find((choice) => choice.start < from)?.start ?? 0;
}

/**
 * The worked 6×6 example under the panel's intro, drawn from the doc the first time it is opened
 * (its text and picture load then, in a chunk of their own). A link to it, or an address that
 * names it, opens it.
 */
function workedExample(): void {
  const details = document.querySelector<HTMLDetailsElement>('#join-worked')!;
  const body = details.querySelector<HTMLElement>('.worked-body')!;
  let drawn = false;
  details.addEventListener('toggle', () => {
    if (!details.open || drawn) return;
    drawn = true;
    void import('./worked-example.js').then(
      ({ renderWorkedExample }) => {
        renderWorkedExample(body);
        details.dataset.drawn = 'true';
      },
      (error: unknown) => {
        // Its chunk did not load: the next opening tries again.
        drawn = false;
        throw error;
      },
    );
  });
  const openIfNamed = () => {
    if (location.hash === '#join-worked') details.open = true;
  };
  addEventListener('hashchange', openIfNamed);
  openIfNamed();
  // A link clicked where the address names it already changes no hash.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href="#join-worked"]'))
    link.addEventListener('click', () => {
      details.open = true;
    });
  // Space on the summary opens and closes it, as on a button, rather than playing the walk.
  details.querySelector('summary')!.addEventListener('keydown', (event) => {
    if (event.key === ' ') event.stopPropagation();
  });
}

/**
 * Step through the join of a small board: the row choice and its class, quarter-boards joined into
 * half-boards, the buckets, the pair tests, the sums, and the code with the step's line lit. What
 * a step shows is worked out by join-view.ts and drawn by join-render.ts and code-view.ts; the walk
 * is moved by the controller that both walk-throughs share (walk-panel.ts).
 */
export function joinPanel(): void {
  const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
  const boardParts = {
    board: $<HTMLElement>('#join-board'),
    sides: $<HTMLOListElement>('#join-sides'),
    middleLegend: $<HTMLElement>('#join-legend-middle'),
    marks: $<HTMLElement>('#join-marks'),
  };
  const choiceParts = { choice: $<HTMLElement>('#join-choice'), classLine: $<HTMLElement>('#join-class') };
  const message = $<HTMLElement>('#join-message');
  const why = $<HTMLElement>('#join-why');
  const announce = $<HTMLElement>('#join-announce');
  const words = $<HTMLTableElement>('#join-words');
  const code = $<HTMLElement>('#join-code');
  const bucketParts = { note: $<HTMLElement>('#join-buckets-note'), buckets: $<HTMLOListElement>('#join-buckets') };
  const sumParts = {
    tally: $<HTMLTableElement>('#join-tally'),
    tallyScroll: $<HTMLElement>('#join-tally-scroll'),
    total: $<HTMLElement>('#join-total'),
    totalHow: $<HTMLElement>('#join-found-how'),
    burnside: $<HTMLElement>('#join-burnside'),
    burnsideSum: $<HTMLElement>('#join-burnside-sum'),
    kept: $<HTMLUListElement>('#join-kept'),
  };
  const versus = $<HTMLTableElement>('#join-versus');
  const growth = $<HTMLTableElement>('#join-growth');
  const size = $<HTMLInputElement>('#join-n');
  let grown = false;
  workedExample();

  walkPanel<JoinView, JoinTimeline>({
    id: 'join',
    link: { n: 'join-n', step: 'join-step', panel: 'join' },
    limit: 'the join of n = 10 already takes 45,087 steps',
    open(n) {
      const walk = new JoinWalk(n);
      renderVersus(versus, methodFigures(n, walk));
      if (!grown) {
        grown = true;
        // Every board the panel takes, walked through in full: left until the page has drawn.
        setTimeout(() => {
          const from = Number(size.min);
          const ns = Array.from({ length: Number(size.max) - from + 1 }, (_, i) => from + i);
          renderGrowth(
            growth,
            ns.map((m) => methodFigures(m, m === n ? walk : undefined)),
          );
        });
      }
      return new JoinTimeline(walk);
    },
    show(v, say) {
      renderJoinBoard(boardParts, v.n, v);
      renderChoice(choiceParts, v);
      message.textContent = v.message;
      why.textContent = v.why;
      renderWords(words, v);
      drawCode(code, JOIN_CODE, v.kind, v.line, v.values);
      renderBuckets(bucketParts, v);
      renderSums(sumParts, v.n, v);
      if (say === 'step' || (say === 'play' && (v.kind === 'sum' || v.kind === 'done')))
        announce.textContent = `${v.message}. ${v.kind === 'done' ? '' : v.summary}`;
    },
    jumps: [
      {
        id: 'choice-end',
        towards: 'end',
        target: (model, at) => choiceEnd(model.walk, at),
      },
      {
        id: 'previous-choice',
        towards: 'start',
        target: (model, at) => previousChoice(model.walk, at),
      },
      {
        id: 'next-choice',
        towards: 'end',
        target: (model, at) => nextChoice(model.walk, at),
      },
      {
        id: 'next-pair',
        towards: 'end',
        target: (model, at) => model.walk.fittingPairs.find((step) => step > at) ?? null,
        last: (model) => model.walk.fittingPairs.at(-1) ?? null,
      },
    ],
  });
}
