/**
 * Text edits for converting a game file: each replaces a span of the original
 * text, so everything the conversion does not touch (comments, `declare`
 * blocks, blank lines, the way orders are written) stays as it was. An edit may
 * carry notes (warnings about the text it inserts), placed once the edits are
 * applied.
 */
import type { CodeName } from '../../diagnostics/codes.js';

/** A warning about inserted text: `from`/`to` are offsets into the edit's `text`. */
export interface EditNote {
  code: CodeName;
  message: string;
  from: number;
  to: number;
}

export interface TextEdit {
  start: number;
  end: number;
  text: string;
  notes?: EditNote[];
}

/** A note placed in the edited text (absolute offsets). */
export interface PlacedNote {
  code: CodeName;
  message: string;
  start: number;
  end: number;
}

/** Edits in text order; edits at the same place keep the order they were made in. */
function ordered(edits: readonly TextEdit[]): TextEdit[] {
  return edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.e.end - b.e.end || a.i - b.i).map((x) => x.e);
}

/**
 * Applies non-overlapping edits; the new text and the edits' notes placed in
 * it. Overlapping edits are a bug of the converter, so they throw.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): { text: string; notes: PlacedNote[] } {
  const sorted = ordered(edits);
  let out = '';
  let at = 0;
  const notes: PlacedNote[] = [];
  for (const e of sorted) {
    if (e.start < at) throw new Error(`overlapping edits at ${e.start}`);
    out += text.slice(at, e.start);
    const base = out.length;
    for (const n of e.notes ?? []) notes.push({ code: n.code, message: n.message, start: base + n.from, end: base + n.to });
    out += e.text;
    at = e.end;
  }
  out += text.slice(at);
  return { text: out, notes };
}

/** Where an offset of the original text is after the edits (an offset inside a replaced span goes to its start). */
export function mapOffset(edits: readonly TextEdit[], offset: number): number {
  let shift = 0;
  for (const e of ordered(edits)) {
    if (e.start >= offset && !(e.start === offset && e.end === offset)) break;
    if (e.end > offset) return e.start + shift;
    shift += e.text.length - (e.end - e.start);
  }
  return offset + shift;
}

/** The start of the line holding `offset`. */
export function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

/** The end of the line holding `offset`, before its line break. */
export function lineEnd(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** The start of the next line (after the line break), or the end of the text. */
export function nextLineStart(text: string, offset: number): number {
  const end = lineEnd(text, offset);
  if (text[end] === '\r' && text[end + 1] === '\n') return end + 2;
  return end < text.length ? end + 1 : end;
}

/** The white space a line starts with. */
export function indentOf(text: string, offset: number): string {
  const start = lineStart(text, offset);
  let i = start;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return text.slice(start, i);
}

/** Whether the line holding `offset` is blank or only a comment. */
export function isCommentOrBlank(text: string, offset: number): boolean {
  const line = text.slice(lineStart(text, offset), lineEnd(text, offset)).trim();
  return line === '' || line.startsWith('//');
}

/** The line break the text uses (a file written with CRLF keeps it). */
export function lineBreak(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
