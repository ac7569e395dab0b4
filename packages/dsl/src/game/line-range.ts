/**
 * A range on one line of a game file whose positions are made when they are read. The reader gives
 * every node a range, but a headless run (`dipforge test`) reads the ranges of the few nodes it
 * reports on, and most of a file's nodes are on its common lines: one such object where a range
 * made at once is three (the range and its two positions) makes that reader allocate about half
 * as much. Read, it gives the same positions as a range made at once (`LineReader.range`), as new
 * objects each time, and the same JSON; compared key by key (a test's deep equality), it is not
 * a plain range: make one of it first (`{ start, end }`).
 *
 * The nodes a headless read makes most of are made here with their ranges in them, one object
 * each: a text (`LineText`), a word (`LineWord`), a unit item with a one-letter kind (`LineUnit`), an order line
 * (`LineOrder`) and its written result (`LineResult`).
 */
import type { Position, Range } from '../text/range.js';
import type { ExpectedResult, OrderLine, Text, UnitItem, Word } from './ast.js';

export class LineRange implements Range {
  private readonly line: number;
  private readonly lineStart: number;
  private readonly from: number;
  private readonly to: number;

  /** From offset `from` to `to` on line `line`, which starts at offset `lineStart`; an end before the start ends there. */
  constructor(line: number, lineStart: number, from: number, to: number) {
    this.line = line;
    this.lineStart = lineStart;
    this.from = from;
    this.to = to <= from ? from : to;
  }

  get start(): Position {
    return { offset: this.from, line: this.line, column: this.from - this.lineStart };
  }

  get end(): Position {
    return { offset: this.to, line: this.line, column: this.to - this.lineStart };
  }

  toJSON(): Range {
    return { start: this.start, end: this.end };
  }

  /** From the start of `a` to the end of `b`, both on one line. */
  static join(a: LineRange, b: LineRange): LineRange {
    return new LineRange(a.line, a.lineStart, a.from, b.to);
  }
}

/**
 * A text node on one line whose range is made when read (`LineRange`): one object where a text
 * and its range are two. Made by the plain-line readers of a headless run (plain-expect.ts), the
 * most common nodes of a file; its JSON is a text node's (`{ text, range }`).
 */
export class LineText implements Text {
  constructor(
    readonly text: string,
    /** The line of the text, and where that starts. */
    readonly line: number,
    readonly lineStart: number,
    /** Where the text starts and ends (a unit item or an order line read whole starts or ends there too). */
    readonly from: number,
    readonly to: number,
  ) {}

  get range(): Range {
    return new LineRange(this.line, this.lineStart, this.from, this.to);
  }

  /** As JSON, the plain node it stands for (each kind of node its own: see the subclasses). */
  toJSON(): object {
    return { text: this.text, range: this.range };
  }
}

/** A word node on one line whose range is made when read, as `LineText`; its JSON is a word's (`{ text, value, range }`). */
export class LineWord extends LineText implements Word {
  readonly value = this.text.toLowerCase();

  override toJSON(): { text: string; value: string; range: Range } {
    return { text: this.text, value: this.value, range: this.range };
  }
}

/**
 * A unit item `KIND LOCATION` with a one-letter kind, on one line, as one object besides its
 * location: its kind word and its range are made when read. Its JSON is the item's as the general
 * reader makes it (`{ kindWord, location, range, unitKind }`).
 */
export class LineUnit implements UnitItem {
  constructor(
    private readonly kind: { readonly text: string; readonly value: string },
    readonly location: LineText,
    readonly unitKind: 'army' | 'fleet',
    private readonly line: number,
    private readonly lineStart: number,
    /** Where the item (its kind letter) starts. */
    private readonly start: number,
  ) {}

  /** The kind word (one letter at the item's start): made anew each time it is read. */
  get kindWord(): Word {
    return { text: this.kind.text, value: this.kind.value, range: new LineRange(this.line, this.lineStart, this.start, this.start + 1) };
  }

  get range(): Range {
    return new LineRange(this.line, this.lineStart, this.start, this.location.to);
  }

  toJSON(): { kindWord: Word; location: LineText; range: Range; unitKind: 'army' | 'fleet' } {
    return { kindWord: this.kindWord, location: this.location, range: this.range, unitKind: this.unitKind };
  }
}

/**
 * A result written after an order (`[succeeds]`), its range made when read: a `LineText` whose
 * text is the result's word in lower case. Its JSON is `{ value, range }`.
 */
export class LineResult extends LineText {
  get value(): ExpectedResult {
    return this.text as ExpectedResult;
  }

  override toJSON(): { value: ExpectedResult; range: Range } {
    return { value: this.value, range: this.range };
  }
}

/**
 * An order line read whole on one line (its text, and its result if one is written), its range
 * made when read. Its JSON is the order line's as the general reader makes it: `kind`, `power`,
 * `text`, `range`, then `expected` when a result is written and `continued` when the next line
 * continues it (the reader gives that later).
 */
export class LineOrder implements OrderLine {
  /** Given by the reader to the few lines the next line continues (a property of none of the others). */
  declare continued?: Text;

  constructor(
    readonly power: Word,
    readonly text: LineText,
    readonly expected: LineResult | undefined,
  ) {}

  /** What every order line is (no property of its own: an order line is read as often as it is made). */
  get kind(): 'Order' {
    return 'Order';
  }

  get range(): Range {
    const text = this.text;
    return new LineRange(text.line, text.lineStart, text.from, this.expected ? this.expected.to : text.to);
  }

  toJSON(): Omit<OrderLine, 'continuation'> {
    const out: Omit<OrderLine, 'continuation'> = { kind: this.kind, power: this.power, text: this.text, range: this.range };
    if (this.expected) out.expected = this.expected;
    if (this.continued) out.continued = this.continued;
    return out;
  }
}
