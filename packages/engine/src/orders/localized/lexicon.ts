/**
 * The dictionary the reader segments a text with, per variant and language: the
 * language's words (merged with the notation's), its coast words, and every name
 * of the variant's provinces, coasts and powers in every language, with the case
 * forms the language's inflection tables derive. Keys are normalised (`./text.ts`)
 * with everything but letters left out, so `St. Petersburg` and `サン・ペテルスブルグ`
 * are matched across their marks.
 */
import type { Board } from '../../board/board.js';
import { buildNameIndex, type NameIndex } from '../../board/names.js';
import { caseForms } from './inflect.js';
import { IGNORED_MARKS, NOTATION_ARROWS, NOTATION_COASTS, NOTATION_WORDS } from './languages/notation.js';
import { foldTable, normalise } from './text.js';
import type { CaseInfo, Meaning, Punctuation, Vocabulary } from './vocabulary.js';

export type PunctRole = Exclude<keyof Punctuation, 'inName'>;

export type Lexeme =
  | { kind: 'word'; meaning: Meaning }
  | { kind: 'place'; province: string; case?: string; role?: CaseInfo['role'] }
  /** A coast word; `province` when it is a coast name the variant gives one province. */
  | { kind: 'coast'; coast: string; province?: string }
  | { kind: 'power'; power: string }
  | { kind: 'punct'; role: PunctRole };

export interface TrieNode {
  next: Map<string, TrieNode>;
  lexemes: Lexeme[];
  /** Letters of the key ending here; 0 for inner nodes. */
  length: number;
}

/** A Latin-script name as words, for abbreviations (`Mid Atlantic`, `West Med`). */
export interface SpacedName {
  words: string[];
  key: string;
  province: string;
}

export interface Lexicon {
  vocabulary: Vocabulary;
  fold: ReadonlyMap<string, string>;
  trie: TrieNode;
  /** Punctuation by normalised mark; arrows of several characters are listed under their first. */
  marks: ReadonlyMap<string, { text: string; role: PunctRole }[]>;
  inName: ReadonlySet<string>;
  ignored: ReadonlySet<string>;
  spacedNames: readonly SpacedName[];
  names: NameIndex;
  board: Board;
}

function node(): TrieNode {
  return { next: new Map(), lexemes: [], length: 0 };
}

const LETTERS = /[\p{L}\p{M}\p{N}]/u;

function sameLexeme(a: Lexeme, b: Lexeme): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const cache = new WeakMap<Board, Map<string, Lexicon>>();

/** The lexicon of a board in a language, built once and kept with the board. */
export function lexiconFor(board: Board, vocabulary: Vocabulary): Lexicon {
  let perBoard = cache.get(board);
  if (perBoard === undefined) cache.set(board, (perBoard = new Map()));
  let lexicon = perBoard.get(vocabulary.language);
  if (lexicon === undefined) perBoard.set(vocabulary.language, (lexicon = buildLexicon(board, vocabulary)));
  return lexicon;
}

function buildLexicon(board: Board, vocabulary: Vocabulary): Lexicon {
  const fold = foldTable(vocabulary.fold);
  const trie = node();
  const add = (text: string, lexeme: Lexeme): void => {
    const key = Array.from(normalise(text, fold)).filter((c) => LETTERS.test(c));
    if (key.length === 0) return;
    let at = trie;
    for (const c of key) {
      let child = at.next.get(c);
      if (child === undefined) at.next.set(c, (child = node()));
      at = child;
    }
    at.length = key.length;
    if (!at.lexemes.some((l) => sameLexeme(l, lexeme))) at.lexemes.push(lexeme);
  };

  for (const words of [NOTATION_WORDS, vocabulary.words]) {
    for (const [word, meanings] of Object.entries(words)) for (const meaning of meanings) add(word, { kind: 'word', meaning });
  }
  for (const { word, coast } of [...NOTATION_COASTS, ...vocabulary.coasts]) add(word, { kind: 'coast', coast });

  const config = board.config;
  const inflection = vocabulary.inflection;
  const spacedNames: SpacedName[] = [];
  for (const p of config.provinces) {
    const place: Lexeme = { kind: 'place', province: p.id };
    const names = [p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()];
    for (const n of names) add(n, place);
    for (const n of [p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()]) {
      const words = normalise(n, fold).split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => w !== '');
      if (words.length > 0 && words.every((w) => /^[\p{Script=Latin}\p{N}]+$/u.test(w))) {
        spacedNames.push({ words, key: words.join(''), province: p.id });
      }
    }
    if (inflection !== undefined) {
      const own = inflection.nameLanguages.flatMap((lang) => p.names?.[lang] ?? []);
      const inflected: [string, boolean][] = [...own.map((n): [string, boolean] => [n, false]), ...(inflection.display ? [[p.name, true] as [string, boolean]] : [])];
      for (const [n, foreign] of inflected) {
        for (const f of caseForms(n, inflection, foreign)) add(f.form, { kind: 'place', province: p.id, case: f.case, role: f.role });
      }
    }
    for (const c of p.coasts ?? []) {
      for (const n of [c.name, ...Object.values(c.names ?? {}).flat()]) add(n, { kind: 'coast', coast: c.id, province: p.id });
    }
  }
  for (const w of config.powers) {
    const names = [w.id, w.name, ...(w.adjective === undefined ? [] : [w.adjective]), ...(w.aliases ?? []), ...Object.values(w.names ?? {}).flat()];
    for (const n of names) add(n, { kind: 'power', power: w.id });
  }

  const marks = new Map<string, { text: string; role: PunctRole }[]>();
  const addMark = (text: string, role: PunctRole): void => {
    const t = normalise(text, fold);
    const first = Array.from(t)[0];
    if (first === undefined) return;
    const list = marks.get(first) ?? [];
    if (!list.some((m) => m.text === t && m.role === role)) list.push({ text: t, role });
    marks.set(first, list);
  };
  const roles: PunctRole[] = ['list', 'colon', 'open', 'close', 'dash', 'end', 'separator'];
  for (const role of roles) for (const mark of vocabulary.punctuation[role]) addMark(mark, role);
  for (const arrow of NOTATION_ARROWS) addMark(arrow, 'dash');

  return {
    vocabulary,
    fold,
    trie,
    marks,
    inName: new Set(Array.from(normalise(vocabulary.punctuation.inName, fold))),
    ignored: new Set(Array.from(IGNORED_MARKS)),
    spacedNames,
    names: buildNameIndex(config),
    board,
  };
}
