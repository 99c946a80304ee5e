// Values given from outside (an argument, a file name, a field of a checkpoint) as messages show
// them: at most about a hundred characters, and every character that a terminal would act on
// (C0 and C1 controls: ESC starts the sequences that retitle or clear it) or that would reorder
// or hide text (bidirectional overrides, line separators, lone surrogates) written as an escape.

/** Characters shown of a value; the rest is cut, and the message says how long it was. */
export const SHOWN_CHARACTERS = 100;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

function escaped(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.codePointAt(0)!;
  const unsafe =
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0xd800 && code <= 0xdfff);
  return unsafe ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
}

/** The first `max` characters of `text`, escaped, and its length in characters when it was cut. */
function cut(text: string, max: number, escapeOf: (ch: string) => string): { body: string; length: number | null } {
  let body = '';
  let count = 0;
  // By code point: a pair of surrogates is one character, a lone one is escaped.
  for (const ch of text) {
    if (count === max) return { body, length: [...text].length };
    body += escapeOf(ch);
    count++;
  }
  return { body, length: null };
}

const more = (length: number | null) => (length === null ? '' : `… (${length} characters)`);

/** `text` with unsafe characters escaped, cut after `max` characters (then "…" and its length). */
export function shown(text: string, max = SHOWN_CHARACTERS): string {
  const { body, length } = cut(text, max, escaped);
  return body + more(length);
}

/** `text` in double quotes, as shown() shows it, a double quote inside escaped. */
export function quote(text: string, max = SHOWN_CHARACTERS): string {
  const { body, length } = cut(text, max, (ch) => (ch === '"' ? '\\"' : escaped(ch)));
  return `"${body}"${more(length)}`;
}
