/**
 * Segmentation: every way a stretch of the text can be read as one lexeme (a
 * word, a name, a coast, a mark), as edges between character positions. The
 * grammar then walks the edges, so a text without spaces is segmented by every
 * dictionary reading at once and no longest-match guess can hide the right one.
 *
 * Exact edges come first; loose edges (a name within one edit, an abbreviation
 * of a Latin-script name) are added only when no exact reading makes an order.
 */
import { editDistance } from '../../config/suggest.js';
import type { Lexeme, Lexicon, TrieNode } from './lexicon.js';
import { originalSpan, type NormalText } from './text.js';

export interface Edge {
  from: number;
  to: number;
  lex: Lexeme;
  /** 0 exact, 1 an abbreviation, 2 a misspelling; the reading with the least total wins. */
  penalty: number;
  /** For a loose edge: what was written and what it was read as. */
  guess?: { written: string; id: string };
}

/** Edges by the position they start at. */
export type Edges = Edge[][];

/** Latin names need this many letters before a misspelling is guessed (as `../../board/guess.ts`). */
const LATIN_TYPO_LENGTH = 5;
/** Written words shorter than this are never read as the beginning of a longer name word. */
const MIN_PREFIX = 3;
/** A Latin name written as the beginning of its key (`StPeter`) needs this many letters. */
const MIN_KEY_PREFIX = 4;

/** The next position at or after `pos` that is not a space or an ignored mark. */
export function skipBlank(text: NormalText, lexicon: Lexicon, pos: number): number {
  let p = pos;
  while (p < text.chars.length && (text.classes[p] === 'space' || lexicon.ignored.has(text.chars[p] as string))) p++;
  return p;
}

/** Whether a lexeme may begin at `i`: not inside a word of a spaced script. */
function wordStart(text: NormalText, i: number): boolean {
  return text.classes[i] === 'letter' && !(text.spacedScript[i] === true && text.spacedScript[i - 1] === true);
}

/** Whether a lexeme may end before `j`: not inside a word of a spaced script. */
function wordEnd(text: NormalText, j: number): boolean {
  return !(text.spacedScript[j - 1] === true && text.spacedScript[j] === true);
}

/**
 * Whether position `j` holds a mark or space that may stand inside a name, followed by a
 * letter; a hyphen only between Latin-script letters (`Mid-Atlantic`, `Pohjois-Afrikka`).
 */
function innerGap(text: NormalText, lexicon: Lexicon, j: number): boolean {
  const c = text.chars[j] as string;
  if (c === '-') return text.spacedScript[j - 1] === true && text.spacedScript[j + 1] === true;
  return (text.classes[j] === 'space' || lexicon.inName.has(c)) && text.classes[j + 1] === 'letter';
}

export function exactEdges(text: NormalText, lexicon: Lexicon): Edges {
  const n = text.chars.length;
  const edges: Edges = Array.from({ length: n + 1 }, () => []);
  for (let i = 0; i < n; i++) {
    if (text.classes[i] === 'mark') {
      for (const mark of lexicon.marks.get(text.chars[i] as string) ?? []) {
        const len = Array.from(mark.text).length;
        if (text.chars.slice(i, i + len).join('') === mark.text) {
          edges[i]?.push({ from: i, to: i + len, lex: { kind: 'punct', role: mark.role }, penalty: 0 });
        }
      }
      continue;
    }
    if (!wordStart(text, i)) continue;
    let at: TrieNode | undefined = lexicon.trie;
    let j = i;
    while (j < n && at !== undefined) {
      if (text.classes[j] !== 'letter') {
        if (j > i && innerGap(text, lexicon, j)) {
          j++;
          continue;
        }
        break;
      }
      at = at.next.get(text.chars[j] as string);
      j++;
      if (at !== undefined && at.lexemes.length > 0 && wordEnd(text, j)) {
        for (const lex of at.lexemes) edges[i]?.push({ from: i, to: j, lex, penalty: 0 });
      }
    }
  }
  return edges;
}

function isName(lex: Lexeme): boolean {
  return lex.kind === 'place' || lex.kind === 'power' || lex.kind === 'word';
}

function idOf(lex: Lexeme): string {
  switch (lex.kind) {
    case 'place':
      return lex.province;
    case 'power':
      return lex.power;
    case 'word':
      return lex.meaning;
    default:
      return '';
  }
}

function writtenText(text: NormalText, from: number, to: number): string {
  const { start, end } = originalSpan(text, from, to);
  return text.original.slice(start, end);
}

/**
 * Edges for names and words written within one edit (a character added, dropped
 * or changed) of a dictionary key, for keys long enough to allow it.
 */
