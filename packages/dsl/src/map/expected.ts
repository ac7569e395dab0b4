/**
 * The words each place of a `.dipmap` declaration expects, and the reading of a
 * wrong word in one of them. The grammar (grammar.ts) takes a word that is no
 * keyword where a keyword was expected as that keyword when it is close to it
 * (`provnice` for `province`, `nmae` for `name`), so the declaration is still
 * read and one slip costs one diagnostic; the syntax tree keeps the word as
 * written and parse.ts reports it with what was expected and the suggestions.
 */
import { didYouMeanOf, orList, quoted, rankSuggestions, type SuggestionCandidate } from '@dipforge/engine/config';

/** Words that begin a declaration at the top of a file. */
export const TOP_LEVEL_WORDS = ['variant', 'province', 'power', 'adjacency', 'neutral', 'rules', 'ruleset', 'import', 'remove'] as const;
/** The items of a variant block. */
export const VARIANT_ITEMS = ['extends', 'author', 'version', 'description', 'start', 'board'] as const;
/** The items of a province block. */
export const PROVINCE_ITEMS = ['coast', 'name', 'alias', 'at'] as const;
/** The items of a named coast's block. */
export const COAST_ITEMS = ['name'] as const;
/** The items of a power block. */
export const POWER_ITEMS = ['adjective', 'colour', 'name', 'alias', 'home', 'country', 'units', 'owns'] as const;
/** What follows `neutral`. */
export const NEUTRAL_WORDS = ['centres', 'units'] as const;
/** A province's terrain, one of them. */
export const TERRAIN_WORDS = ['land', 'coast', 'sea'] as const;
/** The other flags of a province. */
export const OTHER_FLAGS = ['supply', 'impassable', 'archipelago'] as const;
export const FLAG_WORDS = [...TERRAIN_WORDS, ...OTHER_FLAGS] as const;

/**
 * The word of `words` that `written` is a slip for, best first by the one
 * ranking of suggestions (`rankSuggestions`); undefined when none is close.
 */
export function slipFor(written: string, words: readonly string[]): string | undefined {
  return suggestionsFor(written, words)[0];
}

/** Up to three words of `words` close to `written`, best first; `fits` those that fit the place, ranked first. */
export function suggestionsFor(written: string, words: readonly string[], fits?: ReadonlySet<string>): string[] {
  const candidates: SuggestionCandidate<string>[] = words.map((w) => ({ item: w, text: w, fits: fits?.has(w) ?? false }));
  return rankSuggestions(written.toLowerCase(), candidates).map((s) => s.item);
}

/**
 * `Unexpected 'lnad': expected land, coast or sea; did you mean 'land'?`. `expected`
 * names what fits the place (words, or phrases such as `'}'`); `suggestions` are
 * the words it may be a slip for, best first.
 */
export function wrongWordMessage(written: string, expected: readonly string[], suggestions: readonly string[]): string {
  return `Unexpected ${quoted(written)}: expected ${orList(expected)}${didYouMeanOf(suggestions)}`;
}

/**
 * A word that is none of the values a place takes: `Unknown phase 'movment':
 * expected movement, retreat or adjustment; did you mean 'movement'?`, and the
 * suggestions (the editor's quick fixes). `expected` describes the values when
 * they are too many to list.
 */
export function unknownWord(what: string, written: string, words: readonly string[], expected: string = orList(words)): { message: string; suggestions: string[] } {
  const suggestions = suggestionsFor(written, words);
  return { message: `Unknown ${what} ${quoted(written)}: expected ${expected}${didYouMeanOf(suggestions)}`, suggestions };
}
