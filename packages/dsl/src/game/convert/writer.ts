/**
 * Writes a game file's conversion as edits of its text, in the file's own
 * layout: orders go into the power's block of a phase (a new block, or a new
 * phase section, when there is none), with the file's indentation and its way
 * of writing the power; a section that goes is removed with its comments kept
 * in place. Nothing is written until `finish`, so lines added to one block come
 * out together in the order they were added.
 */
import type { Phase } from '@dipforge/engine';
import type { CodeName } from '../../diagnostics/codes.js';
import type * as G from '../ast.js';
import { phaseText } from '../phases.js';
import { indentOf, isCommentOrBlank, lineBreak, lineEnd, lineStart, nextLineStart, type EditNote, type PlacedNote, type TextEdit } from './edits.js';

/** A warning to attach to a line the writer adds. */
export interface LineNote {
  code: CodeName;
  message: string;
}

interface AddedLine {
  text: string;
  note?: LineNote;
}

/** A section a line can go to: one of the file, or one the conversion adds. */
export type SectionRef = { section: G.PhaseSection } | { added: AddedSection };

interface AddedSection {
  at: number;
  phase: Phase;
  blocks: Map<string, AddedLine[]>;
  expect: string[];
}

export class GameWriter {
  private readonly edits: TextEdit[] = [];
  private readonly anchored: PlacedNote[] = [];
  private readonly blocks = new Map<G.PhaseSection, Map<string, AddedLine[]>>();
  private readonly expectAdds = new Map<G.PhaseSection, string[]>();
  private readonly added: AddedSection[] = [];
  private readonly br: string;
  private readonly powerIndent: string;
  private readonly orderIndent: string;
  /** How the file writes each power (the first `POWER:` line naming it). */
  private readonly powerNames = new Map<string, string>();

  constructor(
    readonly text: string,
    private readonly ast: G.GameFile,
    private readonly powerOf: (w: G.Word) => string | undefined,
  ) {
    this.br = lineBreak(text);
    const firstPower = ast.phases.flatMap((s) => s.powers)[0];
    const firstOrder = ast.phases.flatMap((s) => s.orders).find((o) => o.power.range.start.line !== o.range.start.line);
    this.powerIndent = firstPower ? indentOf(text, firstPower.range.start.offset) : '  ';
    this.orderIndent = firstOrder ? indentOf(text, firstOrder.range.start.offset) : `${this.powerIndent}  `;
    for (const s of ast.phases) {
      for (const w of s.powers) {
        const id = powerOf(w);
        if (id !== undefined && !this.powerNames.has(id)) this.powerNames.set(id, w.text);
      }
    }
  }

  /** A warning on text of the file that stays as it is (offsets of the original text). */
  noteAt(node: G.Node, note: LineNote): void {
    this.anchored.push({ ...note, start: node.range.start.offset, end: node.range.end.offset });
  }

  /** The warnings given with `noteAt`, in offsets of the original text. */
  anchoredNotes(): readonly PlacedNote[] {
    return this.anchored;
  }

  /** Replaces a span of the text. */
  replace(start: number, end: number, text: string, note?: LineNote): void {
    this.edits.push({ start, end, text, ...(note ? { notes: [{ ...note, from: 0, to: text.length }] } : {}) });
  }

  /** Adds text after an order (before its `[result]` and comment), e.g. a retreat list. */
  appendToOrder(line: G.OrderLine, suffix: string, note?: LineNote): void {
    const at = line.text.range.end.offset;
    const notes: EditNote[] | undefined = note ? [{ ...note, from: suffix.trimStart() === suffix ? 0 : 1, to: suffix.length }] : undefined;
    // A `[result]` or comment aligned in a column stays there: the spaces before it make room for the suffix.
    const end = lineEnd(this.text, at);
    let gap = 0;
    while (at + gap < end && this.text[at + gap] === ' ') gap++;
    const taken = at + gap < end ? Math.max(0, Math.min(suffix.length, gap - 1)) : 0;
    this.edits.push({ start: at, end: at + taken, text: suffix, ...(notes ? { notes } : {}) });
  }

