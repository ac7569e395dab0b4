/**
 * The spans a document's semantic tokens are made of, as the protocol sends
 * them. Spans are gathered in typed arrays (a long game has tens of thousands:
 * no object per span), then put in order once and written straight into the
 * protocol's relative integers: overlaps dropped (the first, and of those the
 * longest, wins), a span across a line break split at it, and with a window
 * only the lines inside it kept.
 */
export const TOKEN_TYPES = ['keyword', 'variable', 'type', 'property', 'enumMember', 'string', 'number', 'comment', 'operator', 'namespace', 'event'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly'] as const;

export type TokenType = (typeof TOKEN_TYPES)[number];

/** A token type's number in the legend. */
export const TYPE: { readonly [K in TokenType]: number } = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as { [K in TokenType]: number };

/** The buckets of one pass of the radix sort (16 bits of the start). */
const RADIX = 1 << 16;

/** The modifier bits of a declaration (the legend's first modifier). */
export const DECLARATION = 1;

/** The line starts of a text (`Lines`). */
interface LineTable {
  readonly starts: readonly number[];
  readonly text: string;
}

/** Spans by offset: start, end, type number and modifier bits, in the order they were found. */
export class SpanBuffer {
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private kinds = new Uint8Array(1024);
  private n = 0;

  push(start: number, end: number, type: number, modifiers = 0): void {
    if (this.n === this.starts.length) this.grow();
    this.starts[this.n] = start;
    this.ends[this.n] = end;
    this.kinds[this.n] = (type << 2) | modifiers;
    this.n++;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const starts = new Int32Array(size);
    starts.set(this.starts);
    const ends = new Int32Array(size);
    ends.set(this.ends);
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    this.starts = starts;
    this.ends = ends;
    this.kinds = kinds;
  }

  /**
   * The protocol's integers (five a token: line and character relative to the token before,
   * length, type, modifiers) for the spans in order, on lines `from`..`to` when given.
   */
  encode(lines: LineTable, from = 0, to = Number.MAX_SAFE_INTEGER): number[] {
    const order = this.order();
    const { starts, text } = lines;
    const count = starts.length;
    // Written by index into an array of the right size (a span across lines, rare, makes it grow): much faster than pushing.
    let data: number[] = new Array<number>(order.length * 5);
    let k = 0;
    let lastLine = 0;
    let lastChar = 0;
    let last = 0;
    let cursor = 0;
    for (let n = 0; n < order.length; n++) {
      const i = order[n] as number;
      const s = this.starts[i] as number;
      const e = this.ends[i] as number;
      if (e <= s || s < last) continue;
      last = e;
      while (cursor + 1 < count && (starts[cursor + 1] as number) <= s) cursor++;
      const kind = this.kinds[i] as number;
      let line = cursor;
      let at = s;
      for (;;) {
        // The line's end before its break.
        let lineEnd = line + 1 < count ? (starts[line + 1] as number) : text.length;
        while (lineEnd > (starts[line] as number) && (text.charCodeAt(lineEnd - 1) === 10 || text.charCodeAt(lineEnd - 1) === 13)) lineEnd--;
        if (lineEnd > e) lineEnd = e;
        if (lineEnd > at && line >= from && line <= to) {
          const character = at - (starts[line] as number);
          const dl = line - lastLine;
          if (k + 5 > data.length) data = grown(data);
          data[k++] = dl;
          data[k++] = dl === 0 ? character - lastChar : character;
          data[k++] = lineEnd - at;
          data[k++] = kind >> 2;
          data[k++] = kind & 3;
          lastLine = line;
          lastChar = character;
        }
        if (line + 1 >= count) break;
        at = starts[++line] as number;
        if (at >= e) break;
      }
    }
    data.length = k;
    return data;
  }

  /**
   * The indices of the spans by start, the longer first at the same start, then as found. A
   * stable radix sort on the start (two passes of 16 bits; plain loops, no comparison function),
   * then the few spans that share a start ordered by their end.
   */
  private order(): Uint32Array {
    const n = this.n;
    let order = new Uint32Array(n);
    let sorted = true;
    for (let i = 0; i < n; i++) {
      order[i] = i;
      if (i > 0 && !this.before(i - 1, i)) sorted = false;
    }
    if (sorted) return order;
    const starts = this.starts;
    let other = new Uint32Array(n);
    const counts = new Uint32Array(RADIX + 1);
    for (let shift = 0; shift < 32; shift += 16) {
      counts.fill(0);
      for (let k = 0; k < n; k++) {
        const b = (((starts[order[k] as number] as number) >>> shift) & (RADIX - 1)) + 1;
        counts[b] = (counts[b] as number) + 1;
      }
      for (let b = 1; b <= RADIX; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number);
      for (let k = 0; k < n; k++) {
        const i = order[k] as number;
        const b = ((starts[i] as number) >>> shift) & (RADIX - 1);
        const at = counts[b] as number;
        counts[b] = at + 1;
        other[at] = i;
      }
      [order, other] = [other, order];
    }
    for (let i = 0; i < n; ) {
      const start = starts[order[i] as number] as number;
      let j = i + 1;
      while (j < n && starts[order[j] as number] === start) j++;
      if (j - i > 1) order.subarray(i, j).sort((a, b) => (this.ends[b] as number) - (this.ends[a] as number) || a - b);
      i = j;
    }
    return order;
  }

  /** Whether span `a` comes before span `b` (or with it, where the first found stays first). */
  private before(a: number, b: number): boolean {
    const sa = this.starts[a] as number;
    const sb = this.starts[b] as number;
    return sa < sb || (sa === sb && (this.ends[a] as number) >= (this.ends[b] as number));
  }
}

/** `data` with room for more tokens. */
function grown(data: number[]): number[] {
  const more = new Array<number>(Math.max(10, data.length * 2));
  for (let i = 0; i < data.length; i++) more[i] = data[i] as number;
  return more;
}
