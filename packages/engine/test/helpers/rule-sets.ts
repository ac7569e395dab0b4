// The rule sets the whole-game tests play under: every edition, and the options
// that draw by lot or read the centre owners (with neutral armies on the board).
import type { RuleOptions } from '../../src/config/rules.js';
import type { VariantConfig } from '../../src/config/variant-config.js';
import { CLASSIC, rules as classicRules } from './classic.js';
import { resolvedEditions } from './editions.js';

/** The classic map with neutral armies on some unowned centres (for `neutral-units`). */
export const NEUTRAL: VariantConfig = {
  ...CLASSIC,
  neutralUnits: ['bel', 'hol', 'den', 'swe', 'nwy', 'spa'].map((at) => ({ kind: 'army' as const, at })),
};

export function ruleSets(): { label: string; rules: RuleOptions; config: VariantConfig }[] {
  const out = [...resolvedEditions()].map(([name, r]) => ({ label: `edition ${name}`, rules: r, config: CLASSIC }));
  out.push({ label: 'lot', rules: classicRules({ 'retreat-default': 'lot', 'removal-order': 'random', 'auto-builds': 'army' }), config: CLASSIC });
  out.push({ label: 'gm', rules: classicRules({ 'retreat-default': 'gm-order', 'removal-order': 'abroad-first', 'voluntary-disbands': true, 'neutral-units': 'hold-and-rebuild' }), config: NEUTRAL });
  return out;
}
