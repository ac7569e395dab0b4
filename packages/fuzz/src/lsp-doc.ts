/**
 * The client's copy of an open document, kept equal to the server's: an
 * incremental change is applied as the protocol's text document applies it
 * (positions clamped to the text, a line's end taken before its line break,
 * a range given end first turned round), so that edits at positions out of
 * range still leave both sides with the same text. Recent versions are kept,
 * because diagnostics arrive for the version they were computed for.
 */

export interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

export interface Change {
  range?: LspRange;
  text: string;
}

/** Versions of a document kept for checking late diagnostics. */
const KEEP_VERSIONS = 64;

export class Mirror {
  private readonly versions = new Map<number, string>();
  private offsets: number[] | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public text: string,
    public version = 1,
  ) {
    this.versions.set(version, text);
  }

  /** The text the server had at a version (undefined when no longer kept). */
  textAt(version: number): string | undefined {
    return this.versions.get(version);
  }

  get lineCount(): number {
    return this.lineOffsets().length;
  }

  /** A line's length without its line break. */
  lineLength(line: number): number {
    const offsets = this.lineOffsets();
    const start = offsets[line] ?? this.text.length;
    return this.beforeEol(line + 1 < offsets.length ? (offsets[line + 1] as number) : this.text.length, start) - start;
  }

  offsetAt(p: LspPosition): number {
    const offsets = this.lineOffsets();
    if (p.line >= offsets.length) return this.text.length;
    if (p.line < 0) return 0;
    const lineOffset = offsets[p.line] as number;
    if (p.character <= 0) return lineOffset;
    const next = p.line + 1 < offsets.length ? (offsets[p.line + 1] as number) : this.text.length;
    return this.beforeEol(Math.min(lineOffset + p.character, next), lineOffset);
  }

  positionAt(offset: number): LspPosition {
    const offsets = this.lineOffsets();
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = offsets.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((offsets[mid] as number) > o) hi = mid;
      else lo = mid + 1;
    }
    const line = lo - 1;
    return { line, character: this.beforeEol(o, offsets[line] as number) - (offsets[line] as number) };
  }

  /** Applies changes as the server does and moves to `version`. */
  apply(changes: readonly Change[], version: number): void {
    for (const c of changes) {
      if (!c.range) {
        this.text = c.text;
      } else {
        const { start, end } = wellFormed(c.range);
        const from = this.offsetAt(start);
        const to = this.offsetAt(end);
        this.text = this.text.slice(0, from) + c.text + this.text.slice(to);
      }
      this.offsets = undefined;
    }
    this.version = version;
    this.versions.set(version, this.text);
    this.versions.delete(version - KEEP_VERSIONS);
  }

  private lineOffsets(): number[] {
    if (this.offsets) return this.offsets;
    const out = [0];
    const t = this.text;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 13 || c === 10) {
        if (c === 13 && i + 1 < t.length && t.charCodeAt(i + 1) === 10) i++;
        out.push(i + 1);
      }
    }
    this.offsets = out;
    return out;
  }

  /** Moves an offset back over line-break characters, not before the line's start. */
  private beforeEol(offset: number, lineOffset: number): number {
    let o = offset;
    while (o > lineOffset && (this.text.charCodeAt(o - 1) === 10 || this.text.charCodeAt(o - 1) === 13)) o--;
    return o;
  }
}

/** A range with its start first (the protocol's text document turns a reversed range round). */
export function wellFormed(r: LspRange): LspRange {
  const s = r.start;
  const e = r.end;
  return s.line > e.line || (s.line === e.line && s.character > e.character) ? { start: e, end: s } : r;
}
