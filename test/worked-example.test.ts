// The worked 6×6 join that the demo shows from docs/how-it-counts.md (demo/src/worked-example.ts):
// read whole and as the doc writes it, markdown it cannot show refused rather than shown raw, and
// every figure the doc quotes for n = 6 the demo's own walk of the join.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JoinWalk } from '../demo/src/join-walk.js';
import { searchTree } from '../demo/src/search-tree.js';
import { type Block, blocksOf, sectionOf, WORKED_HEADING, workedExample } from '../demo/src/worked-example.js';

const docFile = fileURLToPath(new URL('../docs/how-it-counts.md', import.meta.url));
const doc = readFileSync(docFile, 'utf8');

/** The section's paragraphs as the doc's lines, read here apart from the demo's reader. */
function docParagraphs(): string[] {
  const from = doc.indexOf(`\n### ${WORKED_HEADING}\n`);
  const to = doc.indexOf('\n## ', from + 1);
  return doc
    .slice(doc.indexOf('\n', from + 1) + 1, to < 0 ? undefined : to)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim().split('\n').join(' '))
    .filter((paragraph) => paragraph !== '');
}

const textOf = (block: Block) => (block.kind === 'paragraph' ? block.runs.map((run) => run.text).join('') : '');
const blocks = workedExample();
const text = blocks.map(textOf).join(' ');

/** A word in binary, lowest bit first, as the doc writes them. */
const binary = (value: number, width: number) => [...Array(width).keys()].map((i) => (value >>> i) & 1).join('');

