/**
 * Source positions. Lines and columns are 0-based (as in the Language Server
 * Protocol); offsets count UTF-16 code units from the start of the text; `end`
 * is exclusive. Printing adds 1 to line and column.
 */
export interface Position {
  offset: number;
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export const ZERO_POSITION: Position = { offset: 0, line: 0, column: 0 };
export const ZERO_RANGE: Range = { start: ZERO_POSITION, end: ZERO_POSITION };

/** The smallest range covering both. */
export function cover(a: Range, b: Range): Range {
  return {
    start: a.start.offset <= b.start.offset ? a.start : b.start,
    end: a.end.offset >= b.end.offset ? a.end : b.end,
  };
}

/** Where each line of `text` starts: after `\n`, `\r\n` or a lone `\r`. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** Maps offsets to positions for one text, with a precomputed table of line starts. */
export class LineIndex {
  private readonly lineStarts: number[];

  /** `lineStarts`: where each line starts (after `\n`, `\r\n` or a lone `\r`), when the caller has found them already. */
  constructor(
    readonly text: string,
    lineStarts?: number[],
  ) {
    // One store for both ways, and the loop in a function of its own with nothing after it: V8 optimized
    // this constructor while its loop ran on a map file's text, and the store after the loop, or a store
    // of its own for starts given (the game reader's), first reached later, threw that code away.
    this.lineStarts = lineStarts ?? lineStartsOf(text);
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(Number.isFinite(offset) ? offset : this.text.length, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { offset: clamped, line: lo, column: clamped - (this.lineStarts[lo] as number) };
  }

  range(startOffset: number, endOffset: number): Range {
    const start = this.position(startOffset);
    return { start, end: endOffset <= start.offset ? start : this.position(endOffset) };
  }
}
