/**
 * What every line reader of a game file works with: the text, the line being read (a position on
 * it needs no search), the diagnostics, and the nodes made of tokens: a word, a span of source
 * text, a list of powers, a power's list of units or provinces. The game parser (parse.ts) reads
 * the lines and hands each statement to the reader of its kind (header-lines.ts,
 * expect-lines.ts, declare-lines.ts), which builds its nodes with these.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CodeName } from '../diagnostics/codes.js';
import { LineIndex, type Position, type Range } from '../text/range.js';
import type * as G from './ast.js';
import { numberProblem, quoted, type NumberField } from '@dipforge/engine/config';
import { UNIT_KINDS } from './keywords.js';
import { LineRange, LineText, LineUnit, LineWord } from './line-range.js';
import { colonIndex, splitCommas, tokenize, type Item, type Tok } from './tokens.js';

export class LineReader {
  readonly diagnostics: Diagnostic[] = [];
  /** A line index made early, only for a position off the line being read (see `position`). */
  private early: LineIndex | undefined;
  /** The line being read: its number and where it starts and ends (positions in it need no search). */
  protected lineNo = 0;
  protected lineStart = 0;
  protected lineEnd = 0;

  constructor(
    readonly text: string,
    readonly file: string,
    /** Whether the ranges of nodes on one line are made when read (line-range.ts: a headless run reads few). */
    protected readonly lazyRanges = false,
  ) {}

  /** The tokens from `start` to `end` (a comment left out); reports an unterminated string. */
  tokens(start: number, end: number): Tok[] {
    return tokenize(this.text, start, end, this.unterminated);
  }

  /** Made once per file, not once per line tokenized. */
  private readonly unterminated = (start: number, end: number): void => this.report('unterminatedString', start, end, 'This string is not closed before the end of the line');

  /** Whether a number token is one `field` holds; if not, says why at the token. */
  numberFits(t: Tok, field: NumberField): boolean {
    const why = numberProblem(t.text, field);
    if (why) this.report('invalidValue', t.start, t.end, why);
    return why === undefined;
  }

  /** The range of a node from `start` to `end` (made when read, if ranges are lazy and it is on the line being read). */
  range(start: number, end: number): Range {
    if (this.lazyRanges && start >= this.lineStart && end <= this.lineEnd) return new LineRange(this.lineNo, this.lineStart, start, end);
    return this.rangeNow(start, end);
  }

  /** A text node from `start` to `end` (with its range made when read, as one object, if ranges are lazy and it is on the line being read). */
  textNode(text: string, start: number, end: number): G.Text {
    if (this.lazyRanges && start >= this.lineStart && end <= this.lineEnd) return new LineText(text, this.lineNo, this.lineStart, start, end);
    return { text, range: this.rangeNow(start, end) };
  }

  /** A word node from `start` to `end` (as one object if ranges are lazy and it is on the line being read: LineWord). */
  wordAt(text: string, start: number, end: number): G.Word {
    if (this.lazyRanges && start >= this.lineStart && end <= this.lineEnd) return new LineWord(text, this.lineNo, this.lineStart, start, end);
    return wordNode(text, this.rangeNow(start, end));
  }

  /**
   * A unit item of a one-letter kind (`kind`, the letter as written and lower-cased) at `from` and
   * its `location` as `textNode` made it, as one object besides the location when that is a
   * `LineText` (its kind word and range made when read); undefined otherwise.
   */
  letterUnit(kind: { readonly text: string; readonly value: string }, unitKind: 'army' | 'fleet', from: number, location: G.Text): G.UnitItem | undefined {
    return location instanceof LineText ? new LineUnit(kind, location, unitKind, this.lineNo, this.lineStart, from) : undefined;
  }

  /** From the start of `a` to the end of `b`, two ranges of the line being read (`range`). */
  join(a: Range, b: Range): Range {
    return a instanceof LineRange && b instanceof LineRange ? LineRange.join(a, b) : { start: a.start, end: b.end };
  }

  /** A range made at once, whatever the ranges of nodes are: a diagnostic's. */
  private rangeNow(start: number, end: number): Range {
    const from = this.position(start);
    return { start: from, end: end <= from.offset ? from : this.position(end) };
  }

  /** The position of an offset: computed directly on the line being read (the same as `LineIndex.position`). */
  position(offset: number): Position {
    if (offset >= this.lineStart && offset <= this.lineEnd) return { offset, line: this.lineNo, column: offset - this.lineStart };
    this.early ??= new LineIndex(this.text);
    return this.early.position(offset);
  }

  report(name: CodeName, start: number, end: number, message: string, suggestions?: readonly string[]): void {
    this.diagnostics.push(diagnostic(name, this.file, this.rangeNow(start, end), message, suggestions));
  }

  word(t: Tok): G.Word {
    return wordNode(t.text, this.range(t.start, t.end));
  }

  /** Source text from the start of the first token to the end of the last, as one node. */
  span(toks: Tok[]): G.Text {
    const first = toks[0] as Tok;
    const last = toks[toks.length - 1] as Tok;
    return { text: this.text.slice(first.start, last.end), range: this.range(first.start, last.end) };
  }

  /** Words joined as written, for names of more than one word (`North Sea`). */
  words(toks: Tok[]): G.Word {
    const only = toks[0] as Tok;
    // One word has no space to fold.
    if (toks.length === 1 && only.kind === 'word') return this.word(only);
    const s = this.span(toks);
    return { text: s.text, value: s.text.toLowerCase().replace(/\s+/g, ' '), range: s.range };
  }

  /** `POWER, POWER, …` (names of one or more words); undefined when empty or not all words. */
  powerNames(toks: Tok[], after: number): G.Word[] | undefined {
    const items = splitCommas(toks, after);
    if (items.length === 0) return undefined;
    const out: G.Word[] = [];
    for (const item of items) {
      if (item.toks.length === 0 || item.toks.some((t) => t.kind !== 'word')) return undefined;
      out.push(this.words(item.toks));
    }
    return out;
  }

  /** `POWER: item, item, …`: the power words before the colon and the comma-separated items after it. */
  powerList(toks: Tok[], lineEnd: number, usage: string, keyword?: Tok): { power: G.Word; items: Item[] } | undefined {
    const colon = colonIndex(toks);
    const at = keyword ?? toks[0];
    if (colon <= 0 || toks.slice(0, colon).some((t) => t.kind !== 'word')) {
      const start = at ? at.start : lineEnd;
      this.report('gameSyntax', start, lineEnd, `Expected ${usage}`);
      return undefined;
    }
    return { power: this.words(toks.slice(0, colon)), items: splitCommas(toks.slice(colon + 1), (toks[colon] as Tok).end) };
  }

  texts(items: Item[]): G.Text[] {
    const out: G.Text[] = [];
    for (const item of items) {
      if (item.toks.length === 0) this.report('gameSyntax', item.start, item.end, 'A province is missing between the commas');
      else out.push(this.span(item.toks));
    }
    return out;
  }

  /** Unit items: `KIND LOCATION [from PROVINCE [via convoy]]`. */
  units(items: Item[], dislodged: boolean): G.UnitItem[] {
    const out: G.UnitItem[] = [];
    for (const { toks: item, start, end } of items) {
      if (item.length === 0) {
        this.report('gameSyntax', start, end, 'A unit is missing between the commas');
        continue;
      }
      const kindTok = item[0] as Tok;
      const last = item[item.length - 1] as Tok;
      if (item.length < 2 || kindTok.kind !== 'word') {
        this.report('gameSyntax', kindTok.start, last.end, 'A unit is written KIND LOCATION, e.g. A par or F spa/nc');
        continue;
      }
      const fromAt = item.findIndex((t, i) => i > 0 && t.kind === 'word' && t.text.toLowerCase() === 'from');
      const locToks = item.slice(1, fromAt < 0 ? item.length : fromAt);
      if (locToks.length === 0) {
        this.report('gameSyntax', kindTok.start, last.end, 'The unit has no location');
        continue;
      }
      const kindWord = this.word(kindTok);
      const unit: G.UnitItem = { kindWord, location: this.span(locToks), range: this.range(kindTok.start, last.end) };
      const kind = UNIT_KINDS[kindWord.value];
      if (kind) unit.unitKind = kind;
      else this.report('unknownUnitKind', kindTok.start, kindTok.end, `${quoted(kindTok.text)} is no unit kind: write A (army) or F (fleet)`);
      if (fromAt >= 0) {
        if (!dislodged) {
          this.report('gameSyntax', (item[fromAt] as Tok).start, last.end, "'from' is written only for dislodged units");
        } else {
          let tail = item.slice(fromAt + 1);
          const n = tail.length;
          if (n >= 2 && tail[n - 2]?.text.toLowerCase() === 'via' && tail[n - 1]?.text.toLowerCase() === 'convoy') {
            unit.viaConvoy = { range: this.range((tail[n - 2] as Tok).start, (tail[n - 1] as Tok).end) };
            tail = tail.slice(0, -2);
          }
          if (tail.length === 0) this.report('gameSyntax', (item[fromAt] as Tok).start, last.end, "Expected the province the attack came from after 'from'");
          else unit.from = this.span(tail);
        }
      }
      out.push(unit);
    }
    return out;
  }
}

/** A word node: the word as written and lower-cased. */
export function wordNode(text: string, range: Range): G.Word {
  return { text, value: text.toLowerCase(), range };
}
