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

// The properties given to the constructor are made in the order given, as the literals' keys were.
export class ReadPosition implements Position {
  constructor(public offset: number, public line: number, public column: number) {}
}

export class ReadRange implements Range {
  constructor(public start: Position, public end: Position) {}
}

export class ReadText implements G.Text {
  constructor(public text: string, public range: Range) {}
}

/** A result written after an order (`[succeeds]`). */
export class ReadResult {
  constructor(public value: G.ExpectedResult, public range: Range) {}
}

/** A word node: the word as written and lower-cased. */
export class ReadWord implements G.Word {
  text: string;
  value: string;
  range: Range;
  constructor(text: string, range: Range) {
    this.text = text;
    this.value = text.toLowerCase();
    this.range = range;
  }
}

/** An order line with no result written after it. */
export class ReadOrder implements G.OrderLine {
  kind: 'Order';
  power: G.Word;
  text: G.Text;
  range: Range;
  constructor(power: G.Word, text: G.Text, range: Range) {
    this.kind = 'Order';
    this.power = power;
    this.text = text;
    this.range = range;
  }
}

/** An order line with its written result: a property of its own from the start, not given later (which takes a second object). */
export class ReadOrderWithResult extends ReadOrder {
  expected: ReadResult;
  constructor(power: G.Word, text: G.Text, range: Range, expected: ReadResult) {
    super(power, text, range);
    this.expected = expected;
  }
}
