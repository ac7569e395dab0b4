/**
 * The rule options the oracle's equations and backup check assume, so that a caller can tell
 * whether the oracle may judge a game under given rules. The equations are those of the DATC's
 * preferred choices (the `2023` edition); of the paradox rules, the Szykman rule and `all-hold`
 * (DATC 4.A.2 f and d) are backup rules the check can follow; the others change the equations.
 * The coast options matter where a written coast is not the one the fleet can reach.
 */
import type { RuleOptions } from '@dipforge/engine';

export type ParadoxRule = 'szykman' | 'all-hold';

const ASSUMED: Partial<Record<keyof RuleOptions, readonly string[]>> = {
  'convoy-paradox': ['szykman', 'all-hold'],
  'convoy-disruption': ['all-routes'],
  'convoy-to-adjacent': ['via-convoy'],
  'via-convoy-fallback': ['false'],
  'support-cut-via-convoy': ['not-cut'],
  'dislodged-bounce': ['without-head-to-head'],
  'self-dislodgement': ['standard'],
  'illegal-orders': ['ignored'],
  'implicit-orders': ['false'],
  'civil-disorder-hold-support': ['succeeds'],
  // Its phases name the coast a fleet moves to, one it can reach; a case read from a game file
  // takes the one coast a fleet can reach when none is written.
  'impossible-coast': ['illegal'],
  'implied-coast': ['infer'],
};

/** The options whose value the oracle does not model, as `key value`; empty when it may judge. */
export function unsupportedRules(rules: RuleOptions): string[] {
  return Object.entries(ASSUMED).flatMap(([key, values]) => {
    const value = String(rules[key as keyof RuleOptions]);
    return values!.includes(value) ? [] : [`${key} ${value}`];
  });
}

export function paradoxRule(rules: RuleOptions): ParadoxRule {
  return rules['convoy-paradox'] === 'all-hold' ? 'all-hold' : 'szykman';
}