  /** The comment at the end of an order line (`// …`), if any. */
  commentOf(line: G.OrderLine): string | undefined {
    const rest = this.text.slice(line.range.end.offset, lineEnd(this.text, line.range.end.offset));
    const at = rest.indexOf('//');
    return at < 0 ? undefined : rest.slice(at).trimEnd();
  }

  /** Adds a comment at the end of an order line (which has none). */
  appendComment(line: G.OrderLine, comment: string): void {
    const at = lineEnd(this.text, line.range.end.offset);
    this.edits.push({ start: at, end: at, text: `   ${comment}` });
  }

  /** A new phase section, inserted after the given section (after its expect blocks). */
  newSectionAfter(section: G.PhaseSection, phase: Phase): SectionRef {
    const added: AddedSection = { at: nextLineStart(this.text, section.range.end.offset), phase, blocks: new Map(), expect: [] };
    this.added.push(added);
    return { added };
  }

  /** Adds an order of `power` to a section. */
  addOrder(to: SectionRef, power: string, order: string, note?: LineNote): void {
    let blocks: Map<string, AddedLine[]>;
    if ('added' in to) blocks = to.added.blocks;
    else {
      blocks = this.blocks.get(to.section) ?? new Map<string, AddedLine[]>();
      this.blocks.set(to.section, blocks);
    }
    const lines = blocks.get(power) ?? [];
    blocks.set(power, lines);
    lines.push(note ? { text: order, note } : { text: order });
  }

  /** Adds expectation lines (as written, with their indentation) at the end of a section's expect blocks. */
  addExpect(to: SectionRef, lines: readonly string[]): void {
    if (lines.length === 0) return;
    if ('added' in to) {
      to.added.expect.push(...lines);
      return;
    }
    const list = this.expectAdds.get(to.section) ?? [];
    list.push(...lines);
    this.expectAdds.set(to.section, list);
  }

  /** Removes the whole line holding `offset` (its line break too); a comment at its end stays, on its own line, unless `keepComment` is false. */
  removeLine(offset: number, keepComment = true, blankBefore = false): void {
    let start = lineStart(this.text, offset);
    // An expect line that goes takes the blank line that set its block apart.
    if (blankBefore && start > 0) {
      const prev = lineStart(this.text, start - 1);
      if (this.text.slice(prev, lineEnd(this.text, prev)).trim() === '') start = prev;
    }
    const end = nextLineStart(this.text, offset);
    const line = this.text.slice(start, lineEnd(this.text, offset));
    const comment = line.indexOf('//');
    const kept = keepComment && comment >= 0 && line.slice(0, comment).trim() !== '' ? `${indentOf(this.text, offset)}${line.slice(comment)}${this.br}` : '';
    this.edits.push({ start, end, text: kept });
  }

  /**
   * Removes a phase section (its phase line to its last line, and the blank
   * lines after it); its comment lines stay where they were, but for those at
   * `moved` (line starts of lines taken elsewhere).
   */
  removeSection(section: G.PhaseSection, moved: ReadonlySet<number> = new Set()): void {
    const start = lineStart(this.text, section.range.start.offset);
    let end = nextLineStart(this.text, section.range.end.offset);
    while (end < this.text.length && this.text.slice(end, lineEnd(this.text, end)).trim() === '') end = nextLineStart(this.text, end);
    let kept = '';
    for (let at = start; at < end; at = nextLineStart(this.text, at)) {
      if (moved.has(at)) continue;
      const line = this.text.slice(at, lineEnd(this.text, at));
      const comment = line.indexOf('//');
      if (comment < 0) continue;
      // A comment after an order or expectation stays too, on a line of its own.
      kept += line.trim().startsWith('//') ? `${line}${this.br}` : `${indentOf(this.text, at)}${line.slice(comment)}${this.br}`;
    }
    if (kept !== '') kept += this.br;
    this.edits.push({ start, end, text: kept });
  }

  /** The full lines of a node, and the comment lines just above it (inside the same block). */
  linesOf(node: G.Node, floor: number): { starts: number[]; text: string[] } {
    const first = lineStart(this.text, node.range.start.offset);
    const starts = [first];
    let at = first;
    while (at > floor) {
      const prev = lineStart(this.text, at - 1);
      const line = this.text.slice(prev, lineEnd(this.text, prev)).trim();
      if (!line.startsWith('//') || prev < floor) break;
      starts.unshift(prev);
      at = prev;
    }
    return { starts, text: starts.map((s) => this.text.slice(s, lineEnd(this.text, s))) };
  }

