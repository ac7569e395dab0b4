/**
 * The nodes the game reader makes on every line (positions, ranges, texts, words, order lines),
 * made by constructors, not object literals. V8 keeps an allocation site for each object literal of
 * a function and, once it sees a site's objects live long (a syntax tree does), makes them in the
 * old generation from then on, throwing away the optimized code that made them: in a process's
 * first checks of a long game that happened between the first and the second, and the second read
 * its lines unoptimized. A constructor's objects have no such site. Each has the own properties of
 * the literal it stands for, in its order, so it reads, compares and prints (as JSON) the same.
 */
import type { Position, Range } from '../text/range.js';
import type * as G from './ast.js';

// Each property is declared for its type only and made by the constructor's assignment, in the
// literal's order: a declared class field would be defined by an initializer first, a call of its
// own for every node while the reader is not yet optimized (a process's first check).
export class ReadPosition implements Position {
  declare offset: number;
  declare line: number;
  declare column: number;
  constructor(offset: number, line: number, column: number) {
    this.offset = offset;
    this.line = line;
    this.column = column;
  }
}

export class ReadRange implements Range {
  declare start: Position;
  declare end: Position;
  constructor(start: Position, end: Position) {
    this.start = start;
    this.end = end;
  }
}

export class ReadText implements G.Text {
  declare text: string;
  declare range: Range;
  constructor(text: string, range: Range) {
    this.text = text;
    this.range = range;
  }
}

/** A result written after an order (`[succeeds]`). */
export class ReadResult {
  declare value: G.ExpectedResult;
  declare range: Range;
  constructor(value: G.ExpectedResult, range: Range) {
    this.value = value;
    this.range = range;
  }
}

/** A word node: the word as written and lower-cased. */
export class ReadWord implements G.Word {
  declare text: string;
  declare value: string;
  declare range: Range;
  constructor(text: string, range: Range) {
    this.text = text;
    this.value = text.toLowerCase();
    this.range = range;
  }
}

/** An order line with no result written after it. */
export class ReadOrder implements G.OrderLine {
  declare kind: 'Order';
  declare power: G.Word;
  declare text: G.Text;
  declare range: Range;
  constructor(power: G.Word, text: G.Text, range: Range) {
    this.kind = 'Order';
    this.power = power;
    this.text = text;
    this.range = range;
  }
}

/** An order line with its written result: a property of its own from the start, not given later (which takes a second object). */
export class ReadOrderWithResult extends ReadOrder {
  declare expected: ReadResult;
  constructor(power: G.Word, text: G.Text, range: Range, expected: ReadResult) {
    super(power, text, range);
    this.expected = expected;
  }
}
