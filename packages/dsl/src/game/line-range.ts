/**
 * A range on one line of a game file whose positions are made when they are read. The reader gives
 * every node a range, but a headless run (`dipforge test`) reads the ranges of the few nodes it
 * reports on, and most of a file's nodes are on its common lines: one such object where a range
 * made at once is three (the range and its two positions) makes that reader allocate about half
 * as much. Read, it gives the same positions as a range made at once (`LineReader.range`), as new
 * objects each time, and the same JSON; compared key by key (a test's deep equality), it is not
 * a plain range: make one of it first (`{ start, end }`).
 */
import type { Position, Range } from '../text/range.js';

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
