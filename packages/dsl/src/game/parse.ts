/**
 * The `.dipgame` parser. The language is line-based: one statement a line, so
 * the file is split into lines, each line into a few tokens (words, numbers,
 * strings, punctuation), and each line is read on its own according to the
 * section it is in. Order text is not tokenized here: it is kept as a
 * substring with its range and handed to the engine's order parser later.
 *
 * A bad line costs one diagnostic and never the rest of the file.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CodeName } from '../diagnostics/codes.js';
import { LineIndex, ZERO_RANGE, type Position, type Range } from '../text/range.js';
import type * as G from './ast.js';
import { hashStep, TEXT_HASH, textOf } from './texts.js';
import { didYouMeanOf, echo, numberProblem, quoted, SCORE_FIELD, SEED_FIELD, YEAR_FIELD, type NumberField } from '@dipforge/engine/config';
import { suggestionsFor, wrongWordMessage } from '../map/expected.js';
import { plainExpectLine } from './plain-expect.js';

export interface ParsedGame {
  file: string;
  text: string;
  ast: G.GameFile;
  diagnostics: Diagnostic[];
  lines: LineIndex;
}

type TokKind = 'word' | 'number' | 'string' | 'punct';

interface Tok {
  kind: TokKind;
  /** As written (for a string: the unescaped value). */
  text: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{M}\p{Nd}_]+(?:-[\p{L}\p{M}\p{Nd}_]+)*/uy;
const SPACE = /[ \t\f\v\u00a0\u2000-\u200b\u3000\ufeff]+/y;

const HEADER_KEYWORDS = new Set(['variant', 'edition', 'rule', 'seed', 'player', 'language']);
const PHASE_KINDS: Record<string, G.PhaseKindName> = { movement: 'movement', retreat: 'retreat', adjustment: 'adjustment' };
const RESULTS: Record<string, G.ExpectedResult> = { succeeds: 'succeeds', fails: 'fails', illegal: 'illegal' };
const UNIT_KINDS: Record<string, 'army' | 'fleet'> = { a: 'army', army: 'army', f: 'fleet', fleet: 'fleet' };
/** Words that start a declaration in a `declare` block (besides `POWER allies POWER`). */
const DECLARATION_KEYWORDS = new Set(['alliance', 'draw', 'concede', 'end']);
const RESULT_KINDS = new Set<G.ResultKindName>(['solo', 'alliance', 'leader', 'shared', 'draw', 'concession', 'ended', 'extended', 'none']);

/** Parses a `.dipgame` text; `file` is used for diagnostics only. */
export function parseGame(text: string, file: string): ParsedGame {
  return new GameParser(text, file, true).parse();
}

/**
 * Parses with the general reader alone, every line through its tokens: the plain-line readers
 * (plainOrder, plainPowerLine, plain-expect.ts) must give the same syntax tree and diagnostics,
 * which the tests check against this.
 */
export function parseGameByTokens(text: string, file: string): ParsedGame {
  return new GameParser(text, file, false).parse();
}

class GameParser {
  /** Where each line starts, found while reading the lines (the line index is made of them at the end). */
  private readonly lineStarts: number[] = [];
  /** A line index made early, only for a position off the line being read (see `position`). */
  private early: LineIndex | undefined;
  private readonly diagnostics: Diagnostic[] = [];
  private readonly ast: G.GameFile;
  private section: 'header' | 'position' | 'phase' | 'expect' | 'declare' = 'header';
  private phase: G.PhaseSection | undefined;
  private expect: G.ExpectSection | undefined;
  /** The open `declare` block, and whether the open expect block belongs to it (not to a phase). */
  private declare: G.DeclareSection | undefined;
  private expectInDeclare = false;
  private power: G.Word | undefined;
  /** The line being read: its number and where it starts and ends (positions in it need no search). */
  private lineNo = 0;
  private lineStart = 0;
  private lineEnd = 0;
  /** The section plain order lines grew, and where its last one ends (see plainOrder). */
  private growing: G.Node | undefined;
  private grownTo = 0;
  private grownLine = 0;
  private grownColumn = 0;

  constructor(
    private readonly text: string,
    private readonly file: string,
    /** Whether the plain-line readers take the lines they can (else every line is tokenized). */
    private readonly plainLines: boolean,
  ) {
    this.ast = { kind: 'GameFile', header: [], phases: [], declare: [], range: ZERO_RANGE };
  }

  parse(): ParsedGame {
    const text = this.text;
    // Without a carriage return in the text (the usual case) a line ends at the next line feed, which indexOf finds faster than a loop.
    const lineFeedsOnly = text.indexOf('\r') < 0;
    let start = 0;
    while (start <= text.length) {
      let end = lineFeedsOnly ? text.indexOf('\n', start) : start;
      if (end < 0) end = text.length;
      else if (!lineFeedsOnly) while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
      this.lineStart = start;
      this.lineEnd = end;
      this.lineStarts.push(start);
      this.line(start, end);
      if (end >= text.length) break;
      start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
      this.lineNo++;
    }
    this.flushGrowth();
    const lines = new LineIndex(text, this.lineStarts);
    this.ast.range = lines.range(0, text.length);
    return { file: this.file, text, ast: this.ast, diagnostics: this.diagnostics, lines };
  }

  // ------------------------------------------------------------- helpers

  /** Whether a number token is one `field` holds; if not, says why at the token. */
  private numberFits(t: Tok, field: NumberField): boolean {
    const why = numberProblem(t.text, field);
    if (why) this.report('invalidValue', t.start, t.end, why);
    return why === undefined;
  }

  private range(start: number, end: number): Range {
    const from = this.position(start);
    return { start: from, end: end <= from.offset ? from : this.position(end) };
  }

  /** The position of an offset: computed directly on the line being read (the same as `LineIndex.position`). */
  private position(offset: number): Position {
    if (offset >= this.lineStart && offset <= this.lineEnd) return { offset, line: this.lineNo, column: offset - this.lineStart };
    this.early ??= new LineIndex(this.text);
    return this.early.position(offset);
  }

  private report(name: CodeName, start: number, end: number, message: string, suggestions?: readonly string[]): void {
    this.diagnostics.push(diagnostic(name, this.file, this.range(start, end), message, suggestions));
  }

  private word(t: Tok): G.Word {
    return wordNode(t.text, this.range(t.start, t.end));
  }

