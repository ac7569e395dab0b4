/**
 * A language's spellings of the map, for the editor and for did-you-mean:
 * where a written order names provinces and powers (`placeSpans`: the reader's
 * own dictionary, so a Chinese or Japanese order without spaces and a Finnish
 * name in any case are found as the reader finds them), the spelling a
 * language writes a province in (`spellingIn`), and the provinces a misspelt
 * name may stand for, matched against every spelling the map gives of every
 * province in every language (`spellingSuggestions`), each written in the
 * order's language and ranked by `rankSuggestions`.
 */
import type { Board } from '../../board/board.js';
import { rankSuggestions, spellingCost, suggestionReach, type SuggestionCandidate } from '../../config/suggest.js';
import { caseForms, inflectName } from './inflect.js';
import { orderVocabulary } from './languages/index.js';
import { exactEdges, skipBlank } from './lattice.js';
import { lexiconFor } from './lexicon.js';
import { MAX_LOCALIZED_LENGTH } from './read.js';
import { normalText, originalSpan } from './text.js';
import type { Vocabulary } from './vocabulary.js';

/** A province or power named in a written order: its span in the text (UTF-16, end exclusive). */
export interface NamedSpan {
  kind: 'province' | 'power';
  id: string;
  start: number;
  end: number;
}

/**
 * The provinces and powers a text in `language` names, left to right: at each
 * place the longest word or name of the reader's dictionary is taken, so an
 * order word is never read as part of a name. Empty when there is no vocabulary.
 */
export function placeSpans(board: Board, language: string, text: string): NamedSpan[] {
  const vocabulary = orderVocabulary(language);
  // A line longer than the reader reads (DF6037) names nothing: the editor asks this of every line it shows.
  if (vocabulary === undefined || typeof text !== 'string' || text.length > MAX_LOCALIZED_LENGTH) return [];
  const lexicon = lexiconFor(board, vocabulary);
  const norm = normalText(text, lexicon.fold);
  const edges = exactEdges(norm, lexicon);
  const out: NamedSpan[] = [];
  let i = skipBlank(norm, lexicon, 0);
  while (i < norm.chars.length) {
    const list = edges[i] ?? [];
    if (list.length === 0) {
      i = skipBlank(norm, lexicon, i + 1);
      continue;
    }
    const longest = list.reduce((a, b) => (b.to > a.to ? b : a));
    const named = list.find((e) => e.to === longest.to && (e.lex.kind === 'place' || e.lex.kind === 'power'));
    if (named !== undefined) {
      const { start, end } = originalSpan(norm, named.from, named.to);
      if (named.lex.kind === 'place') out.push({ kind: 'province', id: named.lex.province, start, end });
      else if (named.lex.kind === 'power') out.push({ kind: 'power', id: named.lex.power, start, end });
    }
    i = skipBlank(norm, lexicon, longest.to);
  }
  return out;
}

/** The names of a province in a language (its base language's too: `zh-Hant` → `zh`). */
function namesIn(names: Readonly<Record<string, readonly string[]>> | undefined, language: string): readonly string[] {
  const base = language.toLowerCase().split('-')[0] as string;
  const out: string[] = [];
  for (const [tag, list] of Object.entries(names ?? {})) if (tag.toLowerCase().split('-')[0] === base) out.push(...list);
  return out;
}

/**
 * How `language` writes a province: of its names in that language, the one
 * closest to `written` (the first when nothing is written), else its display
 * name; in the case `caseName` when the language inflects names.
 */
export function spellingIn(board: Board, language: string, province: string, written = '', caseName?: string): string {
  const p = board.config.provinces.find((x) => x.id === province);
  if (p === undefined) return province;
  const own = namesIn(p.names, language);
  const name = own.length === 0 ? p.name : written === '' ? (own[0] as string) : own.reduce((a, b) => (spellingCost(written, b) < spellingCost(written, a) ? b : a));
  const inflection = orderVocabulary(language)?.inflection;
  if (inflection === undefined) return name;
  if (caseName !== undefined) return inflectName(name, caseName, inflection);
  if (written === '') return name;
  // No case known (a guessed abbreviation): the case form closest to what was written, if closer than the name.
  let best: { form: string; case?: string } = { form: name };
  for (const f of caseForms(name, inflection, own.length === 0)) if (spellingCost(written, f.form) < spellingCost(written, best.form)) best = f;
  return best.case === undefined ? name : inflectName(name, best.case, inflection);
}

