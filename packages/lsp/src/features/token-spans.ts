/**
 * The spans a document's semantic tokens are made of, as the protocol sends
 * them. Spans are gathered in typed arrays (no object per span), then put in
 * order once (by blocks of their start, then within them) and written by a
 * `TokenWriter` (token-write.ts) into the protocol's relative integers:
 * overlaps dropped (the first, and of those the longest, wins), a span across
 * a line break split at it, and with a window only the lines inside it kept.
 * A game's order lines, most of its tokens, are not spans: they are written
 * in place among them (token-lines.ts).
 */
import { TokenWriter, type LineTable } from './token-write.js';

export const TOKEN_TYPES = ['keyword', 'variable', 'type', 'property', 'enumMember', 'string', 'number', 'comment', 'operator', 'namespace', 'event'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly'] as const;

export type TokenType = (typeof TOKEN_TYPES)[number];

/** A token type's number in the legend. */
export const TYPE: { readonly [K in TokenType]: number } = Object.fromEntries(TOKEN_TYPES.map((t, i) => [t, i])) as { [K in TokenType]: number };

/** The spans are first put in order by blocks of 2^BLOCK_BITS characters of their start. */
const BLOCK_BITS = 4;

/** The modifier bits of a declaration (the legend's first modifier). */
export const DECLARATION = 1;

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

  /** Tokens found at offset 0 of a text (start, end and type number: three integers each), put at `base`; one call for a text's tokens. */
  pushAt(tokens: readonly number[], base: number): void {
    while (this.n + tokens.length / 3 > this.starts.length) this.grow();
    const starts = this.starts;
    const ends = this.ends;
    const kinds = this.kinds;
    let n = this.n;
    for (let k = 0; k < tokens.length; k += 3) {
      starts[n] = base + (tokens[k] as number);
      ends[n] = base + (tokens[k + 1] as number);
      kinds[n] = (tokens[k + 2] as number) << 2;
      n++;
    }
    this.n = n;
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

  /** The protocol's integers of the spans in order (`TokenWriter`), on lines `from`..`to` when given. */
  encode(lines: LineTable, from = 0, to = Number.MAX_SAFE_INTEGER): number[] {
    const w = new TokenWriter(lines, from, to);
    const { order, starts, ends, kinds } = this.inOrder();
    for (let n = 0; n < order.length; n++) {
      const i = order[n] as number;
      w.span(starts[i] as number, ends[i] as number, kinds[i] as number);
    }
    return w.finish();
  }

  /** The spans by start, the longer first at the same start, then as found: `order` indexes the others (kinds: type << 2 | modifiers). */
  inOrder(): { order: Uint32Array; starts: Int32Array; ends: Int32Array; kinds: Uint8Array } {
    return { order: this.order(), starts: this.starts, ends: this.ends, kinds: this.kinds };
  }

  /**
   * The indices of the spans by start, the longer first at the same start, then as found. Each
   * pass that finds spans finds them nearly in order, so a counting sort on blocks of the start
   * (`BLOCK` characters: a few spans each) puts every span within a few places of its own, and
   * an insertion sort finishes: a few plain loops over typed arrays, no comparison function.
   */
  private order(): Uint32Array {
    const order = byBlock(this.starts, this.n);
    finishOrder(order, this.starts, this.ends);
    return order;
  }
}

/**
 * The indices of the first `n` spans by blocks of their start, in the order found within a block.
 * (The two sorts are functions of their own: a loop first run when the other is already compiled
 * would find that code without its feedback and drop back to the interpreter.)
 */
function byBlock(starts: Int32Array, n: number): Uint32Array {
  let maxStart = 0;
  for (let i = 0; i < n; i++) if ((starts[i] as number) > maxStart) maxStart = starts[i] as number;
  const blocks = (maxStart >>> BLOCK_BITS) + 1;
  const counts = new Uint32Array(blocks + 1);
  for (let i = 0; i < n; i++) {
    const b = ((starts[i] as number) >>> BLOCK_BITS) + 1;
    counts[b] = (counts[b] as number) + 1;
  }
  for (let b = 1; b <= blocks; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const b = (starts[i] as number) >>> BLOCK_BITS;
    const at = counts[b] as number;
    counts[b] = at + 1;
    order[at] = i;
  }
  return order;
}

/** Insertion sort of `order` (nearly in order) by start, the longer first at the same start, then as found. */
function finishOrder(order: Uint32Array, starts: Int32Array, ends: Int32Array): void {
  for (let k = 1; k < order.length; k++) {
    const i = order[k] as number;
    const s = starts[i] as number;
    const e = ends[i] as number;
    let j = k - 1;
    for (; j >= 0; j--) {
      const o = order[j] as number;
      const so = starts[o] as number;
      if (so < s || (so === s && ((ends[o] as number) > e || ((ends[o] as number) === e && o < i)))) break;
      order[j + 1] = o;
    }
    order[j + 1] = i;
  }
}
