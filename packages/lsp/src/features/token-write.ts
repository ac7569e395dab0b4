/**
 * The protocol's integers of semantic tokens (five a token: line and character relative to the
 * token before, length, type, modifiers), written in the order of the document: a span by its
 * offsets (split at line breaks; dropped when it starts before the end of the span before, so the
 * first of overlapping spans wins), or the tokens kept for an order text (token-orders.ts) at once.
 * An order line whose first token is on the line after the token before (most of them: order
 * lines follow each other) is the kept integers themselves, shared by every line of that text; the
 * answer is joined from such pieces once, at the end.
 */
import type { OrderText } from './token-orders.js';

/** The line starts of a text (`Lines`). */
export interface LineTable {
  readonly starts: readonly number[];
  readonly text: string;
}

/** Pieces joined by one call of `concat`, which takes them as arguments (a long document's are more than the engine takes at once). */
const JOIN = 8192;

export class TokenWriter {
  /** The answer so far, in pieces. */
  private readonly parts: (readonly number[])[] = [];
  /** The piece being written token by token. */
  private loose: number[] = [];
  private lastLine = 0;
  private lastChar = 0;
  /** The line of the last offset written. */
  private cursor = 0;
  /** The end of the last span kept: one that starts before it overlaps that span and is dropped. */
  last = 0;

  /** Only the tokens on lines `from`..`to` are written; every span counts for overlaps. */
  constructor(
    private readonly lines: LineTable,
    private readonly from = 0,
    private readonly to = Number.MAX_SAFE_INTEGER,
  ) {}

  /** The span `s`..`e`, of type and modifiers `kind` (type << 2 | modifiers), which starts at or after the one before. */
  span(s: number, e: number, kind: number): void {
    if (e <= s || s < this.last) return;
    this.last = e;
    const { starts, text } = this.lines;
    const count = starts.length;
    let cursor = this.cursor;
    while (cursor + 1 < count && (starts[cursor + 1] as number) <= s) cursor++;
    this.cursor = cursor;
    // A line's break characters are its last: a span within its line whose last character is no
    // break holds none, and is written whole without looking for the line's end.
    const endCode = text.charCodeAt(e - 1);
    const inLine = cursor + 1 < count && e <= (starts[cursor + 1] as number) && endCode !== 10 && endCode !== 13;
    let line = cursor;
    let at = s;
    for (;;) {
      let lineEnd = e;
      if (!inLine) {
        // The line's end before its break.
        lineEnd = line + 1 < count ? (starts[line + 1] as number) : text.length;
        while (lineEnd > (starts[line] as number) && (text.charCodeAt(lineEnd - 1) === 10 || text.charCodeAt(lineEnd - 1) === 13)) lineEnd--;
        if (lineEnd > e) lineEnd = e;
      }
      if (lineEnd > at && line >= this.from && line <= this.to) {
        const character = at - (starts[line] as number);
        const dl = line - this.lastLine;
        this.loose.push(dl, dl === 0 ? character - this.lastChar : character, lineEnd - at, kind >> 2, kind & 3);
        this.lastLine = line;
        this.lastChar = character;
      }
      if (line + 1 >= count) break;
      at = starts[++line] as number;
      if (at >= e) break;
    }
  }

  /**
   * The tokens of an order text that starts at `base`, which holds at least one; false, and nothing
   * written, when they would overlap the span before or not end on their first token's line (the
   * caller then writes the document another way).
   */
  orderText(t: OrderText, base: number): boolean {
    const s = base + t.first;
    const e = base + t.end;
    if (s < this.last) return false;
    const starts = this.lines.starts;
    const count = starts.length;
    let cursor = this.cursor;
    while (cursor + 1 < count && (starts[cursor + 1] as number) <= s) cursor++;
    if (cursor + 1 < count && e >= (starts[cursor + 1] as number)) return false;
    this.cursor = cursor;
    this.last = e;
    if (cursor < this.from || cursor > this.to) return true;
    const character = s - (starts[cursor] as number);
    if (t.char !== character) {
      // Another character than the kept integers': the text's integers at this one, kept from now on
      // (a copy once they are in an answer, which keeps its own).
      if (t.written) t.ints = t.ints.slice();
      t.ints[1] = character;
      t.char = character;
    }
    t.written = true;
    const ints = t.ints;
    const dl = cursor - this.lastLine;
    if (dl === 1) this.piece(ints);
    else {
      // The first token placed after the token before; the others as kept.
      const loose = this.loose;
      loose.push(dl, dl === 0 ? character - this.lastChar : character, ints[2] as number, ints[3] as number, 0);
      for (let k = 5; k < ints.length; k++) loose.push(ints[k] as number);
    }
    this.lastLine = cursor;
    this.lastChar = character + t.lastStart - t.first;
    return true;
  }

  private piece(p: readonly number[]): void {
    if (this.loose.length > 0) {
      this.parts.push(this.loose);
      this.loose = [];
    }
    this.parts.push(p);
  }

  /** The integers written, one new array. */
  finish(): number[] {
    if (this.loose.length > 0) this.parts.push(this.loose);
    this.loose = [];
    return join(this.parts);
  }
}

/** The pieces as one new array. */
function join(parts: readonly (readonly number[])[]): number[] {
  if (parts.length <= JOIN) return ([] as number[]).concat(...parts);
  const joined: number[][] = [];
  for (let k = 0; k < parts.length; k += JOIN) joined.push(([] as number[]).concat(...parts.slice(k, k + JOIN)));
  return join(joined);
}