export interface SpellingSuggestion {
  /** The province. */
  id: string;
  /** How the order's language writes it (in the case written, for a language that inflects names). */
  spelling: string;
  cost: number;
}

/** A spelling as a candidate, and the case it is in (for a case form). */
interface Spelling {
  id: string;
  text: string;
  /** Its length in code points. */
  length: number;
  caseName?: string;
}

function spellingsOf(board: Board, vocabulary: Vocabulary | undefined): Spelling[] {
  const out: Spelling[] = [];
  const inflection = vocabulary?.inflection;
  for (const p of board.config.provinces) {
    const all = [p.id, p.name, ...(p.aliases ?? []), ...Object.values(p.names ?? {}).flat()];
    for (const text of all) out.push({ id: p.id, text, length: Array.from(text).length });
    if (inflection === undefined) continue;
    const own = inflection.nameLanguages.flatMap((lang) => namesIn(p.names, lang));
    for (const n of [...own, ...(inflection.display ? [p.name] : [])]) for (const f of caseForms(n, inflection, !own.includes(n))) out.push({ id: p.id, text: f.form, length: Array.from(f.form).length, caseName: f.case });
  }
  // One candidate per province and text (a Finnish name is often the display name too, with the same forms).
  const seen = new Set<string>();
  return out.filter((s) => {
    const key = `${s.id}\u0000${s.text.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The least a slip costs (`spellingCost`: a neighbouring key, a doubled key). */
const MIN_SLIP = 0.5;

function letterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of text.toLowerCase()) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

/** The letters one text has that the other lacks, counted on the side with more of them. */
function unmatched(written: ReadonlyMap<string, number>, known: string): number {
  const left = new Map(written);
  let extra = 0;
  for (const c of known.toLowerCase()) {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    else extra++;
  }
  let missing = 0;
  for (const n of left.values()) missing += n;
  return Math.max(extra, missing);
}

const spellingCache = new WeakMap<Board, Map<string, Spelling[]>>();

/**
 * The provinces `written` may be a misspelling of, best first, at most three:
 * every spelling of every province (ids, display names, aliases, the names of
 * every language and, in a language that inflects names, their case forms) is
 * a candidate. `fits` ranks first the provinces that fit the place. Each is
 * written as `language` writes it; in the standard notation (`en`, or a
 * language without a vocabulary), as its id.
 */
export function spellingSuggestions(board: Board, language: string, written: string, fits?: (id: string) => boolean): SpellingSuggestion[] {
  const vocabulary = orderVocabulary(language);
  let perBoard = spellingCache.get(board);
  if (perBoard === undefined) spellingCache.set(board, (perBoard = new Map()));
  const key = vocabulary?.language ?? '';
  let spellings = perBoard.get(key);
  if (spellings === undefined) perBoard.set(key, (spellings = spellingsOf(board, vocabulary)));
  const word = written.trim();
  const reach = suggestionReach(word);
  const counts = letterCounts(word);
  const candidates: SuggestionCandidate<string>[] = [];
  const length = Array.from(word).length;
  // A word longer than every spelling by more than its reach allows is close to none (a pasted paragraph is not compared letter by letter).
  const longest = spellings.reduce((m, s) => Math.max(m, s.length), 0);
  if ((length - longest) * MIN_SLIP > reach) return [];
  for (const s of spellings) {
    if (Math.abs(s.length - length) * MIN_SLIP > reach) continue;
    // Every slip costs at least half an edit and mends at most one letter on each side: a spelling
    // with more letters apart than twice the reach cannot be within it (the case forms make many).
    if (unmatched(counts, s.text) * MIN_SLIP > reach) continue;
    candidates.push(fits === undefined ? { item: s.id, text: s.text } : { item: s.id, text: s.text, fits: fits(s.id) });
  }
  const ranked = rankSuggestions(word, candidates);
  return ranked.map((r) => {
    if (vocabulary === undefined) return { id: r.item, spelling: r.item, cost: r.cost };
    // The case the closest spelling is in, so that `Burgunndiaan` is offered as `Burgundiaan`.
    const form = spellings.find((s) => s.id === r.item && s.text === r.text && s.caseName !== undefined);
    return { id: r.item, spelling: spellingIn(board, language, r.item, form === undefined ? written : '', form?.caseName), cost: r.cost };
  });
}
