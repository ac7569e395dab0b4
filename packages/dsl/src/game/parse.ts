/**
 * The `.dipgame` parser. The language is line-based: one statement a line, so
 * the file is split into lines, each line into a few tokens (words, numbers,
 * strings, punctuation; tokens.ts), and each line is read on its own according
 * to the section it is in. Order text is not tokenized here: it is kept as a
 * substring with its range and handed to the engine's order parser later.
 *
 * The lines most of a file is made of are read without tokens when they are
 * plain: orders and `POWER:` lines here, an expect block's units, dislodged and
 * owners lines in plain-expect.ts. The statements of the header, of expect
 * blocks and of declare blocks are read in header-lines.ts, expect-lines.ts and
 * declare-lines.ts. What stays here, past 500 lines, is the one reader's state
 * that every line changes: the section it is in, the open phase, power and
 * blocks, the sections' growing ranges and the orders that go on to a next line;
 * and the scan of a phase's plain lines (`scanPhaseLine`), which leaves what it
 * found in the reader's fields so that it makes no object (see `plainOrder`).
 *
 * A bad line costs one diagnostic and never the rest of the file.
 */
import { LineIndex, ZERO_RANGE } from '../text/range.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type * as G from './ast.js';
import { hashOf, hashStep, reserveTexts, TEXT_HASH, textOf } from './texts.js';
import { echo, quoted } from '@dipforge/engine/config';
import { wrongWordMessage } from '../map/expected.js';
import { plainExpectLine } from './plain-expect.js';
import { hasAsciiWord, isAsciiLetter, isAsciiWordChar, isBlank } from './chars.js';
import { HEADER_KEYWORDS, NOT_ORDER_WORDS, RESULTS } from './keywords.js';
import { colonIndex, commentStart, splitCommas, type Tok } from './tokens.js';
import { LineReader } from './line-reader.js';
import { LineOrder, LineResult, LineText } from './line-range.js';
import { readHeader, phaseName } from './header-lines.js';
import { readExpectStatement } from './expect-lines.js';
import { looksLikeDeclaration, readDeclaration } from './declare-lines.js';
import { keywordSlip, type Section } from './slips.js';

export interface ParsedGame {
  file: string;
  text: string;
  ast: G.GameFile;
  diagnostics: Diagnostic[];
  lines: LineIndex;
}

/** Parses a `.dipgame` text; `file` is used for diagnostics only. */
export function parseGame(text: string, file: string, options: ParseOptions = {}): ParsedGame {
  return new GameParser(text, file, true, options.headless === true).parse();
}

export interface ParseOptions {
  /**
   * For a run nobody looks into but for its failures (`GameOptions.headless`): the ranges of nodes
   * on one line are made when read (line-range.ts). The tree reads the same.
   */
  headless?: boolean;
}

/**
 * Parses with the general reader alone, every line through its tokens: the plain-line readers
 * (plainOrder, plainPowerLine, plain-expect.ts) must give the same syntax tree and diagnostics,
 * which the tests check against this.
 */
export function parseGameByTokens(text: string, file: string): ParsedGame {
  return new GameParser(text, file, false, false).parse();
}

class GameParser extends LineReader {
  /** Where each line starts, found while reading the lines (the line index is made of them at the end). */
  private readonly lineStarts: number[] = [];
  private readonly ast: G.GameFile;
  private section: Section = 'header';
  private phase: G.PhaseSection | undefined;
  private expect: G.ExpectSection | undefined;
  /** The open `declare` block, and whether the open expect block belongs to it (not to a phase). */
  private declare: G.DeclareSection | undefined;
  private expectInDeclare = false;
  private power: G.Word | undefined;
  /** The line of the last order line read, when no result is written on it (else -1): the next line may continue it. */
  private openOrderLine = -1;
  /** The first line of the last order (not a `continuation`), and the indentation of its line. */
  private head: G.OrderLine | undefined;
  private headIndent = 0;
  /**
   * The section the last plain lines grew (a phase by its orders, an expect block by its statements, with
   * the phase or declare block it belongs to as `growingOwner`), and where the last one ends (see growLater).
   */
  private growing: G.Node | undefined;
  private growingOwner: G.Node | undefined;
  private grownTo = 0;
  private grownLine = 0;
  private grownColumn = 0;
  /** What `scanPhaseLine` found on the line it took (see there). */
  private scanFirst = 0;
  private scanLast = 0;
  private scanHash = 0;
  private scanResultAt = -1;
  private scanResult = 0;
  /** Whether the text has no carriage return (the usual case): then a line ends at the next line feed. */
  private readonly lineFeedsOnly: boolean;