  /** Source text from the start of the first token to the end of the last, as one node. */
  private span(toks: Tok[]): G.Text {
    const first = toks[0] as Tok;
    const last = toks[toks.length - 1] as Tok;
    return { text: this.text.slice(first.start, last.end), range: this.range(first.start, last.end) };
  }

  /** Words joined as written, for names of more than one word (`North Sea`). */
  private words(toks: Tok[]): G.Word {
    const only = toks[0] as Tok;
    // One word has no space to fold.
    if (toks.length === 1 && only.kind === 'word') return this.word(only);
    const s = this.span(toks);
    return { text: s.text, value: s.text.toLowerCase().replace(/\s+/g, ' '), range: s.range };
  }

  /** Splits a line into tokens; reports an unterminated string. `end` excludes any comment. */
  private tokenize(start: number, end: number): Tok[] {
    const text = this.text;
    const out: Tok[] = [];
    let i = start;
    while (i < end) {
      const code = text.charCodeAt(i);
      if (code === 32 || code === 9) {
        i++;
        continue;
      }
      // Most words are ASCII letters and digits: read them without the regular expression.
      const ascii = asciiWord(text, i, end);
      if (ascii > i) {
        const image = text.slice(i, ascii);
        out.push({ kind: isDigits(text, i, ascii) ? 'number' : 'word', text: image, start: i, end: ascii });
        i = ascii;
        continue;
      }
      SPACE.lastIndex = i;
      const space = SPACE.exec(text);
      if (space && space.index === i) {
        i += space[0].length;
        continue;
      }
      const c = text[i] as string;
      if (c === '"') {
        let j = i + 1;
        let value = '';
        let closed = false;
        while (j < end) {
          const d = text[j] as string;
          if (d === '\\' && j + 1 < end) {
            value += text[j + 1];
            j += 2;
            continue;
          }
          if (d === '"') {
            closed = true;
            j++;
            break;
          }
          value += d;
          j++;
        }
        if (!closed) this.report('unterminatedString', i, end, 'This string is not closed before the end of the line');
        out.push({ kind: 'string', text: value, start: i, end: j });
        i = j;
        continue;
      }
      WORD.lastIndex = i;
      const w = WORD.exec(text);
      if (w && w.index === i) {
        const wend = Math.min(i + w[0].length, end);
        const image = text.slice(i, wend);
        out.push({ kind: /^\d+$/.test(image) ? 'number' : 'word', text: image, start: i, end: wend });
        i = wend;
        continue;
      }
      const cp = text.codePointAt(i) ?? 0;
      const len = cp > 0xffff ? 2 : 1;
      out.push({ kind: 'punct', text: text.slice(i, i + len), start: i, end: i + len });
      i += len;
    }
    return out;
  }

