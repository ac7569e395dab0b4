/**
 * Where an order written from the board goes in a game file, as one text edit:
 * pure functions of the text and its syntax tree, so that they are tested on
 * game files alone.
 *
 * - The unit already has an order in its power's block of the phase: that
 *   order's text (and its `[result]`, which was about the old order) is
 *   replaced; the indentation and a comment after it stay.
 * - Otherwise the order is added after the last order of the power's block,
 *   indented as that order (or as the file indents orders).
 * - The phase has no block of the power: one is added after the phase's last
 *   order or block line (before its `expect` blocks).
 * - The phase has no section: one is added at the end of the file.
 */
import type { GameAst } from '@dipforge/dsl';

/** One text edit in offsets of the text. */
export interface Placed {
  start: number;
  end: number;
  newText: string;
}

export interface PlaceInput {
  text: string;
  /** The phase's section; undefined for a section to add (named by `phase`). */
  section: GameAst.PhaseSection | undefined;
  /** `spring 1901 movement`, for a section to add. */
  phase: string;
  /** The power giving the order (its id, written as is in a new block). */
  power: string;
  /** The power id a block's or an order's power word names. */
  powerOf: (w: GameAst.Word) => string | undefined;
  /** The order line the new order replaces (the unit's, in the power's block), if any. */
  replace?: GameAst.OrderLine;
  /** The order text to write. */
  order: string;
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function lineStartAt(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

/** The offset just after the line break of the line holding `offset` (or the end of the text). */
function nextLineStart(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  return i < text.length ? i + 1 : i;
}

/** The blanks before a node on its line (what indents it). */
function indentOf(text: string, offset: number): string {
  const start = lineStartAt(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** Inserts whole lines after the line holding `offset` (a line break first when that line is the text's last and has none). */
function linesAfter(text: string, offset: number, lines: string[]): Placed {
  const eol = eolOf(text);
  const at = nextLineStart(text, offset);
  const needsBreak = at === text.length && text.length > 0 && !/[\r\n]$/.test(text);
  const body = lines.join(eol) + eol;
  return { start: at, end: at, newText: needsBreak ? eol + body : body };
}

/** The order lines of the power's first block in a section (a block runs to the next `POWER:` line). */
export function blockOf(section: GameAst.PhaseSection, power: string, powerOf: (w: GameAst.Word) => string | undefined): { word: GameAst.Word; orders: GameAst.OrderLine[] } | undefined {
  const words = section.powers;
  const i = words.findIndex((w) => powerOf(w) === power);
  if (i < 0) return undefined;
  const word = words[i] as GameAst.Word;
  const end = words[i + 1]?.range.start.offset ?? Infinity;
  const orders = section.orders.filter((o) => o.range.start.offset >= word.range.start.offset && o.range.start.offset < end && powerOf(o.power) === power);
  return { word, orders };
}

/** How the file indents order lines: as its first order line, else two spaces more than its block's line. */
function orderIndent(text: string, section: GameAst.PhaseSection | undefined, blockIndent: string): string {
  const o = section?.orders.find((x) => x.range.start.line !== x.power.range.start.line);
  return o ? indentOf(text, o.range.start.offset) : `${blockIndent}  `;
}

/** The edit that puts `order` where it belongs (see the module's comment). */
export function placeOrder(input: PlaceInput): Placed {
  const { text, section, power, powerOf, replace, order } = input;
  if (replace) {
    const start = replace.text.range.start.offset;
    const end = replace.expected ? replace.expected.range.end.offset : replace.text.range.end.offset;
    return { start, end, newText: order };
  }
  const eol = eolOf(text);
  if (!section) {
    const prefix = text.length === 0 ? '' : /(\r?\n|\r)[ \t]*(\r?\n|\r)$/.test(text) ? '' : /[\r\n]$/.test(text) ? eol : eol + eol;
    const newText = `${prefix}phase ${input.phase}${eol}  ${power}:${eol}    ${order}${eol}`;
    return { start: text.length, end: text.length, newText };
  }
  const block = blockOf(section, power, powerOf);
  const firstBlock = section.powers[0];
  const blockIndent = firstBlock ? indentOf(text, firstBlock.range.start.offset) : '  ';
  if (block) {
    const last = block.orders[block.orders.length - 1];
    if (last && last.range.start.line !== block.word.range.start.line) return linesAfter(text, last.range.end.offset, [`${indentOf(text, last.range.start.offset)}${order}`]);
    // An empty block, or `POWER: ORDER` on one line: the order goes on the next line, indented below the block.
    const at = last ? last.range.end.offset : block.word.range.end.offset;
    return linesAfter(text, at, [`${orderIndent(text, section, indentOf(text, block.word.range.start.offset))}${order}`]);
  }
  // A new block after the section's last order or block line (its expect blocks come after).
  let after = section.phase?.range.end.offset ?? section.keyword.range.end.offset;
  for (const w of section.powers) after = Math.max(after, w.range.end.offset);
  for (const o of section.orders) after = Math.max(after, (o.expected ?? o.text).range.end.offset);
  return linesAfter(text, after, [`${blockIndent}${power}:`, `${orderIndent(text, section, blockIndent)}${order}`]);
}

/** The line holding the order of a slot (a unit's province, a build site, a list) of the power, if any: the first written. */
export function orderLineOf(orders: readonly { line: GameAst.OrderLine; power: string; province: string | undefined }[], power: string, slot: string): GameAst.OrderLine | undefined {
  return orders.find((o) => o.power === power && o.province === slot)?.line;
}