  constructor(
    text: string,
    file: string,
    /** Whether the plain-line readers take the lines they can (else every line is tokenized). */
    private readonly plainLines: boolean,
    lazyRanges: boolean,
  ) {
    super(text, file, lazyRanges);
    this.lineFeedsOnly = text.indexOf('\r') < 0;
    this.ast = { kind: 'GameFile', header: [], phases: [], declare: [], range: ZERO_RANGE };
  }

  parse(): ParsedGame {
    // Room for the texts the file may bring (most repeat: one in sixteen characters is more than a game writes).
    reserveTexts(this.text.length >> 4);
    const body = this.readOpening();
    if (body >= 0) this.readLines(body, this.text.length);
    this.flushGrowth();
    const text = this.text;
    const lines = new LineIndex(text, this.lineStarts);
    this.ast.range = lines.range(0, text.length);
    return { file: this.file, text, ast: this.ast, diagnostics: this.diagnostics, lines };
  }

  /**
   * Reads the file's opening, its header up to the line that opens another section (and the comments
   * and blank lines among them), by `statement`, never by `line`; returns where the next line starts
   * (-1: the file ends). The opening is the first thing a process reads: V8 gives a function its
   * type feedback only after some calls, so code that reads only the opening would be compiled in the
   * body's loop without it and thrown away when the next check's opening reaches it again.
   */
  private readOpening(): number {
    const length = this.text.length;
    let start = 0;
    while (this.section === 'header') {
      const end = this.enterLine(start, length);
      this.statement(start, end);
      if (end >= length) return -1;
      start = this.nextLine(end);
    }
    return start;
  }

  /**
   * Reads every line from `start`. Nothing follows the loop here: V8 optimizes a long loop while it
   * runs, and code after it that has not yet run would throw that code away when reached. Nothing
   * comes before it either, for the same reason: the loop starts running before V8 keeps type
   * feedback for this function (it is called once a file), and the code compiled while it runs
   * would be thrown away on the next call by a property read before the loop without feedback
   * (the text's length is given).
   */
  private readLines(from: number, length: number): void {
    let start = from;
    for (;;) {
      const end = this.enterLine(start, length);
      this.line(start, end);
      if (end >= length) return;
      start = this.nextLine(end);
    }
  }