describe('the worked 6×6 join, from the doc', () => {
  it("reads each of the section's paragraphs, its emphasis and code as such, and its picture, bundled from docs/", () => {
    const paragraphs = docParagraphs();
    expect(blocks.map((block) => block.kind)).toEqual(
      paragraphs.map((paragraph) => (paragraph.startsWith('![') ? 'picture' : 'paragraph')),
    );
    for (const [i, paragraph] of paragraphs.entries()) {
      const block = blocks[i];
      if (block.kind === 'picture') {
        const [, alt, name] = /^!\[(.*)\]\((.*)\)$/.exec(paragraph)!;
        expect(block.alt).toBe(alt);
        const file = fileURLToPath(block.src);
        expect(file).toBe(fileURLToPath(new URL(`../docs/${name}`, import.meta.url)));
        expect(existsSync(file)).toBe(true);
        continue;
      }
      expect(textOf(block)).toBe(paragraph.replace(/[*`]/g, ''));
      const marked = (kind: 'emphasis' | 'code') =>
        block.runs.filter((run) => run.kind === kind).map((run) => run.text);
      expect(marked('emphasis')).toEqual(
        [...paragraph.replace(/`[^`]*`/g, '').matchAll(/\*([^*]+)\*/g)].map((m) => m[1]),
      );
      expect(marked('code')).toEqual([...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    }
    expect(blocks.filter((block) => block.kind === 'picture')).toHaveLength(1);
    expect(blocks.filter((block) => block.kind === 'paragraph').length).toBeGreaterThan(5);
  });

  it('refuses, with an error, each markdown form it cannot show, and a picture the page does not bundle', () => {
    const read = (markdown: string) => () => blocksOf(markdown.split('\n'), { 'a.png': 'file:///a.png' });
    expect(read('Plain, *emphasised* and `code`.\n\n![A picture](a.png)')()).toHaveLength(2);
    // Within a paragraph, only a list from 1 breaks in, and an indented line goes on the paragraph.
    expect(read('A key of\n1101. Then more,\n  and more.')()).toEqual([
      { kind: 'paragraph', runs: [{ kind: 'text', text: 'A key of 1101. Then more, and more.' }] },
    ]);
    for (const [markdown, named] of [
      ['A [link](https://example.org).', /a link/],
      ['A bare https://example.org link.', /a bare link/],
      ['Some **strong** words.', /strong emphasis/],
      ['Some _underscored_ words.', /underscore/],
      ['Some ~~struck~~ words.', /strikethrough/],
      ['An escaped \\* star.', /escape/],
      ['Some <b>HTML</b>.', /HTML/],
      ['An &amp; reference.', /character reference/],
      ['An *emphasis left open.', /emphasis left open/],
      ['A `backtick left open.', /backtick left open/],
      ['A line\n- then a list', /a list/],
      ['1. A list', /a list/],
      ['> A quote', /a quote/],
      ['#### A heading', /a heading/],
      ['```\ncode\n```', /fenced block/],
      ['    indented code', /indented/],
      ['1101. A list where it starts a paragraph', /a list/],
      ['A line\n* then a list', /a list/],
      ['| a | table |', /a table/],
      ['An underlined heading\n---', /rule or an underlined heading/],
      ['A line break  \nhere', /line break/],
      ['![A picture](b.png)', /b\.png is not one the page bundles/],
      ['![](a.png)', /no text for those who cannot see it/],
    ] as const)
      expect(read(markdown), markdown).toThrow(named);
    expect(() => sectionOf(doc, 'No such section')).toThrow(/no section "### No such section"/);
  });

  it("quotes the figures of n = 6 that the demo's walk of the join has", () => {
    const walk = new JoinWalk(6);
    const { sums, subproblems } = walk;
    const sizes = subproblems.map((u) => u.classSize);
    const choices = sizes.reduce((a, b) => a + b, 0);
    expect(text).toContain(`Of the ${choices} choices of 3 of the 6 rows to send east`);
    expect(text).toContain(`make ${subproblems.length} classes`);
    expect(text).toContain(`The ${sizes.length} class sizes (${sizes.join(', ')}) add up to the ${choices} choices`);

    const [first, other, ...rest] = subproblems.filter((u) => u.pairs > 0);
    expect(rest).toEqual([]);
    expect(text).toContain(
      `Rows ${first.east.join(', ')} east is one; its mirror image sends ${first.west.join(', ')} east`,
    );
    expect(text).toContain(`its class holds ${first.classSize} choices`);
    const { eastSide: east, westSide: west } = first;
    const clashes = (clash: string) => east.candidates.filter((c) => c.clash === clash).length;
    expect(text).toContain(
      `The east rows in the top half are ${east.northRows.join(' and ')}: ${east.north.length} quarter-boards`,
    );
    expect(text).toContain(`Row ${east.southRows.join(', ')}, the south one, has ${east.south.length}.`);
    expect(text).toContain(
      `Of the ${east.north.length} × ${east.south.length} candidates, ${clashes('column')} share a column, ${clashes('diagonal')} share a diagonal, and ${east.halves.length} make east half-boards: columns ${east.halves[0].queens.join(', ')} on rows ${east.rows.join(', ')}, and ${east.halves[1].queens.join(', ')}.`,
    );
    expect(text).toContain(
      `has ${west.halves.length} as well: ${west.halves.map((h) => h.queens.join(', ')).join(' and ')}.`,
    );

    // Every half-board the doc names by its columns, with its words and its key.
    const half = (side: string, queens: string) =>
      (side.toLowerCase() === 'east' ? east : west).halves.find((h) => h.queens.join(', ') === queens)!;
    const words = [...text.matchAll(/(east|west)(?: half-board)? (\d(?:, \d)+) has first ([01]+) and second ([01]+)/g)];
    expect(words).toHaveLength(2);
    for (const [, side, queens, firstWord, secondWord] of words)
      expect([firstWord, secondWord]).toEqual([
        binary(half(side, queens).first, 11),
        binary(half(side, queens).second, 11),
      ]);
    const keys = [...text.matchAll(/(east|west) (\d(?:, \d)+) (?:has key|key|\(key) ([01]{4})/gi)];
    expect(keys).toHaveLength(east.halves.length + west.halves.length);
    for (const [, side, queens, key] of keys) expect(key).toBe(binary(half(side, queens).key, 4));
    const tests = first.probes.reduce((s, p) => s + p.tests.length, 0);
    expect(text).toContain(`Without keys: ${east.halves.length * west.halves.length} tests; with them: ${tests}.`);
    expect(text).toContain(`the board ${first.solutions[0].join(', ')} (a column per row) is a solution`);
    expect(text).toContain(
      `So this row choice has ${first.pairs} pair, which counts for its class size: ${first.pairs * first.classSize} solutions.`,
    );

    expect(text).toContain(
      `Only one other row choice has a pair: rows ${other.east.join(', ')} east (class size ${other.classSize}), the board ${other.solutions[0].join(', ')}.`,
    );
    expect(text).toContain(
      `Total ${[first, other].map((u) => `${u.pairs} × ${u.classSize}`).join(' + ')} = ${sums.total},`,
    );
    expect(text).toContain(
      `F180 = ${sums.halfTurn}, F90 = ${sums.quarterTurn}, so unique = (${sums.total} + ${sums.halfTurn} + 2 · ${sums.quarterTurn}) / 8 = ${sums.unique},`,
    );
    expect(text).toContain(
      `In all, ${sums.quarterBoards} quarter-boards, ${sums.candidates} candidates, ${sums.halfBoards} half-boards, ${sums.pairsTested} pair tests where ${sums.pairsWithoutKeys} pairs exist; backtracking the same board visits ${searchTree(6).nodes.length} nodes.`,
    );
  });
});
