/**
 * Words in a text, and the provinces, coasts and powers they name: the scanner under every name
 * list of the language server (names.ts) and under completion's and the code actions' word look-ups.
 * A run of adjacent words is matched against the variant's name index, longest first, so that
 * multi-word names (`North Sea`, `St Petersburg`) and coasts written after a province are found;
 * order words (`A`, `S`, `via`) are never a province where they stand alone.
 */
import type { NameIndex } from '@dipforge/engine';
import type { Occurrence } from './names.js';

/** Order words: never a province where they stand alone (`A`, `S`, `via`…). */
export const ORDER_KEYWORDS = new Set([
  'a', 'f', 'army', 'fleet', 'an', 'one', 'the', 'in', 'at',
  'h', 'hold', 'holds', 'stand', 'stands',
  'm', 'mv', 'move', 'moves', 'moving', 'attack', 'attacks', 'attacking', 'to', 'into', 'on', 'of',
  'via', 'by', 'convoy', 's', 'sup', 'supp', 'support', 'supports', 'supporting',
  'c', 'convoys', 'convoying', 'r', 'retreat', 'retreats', 'd', 'disband', 'disbands', 'remove', 'removes',
  'b', 'build', 'builds', 'waive', 'waives',
]);

export interface Token {
  kind: 'word' | 'punct';
  text: string;
  start: number;
  end: number;
}

const WORD_RE = /[\p{L}\p{M}\p{Nd}_]+(?:-[\p{L}\p{M}\p{Nd}_]+)*/uy;

/** Words and punctuation of a piece of text (whitespace dropped), offsets from `base`. */
export function tokens(text: string, base = 0): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || ((code > 127 || (code >= 10 && code <= 13)) && /\s/u.test(text[i] as string))) {
      i++;
      continue;
    }
    // Most words are ASCII letters and digits: read them without the expression, which takes over at any other letter.
    const end = asciiWordEnd(text, i);
    if (end > i) {
      out.push({ kind: 'word', text: text.slice(i, end), start: base + i, end: base + end });
      i = end;
      continue;
    }
    if (end < 0 || code > 127) {
      WORD_RE.lastIndex = i;
      const m = WORD_RE.exec(text);
      if (m) {
        out.push({ kind: 'word', text: m[0], start: base + i, end: base + i + m[0].length });
        i += m[0].length;
        continue;
      }
    }
    if (code === 45 || code === 61) {
      let j = i + 1;
      while (j < text.length && (text[j] === '-' || text[j] === '=' || text[j] === '>')) j++;
      out.push({ kind: 'punct', text: text.slice(i, j), start: base + i, end: base + j });
      i = j;
      continue;
    }
    const len = (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    out.push({ kind: 'punct', text: text.slice(i, i + len), start: base + i, end: base + i + len });
    i += len;
  }
  return out;
}

const isAsciiWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;

/**
 * The end of the word `WORD_RE` reads at `i` when it is made of ASCII letters, digits,
 * underscores and inner hyphens only; `i` when no ASCII word starts there; -1 when the
 * word goes on with another character (the expression reads it).
 */
function asciiWordEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    const from = j;
    while (j < text.length && isAsciiWordChar(text.charCodeAt(j))) j++;
    if (j === from) return from === i ? (text.charCodeAt(i) > 127 ? -1 : i) : -1;
    const next = j < text.length ? text.charCodeAt(j) : 0;
    if (next > 127) return -1;
    if (next !== 45) return j;
    const after = j + 1 < text.length ? text.charCodeAt(j + 1) : 0;
    if (after > 127) return -1;
    if (!isAsciiWordChar(after)) return j;
    j++;
  }
}

/**
 * Provinces, coasts and powers in a piece of game text (an order, a unit, a
 * list of provinces): longest names first, order words skipped.
 */
export function scanPlaces(text: string, base: number, index: NameIndex, keywords: boolean, source: string): { occ: Occurrence[]; words: Token[] } {
  if (source.length >= base + text.length && source.startsWith(text, base)) {
    const found = scanRelative(text, index, keywords);
    return {
      occ: found.occ.map((o) => ({ ...o, start: o.start + base, end: o.end + base })),
      words: found.words.map((w) => ({ ...w, start: w.start + base, end: w.end + base })),
    };
  }
  return scanText(text, base, index, keywords, source);
}

/**
 * What `scanPlaces` finds in `text` at offset 0, shared (not to be changed): what is found
 * depends on the text alone (the source only says what lies between its tokens, which is the
 * text's own), so it is kept per text: a game repeats its order texts, and the semantic tokens
 * and the names of a whole game read every one of them.
 */
