/**
 * The order reader's tokens: words, arrows (runs of `-`, `=`, `>`) and single
 * punctuation marks, each with its span in the text as written. Characters are
 * classified by their NFKC form, so full-width letters and `－＞` read as usual
 * while spans still point into the original text.
 */

export type TokenKind = 'word' | 'arrow' | 'punct';

export interface Token {
  kind: TokenKind;
  /** The text as written. */
  text: string;
  /** NFKC, lower case: what keywords are compared with. */
  norm: string;
  start: number;
  end: number;
}

type CharClass = 'word' | 'arrow' | 'space' | 'punct';

// Word processors turn hyphens into dashes and "->" into an arrow sign.
const DASHES = /^[\u2010-\u2015\u2212]$/u;
const ARROW_SIGNS = /^[\u2192\u21d2\u27f6\u27f9]$/u;

function classify(ch: string): CharClass {
  const n = ch.normalize('NFKC');
  if (/^[\p{L}\p{M}\p{N}_]+$/u.test(n)) return 'word';
  if (/^\s+$/u.test(n)) return 'space';
  if (/^[-=>]$/u.test(n) || DASHES.test(n) || ARROW_SIGNS.test(n)) return 'arrow';
  return 'punct';
}

/** `classify` of each ASCII character, worked out once: most order text is ASCII. */
const ASCII_CLASS: readonly CharClass[] = Array.from({ length: 128 }, (_, c) => classify(String.fromCharCode(c)));

function classOf(cp: number): CharClass {
  return cp < 128 ? (ASCII_CLASS[cp] as CharClass) : classify(String.fromCodePoint(cp));
}

/** The arrow a run of arrow characters spells, with dashes and arrow signs read as `-` and `->`. */
function arrowNorm(text: string): string {
  let out = '';
  for (const ch of text) {
    const n = ch.normalize('NFKC');
    out += DASHES.test(n) ? '-' : ARROW_SIGNS.test(n) ? '->' : n;
  }
  return out;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i) ?? 0;
    const cls = classOf(cp);
    const size = cp > 0xffff ? 2 : 1;
    if (cls === 'space') {
      i += size;
      continue;
    }
    const start = i;
    i += size;
    if (cls === 'word' || cls === 'arrow') {
      while (i < text.length) {
        const next = text.codePointAt(i) ?? 0;
        if (classOf(next) !== cls) break;
        i += next > 0xffff ? 2 : 1;
      }
    }
    const raw = text.slice(start, i);
    const norm = cls === 'arrow' ? arrowNorm(raw) : raw.normalize('NFKC').toLowerCase();
    tokens.push({ kind: cls === 'word' ? 'word' : cls === 'arrow' ? 'arrow' : 'punct', text: raw, norm, start, end: i });
  }
  return tokens;
}
