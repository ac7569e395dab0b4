/**
 * A line's first word written wrong for a statement's keyword (`phsae`, `editon`, `untis`): the
 * keyword it is a slip for, when the rest of the line has that statement's shape, so that one
 * wrong word costs one diagnostic and the line is read as the statement it is meant to be.
 *
 * Every line the plain readers leave whose first word is no keyword is asked (in a game of
 * random orders, each `Waive` line of an adjustment), and the answer depends only on the word
 * and the section, so the ranking of the suggestions is kept per word and section.
 */
import { suggestionsFor } from '../map/expected.js';
import { EXPECT_WORDS, HEADER_KEYWORDS, STATEMENT_WORDS } from './keywords.js';
import { colonIndex, type Tok } from './tokens.js';

export type Section = 'header' | 'position' | 'phase' | 'expect' | 'declare';

/** A slip: the keyword meant, what the place expects (for the message) and the suggestions, best first. */
export interface Slip {
  word: string;
  expected: readonly string[];
  suggestions: string[];
}

/** The keywords each section's lines may start with, which a first word may be a slip for. */
const EXPECTED: Record<Section, readonly string[]> = {
  header: [...HEADER_KEYWORDS, 'position', 'phase'],
  expect: [...EXPECT_WORDS, 'phase', 'expect', 'declare'],
  position: ['phase', 'expect', 'declare', 'dislodged', 'owners', 'standoffs'],
  phase: ['phase', 'expect', 'declare'],
  declare: ['phase', 'expect', 'declare'],
};

/** Kept rankings past this many words start afresh (an editor session types many passing words). */
const MAX_KEPT = 1_000;

/** Section → lower-cased first word → its suggestions among the section's keywords. */
const kept: Record<Section, Map<string, readonly string[]>> = { header: new Map(), position: new Map(), phase: new Map(), expect: new Map(), declare: new Map() };

/**
 * The statement keyword the first word `kw` (lower-cased) of a line of `section` is a slip for,
 * when the word is no keyword, is close to one the section takes, and the line (`toks`) has that
 * statement's shape (an order line, with its colon, is never taken for one).
 */
export function keywordSlip(section: Section, kw: string, toks: Tok[]): Slip | undefined {
  if (STATEMENT_WORDS.has(kw) || colonIndex(toks) >= 0) return undefined;
  const expected = EXPECTED[section];
  const suggestions = suggestionsOf(section, kw);
  const word = suggestions[0];
  if (word === undefined) return undefined;
  const phaseShape = toks.length === 4 && (toks[1]?.kind === 'number' || toks[2]?.kind === 'number');
  const fits = word === 'phase' || word === 'position' ? phaseShape : word === 'expect' ? toks.length === 1 : section === 'header' || section === 'expect' || word !== 'declare' || toks.length === 1;
  return fits ? { word, expected, suggestions: [...suggestions] } : undefined;
}

function suggestionsOf(section: Section, kw: string): readonly string[] {
  const bySection = kept[section];
  let suggestions = bySection.get(kw);
  if (suggestions === undefined) {
    if (bySection.size >= MAX_KEPT) bySection.clear();
    suggestions = suggestionsFor(kw, EXPECTED[section]);
    bySection.set(kw, suggestions);
  }
  return suggestions;
}
