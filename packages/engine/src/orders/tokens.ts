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
    const ch = String.fromCodePoint(cp);
    const cls = classify(ch);
    if (cls === 'space') {
      i += ch.length;
      continue;
    }
    const start = i;
    i += ch.length;
    if (cls === 'word' || cls === 'arrow') {
      while (i < text.length) {
        const next = String.fromCodePoint(text.codePointAt(i) ?? 0);
        if (classify(next) !== cls) break;
        i += next.length;
      }
    }
    const raw = text.slice(start, i);
    const norm = cls === 'arrow' ? arrowNorm(raw) : raw.normalize('NFKC').toLowerCase();
    tokens.push({ kind: cls === 'word' ? 'word' : cls === 'arrow' ? 'arrow' : 'punct', text: raw, norm, start, end: i });
  }
  return tokens;
}
