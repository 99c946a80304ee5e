// Some browsers report a language that Intl refuses: WebKit on a system whose locale is C
// (LANG=C.UTF-8, usual on servers and in containers) reports navigator.language 'C', and
// `new Intl.NumberFormat('C')` throws a RangeError. The page formats its own numbers in 'en'
// whatever the browser's language; this is for code that takes the browser's language itself, as
// uPlot does when its module loads.

/** The language the page falls back to where Intl refuses the browser's. */
export const FALLBACK_LANGUAGE = 'en-US';

/** Whether Intl takes `tag` as a language. */
export function intlAccepts(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * Where Intl refuses the browser's language, the page's navigator reports the fallback instead
 * (and only the languages Intl takes, or the fallback alone), so that a library reading it
 * formats in a default rather than stopping the page's scripts.
 */
export function settleLanguage(nav: Navigator = navigator): void {
  if (intlAccepts(nav.language)) return;
  const accepted = nav.languages.filter(intlAccepts);
  Object.defineProperty(nav, 'language', { value: accepted[0] ?? FALLBACK_LANGUAGE, configurable: true });
  Object.defineProperty(nav, 'languages', {
    value: Object.freeze(accepted.length > 0 ? accepted : [FALLBACK_LANGUAGE]),
    configurable: true,
  });
}
