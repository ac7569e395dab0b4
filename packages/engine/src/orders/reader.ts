/**
 * A cursor over order tokens with backtracking. The grammar is small but some
 * words are ambiguous ("a" is an army or an article; a command word may be a
 * province in some variant), so alternatives are tried in turn and, when all
 * fail, the failure that got furthest into the text is reported: it is the one
 * that understood the most. A reading that guessed a misspelt name (a warning)
 * gives way to one that needed no guess.
 */
import type { Token } from './tokens.js';

export type ParseErrorCode =
  | 'empty'
  | 'unknown-power'
  | 'unknown-province'
  | 'ambiguous-province'
  | 'expected-location'
  | 'expected-coast'
  | 'bad-arrow'
  | 'expected-order'
  | 'expected-move'
  | 'unexpected'
  | 'no-power'
  | 'internal';

export type ParseWarningCode = 'guessed-name';

/** Something the reader did that the writer should know: read a misspelt name as the name it guessed. */
export interface ParseWarning {
  code: ParseWarningCode;
  message: string;
  start: number;
  end: number;
}

/** A parse failure; thrown inside the reader only, never out of `parseOrder`. */
export class Failure {
  constructor(
    readonly code: ParseErrorCode,
    readonly message: string,
    readonly start: number,
    readonly end: number,
    /** Ids that could replace the text from `start` to `end`, best first (an unknown name's did-you-mean). */
    readonly suggestions?: readonly string[],
  ) {}
}

export interface Span {
  start: number;
  end: number;
}

export class Reader {
  pos = 0;
  /** Warnings of the reading so far; alternatives that fail take theirs back. */
  readonly warnings: ParseWarning[] = [];
  /**
   * Which provinces fit the place being read (a unit's place, a move's
   * destination): a misspelt name there is suggested with those first.
   */
  fits: ((province: string) => boolean) | undefined;

  constructor(
    readonly text: string,
    readonly tokens: readonly Token[],
    /** Whether a name that is not known may be read as a name it is close to. */
    readonly guessNames = true,
    /** Whether the unit at `from` can move to the province `to` (`ParseContext.reaches`). */
    readonly reaches?: (from: string, to: string) => boolean,
  ) {}

  /** `fits` for a place the unit at `from` moves, retreats or supports to: the provinces it can reach. */
  reachFrom(from: string): ((province: string) => boolean) | undefined {
    const reaches = this.reaches;
    return reaches === undefined ? undefined : (province) => reaches(from, province);
  }

  peek(k = 0): Token | undefined {
    return this.tokens[this.pos + k];
  }

  /** The normalised word at `pos + k`, if that token is a word. */
  word(k = 0): string | undefined {
    const t = this.peek(k);
    return t?.kind === 'word' ? t.norm : undefined;
  }

  isWord(set: ReadonlySet<string>, k = 0): boolean {
    const w = this.word(k);
    return w !== undefined && set.has(w);
  }

  isPunct(mark: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.kind === 'punct' && t.norm === mark;
  }

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  take(): Token {
    const t = this.tokens[this.pos];
    if (t === undefined) throw this.failure('internal', 'read past the end of the order', this.endSpan());
    this.pos++;
    return t;
  }

  /** Takes the word if it is in `set`. */
  takeWord(set: ReadonlySet<string>): Token | undefined {
    return this.isWord(set) ? this.take() : undefined;
  }

  warn(code: ParseWarningCode, message: string, span: Span): void {
    this.warnings.push({ code, message, start: span.start, end: span.end });
  }

  failure(code: ParseErrorCode, message: string, span: Span, suggestions?: readonly string[]): Failure {
    return new Failure(code, message, span.start, span.end, suggestions);
  }

  /** Reads with `fits` telling which provinces fit the place, then puts back what fitted before. */
  fitting<T>(fits: ((province: string) => boolean) | undefined, read: () => T): T {
    const before = this.fits;
    this.fits = fits;
    try {
      return read();
    } finally {
      this.fits = before;
    }
  }

  /** The span of the last token: where "the order ends here" is shown. */
  endSpan(): Span {
    const last = this.tokens[this.tokens.length - 1];
    return last === undefined ? { start: 0, end: this.text.length } : { start: last.start, end: last.end };
  }

  /** The span of the current token, or the end when there is none. */
  hereSpan(): Span {
    const t = this.peek();
    return t === undefined ? this.endSpan() : { start: t.start, end: t.end };
  }

  /** Text as written between two token indexes (end exclusive). */
  textOf(from: number, to: number): string {
    const a = this.tokens[from];
    const b = this.tokens[to - 1];
    return a === undefined || b === undefined ? '' : this.text.slice(a.start, b.end);
  }

  spanOf(from: number, to: number): Span {
    const a = this.tokens[from];
    const b = this.tokens[to - 1];
    return a === undefined || b === undefined ? this.endSpan() : { start: a.start, end: b.end };
  }

  /**
   * Runs the alternatives in order from the current position; the first that
   * succeeds without a new warning wins, else the first that succeeds. When all
   * fail, throws the failure that started furthest in the text (the earliest
   * alternative on a tie).
   */
  firstOf<T>(...alternatives: (() => T)[]): T {
    const from = this.pos;
    const noted = this.warnings.length;
    let best: Failure | undefined;
    let warned: { value: T; pos: number; warnings: ParseWarning[] } | undefined;
    for (const alt of alternatives) {
      this.pos = from;
      this.warnings.length = noted;
      try {
        const value = alt();
        if (this.warnings.length === noted) return value;
        warned ??= { value, pos: this.pos, warnings: this.warnings.slice(noted) };
      } catch (e) {
        if (!(e instanceof Failure)) throw e;
        if (best === undefined || e.start > best.start) best = e;
      }
    }
    this.warnings.length = noted;
    if (warned !== undefined) {
      this.pos = warned.pos;
      for (const w of warned.warnings) this.warnings.push(w);
      return warned.value;
    }
    this.pos = from;
    throw best ?? this.failure('internal', 'no way to read the order', this.hereSpan());
  }
}
