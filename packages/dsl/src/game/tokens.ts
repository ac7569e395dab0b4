/**
 * The general reader's tokens: a line split into words, numbers, strings and punctuation, and
 * the helpers that cut a line's tokens into its parts (the colon, the items between commas).
 */
import { asciiWord, isDigits } from './chars.js';

export type TokKind = 'word' | 'number' | 'string' | 'punct';

export interface Tok {
  kind: TokKind;
  /** As written (for a string: the unescaped value). */
  text: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{M}\p{Nd}_]+(?:-[\p{L}\p{M}\p{Nd}_]+)*/uy;
const SPACE = /[ \t\f\v\u00a0\u2000-\u200b\u3000\ufeff]+/y;

/** Splits a line into tokens; an unterminated string is told to `unterminated`. `end` excludes any comment. */
export function tokenize(text: string, start: number, end: number, unterminated: (start: number, end: number) => void): Tok[] {
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
      if (!closed) unterminated(i, end);
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

/**
 * Where a `//` comment starts (outside strings), or `end`. A slash is told from the pair of
 * characters read on every step, not by a test made only after a slash: the first lines a process
 * reads are a file's opening, often comments, read before V8 keeps type feedback for this function,
 * and a step only they took would be compiled without it and thrown away by the next file's first
 * comment.
 */
export function commentStart(text: string, start: number, end: number): number {
  let inString = false;
  // The character before `i` and where it is.
  let before = 0;
  let beforeAt = start;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (((before << 16) | c) === SLASHES) return beforeAt;
    else if (c === 34) inString = true;
    before = c;
    beforeAt = i;
  }
  return end;
}

/** Two slashes as `(first << 16) | second`. */
const SLASHES = (47 << 16) | 47;

export function colonIndex(toks: Tok[]): number {
  return toks.findIndex((t) => t.text === ':');
}

/** Tokens between commas, with the offsets around them (for an empty item: the comma's place). */
export interface Item {
  toks: Tok[];
  start: number;
  end: number;
}

/**
 * Splits tokens at commas. Nothing at all gives no item; an empty item between
 * commas is kept, for the caller to report. `after` is where the list starts.
 */
export function splitCommas(toks: Tok[], after: number): Item[] {
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
