// A link to a step of a walk-through: the page's address with the panel's n and step in its
// query (?n=6&step=41#watch for the search, ?join-n=8&join-step=120#join for the join), so that
// both panels' steps can stand in one address.

export interface StepLink {
  /** The query's names for n and the step, and the panel's id. */
  n: string;
  step: string;
  panel: string;
}

/** The page's address, pointing at step `step` of the walk-through of `n`. */
export function stepUrl(link: StepLink, n: number, step: number): string {
  const url = new URL(location.href);
  url.searchParams.set(link.n, String(n));
  url.searchParams.set(link.step, String(step));
  url.hash = link.panel;
  return url.href;
}

/** The step the page's address asks for, 0 where none; its n goes into the panel's field. */
export function linkedStep(link: StepLink, field: HTMLInputElement): number {
  const asked = new URLSearchParams(location.search);
  if (asked.has(link.n)) field.value = asked.get(link.n)!;
  const step = Number(asked.get(link.step) ?? 0);
  return Number.isInteger(step) && step > 0 ? step : 0;
}
