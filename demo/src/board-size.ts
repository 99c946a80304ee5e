/**
 * Reads the board size typed into `input`, a whole number from its min to its max. Out of range,
 * the input is marked invalid and `error` says the range and why it ends there, in place of a
 * silent clamp; the caller keeps what it shows.
 */
export function readBoardSize(input: HTMLInputElement, error: HTMLElement, why: (n: number) => string): number | null {
  const min = Number(input.min);
  const max = Number(input.max);
  const n = Number(input.value);
  const ok = input.value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
  const text = ok
    ? ''
    : `n must be a whole number from ${min} to ${max} here${Number.isInteger(n) && n > max ? `: ${why(n)}` : ''}.`;
  input.setCustomValidity(text);
  input.setAttribute('aria-invalid', String(!ok));
  error.textContent = text;
  error.hidden = ok;
  return ok ? n : null;
}
