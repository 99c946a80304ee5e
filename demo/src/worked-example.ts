// The worked 6×6 join of docs/how-it-counts.md, shown in the join's panel. The doc stays its one
// source: Vite bundles its text and picture with the page, so that the example reads offline and
// cannot drift from the doc. The section is written in a few markdown forms (paragraphs,
// *emphasis*, `code`, an image); any other form is refused with an error, never shown as raw
// markdown, so that an edit of the doc that this reader cannot show fails the fast tests.
import doc from '../../docs/how-it-counts.md?raw';

/** The section's heading in the doc. */
export const WORKED_HEADING = 'The join of a 6 by 6 board, worked';

/** The pictures the section may show, by the name the doc gives them; Vite bundles each. */
const PICTURES: Readonly<Record<string, string>> = {
  'join-6.png': new URL('../../docs/join-6.png', import.meta.url).href,
};

/** A run of a paragraph's text: plain, *emphasised* or `code`. */
export interface Run {
  kind: 'text' | 'emphasis' | 'code';
  text: string;
}

export type Block = { kind: 'paragraph'; runs: Run[] } | { kind: 'picture'; alt: string; src: string };

/** The lines of the section under `### heading`, up to the next heading of its level or above. */
export function sectionOf(markdown: string, heading: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.indexOf(`### ${heading}`);
  if (start < 0) throw new Error(`the doc has no section "### ${heading}"`);
  const end = lines.findIndex((line, i) => i > start && /^#{1,3} /.test(line));
  return lines.slice(start + 1, end < 0 ? lines.length : end);
}

/**
 * Markdown, as CommonMark reads it, that this reader does not show: on a paragraph's first line,
 * and on any line (where a list needs more to break into a paragraph), each with its name.
 */
const FIRST_LINE_FORMS: [RegExp, string][] = [
  [/^\s/, 'an indented line (code)'],
  [/^([-+*]|\d{1,9}[.)])(\s|$)/, 'a list'],
];
const LINE_FORMS: [RegExp, string][] = [
  [/^ {0,3}#/, 'a heading'],
  [/^ {0,3}([-+*]|1[.)])\s+\S/, 'a list'],
  [/^ {0,3}>/, 'a quote'],
  [/^ {0,3}(```|~~~)/, 'a fenced block'],
  [/^ {0,3}\|/, 'a table'],
  [/^ {0,3}(-{3,}|_{3,}|\*{3,}|={3,})\s*$/, 'a rule or an underlined heading'],
  [/ {2}$/, 'a line break'],
];

/** Markdown within a paragraph's text (out of code) that this reader does not show. */
const INLINE_FORMS: [RegExp, string][] = [
  [/\\/, 'an escape'],
  [/\*\*/, 'strong emphasis'],
  [/_/, 'an underscore (emphasis)'],
  [/~~/, 'a strikethrough'],
  [/!?\[|\]/, 'a link'],
  [/<[A-Za-z/!?]/, 'HTML or a link'],
  [/&(#\d+|#x[\da-f]+|[a-z]+\d*);/i, 'a character reference'],
  [/https?:|www\./, 'a bare link'],
];

/** A paragraph's text as runs: `code` first, then *emphasis* in what lies between. */
function runsOf(text: string): Run[] {
  if (text.includes('``')) throw new Error(`a double backtick in: ${text}`);
  const pieces = text.split('`');
  if (pieces.length % 2 === 0) throw new Error(`a backtick left open in: ${text}`);
  return pieces.flatMap((piece, i): Run[] => {
    if (i % 2 === 1) return [{ kind: 'code', text: piece }];
    for (const [form, name] of INLINE_FORMS)
      if (form.test(piece)) throw new Error(`${name} (${form}), which the page cannot show, in: ${text}`);
    const parts = piece.split('*');
    if (parts.length % 2 === 0) throw new Error(`an emphasis left open in: ${text}`);
    return parts.flatMap((part, j): Run[] => {
      if (j % 2 === 0) return part === '' ? [] : [{ kind: 'text', text: part }];
      if (part === '' || part.trim() !== part)
        throw new Error(`an emphasis markdown would not read as one in: ${text}`);
      return [{ kind: 'emphasis', text: part }];
    });
  });
}

/**
 * The section's blocks: paragraphs (lines joined by spaces) and pictures (a paragraph of one
 * `![alt](name)`, the name one of `pictures`, resolved to its address there).
 */
export function blocksOf(lines: readonly string[], pictures: Readonly<Record<string, string>>): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const close = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join(' ');
    paragraph = [];
    const picture = /^!\[([^\]]*)\]\(([^)\s]+)\)$/.exec(text);
    if (picture === null) {
      blocks.push({ kind: 'paragraph', runs: runsOf(text) });
      return;
    }
    const src = pictures[picture[2]];
    if (src === undefined) throw new Error(`the picture ${picture[2]} is not one the page bundles`);
    if (picture[1] === '') throw new Error(`the picture ${picture[2]} has no text for those who cannot see it`);
    blocks.push({ kind: 'picture', alt: picture[1], src });
  };
  for (const line of lines) {
    if (line.trim() === '') {
      close();
      continue;
    }
    for (const [form, name] of paragraph.length === 0 ? [...FIRST_LINE_FORMS, ...LINE_FORMS] : LINE_FORMS)
      if (form.test(line)) throw new Error(`${name} (${form}), which the page cannot show: ${line}`);
    paragraph.push(line.trim());
  }
  close();
  return blocks;
}

/** The worked example's blocks, read from the doc bundled with the page. */
export function workedExample(): Block[] {
  return blocksOf(sectionOf(doc, WORKED_HEADING), PICTURES);
}

/** Draw the worked example into `into`, in place of what it held. */
export function renderWorkedExample(into: HTMLElement): void {
  into.replaceChildren(
    ...workedExample().map((block) => {
      if (block.kind === 'picture') {
        const figure = document.createElement('figure');
        const img = document.createElement('img');
        img.src = block.src;
        img.alt = block.alt;
        figure.append(img);
        return figure;
      }
      const p = document.createElement('p');
      for (const run of block.runs) {
        if (run.kind === 'text') p.append(run.text);
        else {
          const element = document.createElement(run.kind === 'code' ? 'code' : 'em');
          element.textContent = run.text;
          p.append(element);
        }
      }
      return p;
    }),
  );
}
