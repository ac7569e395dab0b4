/**
 * The words of the order notation, lower case (tokens are compared by their NFKC,
 * lower-case form). Kept apart from the grammar so the vocabulary reads at a glance.
 */

export const ARMY = new Set(['a', 'army']);
export const FLEET = new Set(['f', 'fleet']);
/** Skipped before a unit kind: "Build an Army", "Removes the fleet". */
export const ARTICLES = new Set(['a', 'an', 'one', 'the']);
/** Skipped before a province when they are not its name: "Army in lvp", "in the North Africa". */
export const LOCATION_FILLERS = new Set(['in', 'at', 'the']);

export const HOLD = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
/** Move verbs; any of them may be followed by one of MOVE_LINKS ("moves to", "attacks on"). */
export const MOVE = new Set(['m', 'mv', 'move', 'moves', 'moving', 'attack', 'attacks', 'attacking']);
export const MOVE_LINKS = new Set(['to', 'into', 'on', 'of']);
/** Words that alone say "moves to": "lvp to edi". */
export const MOVE_ALONE = new Set(['to', 'into']);
/** Arrows as the tokenizer normalises them; "--->" and the like are typos, not arrows. */
export const ARROWS = new Set(['-', '->', '-->', '=>', '-=>', '==>']);
export const VIA = new Set(['via', 'by']);
export const CONVOY_WORD = 'convoy';

export const SUPPORT = new Set(['s', 'sup', 'supp', 'support', 'supports', 'supporting']);
export const CONVOY = new Set(['c', 'convoy', 'convoys', 'convoying']);
export const RETREAT = new Set(['r', 'retreat', 'retreats']);
export const DISBAND = new Set(['d', 'disband', 'disbands', 'remove', 'removes']);
export const BUILD = new Set(['b', 'build', 'builds']);
export const WAIVE = new Set(['waive', 'waives']);
/** After "waive": "waive build", "waive a build". */
export const WAIVE_TAIL = new Set(['build', 'builds']);

/** Punctuation allowed at the end of an order: "Build Army Berlin." */
export const TRAILING = new Set(['.', ';', ',', '!']);

/** Words that carry the order; never taken for a stray coast name ("F bre/ H"). */
export const ORDER_WORDS: ReadonlySet<string> = new Set([
  ...HOLD, ...MOVE, ...MOVE_ALONE, ...SUPPORT, ...CONVOY, ...RETREAT, ...DISBAND, ...BUILD, ...VIA,
]);

/** Words of the notation: never read as a misspelt name (a variant may still use one as a name). */
export const NOTATION_WORDS: ReadonlySet<string> = new Set([
  ...ORDER_WORDS, ...ARMY, ...FLEET, ...ARTICLES, ...LOCATION_FILLERS, ...MOVE_LINKS, ...WAIVE, ...WAIVE_TAIL,
]);
