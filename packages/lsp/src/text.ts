/**
 * Positions: the DSL's ranges (0-based line/column, UTF-16 offsets) to LSP
 * ranges, and LSP positions back to offsets. Every conversion is clamped and
 * finite, so no response ever carries a NaN or a negative position.
 */
import type { Range as DslRange } from '@dipforge/dsl';
import type { Position, Range } from 'vscode-languageserver';

/** Line starts of a text (\n, \r\n and a lone \r end a line, as the DSL counts them). */
export class Lines {
  readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    // Without a carriage return (the usual case) a line ends at the next line feed, which indexOf finds faster than a loop.
    if (text.indexOf('\r') < 0) for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  get count(): number {
    return this.starts.length;
  }

  /** Offset of the start of line `line` (clamped). */
  lineStart(line: number): number {
    const l = clampInt(line, 0, this.starts.length - 1);
    return this.starts[l] as number;
  }

  /** Offset of the end of line `line`, before its line break. */
  lineEnd(line: number): number {
    const l = clampInt(line, 0, this.starts.length - 1);
    let end = l + 1 < this.starts.length ? (this.starts[l + 1] as number) : this.text.length;
    while (end > (this.starts[l] as number) && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** A position inside the text: a line past the end is the end, a character past its line's end that end (as the protocol says). */
  clamp(p: Position): Position {
    if (p.line >= this.starts.length) return this.positionAt(this.text.length);
    const line = clampInt(p.line, 0, this.starts.length - 1);
    return { line, character: clampInt(p.character, 0, this.lineEnd(line) - (this.starts[line] as number)) };
  }

  offsetAt(p: Position): number {
    const line = clampInt(p.line, 0, this.starts.length - 1);
    const start = this.starts[line] as number;
    return start + clampInt(p.character, 0, this.lineEnd(line) - start);
  }

  positionAt(offset: number): Position {
    const o = clampInt(offset, 0, this.text.length);
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - (this.starts[lo] as number) };
  }

  range(start: number, end: number): Range {
    const s = this.positionAt(start);
    return { start: s, end: end <= start ? s : this.positionAt(end) };
  }

  lineOf(offset: number): number {
    return this.positionAt(offset).line;
  }
}

/** Params with their `position` and `range` (when they have them) clamped to the document. */
export function clampParams<P>(lines: Lines, params: P): P {
  const p = params as { position?: Position; range?: Range };
  if (!p || typeof p !== 'object' || (!p.position && !p.range)) return params;
  return {
    ...params,
    ...(p.position ? { position: lines.clamp(p.position) } : {}),
    ...(p.range ? { range: { start: lines.clamp(p.range.start), end: lines.clamp(p.range.end) } } : {}),
  };
}

export function clampInt(n: number, lo: number, hi: number): number {
  if (!Number.isFinite(n)) return lo;
  return Math.max(lo, Math.min(hi, Math.trunc(n)));
}

function safe(n: number): number {
  return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : 0;
}

/** A DSL range as an LSP range (never NaN, never negative, end not before start). */
export function toRange(r: DslRange | undefined): Range {
  if (!r) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const start = { line: safe(r.start.line), character: safe(r.start.column) };
  let end = { line: safe(r.end.line), character: safe(r.end.column) };
  if (end.line < start.line || (end.line === start.line && end.character < start.character)) end = { ...start };
  return { start, end };
}

/** Whether offset `o` lies in [start, end] of a DSL range (both ends included: the cursor may sit right after a word). */
export function inRange(r: DslRange, o: number): boolean {
  return o >= r.start.offset && o <= r.end.offset;
}

/** Words as the game language reads them: letters, marks, digits, `_`, inner `-`. */
export const WORD = /[\p{L}\p{M}\p{Nd}_]+(?:-[\p{L}\p{M}\p{Nd}_]+)*/gu;

/** The word around an offset (letters, digits, `_`, `-`), as [start, end). */
export function wordAt(text: string, offset: number): { start: number; end: number; text: string } {
  const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{M}\p{Nd}_-]/u.test(c);
  let s = clampInt(offset, 0, text.length);
  let e = s;
  while (s > 0 && isWord(text[s - 1]) && text[s - 1] !== '\n') s--;
  while (e < text.length && isWord(text[e])) e++;
  // A leading or trailing '-' is an arrow, not part of a word.
  while (s < e && text[s] === '-') s++;
  while (e > s && text[e - 1] === '-') e--;
  return { start: s, end: e, text: text.slice(s, e) };
}

/**
 * Where a line's comment starts (a `//` outside a string: strings may hold `//`), or -1; and
 * whether a string is left open at the end of a line without a comment.
 */
export function lineComment(line: string): { comment: number; open: boolean } {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '/' && line[i + 1] === '/') return { comment: i, open: false };
  }
  return { comment: -1, open: inString };
}