  /**
   * Makes the line that starts at `start` the one being read; returns where it ends. The text's
   * `length` is given: read here only for the last line, it would be a property read without type
   * feedback in the loop's optimized code, which the end of the file would throw away.
   */
  private enterLine(start: number, length: number): number {
    const text = this.text;
    let end: number;
    // Without a carriage return in the text (the usual case) a line ends at the next line feed, which indexOf finds faster than a loop.
    if (this.lineFeedsOnly) {
      end = text.indexOf('\n', start);
      if (end < 0) end = length;
    } else {
      end = start;
      while (end < length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    }
    this.lineStart = start;
    this.lineEnd = end;
    this.lineStarts.push(start);
    return end;
  }

  /** Where the line after the one ending at `end` starts (counted as the next line). */
  private nextLine(end: number): number {
    this.lineNo++;
    return end + (this.text.charCodeAt(end) === 13 && this.text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }

  // --------------------------------------------------------------- lines

  /** A line of the body: the plain readers take most; `statement` the rest. */
  private line(start: number, end: number): void {
    if (this.section === 'phase' && this.power && this.continuation(start, end)) return;
    if (this.plainLines && this.section === 'phase') {
      const plain = this.scanPhaseLine(start, end);
      if (plain === PLAIN_ORDER && this.power) return this.plainOrder();
      if (plain === PLAIN_POWER) return this.plainPowerLine();
    }
    if (this.plainLines && this.section === 'expect' && this.plainExpect(start, end)) return;
    this.statement(start, end);
  }

  /** A line read through its tokens, as the section it is in takes it. */
  private statement(start: number, end: number): void {
    this.flushGrowth();
    const contentEnd = commentStart(this.text, start, end);
    const toks = this.tokens(start, contentEnd);
    const first = toks[0];
    if (!first) return;
    const lineEnd = (toks[toks.length - 1] as Tok).end;
    let kw = first.kind === 'word' && toks[1]?.text !== ':' ? first.text.toLowerCase() : '';
    const slip = kw === '' ? undefined : keywordSlip(this.section, kw, toks);
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
      readHeader(this, this.ast.header, kw, toks, lineEnd);
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
        if (readExpectStatement(this, this.expect as G.ExpectSection, kw, toks, lineEnd)) this.grewExpect(lineEnd);
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
    // The first line of the order (a third line continues the first two), read from the parser's state, not from
    // the orders' ranges: those of a headless run are made when read (line-range.ts).
    const first = this.head;
    if (this.openOrderLine !== this.lineNo - 1 || !first || indentAt(this.text, start) <= this.headIndent) return false;
    const phase = this.phase as G.PhaseSection;
    const toks = this.tokens(start, commentStart(this.text, start, end));
    const tok = toks[0];
    if (!tok) return false;
    const kw = tok.kind === 'word' ? tok.text.toLowerCase() : '';
    if (kw === 'phase' || kw === 'expect' || kw === 'declare' || kw === 'position') return false;
    this.flushGrowth();
    const next = this.order(toks, this.power as G.Word, (toks[toks.length - 1] as Tok).end, true);
    if (!next) return true;
    // The text of the lines as written, with what lies between them (a comment, the line break, the indentation)
    // as blanks of the same length, so that an offset into it is an offset into the file from where it starts.
    const before = first.continued ?? first.text;
    const gap = this.text.slice(before.range.end.offset, next.text.range.start.offset).replace(/[^\r\n]/g, ' ');
    first.continued = { text: before.text + gap + next.text.text, range: this.range(first.text.range.start.offset, next.text.range.end.offset) };
    this.growLater(phase, (toks[toks.length - 1] as Tok).end);
    return true;
  }

  /**
   * Most lines of a game are orders like `A ber - kie` under a `POWER:` line.
   * One that is plain ASCII and can be nothing else (no comment, string,
   * colon or expected result; not a statement's keyword; no `allies`) is taken
   * here, as `inPhase` and `order` would take it, without tokens: its text
   * runs from its first to its last character that is not a space. False
   * (nothing done) for any other line.
   *
   * The line is scanned by `scanPhaseLine` and its nodes made here: V8 moves the objects of an
   * object literal to the old generation once it sees them live long (a long game's nodes do) and
   * throws away the optimized code that makes them, which in a process's first checks happens
   * between the first and the second. The scan, a function of its own too large to be compiled into
   * this one, makes no object and keeps its code; this one, small, is compiled again soon.
   */
  private plainOrder(): void {
    const text = this.text;
    const first = this.scanFirst;
    const last = this.scanLast;
    const resultAt = this.scanResultAt;
    const result = this.scanResult;
    const phase = this.phase as G.PhaseSection;
    const resultEnd = resultAt < 0 ? -1 : result >> 2;
    this.growLater(phase, resultAt < 0 ? last : resultEnd);
    // The text is the one string kept for it (texts.ts): most texts repeat an earlier one.
    const power = this.power as G.Word;
    const kept = textOf(text, first, last, this.scanHash);
    if (this.lazyRanges) {
      // A headless read: the line, its text and its result one object each, their ranges made when read (line-range.ts).
      const written = resultAt < 0 ? undefined : new LineResult(RESULT_WORDS[result & 3] as G.ExpectedResult, this.lineNo, this.lineStart, resultAt, resultEnd);
      this.addOrder(phase, new LineOrder(power, new LineText(kept, this.lineNo, this.lineStart, first, last), written), false);
      return;
    }
    const textRange = this.range(first, last);
    const orderText = { text: kept, range: textRange };
    let line: G.OrderLine;
    // Without a result the text is the whole line: one range for both (ranges are never changed, only replaced).
    if (resultAt < 0) line = { kind: 'Order', power, text: orderText, range: textRange };
    else {
      // The line's range ends where the result's does. Made with its result (the keys in the general reader's order), not
      // given it later: a property added later takes a second object.
      const resultRange = this.range(resultAt, resultEnd);
      line = { kind: 'Order', power, text: orderText, range: this.join(textRange, resultRange), expected: { value: RESULT_WORDS[result & 3] as G.ExpectedResult, range: resultRange } };
    }
    this.addOrder(phase, line, false);
  }

  /**
   * Whether the line of a phase is a plain order (`plainOrder`), a plain `POWER:` line
   * (`plainPowerLine`) or neither (PLAIN_NONE). For an order: where its text starts and ends
   * (`scanFirst`, `scanLast`), the text's hash (`scanHash`), and where its written result starts
   * (`scanResultAt`, -1: none) with its end and word as `writtenResult` gives them (`scanResult`).
   * For a power line: where the power's name starts and ends and its hash. One scan for both
   * kinds, so that the power line's scan keeps its code too (see plainOrder).
   */
  private scanPhaseLine(start: number, end: number): number {
    const text = this.text;
    let i = start;
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    const first = i;
    // The first word's hash in lower case, for the keywords below.
    let folded = TEXT_HASH;
    for (let c = i < end ? text.charCodeAt(i) : 0; isAsciiWordChar(c); c = ++i < end ? text.charCodeAt(i) : 0) folded = hashStep(folded, c | 32);
    if (i < end && text.charCodeAt(i) === 58 && i !== first) return this.scanPowerLine(first, i, end);
    // A line of one word, or with a number in it, may be a statement's keyword written wrong (`expcet`,
    // `phsae fall 1901 movement`): the general reader decides (it reads a true order the same).
    if (i === first || i >= end || !isBlank(text.charCodeAt(i))) return PLAIN_NONE;
    const c0 = text.charCodeAt(first);
    if (c0 < 65 || (c0 > 90 && c0 < 97) || c0 > 122) return PLAIN_NONE;
    // A first word with a keyword's hash goes to the general reader (one that only shares the hash reads the same there).
    // Integers compared on every line, no string cut nor call: code first met in the middle of a file (its first `Build`
    // line) would make V8 give up the optimized reader and build it again.
    for (let k = 0; k < NOT_ORDER_HASHES.length; k++) if (NOT_ORDER_HASHES[k] === folded) return PLAIN_NONE;
    let last = i;
    let hash = TEXT_HASH;
    // The result written at the end of the line: where its `[` is (-1: none), and its end and word as `writtenResult` gives them.
    let resultAt = -1;
    let result = NO_RESULT;
    for (let j = first; j < end; j++) {
      const c = text.charCodeAt(j);
      if (isBlank(c)) continue;
      if (c === 91) {
        // `[succeeds]`, `[fails]` or `[illegal]` ending the line; anything else the general reader reports.
        result = writtenResult(text, j, end);
        if (result === NO_RESULT) return PLAIN_NONE;
        resultAt = j;
        break;
      }
      if (c < 33 || c > 126 || c === 34 || c === 58 || c === 93 || (c >= 48 && c <= 57)) return PLAIN_NONE;
      if (c === 47 && j + 1 < end && text.charCodeAt(j + 1) === 47) return PLAIN_NONE;
      if ((c === 97 || c === 65) && hasAsciiWord(text, j + 1, 'llies')) return PLAIN_NONE;
      hash = hashStep(hash, c);
      last = j + 1;
    }
    this.scanFirst = first;
    this.scanLast = last;
    this.scanHash = hash;
    this.scanResultAt = resultAt;
    this.scanResult = result;
    return PLAIN_ORDER;
  }

  /** Adds an order line to the phase (a `continuation` of the order before, or the first line of an order). */
  private addOrder(phase: G.PhaseSection, line: G.OrderLine, continuation: boolean): void {
    phase.orders.push(line);
    this.openOrderLine = line.expected ? -1 : this.lineNo;
    if (continuation) return;
    this.head = line;
    this.headIndent = indentAt(this.text, this.lineStart);
  }

  /**
   * Grows a section (and the section it belongs to, `owner`) to `end` on the
   * line being read once the run of lines that grow it ends (flushGrowth, before
   * any other line is read), not once per line: a phase grows with each of its
   * `POWER:` and order lines, an expect block with each of its plain lines.
   */
  private growLater(node: G.Node, end: number, owner?: G.Node): void {
    this.growing = node;
    this.growingOwner = owner;
    this.grownTo = end;
    this.grownLine = this.lineNo;
    this.grownColumn = end - this.lineStart;
  }

  /**
   * For `scanPhaseLine`, a line whose first word (`first` to `colon`) is followed by a colon: a
   * `POWER:` line, the other common line of a game, when it is plain ASCII (a word of letters,
   * digits and `_` starting with a letter, the colon, nothing after it but blanks).
   */
  private scanPowerLine(first: number, colon: number, end: number): number {
    const text = this.text;
    const c0 = text.charCodeAt(first);
    if (c0 < 65 || (c0 > 90 && c0 < 97) || c0 > 122) return PLAIN_NONE;
    for (let j = colon + 1; j < end; j++) if (!isBlank(text.charCodeAt(j))) return PLAIN_NONE;
    let hash = TEXT_HASH;
    for (let j = first; j < colon; j++) hash = hashStep(hash, text.charCodeAt(j));
    this.scanFirst = first;
    this.scanLast = colon;
    this.scanHash = hash;
    return PLAIN_POWER;
  }

  /** The plain `POWER:` line `scanPhaseLine` found, taken as `inPhase` takes it, without tokens. */
  private plainPowerLine(): void {
    const first = this.scanFirst;
    const colon = this.scanLast;
    const phase = this.phase as G.PhaseSection;
    this.growLater(phase, colon + 1);
    const power = this.wordAt(textOf(this.text, first, colon, this.scanHash), first, colon);
    phase.powers.push(power);
    this.power = power;
  }

  /** A plain `units`, `dislodged` or `owners` line of an expect block (plain-expect.ts); false (nothing done) for any other line. */
  private plainExpect(start: number, end: number): boolean {
    const stmt = plainExpectLine(this, start, end);
    if (!stmt) return false;
    const expect = this.expect as G.ExpectSection;
    if (stmt.kind === 'Units') expect.units.push(stmt);
    else if (stmt.kind === 'Dislodged') expect.dislodged.push(stmt);
    else expect.owners.push(stmt);
    // The statement ends where its line's last word or comma does (a plain line has no comment).
    let to = end;
    while (isBlank(this.text.charCodeAt(to - 1))) to--;
    this.growLater(expect, to, this.expectInDeclare ? (this.declare as G.DeclareSection) : (this.phase as G.PhaseSection));
    return true;
  }

  /** Widens the open expect block and its phase or declare block to a statement of it ending at `lineEnd`. */
  private grewExpect(lineEnd: number): void {
    this.grow(this.expect as G.ExpectSection, lineEnd);
    this.grow(this.expectInDeclare ? (this.declare as G.DeclareSection) : (this.phase as G.PhaseSection), lineEnd);
  }

  /** One declaration of the open declare block. */
  private inDeclare(toks: Tok[], lineEnd: number): void {
    const section = this.declare as G.DeclareSection;
    if (readDeclaration(this, section, toks, lineEnd)) this.grow(section, lineEnd);
  }

  /** Gives the section of the last lines that grew it its end. */
  private flushGrowth(): void {
    const node = this.growing;
    if (!node) return;
    this.growing = undefined;
    const end = { offset: this.grownTo, line: this.grownLine, column: this.grownColumn };
    node.range = { start: node.range.start, end };
    const owner = this.growingOwner;
    if (!owner) return;
    this.growingOwner = undefined;
    owner.range = { start: owner.range.start, end };
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
    const phase = phaseName(this, toks, lineEnd, 'position');
    const keyword = { range: this.range(first.start, first.end) };
    this.ast.position = { kind: 'Position', keyword, units: [], dislodged: [], owners: [], standoffs: [], range: this.range(first.start, lineEnd), ...(phase ? { phase } : {}) };
    this.section = 'position';
  }

  private phaseLine(toks: Tok[], lineEnd: number): void {
    const first = toks[0] as Tok;
    const phase = phaseName(this, toks, lineEnd, 'phase');
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
    if (looksLikeDeclaration(kw, toks)) {
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

  /** Reads an order line (`continuation`: one that continues the order before); the line added, if any. */
  private order(toks: Tok[], power: G.Word, lineEnd: number, continuation = false): G.OrderLine | undefined {
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
      return undefined;
    }
    const line: G.OrderLine = { kind: 'Order', power, text: this.span(body), range: this.range((toks[0] as Tok).start, lineEnd) };
    if (expected) line.expected = expected;
    if (continuation) line.continuation = true;
    this.addOrder(phase, line, continuation);
    return line;
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

}

/**
 * The result written at `from` (a `[`) to the end of the line, `[ WORD ]` with blanks anywhere
 * between and after, WORD a result in any case: where it ends (without the blanks after) and its
 * word, as one number, `end * 4 + k` for `RESULT_WORDS[k]` (no object for a line: most order lines
 * of an imported game have one; a string is shorter than 2^29, so the number is a small integer);
 * `NO_RESULT` for anything else, which the general reader reads and reports.
 */
const RESULT_WORDS: readonly G.ExpectedResult[] = ['succeeds', 'fails', 'illegal'];
const NO_RESULT = -1;
/** What `scanPhaseLine` found a line of a phase to be. */
const PLAIN_NONE = 0;
const PLAIN_ORDER = 1;
const PLAIN_POWER = 2;

function writtenResult(text: string, from: number, end: number): number {
  let i = from + 1;
  while (i < end && isBlank(text.charCodeAt(i))) i++;
  const word = i;
  while (i < end && isAsciiLetter(text.charCodeAt(i))) i++;
  // Only the three results themselves, compared in place: the general reader says the rest.
  let k = 0;
  while (k < RESULT_WORDS.length && !((RESULT_WORDS[k] as string).length === i - word && hasAsciiWord(text, word, RESULT_WORDS[k] as string))) k++;
  if (k === RESULT_WORDS.length) return NO_RESULT;
  while (i < end && isBlank(text.charCodeAt(i))) i++;
  if (i >= end || text.charCodeAt(i) !== 93) return NO_RESULT;
  const to = i + 1;
  for (i = to; i < end; i++) if (!isBlank(text.charCodeAt(i))) return NO_RESULT;
  return to * 4 + k;
}

/** The hashes (texts.ts) of the words that make a line no order (`NOT_ORDER_WORDS`, lower case). */
const NOT_ORDER_HASHES = Int32Array.from(NOT_ORDER_WORDS, (w) => hashOf(w, 0, w.length));

/** The blanks (spaces and tabs) at `from`, the indentation of a line starting there. */
function indentAt(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i - from;
}
