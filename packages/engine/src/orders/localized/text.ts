/**
 * A written order as the reader sees it: one entry per character after the
 * language's folding (traditional → simplified), NFKC (full-width forms) and
 * lower case, each remembering the span of the original text it came from, so
 * every diagnostic points into the text as written.
 */

export type CharClass = 'letter' | 'space' | 'mark';

export interface NormalText {
  /** The text as written. */
  readonly original: string;
  /** Normalised characters (code points). */
  readonly chars: readonly string[];
  readonly classes: readonly CharClass[];
  /** Whether the character is a letter of a spaced script (Latin, Cyrillic…), where words end only at a non-letter. */
  readonly spacedScript: readonly boolean[];
  /** UTF-16 span of the original text each character came from. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

const LETTER = /^[\p{L}\p{M}\p{N}]$/u;
const SPACE = /^\s$/u;
/** Scripts written without spaces between words: a word may begin or end at any of their characters. */
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]$/u;

/** The folding table of a vocabulary (`"陸陆軍军"`: pairs of characters) as a map. */
export function foldTable(pairs: string | undefined): ReadonlyMap<string, string> {
  const chars = Array.from(pairs ?? '');
  const table = new Map<string, string>();
  for (let i = 0; i + 1 < chars.length; i += 2) table.set(chars[i] as string, chars[i + 1] as string);
  return table;
}

/** A single character (or string) folded and normalised as the reader compares text. */
export function normalise(text: string, fold: ReadonlyMap<string, string>): string {
  let out = '';
  for (const ch of text) out += (fold.get(ch) ?? ch).normalize('NFKC').toLowerCase();
  return out;
}

export function normalText(original: string, fold: ReadonlyMap<string, string>): NormalText {
  const chars: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const ch of original) {
    const end = offset + ch.length;
    for (const c of normalise(ch, fold)) {
      chars.push(c);
      starts.push(offset);
      ends.push(end);
    }
    offset = end;
  }
  const classes = chars.map((c): CharClass => (LETTER.test(c) ? 'letter' : SPACE.test(c) ? 'space' : 'mark'));
  const spacedScript = chars.map((c, i) => classes[i] === 'letter' && !UNSPACED.test(c));
  return { original, chars, classes, spacedScript, starts, ends };
}

/** The original text of normalised characters [from, to). */
export function originalSpan(text: NormalText, from: number, to: number): { start: number; end: number } {
  const last = Math.max(from, to - 1);
  const start = text.starts[from] ?? text.original.length;
  const end = to > from ? (text.ends[last] ?? text.original.length) : start;
  return { start, end };
}