function typoEdges(text: NormalText, lexicon: Lexicon, edges: Edges): void {
  const n = text.chars.length;
  const found = new Map<string, Edge>();
  for (let i = 0; i < n; i++) {
    if (!wordStart(text, i)) continue;
    const latin = text.spacedScript[i] === true;
    const min = latin ? LATIN_TYPO_LENGTH : lexicon.vocabulary.minTypoLength;
    const emit = (at: TrieNode, j: number): void => {
      if (at.lexemes.length === 0 || at.length < min || j <= i || text.classes[j - 1] !== 'letter' || !wordEnd(text, j)) return;
      for (const lex of at.lexemes) {
        if (!isName(lex)) continue;
        if (edges[i]?.some((e) => e.to === j && JSON.stringify(e.lex) === JSON.stringify(lex))) continue;
        const key = `${i}:${j}:${JSON.stringify(lex)}`;
        if (!found.has(key)) found.set(key, { from: i, to: j, lex, penalty: 2, guess: { written: writtenText(text, i, j), id: idOf(lex) } });
      }
    };
    const walk = (at: TrieNode, j: number, edited: boolean): void => {
      if (edited) emit(at, j);
      if (j < n && text.classes[j] !== 'letter') {
        if (j > i && innerGap(text, lexicon, j)) walk(at, j + 1, edited);
        else if (!edited) for (const child of at.next.values()) walk(child, j, true);
        return;
      }
      const c = text.chars[j];
      if (c !== undefined) {
        const exact = at.next.get(c);
        if (exact !== undefined) walk(exact, j + 1, edited);
      }
      if (edited) return;
      for (const [k, child] of at.next) {
        if (c !== undefined && k !== c) walk(child, j + 1, true); // a character changed
        walk(child, j, true); // a character left out
      }
      if (c !== undefined && j > i) walk(at, j + 1, true); // a character too many
    };
    walk(lexicon.trie, i, false);
  }
  for (const e of found.values()) edges[e.from]?.push(e);
}

/** The words of a Latin-script stretch from `i`: each word's span, up to `max` words. */
function latinWords(text: NormalText, lexicon: Lexicon, i: number, max: number): { word: string; end: number }[] {
  const words: { word: string; end: number }[] = [];
  let p = i;
  while (words.length < max && p < text.chars.length && text.spacedScript[p] === true) {
    let q = p;
    while (text.spacedScript[q] === true) q++;
    words.push({ word: text.chars.slice(p, q).join(''), end: q });
    let r = q;
    while (r < text.chars.length && (text.classes[r] === 'space' || lexicon.inName.has(text.chars[r] as string) || text.chars[r] === '-')) r++;
    if (r - q > 2) break;
    p = r;
  }
  return words;
}

function wordFits(written: string, name: string): 0 | 1 | 2 | undefined {
  if (written === name) return 0;
  if (written.length >= MIN_PREFIX && name.startsWith(written)) return 1;
  if (written.length >= LATIN_TYPO_LENGTH && editDistance(written, name) <= 1) return 2;
  return undefined;
}

/**
 * Latin-script names written short (`Mid.Atlantic`, `West.Med.`, `StPeter`, `Barents`)
 * or misspelt as the English reader guesses (`../../board/guess.ts`): one edge
 * when exactly one province fits.
 */
function abbreviationEdges(text: NormalText, lexicon: Lexicon, edges: Edges, typos: boolean): void {
  for (let i = 0; i < text.chars.length; i++) {
    if (text.spacedScript[i] !== true || !wordStart(text, i)) continue;
    const words = latinWords(text, lexicon, i, 4);
    for (let k = 1; k <= words.length; k++) {
      const written = words.slice(0, k).map((w) => w.word);
      const key = written.join('');
      const fits = new Map<string, number>();
      for (const name of lexicon.spacedNames) {
        let penalty: number | undefined;
        if (written.length <= name.words.length) {
          const each = written.map((w, x) => wordFits(w, name.words[x] ?? ''));
          if (each.every((f) => f !== undefined) && (written.length < name.words.length || each.some((f) => f !== 0))) {
            penalty = Math.max(1, ...(each as number[]));
          }
        }
        if (penalty === undefined && key.length >= MIN_KEY_PREFIX && key !== name.key && name.key.startsWith(key)) penalty = 1;
        if (penalty !== undefined && (typos || penalty < 2)) fits.set(name.province, Math.min(penalty, fits.get(name.province) ?? Infinity));
      }
      if (fits.size === 0) {
        const guessed = lexicon.names.guessProvince(written);
        if (typos && guessed.length === 1 && guessed[0] !== undefined) fits.set(guessed[0], 2);
      }
      if (fits.size !== 1) continue;
      const [[province, penalty]] = [...fits] as [[string, number]];
      let end = words[k - 1]?.end ?? i;
      // `Med.`: the full stop of an abbreviation belongs to it when a mark or the end follows.
      if (text.chars[end] === '.' && text.classes[end + 1] !== 'letter') end++;
      const lex: Lexeme = { kind: 'place', province };
      if (edges[i]?.some((e) => e.to === end && e.lex.kind === 'place' && e.lex.province === province)) continue;
      edges[i]?.push({ from: i, to: end, lex, penalty, guess: { written: writtenText(text, i, end), id: province } });
    }
  }
}

/** The exact edges with the loose ones added. */
export function looseEdges(text: NormalText, lexicon: Lexicon, exact: Edges, typos = true): Edges {
  const edges: Edges = exact.map((list) => [...list]);
  if (typos) typoEdges(text, lexicon, edges);
  abbreviationEdges(text, lexicon, edges, typos);
  return edges;
}
