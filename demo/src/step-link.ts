// A link to a step of a walk-through: the page's address with the panel's n and step in its
// query (?n=6&step=41#watch for the search, ?join-n=8&join-step=120#join for the join), so that
// both panels' steps can stand in one address.

export interface StepLink {
  /** The query's names for n and the step, and the panel's id. */
  n: string;
  step: string;
  panel: string;
}

/** The address `href`, pointing at step `step` of the walk-through of `n`. */
export function stepUrl(link: StepLink, href: string, n: number, step: number): string {
  const url = new URL(href);
  url.searchParams.set(link.n, String(n));
  url.searchParams.set(link.step, String(step));
  url.hash = link.panel;
  return url.href;
}

/** What the query `search` of an address asks of the panel: its n as typed (null where none), and its step, 0 where none. */
export function linkedStep(link: StepLink, search: string): { n: string | null; step: number } {
  const asked = new URLSearchParams(search);
  const step = Number(asked.get(link.step) ?? 0);
  return { n: asked.get(link.n), step: Number.isInteger(step) && step > 0 ? step : 0 };
}