  /** The edits: everything replaced, then the lines added to blocks and the sections added. */
  finish(): TextEdit[] {
    const out = [...this.edits];
    for (const [section, blocks] of this.blocks) for (const [power, lines] of blocks) out.push(this.intoBlock(section, power, lines));
    for (const [section, lines] of this.expectAdds) out.push(this.intoExpect(section, lines));
    for (const s of this.added) out.push(this.sectionText(s));
    return out;
  }

  private powerName(power: string): string {
    return this.powerNames.get(power) ?? power;
  }

  /** An insertion at a line start: a line break first when the text ends without one there. */
  private at(offset: number, text: string, notes: EditNote[]): TextEdit {
    const needsBreak = offset === this.text.length && offset > 0 && !/[\r\n]$/.test(this.text);
    const lead = needsBreak ? this.br : '';
    return { start: offset, end: offset, text: lead + text, notes: notes.map((n) => ({ ...n, from: n.from + lead.length, to: n.to + lead.length })) };
  }

  /** Order lines as text with their notes placed; `prefix` comes before them. */
  private orderLines(prefix: string, indent: string, lines: readonly AddedLine[]): { text: string; notes: EditNote[] } {
    let text = prefix;
    const notes: EditNote[] = [];
    for (const l of lines) {
      const from = text.length + indent.length;
      text += `${indent}${l.text}${this.br}`;
      if (l.note) notes.push({ ...l.note, from, to: from + l.text.length });
    }
    return { text, notes };
  }

  private intoBlock(section: G.PhaseSection, power: string, lines: readonly AddedLine[]): TextEdit {
    const words = section.powers.filter((w) => this.powerOf(w) === power);
    const word = words[words.length - 1];
    if (word) {
      const mine = section.orders.filter((o) => o.power === word);
      const last = mine[mine.length - 1];
      const end = last ? last.range.end.offset : word.range.end.offset;
      const indent = last && last.range.start.line !== word.range.start.line ? indentOf(this.text, last.range.start.offset) : `${indentOf(this.text, word.range.start.offset)}  `;
      const { text, notes } = this.orderLines('', indent, lines);
      return this.at(nextLineStart(this.text, end), text, notes);
    }
    // A new block after the section's last order or power line, before its expect blocks.
    const ends = [section.range.start.offset, ...section.orders.map((o) => o.range.end.offset), ...section.powers.map((w) => w.range.end.offset)];
    const end = Math.max(...ends);
    const { text, notes } = this.orderLines(`${this.powerIndent}${this.powerName(power)}:${this.br}`, this.orderIndent, lines);
    return this.at(nextLineStart(this.text, end), text, notes);
  }

  private intoExpect(section: G.PhaseSection, lines: readonly string[]): TextEdit {
    const block = section.expect[section.expect.length - 1];
    const body = lines.map((l) => `${l}${this.br}`).join('');
    if (block) return this.at(nextLineStart(this.text, block.range.end.offset), body, []);
    // No expect block yet: one after the section, as the file writes them (after a blank line).
    return this.at(nextLineStart(this.text, section.range.end.offset), `${this.br}expect${this.br}${body}`, []);
  }

  private sectionText(s: AddedSection): TextEdit {
    let text = `${this.br}phase ${phaseText(s.phase)}${this.br}`;
    const notes: EditNote[] = [];
    for (const [power, lines] of s.blocks) {
      const block = this.orderLines(`${this.powerIndent}${this.powerName(power)}:${this.br}`, this.orderIndent, lines);
      for (const n of block.notes) notes.push({ ...n, from: n.from + text.length, to: n.to + text.length });
      text += block.text;
    }
    if (s.expect.length > 0) text += `${this.br}expect${this.br}${s.expect.map((l) => `${l}${this.br}`).join('')}`;
    return this.at(s.at, text, notes);
  }
}

/** Whether every line from `from` up to `to` is blank or a comment. */
export function onlyCommentsBetween(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at = nextLineStart(text, at)) if (!isCommentOrBlank(text, at)) return false;
  return true;
}
