/**
 * The rule options the movement adjudicator reads on its hot paths, as plain
 * numbers and booleans. A `RuleOptions` object is keyed by hyphenated strings
 * and is often built key by key, which leaves V8 with a dictionary-mode object:
 * every `rules['convoy-paradox']` in a resolver loop was a hash look-up. These
 * flags are read once per rules object (`RuleOptions` is readonly, so the
 * workspace keeps them while the same object comes back; see `workspace.ts`).
 *
 * Options read once per phase or on rare paths (duplicate orders, the
 * unit-type and nationality rules) are still read from `RuleOptions`.
 */
import type { RuleOptions } from '../../config/rules.js';

/** `support-coast` (4.B.4). */
export const SUPPORT_COAST_IGNORED = 0;
export const SUPPORT_COAST_MUST_MATCH = 1;
export const SUPPORT_COAST_OWN_MAY_OMIT = 2;
export const SUPPORT_COAST_REQUIRED = 3;

/** `convoy-to-adjacent` (4.A.3). */
export const ADJ_VIA_CONVOY = 0;
export const ADJ_INTENT = 1;
export const ADJ_TAGGED_ONLY = 2;
export const ADJ_SWAP_ONLY = 3;

/** `convoy-paradox` (4.A.2). */
export const PARADOX_SZYKMAN = 0;
export const PARADOX_1971 = 1;
export const PARADOX_1982 = 2;
export const PARADOX_2000 = 3;
export const PARADOX_ALL_HOLD = 4;

/** `self-dislodgement`. */
export const SELF_STANDARD = 0;
export const SELF_NO_CONVOY = 1;
export const SELF_SUPPORT_BECOMES_HOLD = 2;

/** `convoy-path` (4.A.6). */
export const PATH_IGNORED = 0;
export const PATH_OPTIONAL = 1;
export const PATH_REQUIRED = 2;

/** The index of `value` among `names`; `fallback` (the option's default) for a value not checked beforehand. */
function code(value: string, names: readonly string[], fallback: number): number {
  const i = names.indexOf(value);
  return i < 0 ? fallback : i;
}

export class MovementFlags {
  readonly implicitOrders: boolean;
  readonly denyHoldSupport: boolean;
  readonly civilDisorderFails: boolean;
  readonly unknownCoastFails: boolean;
  readonly impossibleCoastIgnored: boolean;
  readonly impliedCoastInferred: boolean;
  readonly supportCoast: number;
  readonly convoyToAdjacent: number;
  readonly viaConvoyFallback: boolean;
  readonly convoyPath: number;
  readonly anyRouteDisrupts: boolean;
  readonly convoyParadox: number;
  readonly selfDislodgement: number;
  readonly dislodgedNeverBounces: boolean;
  readonly convoyedAttackCuts: boolean;

  constructor(rules: RuleOptions) {
    this.implicitOrders = rules['implicit-orders'] === true;
    this.denyHoldSupport = rules['illegal-orders'] === 'deny-hold-support';
    this.civilDisorderFails = rules['civil-disorder-hold-support'] === 'fails';
    this.unknownCoastFails = rules['unknown-coast'] === 'fail';
    this.impossibleCoastIgnored = rules['impossible-coast'] === 'ignore-coast';
    this.impliedCoastInferred = rules['implied-coast'] === 'infer';
    this.supportCoast = code(rules['support-coast'], ['ignored', 'must-match', 'own-may-omit', 'required'], SUPPORT_COAST_MUST_MATCH);
    this.convoyToAdjacent = code(rules['convoy-to-adjacent'], ['via-convoy', 'intent', 'tagged-only', 'swap-only'], ADJ_VIA_CONVOY);
    this.viaConvoyFallback = rules['via-convoy-fallback'] === true;
    this.convoyPath = code(rules['convoy-path'], ['ignored', 'optional', 'required'], PATH_IGNORED);
    this.anyRouteDisrupts = rules['convoy-disruption'] === 'any-route';
    this.convoyParadox = code(rules['convoy-paradox'], ['szykman', '1971', '1982', '2000', 'all-hold'], PARADOX_SZYKMAN);
    this.selfDislodgement = code(rules['self-dislodgement'], ['standard', 'no-convoy', 'support-becomes-hold'], SELF_STANDARD);
    this.dislodgedNeverBounces = rules['dislodged-bounce'] === 'never';
    this.convoyedAttackCuts = rules['support-cut-via-convoy'] === 'cut';
  }
}