  /** Where a `//` comment starts (outside strings), or `end`. */
  private commentStart(start: number, end: number): number {
    const text = this.text;
    let inString = false;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++;
        else if (c === 34) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 47 && text.charCodeAt(i + 1) === 47 && i + 1 < end) return i;
    }
    return end;
  }

  // --------------------------------------------------------------- lines

  private line(start: number, end: number): void {
    if (this.section === 'phase' && this.power && this.continuation(start, end)) return;
    if (this.plainLines && this.section === 'phase' && ((this.power && this.plainOrder(start, end)) || this.plainPowerLine(start, end))) return;
    this.flushGrowth();
    if (this.plainLines && this.section === 'expect' && this.plainExpect(start, end)) return;
    const contentEnd = this.commentStart(start, end);
    const toks = this.tokenize(start, contentEnd);
    const first = toks[0];
    if (!first) return;
    const lineEnd = (toks[toks.length - 1] as Tok).end;
    let kw = first.kind === 'word' && toks[1]?.text !== ':' ? first.text.toLowerCase() : '';
    const slip = kw === '' ? undefined : this.keywordSlip(kw, toks);
    if (slip) {
      // Read as the statement it is a slip for, so one wrong word costs one diagnostic.
      this.report('gameSyntax', first.start, first.end, wrongWordMessage(first.text, slip.expected, slip.suggestions), slip.suggestions);
      kw = slip.word;
    }

    if (HEADER_KEYWORDS.has(kw)) {
      if (this.section !== 'header') {
        this.report('misplacedStatement', first.start, lineEnd, `${quoted(kw)} belongs in the header, before the position and the phases`);
        return;
      }
      this.header(kw, toks, lineEnd);
      return;
    }
    if (kw === 'position') {
      this.positionLine(toks, lineEnd);
      return;
    }
    if (kw === 'phase') {
      this.phaseLine(toks, lineEnd);
      return;
    }
    if (kw === 'expect') {
      this.expectLine(toks, lineEnd);
      return;
    }
    if (kw === 'declare') {
      this.declareLine(toks, lineEnd);
      return;
    }
    switch (this.section) {
      case 'header':
        if (colonIndex(toks) > 0) {
          this.report('misplacedStatement', first.start, lineEnd, 'Units and orders come after a position or phase line: position SEASON YEAR PHASE, phase SEASON YEAR PHASE');
        } else {
          this.report('gameSyntax', first.start, lineEnd, 'Expected a header statement (variant, edition, rule, seed, player, language), position or phase');
        }
        return;
      case 'position':
        this.inPosition(kw, toks, lineEnd);
        return;
      case 'phase':
        this.inPhase(kw, toks, lineEnd);
        return;
      case 'expect':
        this.inExpect(kw, toks, lineEnd);
        return;
      case 'declare':
        this.inDeclare(toks, lineEnd);
        return;
    }
  }

  /**
   * A line right after an order line (no result written on it), indented deeper
   * than it: the order may go on here (`イギリス:海軍 North Sea(北海)` and, below
   * it, `支援 ドイツ:陸軍 Kiel(キール)-Holland(オランダ)`). It is kept as an order
   * line of its own, marked `continuation`, with no power heading read from it
   * (its colon is a power prefix of the order), and the line before gets the
   * text of both in `continued`; the runner reads them as one order when the
   * line before is no order alone. False (nothing done) for any other line.
   */
  private continuation(start: number, end: number): boolean {
    const phase = this.phase as G.PhaseSection;
    const prev = phase.orders[phase.orders.length - 1];
    if (!prev || prev.expected || prev.range.end.line !== this.lineNo - 1) return false;
    // The first line of the order: a third line continues the first two.
    let head = phase.orders.length - 1;
    while (head > 0 && phase.orders[head]!.continuation) head--;
    const first = phase.orders[head] as G.OrderLine;
    const indent = (from: number): number => {
      let i = from;
      while (i < this.text.length && isBlank(this.text.charCodeAt(i))) i++;
      return i - from;
    };
    const firstStart = first.range.start.offset - first.range.start.column;
    if (indent(start) <= indent(firstStart)) return false;
    const toks = this.tokenize(start, this.commentStart(start, end));
    const tok = toks[0];
    if (!tok) return false;
    const kw = tok.kind === 'word' ? tok.text.toLowerCase() : '';
    if (kw === 'phase' || kw === 'expect' || kw === 'declare' || kw === 'position') return false;
    this.flushGrowth();
    const count = phase.orders.length;
    this.order(toks, this.power as G.Word, (toks[toks.length - 1] as Tok).end);
    const next = phase.orders[phase.orders.length - 1];
    if (phase.orders.length === count || !next) return true;
    next.continuation = true;
    // The text of the lines as written, with what lies between them (a comment, the line break, the indentation)
    // as blanks of the same length, so that an offset into it is an offset into the file from where it starts.
    const before = first.continued ?? first.text;
    const gap = this.text.slice(before.range.end.offset, next.text.range.start.offset).replace(/[^\r\n]/g, ' ');
    first.continued = { text: before.text + gap + next.text.text, range: this.range(first.text.range.start.offset, next.text.range.end.offset) };
    this.growLater(phase, (toks[toks.length - 1] as Tok).end);
    return true;
  }

  /**
   * The statement keyword a line's first word is a slip for (`phsae`, `editon`,
   * `untis`), when the word is no keyword, is close to one the section takes,
   * and the rest of the line has that statement's shape (an order line is never
   * taken for one); with what the place expects and the suggestions.
   */
  private keywordSlip(kw: string, toks: Tok[]): { word: string; expected: string[]; suggestions: string[] } | undefined {
    if (STATEMENT_WORDS.has(kw) || colonIndex(toks) >= 0) return undefined;
    const expected =
      this.section === 'header'
        ? [...HEADER_KEYWORDS, 'position', 'phase']
        : this.section === 'expect'
          ? [...EXPECT_WORDS, 'phase', 'expect', 'declare']
          : ['phase', 'expect', 'declare', ...(this.section === 'position' ? ['dislodged', 'owners', 'standoffs'] : [])];
    const suggestions = suggestionsFor(kw, expected);
    const word = suggestions[0];
    if (word === undefined) return undefined;
    const phaseShape = toks.length === 4 && (toks[1]?.kind === 'number' || toks[2]?.kind === 'number');
    const fits = word === 'phase' || word === 'position' ? phaseShape : word === 'expect' ? toks.length === 1 : this.section === 'header' || this.section === 'expect' || word !== 'declare' || toks.length === 1;
    return fits ? { word, expected, suggestions } : undefined;
  }

  /**
   * Most lines of a game are orders like `A ber - kie` under a `POWER:` line.
   * One that is plain ASCII and can be nothing else (no comment, string,
   * colon or expected result; not a statement's keyword; no `allies`) is taken
   * here, as `inPhase` and `order` would take it, without tokens: its text
   * runs from its first to its last character that is not a space. False
   * (nothing done) for any other line.
   */
  private plainOrder(start: number, end: number): boolean {
    const text = this.text;
    let i = start;
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    const first = i;
    while (i < end && isAsciiWordChar(text.charCodeAt(i))) i++;
    // A line of one word, or with a number in it, may be a statement's keyword written wrong (`expcet`,
    // `phsae fall 1901 movement`): the general reader decides (it reads a true order the same).
    if (i === first || i >= end || !isBlank(text.charCodeAt(i))) return false;
    const c0 = text.charCodeAt(first);
    if (c0 < 65 || (c0 > 90 && c0 < 97) || c0 > 122) return false;
    if (i - first > 1 && NOT_ORDER_WORDS.has(text.slice(first, i).toLowerCase())) return false;
    let last = i;
    let hash = TEXT_HASH;
    let result: { value: G.ExpectedResult; from: number; to: number } | undefined;
    for (let j = first; j < end; j++) {
      const c = text.charCodeAt(j);
      if (isBlank(c)) continue;
      if (c === 91) {
        // `[succeeds]`, `[fails]` or `[illegal]` ending the line; anything else the general reader reports.
        result = writtenResult(text, j, end);
        if (!result) return false;
        break;
      }
      if (c < 33 || c > 126 || c === 34 || c === 58 || c === 93 || (c >= 48 && c <= 57)) return false;
      if (c === 47 && text.charCodeAt(j + 1) === 47 && j + 1 < end) return false;
      if ((c === 97 || c === 65) && hasAsciiWord(text, j + 1, 'llies')) return false;
      hash = hashStep(hash, c);
      last = j + 1;
    }
    const phase = this.phase as G.PhaseSection;
    this.growLater(phase, result ? result.to : last);
    const textRange = this.range(first, last);
    // The text is the one string kept for it (texts.ts): most texts repeat an earlier one.
    const line: G.OrderLine = { kind: 'Order', power: this.power as G.Word, text: { text: textOf(text, first, last, hash), range: textRange }, range: textRange };
    // Without a result the text is the whole line: one range for both (ranges are never changed, only replaced).
    if (result) {
      line.range = this.range(first, result.to);
      line.expected = { value: result.value, range: this.range(result.from, result.to) };
    }
    phase.orders.push(line);
    return true;
  }

  /**
   * Grows a section to `end` on the line being read once the run of lines
   * that grow it ends (flushGrowth, before any other line is read), not once
   * per line: a phase grows with each of its `POWER:` and order lines.
   */
  private growLater(node: G.Node, end: number): void {
    this.growing = node;
    this.grownTo = end;
    this.grownLine = this.lineNo;
    this.grownColumn = end - this.lineStart;
  }

  /**
   * A `POWER:` line of a phase, the other common line of a game: one that is
   * plain ASCII (a word of letters, digits and `_` starting with a letter,
   * the colon, nothing after it but blanks) is taken here as `inPhase` takes
   * it, without tokens. False (nothing done) for any other line.
   */
  private plainPowerLine(start: number, end: number): boolean {
    const text = this.text;
    let i = start;
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    const first = i;
    const c0 = text.charCodeAt(first);
    if (first >= end || c0 < 65 || (c0 > 90 && c0 < 97) || c0 > 122) return false;
    let hash = TEXT_HASH;
    for (let c = c0; isAsciiWordChar(c); c = text.charCodeAt(++i)) hash = hashStep(hash, c);
    if (i >= end || text.charCodeAt(i) !== 58) return false;
    for (let j = i + 1; j < end; j++) if (!isBlank(text.charCodeAt(j))) return false;
    const phase = this.phase as G.PhaseSection;
    this.growLater(phase, i + 1);
    const power = wordNode(textOf(text, first, i, hash), this.range(first, i));
    phase.powers.push(power);
    this.power = power;
    return true;
  }

  /** A plain `units`, `dislodged` or `owners` line of an expect block (plain-expect.ts); false (nothing done) for any other line. */
  private plainExpect(start: number, end: number): boolean {
    const stmt = plainExpectLine(this.text, start, end, this.lineNo, this.lineStart);
    if (!stmt) return false;
    const expect = this.expect as G.ExpectSection;
    if (stmt.kind === 'Units') expect.units.push(stmt);
    else if (stmt.kind === 'Dislodged') expect.dislodged.push(stmt);
    else expect.owners.push(stmt);
    const lineEnd = stmt.range.end.offset;
    this.grow(expect, lineEnd);
    this.grow(this.expectInDeclare ? (this.declare as G.DeclareSection) : (this.phase as G.PhaseSection), lineEnd);
    return true;
  }

  /** Gives the section of the last lines that grew it its end. */
  private flushGrowth(): void {
    const node = this.growing;
    if (!node) return;
    this.growing = undefined;
    node.range = { start: node.range.start, end: { offset: this.grownTo, line: this.grownLine, column: this.grownColumn } };
  }

  private header(kw: string, toks: Tok[], lineEnd: number): void {
    const first = toks[0] as Tok;
    const range = this.range(first.start, lineEnd);
    const rest = toks.slice(1);
    const extra = (from: number, what: string): void => {
      const t = rest[from];
      if (t) this.report('gameSyntax', t.start, lineEnd, `Unexpected text after ${what}`);
    };
    switch (kw) {
      case 'variant': {
        const t = rest[0];
        if (t?.kind === 'string') {
          this.ast.header.push({ kind: 'Variant', path: { value: t.text, range: this.range(t.start, t.end) }, range });
        } else if (t?.kind === 'word') {
          this.ast.header.push({ kind: 'Variant', name: this.word(t), range });
        } else {
          this.report('gameSyntax', first.start, lineEnd, 'Expected variant NAME or variant "path.dipmap"');
          return;
        }
        extra(1, 'the variant');
        return;
      }
      case 'edition': {
        const t = rest[0];
        if (!t || (t.kind !== 'word' && t.kind !== 'number')) {
          this.report('gameSyntax', first.start, lineEnd, 'Expected edition NAME, e.g. edition 2000');
          return;
        }
        this.ast.header.push({ kind: 'Edition', name: this.word(t), range });
        extra(1, 'the edition');
        return;
      }
      case 'rule': {
        const key = rest[0];
        if (!key || key.kind !== 'word') {
          this.report('gameSyntax', first.start, lineEnd, 'Expected rule OPTION VALUE, e.g. rule convoy-paradox 1982');
          return;
        }
        const values: G.ValueLit[] = [];
        const items = splitCommas(rest.slice(1), key.end).map((i) => i.toks);
        for (const item of items) {
          const v = item[0];
          if (!v || v.kind === 'punct' || item.length > 1) {
            const at = v ?? key;
            this.report('gameSyntax', at.start, item.length > 0 ? (item[item.length - 1] as Tok).end : lineEnd, 'A rule value is one name, number or string');
            return;
          }
          const r = this.range(v.start, v.end);
          if (v.kind === 'number') values.push({ kind: 'number', value: Number(v.text), text: v.text, range: r });
          else if (v.kind === 'string') values.push({ kind: 'string', value: v.text, text: this.text.slice(v.start, v.end), range: r });
          else values.push({ kind: 'name', value: v.text.toLowerCase(), text: v.text, range: r });
        }
        if (values.length === 0) {
          this.report('gameSyntax', first.start, lineEnd, `The rule ${quoted(key.text)} needs a value`);
          return;
        }
        this.ast.header.push({ kind: 'Rule', key: this.word(key), values, range });
        return;
      }
      case 'seed': {
        const t = rest[0];
        if (!t || t.kind !== 'number') {
          this.report('gameSyntax', first.start, lineEnd, 'Expected seed N, a whole number');
          return;
        }
        if (!this.numberFits(t, SEED_FIELD)) return;
        this.ast.header.push({ kind: 'Seed', value: { value: Number(t.text), text: t.text, range: this.range(t.start, t.end) }, range });
        extra(1, 'the seed');
        return;
      }
      case 'player': {
        const nameAt = rest.findIndex((t) => t.kind === 'string');
        const powerToks = rest.slice(0, nameAt < 0 ? rest.length : nameAt);
        const name = nameAt >= 0 ? rest[nameAt] : undefined;
        if (powerToks.length === 0 || powerToks.some((t) => t.kind !== 'word') || !name) {
          this.report('gameSyntax', first.start, lineEnd, 'Expected player POWER "Name"');
          return;
        }
        this.ast.header.push({ kind: 'Player', power: this.words(powerToks), name: { value: name.text, range: this.range(name.start, name.end) }, range });
        extra(nameAt + 1, 'the player name');
        return;
      }
      case 'language': {
        const tag = rest[0];
        const forAt = rest.findIndex((t) => t.kind === 'word' && t.text.toLowerCase() === 'for');
        const powers = forAt === 1 ? this.powerNames(rest.slice(2), (rest[1] as Tok).end) : forAt < 0 ? [] : undefined;
        if (!tag || tag.kind !== 'word' || (forAt < 0 && rest.length > 1) || !powers) {
          this.report('gameSyntax', first.start, lineEnd, 'Expected language TAG (zh, ja, fi, en) or language TAG for POWER, POWER, …');
          return;
        }
        this.ast.header.push({ kind: 'Language', language: this.word(tag), powers, range });
        return;
      }
    }
  }

  private phaseName(toks: Tok[], lineEnd: number, what: string): G.PhaseName | undefined {
    const first = toks[0] as Tok;
    const rest = toks.slice(1);
    const usage = `Expected ${what} SEASON YEAR PHASE, e.g. ${what} spring 1901 movement`;
    if (rest.length < 3) {
      this.report('gameSyntax', first.start, lineEnd, usage);
      return undefined;
    }
    const [a, b, c] = rest as [Tok, Tok, Tok];
    let season: Tok;
    let year: Tok;
    if (a.kind === 'word' && b.kind === 'number') [season, year] = [a, b];
    else if (a.kind === 'number' && b.kind === 'word') [season, year] = [b, a];
    else {
      this.report('gameSyntax', a.start, lineEnd, usage);
      return undefined;
    }
    if (c.kind !== 'word') {
      this.report('gameSyntax', c.start, lineEnd, usage);
      return undefined;
    }
    if (!this.numberFits(year, YEAR_FIELD)) return undefined;
    if (rest[3]) this.report('gameSyntax', rest[3].start, lineEnd, `Unexpected text after the phase`);
    const kind: G.Word & { phase?: G.PhaseKindName } = this.word(c);
    const phase = PHASE_KINDS[kind.value];
    if (phase) kind.phase = phase;
    else {
      const near = suggestionsFor(c.text, Object.keys(PHASE_KINDS));
      this.report('invalidValue', c.start, c.end, `${quoted(c.text)} is no phase kind: write movement, retreat or adjustment${didYouMeanOf(near)}`, near);
    }
    return {
      season: this.word(season),
      year: { value: Number(year.text), text: year.text, range: this.range(year.start, year.end) },
      kind,
      range: this.range(season.start < year.start ? season.start : year.start, c.end),
    };
  }

  private positionLine(toks: Tok[], lineEnd: number): void {
    const first = toks[0] as Tok;
    if (this.section === 'phase' || this.section === 'expect' || this.ast.phases.length > 0) {
      this.report('misplacedStatement', first.start, lineEnd, 'The position comes before the phases');
      return;
    }
    if (this.ast.position) {
      this.report('duplicateItem', first.start, lineEnd, 'A game has one starting position');
      return;
    }
    const phase = this.phaseName(toks, lineEnd, 'position');
    const keyword = { range: this.range(first.start, first.end) };
    this.ast.position = { kind: 'Position', keyword, units: [], dislodged: [], owners: [], standoffs: [], range: this.range(first.start, lineEnd), ...(phase ? { phase } : {}) };
    this.section = 'position';
  }

  private phaseLine(toks: Tok[], lineEnd: number): void {
    const first = toks[0] as Tok;
    const phase = this.phaseName(toks, lineEnd, 'phase');
    const section: G.PhaseSection = {
      kind: 'Phase',
      keyword: { range: this.range(first.start, first.end) },
      powers: [],
      orders: [],
      expect: [],
      range: this.range(first.start, lineEnd),
      ...(phase ? { phase } : {}),
    };
    this.ast.phases.push(section);
    this.phase = section;
    this.power = undefined;
    this.section = 'phase';
  }

  private expectLine(toks: Tok[], lineEnd: number): void {
    const first = toks[0] as Tok;
    const inDeclare = this.section === 'declare' || (this.section === 'expect' && this.expectInDeclare);
    if (!this.phase && !inDeclare) {
      this.report('misplacedStatement', first.start, lineEnd, 'An expect block follows the phase (or the declare block) whose result it checks');
      return;
    }
    if (toks[1]) this.report('gameSyntax', toks[1].start, lineEnd, 'Unexpected text after expect');
    const section: G.ExpectSection = {
      kind: 'Expect',
      keyword: { range: this.range(first.start, first.end) },
      units: [],
      dislodged: [],
      owners: [],
      winner: [],
      draw: [],
      score: [],
      result: [],
      range: this.range(first.start, lineEnd),
    };
    const owner = inDeclare ? (this.declare as G.DeclareSection) : (this.phase as G.PhaseSection);
    owner.expect.push(section);
    this.expect = section;
    this.expectInDeclare = inDeclare;
    this.section = 'expect';
    this.grow(owner, lineEnd);
  }

  /** Widens a section's range to cover a line it holds. */
  private grow(node: G.Node, end: number): void {
    node.range = { start: node.range.start, end: this.position(end) };
  }

  private inPosition(kw: string, toks: Tok[], lineEnd: number): void {
    const position = this.ast.position as G.PositionSection;
    const first = toks[0] as Tok;
    const range = this.range(first.start, lineEnd);
    if (kw === 'dislodged') {
      const list = this.powerList(toks.slice(1), lineEnd, 'dislodged POWER: UNIT [from PROVINCE], …');
      if (list) position.dislodged.push({ kind: 'Dislodged', power: list.power, units: this.units(list.items, true), range });
    } else if (kw === 'owners') {
      const list = this.powerList(toks.slice(1), lineEnd, 'owners POWER: PROVINCE, …');
      if (list) position.owners.push({ kind: 'Owners', power: list.power, provinces: this.texts(list.items), range });
    } else if (kw === 'standoffs') {
      const items = splitCommas(toks.slice(1), first.end);
      if (items.length === 0) {
        this.report('gameSyntax', first.start, lineEnd, 'Expected standoffs PROVINCE, …');
        return;
      }
      position.standoffs.push({ kind: 'Standoffs', provinces: this.texts(items), range });
    } else if (kw === 'units' || kw === 'winner') {
      this.report('misplacedStatement', first.start, lineEnd, `${quoted(kw)} belongs in an expect block; a position lists units as POWER: UNIT, …`);
      return;
    } else {
      const list = this.powerList(toks, lineEnd, 'POWER: UNIT, UNIT, … (e.g. england: F lon, A lvp)');
      if (list) position.units.push({ kind: 'Units', power: list.power, units: this.units(list.items, false), range });
      else return;
    }
    this.grow(position, lineEnd);
  }

  private inPhase(kw: string, toks: Tok[], lineEnd: number): void {
    const phase = this.phase as G.PhaseSection;
    const first = toks[0] as Tok;
    if ((kw === 'units' || kw === 'dislodged' || kw === 'owners' || kw === 'winner') && (colonIndex(toks) > 1 || kw === 'winner' || toks[1]?.text.toLowerCase() === 'none')) {
      this.report('misplacedStatement', first.start, lineEnd, `${quoted(kw)} belongs in an expect block: write expect on the line before`);
      return;
    }
    if (kw === 'standoffs') {
      this.report('misplacedStatement', first.start, lineEnd, "'standoffs' belongs in a position section");
      return;
    }
    if (this.looksLikeDeclaration(kw, toks)) {
      const check = kw === 'draw' ? ', or, to check that the game was drawn, in an expect block' : '';
      this.report('misplacedStatement', first.start, lineEnd, `${quoted(this.text.slice(first.start, lineEnd))} is a declaration: write it in a declare block after the phase (declare, then the declarations on the lines below)${check}`);
      return;
    }
    if ((kw === 'score' || kw === 'result') && colonIndex(toks) < 0 && toks.length > 1) {
      this.report('misplacedStatement', first.start, lineEnd, `${quoted(kw)} belongs in an expect block: write expect on the line before`);
      return;
    }
    this.growLater(phase, lineEnd);
    const colon = colonIndex(toks);
    let orderToks = toks;
    if (colon > 0 && toks.slice(0, colon).every((t) => t.kind === 'word')) {
      const power = this.words(toks.slice(0, colon));
      phase.powers.push(power);
      this.power = power;
      orderToks = toks.slice(colon + 1);
      if (orderToks.length === 0) return;
    } else if (colon === 0) {
      this.report('gameSyntax', first.start, lineEnd, 'Expected POWER: before the colon');
      return;
    }
    if (!this.power) {
      this.report('orderWithoutPower', first.start, lineEnd, 'Whose order is this? Write POWER: on the line before, or before the order');
      return;
    }
    this.order(orderToks, this.power, lineEnd);
  }

  private order(toks: Tok[], power: G.Word, lineEnd: number): void {
    const phase = this.phase as G.PhaseSection;
    let body = toks;
    let expected: G.OrderLine['expected'];
    const last = toks[toks.length - 1] as Tok;
    let open = toks.length - 1;
    while (open >= 0 && (toks[open] as Tok).text !== '[') open--;
    if (open >= 0 || last.text === ']') {
      const close = last.text === ']' ? toks.length - 1 : -1;
      const inner = open >= 0 && close > open ? toks.slice(open + 1, close) : [];
      const from = open >= 0 ? (toks[open] as Tok).start : last.start;
      const word = inner.length === 1 && inner[0]?.kind === 'word' ? inner[0].text.toLowerCase() : undefined;
      // Only the three results themselves, never a name every object has (`[constructor]`).
      const value = word && Object.hasOwn(RESULTS, word) ? RESULTS[word] : undefined;
      if (open < 0 || close < 0 || !value) {
        const written = this.text.slice(from, lineEnd);
        this.report('unknownResult', from, lineEnd, `Expected [succeeds], [fails] or [illegal] after the order, not ${echo(written)}`);
      } else {
        expected = { value, range: this.range(from, lineEnd) };
      }
      body = open >= 0 ? toks.slice(0, open) : toks.slice(0, -1);
    }
    if (body.length === 0) {
      this.report('gameSyntax', (toks[0] as Tok).start, lineEnd, 'The order is missing');
      return;
    }
    const line: G.OrderLine = { kind: 'Order', power, text: this.span(body), range: this.range((toks[0] as Tok).start, lineEnd) };
    if (expected) line.expected = expected;
    phase.orders.push(line);
  }

  private inExpect(kw: string, toks: Tok[], lineEnd: number): void {
    const expect = this.expect as G.ExpectSection;
    const first = toks[0] as Tok;
    const range = this.range(first.start, lineEnd);
    const none = toks[1]?.kind === 'word' && toks[1].text.toLowerCase() === 'none' && toks.length === 2;
    switch (kw) {
      case 'units':
      case 'dislodged': {
        const what = kw === 'units' ? 'units POWER: UNIT, … or units none' : 'dislodged POWER: UNIT [from PROVINCE], … or dislodged none';
        if (none) {
          const stmt = { units: [], range };
          if (kw === 'units') expect.units.push({ kind: 'Units', ...stmt });
          else expect.dislodged.push({ kind: 'Dislodged', ...stmt });
          break;
        }
        const list = this.powerList(toks.slice(1), lineEnd, what, first);
        if (!list) return;
        if (kw === 'units') expect.units.push({ kind: 'Units', power: list.power, units: this.units(list.items, false), range });
        else expect.dislodged.push({ kind: 'Dislodged', power: list.power, units: this.units(list.items, true), range });
        break;
      }
      case 'owners': {
        const list = this.powerList(toks.slice(1), lineEnd, 'owners POWER: PROVINCE, …', first);
        if (!list) return;
        expect.owners.push({ kind: 'Owners', power: list.power, provinces: this.texts(list.items), range });
        break;
      }
      case 'winner': {
        if (none) {
          expect.winner.push({ kind: 'Winner', powers: [], range });
          break;
        }
        const powers = this.powerNames(toks.slice(1), first.end);
        if (!powers) {
          this.report('gameSyntax', first.start, lineEnd, 'Expected winner POWER, winner POWER, POWER (a shared or alliance win) or winner none');
          return;
        }
        expect.winner.push({ kind: 'Winner', power: powers[0] as G.Word, powers, range });
        break;
      }
      case 'draw': {
        if (none) {
          expect.draw.push({ kind: 'DrawExpect', powers: [], range });
          break;
        }
        const powers = this.powerNames(toks.slice(1), first.end);
        if (!powers) {
          this.report('gameSyntax', first.start, lineEnd, 'Expected draw POWER, POWER, … (the powers of the draw) or draw none');
          return;
        }
        expect.draw.push({ kind: 'DrawExpect', powers, range });
        break;
      }
      case 'score': {
        const stmt = this.scoreLine(toks, lineEnd);
        if (!stmt) return;
        expect.score.push(stmt);
        break;
      }
      case 'result': {
        const kind = toks[1];
        const year = toks[2];
        const usage = `Expected result KIND [YEAR], KIND one of ${[...RESULT_KINDS].join(', ')}`;
        if (!kind || kind.kind !== 'word' || (year && year.kind !== 'number') || toks[3]) {
          this.report('gameSyntax', first.start, lineEnd, usage);
          return;
        }
        const word = this.word(kind);
        if (!RESULT_KINDS.has(word.value as G.ResultKindName)) {
          this.report('invalidValue', kind.start, kind.end, `${quoted(kind.text)} is no result: write one of ${[...RESULT_KINDS].join(', ')}`);
          return;
        }
        if (year && !this.numberFits(year, YEAR_FIELD)) return;
        const stmt: G.ResultExpect = { kind: 'ResultExpect', result: word as G.Word & { value: G.ResultKindName }, range };
        if (year) stmt.year = { value: Number(year.text), text: year.text, range: this.range(year.start, year.end) };
        expect.result.push(stmt);
        break;
      }
      default:
        if (colonIndex(toks) > 0) {
          this.report('misplacedStatement', first.start, lineEnd, 'Orders belong in a phase; in an expect block write units POWER: …, dislodged POWER: …, owners POWER: … or winner POWER');
        } else {
          this.report('gameSyntax', first.start, lineEnd, 'Expected units, dislodged, owners, winner, draw, score or result in an expect block');
        }
        return;
    }
    this.grow(expect, lineEnd);
    this.grow(this.expectInDeclare ? (this.declare as G.DeclareSection) : (this.phase as G.PhaseSection), lineEnd);
  }

  // --------------------------------------------------------- declarations

  /** `declare` opens a block of declarations between phases; `declare STATEMENT` also gives its first one. */
  private declareLine(toks: Tok[], lineEnd: number): void {
    const first = toks[0] as Tok;
    const section: G.DeclareSection = {
      kind: 'Declare',
      keyword: { range: this.range(first.start, first.end) },
      after: this.ast.phases.length - 1,
      statements: [],
      expect: [],
      range: this.range(first.start, lineEnd),
    };
    this.ast.declare.push(section);
    this.declare = section;
    this.expectInDeclare = false;
    this.section = 'declare';
    if (toks.length > 1) this.inDeclare(toks.slice(1), lineEnd);
  }

  /** One declaration: `alliance A, B`, `A allies B`, `A allies none`, `draw A, B [by …]`, `concede A [by …]`, `end`. */
  private inDeclare(toks: Tok[], lineEnd: number): void {
    const section = this.declare as G.DeclareSection;
    const first = toks[0] as Tok;
    const range = this.range(first.start, lineEnd);
    const kw = first.kind === 'word' ? first.text.toLowerCase() : '';
    const alliesAt = toks.findIndex((t) => t.kind === 'word' && t.text.toLowerCase() === 'allies');
    const usage = 'Expected a declaration: alliance POWER, POWER; POWER allies POWER (or none); draw POWER, … [by POWER, …]; concede POWER [by POWER, …]; end';
    if (alliesAt > 0 && !DECLARATION_KEYWORDS.has(kw)) {
      const power = toks.slice(0, alliesAt);
      const ally = toks.slice(alliesAt + 1);
      if (power.some((t) => t.kind !== 'word') || ally.length === 0 || ally.some((t) => t.kind !== 'word')) {
        this.report('gameSyntax', first.start, lineEnd, 'Expected POWER allies POWER, or POWER allies none');
        return;
      }
      const stmt: G.AlliesStmt = { kind: 'Allies', power: this.words(power), range };
      if (!(ally.length === 1 && ally[0]?.text.toLowerCase() === 'none')) stmt.ally = this.words(ally);
      section.statements.push(stmt);
    } else if (kw === 'end') {
      if (toks[1]) {
        this.report('gameSyntax', toks[1].start, lineEnd, "Unexpected text after 'end'");
        return;
      }
      section.statements.push({ kind: 'End', range });
    } else if (kw === 'alliance') {
      const powers = this.powerNames(toks.slice(1), first.end);
      if (!powers) {
        this.report('gameSyntax', first.start, lineEnd, 'Expected alliance POWER, POWER');
        return;
      }
      section.statements.push({ kind: 'Alliance', powers, range });
    } else if (kw === 'draw' || kw === 'concede') {
      const rest = toks.slice(1);
      const byAt = rest.findIndex((t) => t.kind === 'word' && t.text.toLowerCase() === 'by');
      const powers = this.powerNames(byAt < 0 ? rest : rest.slice(0, byAt), first.end);
      const voters = byAt < 0 ? undefined : this.powerNames(rest.slice(byAt + 1), (rest[byAt] as Tok).end);
      if (!powers || (byAt >= 0 && !voters)) {
        const what = kw === 'draw' ? 'draw POWER, POWER, … [by POWER, …]' : 'concede POWER [, POWER] [by POWER, …]';
        this.report('gameSyntax', first.start, lineEnd, `Expected ${what}`);
        return;
      }
      const stmt: G.DrawStmt | G.ConcedeStmt = { kind: kw === 'draw' ? 'Draw' : 'Concede', powers, range };
      if (voters) stmt.voters = voters;
      section.statements.push(stmt);
    } else {
      const hint = colonIndex(toks) > 0 ? '; orders belong in a phase (write phase SEASON YEAR PHASE first)' : '';
      this.report('gameSyntax', first.start, lineEnd, `${usage}${hint}`);
      return;
    }
    this.grow(section, lineEnd);
  }

  /** Whether a line in a phase is a declaration written without its declare block. */
  private looksLikeDeclaration(kw: string, toks: Tok[]): boolean {
    if (colonIndex(toks) >= 0) return false;
    if (kw === 'end') return toks.length === 1;
    const onlyWords = toks.every((t) => t.kind === 'word' || t.text === ',');
    if (!onlyWords) return false;
    if (kw === 'alliance' || kw === 'draw' || kw === 'concede') return toks.length > 1 && toks.some((t) => t.text === ',' || t.text.toLowerCase() === 'by') ;
    const alliesAt = toks.findIndex((t) => t.text.toLowerCase() === 'allies');
    return alliesAt > 0 && alliesAt < toks.length - 1;
  }

  /** `POWER, POWER, …` (names of one or more words); undefined when empty or not all words. */
  private powerNames(toks: Tok[], after: number): G.Word[] | undefined {
    const items = splitCommas(toks, after);
    if (items.length === 0) return undefined;
    const out: G.Word[] = [];
    for (const item of items) {
      if (item.toks.length === 0 || item.toks.some((t) => t.kind !== 'word')) return undefined;
      out.push(this.words(item.toks));
    }
    return out;
  }

  /** `score POWER N`, N a whole number, a decimal (`33.33`) or a fraction (`1/3`). */
  private scoreLine(toks: Tok[], lineEnd: number): G.ScoreExpect | undefined {
    const first = toks[0] as Tok;
    const at = toks.findIndex((t, i) => i > 0 && t.kind === 'number');
    const power = at < 0 ? [] : toks.slice(1, at);
    const usage = 'Expected score POWER N, N a number such as 28, 33.33 or 1/3';
    if (at < 0 || power.length === 0 || power.some((t) => t.kind !== 'word')) {
      this.report('gameSyntax', first.start, lineEnd, usage);
      return undefined;
    }
    const start = (toks[at] as Tok).start;
    const text = this.text.slice(start, lineEnd);
    const decimal = /^(\d+)(?:\.(\d+))?$/.exec(text);
    const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
    let value: number;
    let tolerance = 1e-9;
    const parts = decimal ? [text] : fraction ? [fraction[1] as string, fraction[2] as string] : [];
    const tooLarge = parts.map((p) => numberProblem(p, SCORE_FIELD)).find((why) => why !== undefined);
    if (tooLarge) {
      this.report('invalidValue', start, lineEnd, tooLarge);
      return undefined;
    }
    if (decimal) {
      value = Number(text);
      if (decimal[2] !== undefined) tolerance = 0.5 * 10 ** -decimal[2].length;
    } else if (fraction && Number(fraction[2]) > 0) {
      value = Number(fraction[1]) / Number(fraction[2]);
    } else {
      this.report('gameSyntax', start, lineEnd, usage);
      return undefined;
    }
    return {
      kind: 'ScoreExpect',
      power: this.words(power),
      value: { value, text, tolerance, range: this.range(start, lineEnd) },
      range: this.range(first.start, lineEnd),
    };
  }

  /** `POWER: item, item, …`: the power words before the colon and the comma-separated items after it. */
  private powerList(toks: Tok[], lineEnd: number, usage: string, keyword?: Tok): { power: G.Word; items: Item[] } | undefined {
    const colon = colonIndex(toks);
    const at = keyword ?? toks[0];
    if (colon <= 0 || toks.slice(0, colon).some((t) => t.kind !== 'word')) {
      const start = at ? at.start : lineEnd;
      this.report('gameSyntax', start, lineEnd, `Expected ${usage}`);
      return undefined;
    }
    return { power: this.words(toks.slice(0, colon)), items: splitCommas(toks.slice(colon + 1), (toks[colon] as Tok).end) };
  }

  private texts(items: Item[]): G.Text[] {
    const out: G.Text[] = [];
    for (const item of items) {
      if (item.toks.length === 0) this.report('gameSyntax', item.start, item.end, 'A province is missing between the commas');
      else out.push(this.span(item.toks));
    }
    return out;
  }

  /** Unit items: `KIND LOCATION [from PROVINCE [via convoy]]`. */
  private units(items: Item[], dislodged: boolean): G.UnitItem[] {
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
function wordNode(text: string, range: Range): G.Word {
  return { text, value: text.toLowerCase(), range };
}

/**
 * The result written at `from` (a `[`) to the end of the line, `[ WORD ]` with blanks anywhere
 * between and after, WORD a result in any case: its value and where it starts and ends (without
 * the blanks after); undefined for anything else, which the general reader reads and reports.
 */
function writtenResult(text: string, from: number, end: number): { value: G.ExpectedResult; from: number; to: number } | undefined {
  let i = from + 1;
  while (i < end && isBlank(text.charCodeAt(i))) i++;
  const word = i;
  while (i < end && isAsciiLetter(text.charCodeAt(i))) i++;
  const key = text.slice(word, i).toLowerCase();
  // Only the three results themselves (never a name the object inherits): the general reader says the rest.
  const value = Object.hasOwn(RESULTS, key) ? RESULTS[key] : undefined;
  if (!value) return undefined;
  while (i < end && isBlank(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 93 || i >= end) return undefined;
  const to = i + 1;
  for (i = to; i < end; i++) if (!isBlank(text.charCodeAt(i))) return undefined;
  return { value, from, to };
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Spaces and tabs, the blanks the tokenizer skips without its regular expression. */
function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * First words that make a line something other than an order, in a phase or
 * anywhere: statements' keywords and the words of declarations and expectations.
 */
/** The first words of the statements of an expect block. */
const EXPECT_WORDS = ['units', 'dislodged', 'owners', 'winner', 'draw', 'score', 'result'];
/** Every word that begins a statement somewhere: never taken for a slip of another. */
const STATEMENT_WORDS = new Set<string>([...HEADER_KEYWORDS, 'position', 'phase', 'expect', 'declare', 'standoffs', 'allies', 'none', ...EXPECT_WORDS, ...DECLARATION_KEYWORDS]);

const NOT_ORDER_WORDS = new Set([
  ...HEADER_KEYWORDS,
  'position',
  'phase',
  'expect',
  'declare',
  'units',
  'dislodged',
  'owners',
  'winner',
  'standoffs',
  'score',
  'result',
  ...DECLARATION_KEYWORDS,
]);

/**
 * Whether `word` (lower-case ASCII letters) is written at `at`, in any case:
 * compared code by code, since a line is a plain order only if it is ASCII
 * (its other characters make plainOrder say no either way).
 */
function hasAsciiWord(text: string, at: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if ((text.charCodeAt(at + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}

/** Codes of ASCII letters, digits and `_`: the ASCII characters of WORD. */
function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * The end of a word of ASCII word characters starting at `i`, or `i` when there
 * is none or when WORD could read further (a character outside ASCII, or a
 * hyphen that may join another word): then the regular expression decides.
 */
function asciiWord(text: string, i: number, end: number): number {
  let j = i;
  while (j < end && isAsciiWordChar(text.charCodeAt(j))) j++;
  if (j === i) return i;
  if (j < end) {
    const c = text.charCodeAt(j);
    if (c >= 128 || c === 45) return i;
  }
  return j;
}

function isDigits(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function colonIndex(toks: Tok[]): number {
  return toks.findIndex((t) => t.text === ':');
}

/** Tokens between commas, with the offsets around them (for an empty item: the comma's place). */
interface Item {
  toks: Tok[];
  start: number;
  end: number;
}

/**
 * Splits tokens at commas. Nothing at all gives no item; an empty item between
 * commas is kept, for the caller to report. `after` is where the list starts.
 */
function splitCommas(toks: Tok[], after: number): Item[] {
  if (toks.length === 0) return [];
  const out: Item[] = [{ toks: [], start: after, end: after }];
  for (const t of toks) {
    const cur = out[out.length - 1] as Item;
    if (t.text === ',') {
      if (cur.toks.length === 0) {
        cur.start = t.start;
        cur.end = t.end;
      }
      out.push({ toks: [], start: t.start, end: t.end });
    } else cur.toks.push(t);
  }
  return out;
}