export function scanRelative(text: string, index: NameIndex, keywords: boolean): { readonly occ: readonly Occurrence[]; readonly words: readonly Token[] } {
  let memos = scanMemo.get(index);
  if (!memos) scanMemo.set(index, (memos = { keywords: new Map(), places: new Map() }));
  const memo = keywords ? memos.keywords : memos.places;
  let found = memo.get(text);
  if (!found) {
    if (memo.size >= SCAN_MEMO_LIMIT) memo.clear();
    found = scanText(text, 0, index, keywords, text);
    memo.set(text, found);
  }
  return found;
}

type Found = { occ: Occurrence[]; words: Token[] };
/** Texts scanned, per name index (so per compiled variant), as order texts (order words skipped) or as places: found at offset 0. */
const scanMemo = new WeakMap<NameIndex, { keywords: Map<string, Found>; places: Map<string, Found> }>();
/** Distinct texts kept per name index before the memo starts again (a bound on its memory). */
const SCAN_MEMO_LIMIT = 50_000;

function scanText(text: string, base: number, index: NameIndex, keywords: boolean, source: string): { occ: Occurrence[]; words: Token[] } {
  const toks = tokens(text, base);
  // The tokens' texts, looked up by index span (`provinceWords(texts, from, to)`): no array per word.
  const texts = toks.map((x) => x.text);
  const occ: Occurrence[] = [];
  const used: Token[] = [];
  const longest = Math.max(index.maxProvinceWords, index.maxPowerWords);
  let i = 0;
  while (i < toks.length) {
    const t = toks[i] as Token;
    if (t.kind !== 'word') {
      i++;
      continue;
    }
    // Consecutive words (separated by spaces only), up to the longest province name: tokens `i`..`runEnd - 1`.
    let runEnd = i + 1;
    while (runEnd < toks.length && runEnd - i < longest) {
      const n = toks[runEnd] as Token;
      if (n.kind !== 'word' || !adjacent(source, toks[runEnd - 1] as Token, n)) break;
      runEnd++;
    }
    const orderWord = keywords && ORDER_KEYWORDS.has(t.text.toLowerCase());
    let matched = 0;
    let id: string | undefined;
    for (let n = runEnd - i; n >= 1 && !matched; n--) {
      if (n === 1 && orderWord) break;
      const ids = index.provinceWords(texts, i, i + n);
      if (ids.length === 1) {
        matched = n;
        id = ids[0];
      }
    }
    if (matched && id) {
      const last = toks[i + matched - 1] as Token;
      occ.push({ kind: 'province', id, start: t.start, end: last.end, text: source.slice(t.start, last.end), decl: false });
      i += matched;
      // A coast: `/nc`, `(nc)`, `(north coast)`, or ` nc`.
      const next = toks[i];
      if (next && index.hasCoasts(id)) {
        if ((next.text === '/' || next.text === '(') && toks[i + 1]?.kind === 'word') {
          const close = next.text === '(' ? toks.findIndex((x, k) => k > i && x.text === ')') : -1;
          const coastToks = next.text === '(' && close > i ? toks.slice(i + 1, close) : [toks[i + 1] as Token];
          const coast = index.coastWords(id, coastToks.map((x) => x.text));
          if (coast) {
            const first = coastToks[0] as Token;
            const lastC = coastToks[coastToks.length - 1] as Token;
            occ.push({ kind: 'coast', id: `${id}/${coast}`, start: first.start, end: lastC.end, text: source.slice(first.start, lastC.end), decl: false });
            i += 1 + coastToks.length + (close > i ? 1 : 0);
          }
        } else if (next.kind === 'word' && !ORDER_KEYWORDS.has(next.text.toLowerCase())) {
          const coast = index.coast(id, next.text);
          if (coast) {
            occ.push({ kind: 'coast', id: `${id}/${coast}`, start: next.start, end: next.end, text: next.text, decl: false });
            i++;
          }
        }
      }
      continue;
    }
    if (orderWord) {
      used.push(t);
      i++;
      continue;
    }
    let power = 0;
    let pid: string | undefined;
    for (let n = Math.min(runEnd - i, index.maxPowerWords); n >= 1 && !power; n--) {
      const ids = index.powerWords(texts, i, i + n);
      if (ids.length === 1) {
        power = n;
        pid = ids[0];
      }
    }
    if (power && pid) {
      const last = toks[i + power - 1] as Token;
      occ.push({ kind: 'power', id: pid, start: t.start, end: last.end, text: source.slice(t.start, last.end), decl: false });
      i += power;
      continue;
    }
    i++;
  }
  return { occ, words: used };
}

/** Words next to each other in `source`: blanks only between them (most often one space). */
function adjacent(source: string, a: Token, b: Token): boolean {
  return (b.start === a.end + 1 && source.charCodeAt(a.end) === 32) || /^\s+$/u.test(source.slice(a.end, b.start));
}
