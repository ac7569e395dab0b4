/**
 * The words of results and reports, as data: one table per language, each of
 * type `Messages`, so a key missing from a language (or one it adds) is a
 * compile error. Templates name their values in braces (`{by}`); `say` fills
 * them in. The English table is the reference the others follow.
 */
import type { Reason } from '../adjudicate/reasons.js';

/** Seasons the built-in variants and editions name; any other season prints as written. */
export const SEASONS = ['spring', 'summer', 'fall', 'autumn', 'winter', 'year'] as const;
export type Season = (typeof SEASONS)[number];

export const PHASE_KINDS = ['movement', 'retreat', 'adjustment'] as const;
export type PhaseKindWord = (typeof PHASE_KINDS)[number];

/** The keys of every table's `text`. */
export type TextKey =
  // statuses
  | 'succeeds'
  | 'fails'
  | 'illegal'
  | 'unresolved'
  // results in plain words
  | 'bouncedBy'
  | 'bounced'
  | 'dislodgedBy'
  | 'cutBy'
  | 'cannotEnter'
  | 'cannotBuild'
  | 'anArmy'
  | 'aFleet'
  | 'inland'
  | 'sea'
  | 'coast'
  | 'statusWords'
  | 'listJoin'
  | 'and'
  // the report
  | 'heading'
  | 'seed'
  | 'phase'
  | 'notInFile'
  | 'noOrders'
  | 'dislodged'
  | 'attackedFrom'
  | 'attackedFromByConvoy'
  | 'centres'
  | 'someUnread'
  | 'positionAt'
  | 'dislodgedFinal'
  | 'winner'
  | 'winnerKind'
  | 'none'
  | 'result'
  | 'ended'
  | 'alliances'
  | 'scores'
  | 'scoresProvisional'
  | 'expectations'
  | 'declareAt'
  | 'atStart'
  | 'after'
  // retreats and adjustments carried out at once
  | 'retreat'
  | 'retreatsTo'
  | 'destroyed'
  | 'disbanded'
  | 'fromList'
  | 'byDefault'
  | 'asListSays'
  | 'noLegalRetreat'
  | 'passedOver'
  | 'adjustments'
  | 'adjustmentCounts'
  | 'disbands'
  | 'removes'
  | 'builds'
  | 'noBuilds'
  | 'noChange'
  | 'notCarriedOut'
  | 'disbandEntry'
  | 'buildEntry'
  // the result of the game
  | 'solo'
  | 'leader'
  | 'alliance'
  | 'shared'
  | 'draw'
  | 'concession'
  | 'endedWithout'
  | 'tie'
  | 'goesOn';

/**
 * The words of the board's legend (`renderBoard` with a `lang`): its headings,
 * the key's symbols, and each power row's tooltip (`{n}` the count).
 */
export type LegendKey =
  | 'legend'
  | 'power'
  | 'centres'
  | 'units'
  | 'neutral'
  | 'key'
  | 'army'
  | 'fleet'
  | 'land'
  | 'sea'
  | 'coast'
  | 'namedCoast'
  | 'link'
  | 'supplyCentre'
  | 'impassable'
  | 'move'
  | 'support'
  | 'convoy'
  | 'hold'
  | 'failed'
  | 'illegal'
  | 'dislodged'
  | 'build'
  | 'oneCentre'
  | 'manyCentres'
  | 'oneUnit'
  | 'manyUnits'
  | 'dislodgedCount'
  | 'rowTitle';

export interface Messages {
  /** BCP 47 tag. */
  readonly language: string;
  readonly text: Readonly<Record<TextKey, string>>;
  /** Each adjudicator reason in a few words (the full sentence stays in `REASONS`, for hover). */
  readonly reasons: Readonly<Record<Reason, string>>;
  readonly seasons: Readonly<Record<Season, string>>;
  readonly phaseKinds: Readonly<Record<PhaseKindWord, string>>;
  /** The board legend's words. */
  readonly legend: Readonly<Record<LegendKey, string>>;
  /** The outcome kinds as the `winner:` line names them. */
  readonly outcomeKinds: Readonly<Record<'solo' | 'leader' | 'alliance' | 'shared' | 'concession', string>>;
}

/** A template with its `{name}` values filled in; a name without a value stays as written. */
export function say(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
