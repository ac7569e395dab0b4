/**
 * Positions that no legal game can reach. Random play (`dipforge bench
 * --check`, the variant tests) runs every position it meets through
 * `positionProblems`, so an adjudication or adjustment bug on an unusual map
 * (one-way edges, archipelagos, neutral units, years without adjustments)
 * shows up as a named problem instead of a game that quietly goes wrong.
 */
import { NEUTRAL_POWER, type VariantConfig } from '../config/variant-config.js';
import type { PhaseKind, Position, Unit } from '../game/position.js';

export interface PositionCheckOptions {
  /**
   * The kind of the phase that produced the position. After an adjustment
   * phase no power may have more units than centres (a power that could not
   * or did not build may have fewer).
   */
  after?: PhaseKind;
}

/** Province facts the checks need, per variant config; built once and reused. */
interface Facts {
  terrain: Map<string, string>;
  coasts: Map<string, Set<string>>;
  supply: Set<string>;
  powers: Set<string>;
}

const factsCache = new WeakMap<VariantConfig, Facts>();

function factsOf(config: VariantConfig): Facts {
  let f = factsCache.get(config);
  if (f) return f;
  f = { terrain: new Map(), coasts: new Map(), supply: new Set(), powers: new Set(config.powers.map((p) => p.id)) };
  for (const p of config.provinces) {
    f.terrain.set(p.id, p.impassable ? 'impassable' : p.terrain);
    f.coasts.set(p.id, new Set((p.coasts ?? []).map((c) => c.id)));
    if (p.supplyCentre) f.supply.add(p.id);
  }
  factsCache.set(config, f);
  return f;
}

/** Why `unit` cannot stand where it is, or undefined when it can. */
function placeProblem(f: Facts, unit: Unit): string | undefined {
  const [province, coast, extra] = unit.at.split('/');
  const terrain = f.terrain.get(province!);
  if (terrain === undefined || extra !== undefined) return `is on '${unit.at}', which is not a place on the map`;
  if (terrain === 'impassable') return 'is on an impassable province';
  const coasts = f.coasts.get(province!)!;
  if (unit.kind === 'army') {
    if (terrain === 'sea') return 'is an army at sea';
    if (coast !== undefined) return 'is an army on a coast';
    return undefined;
  }
  if (terrain === 'land') return 'is a fleet on land';
  if (coast !== undefined && !coasts.has(coast)) return `is a fleet on coast '${coast}', which ${province} does not have`;
  if (coast === undefined && coasts.size > 0) return `is a fleet in ${province} without one of its coasts`;
  return undefined;
}

const describe = (u: Unit): string => `${u.power} ${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;

/**
 * What is impossible about `position` on `config`'s map: two units in one
 * province, a unit where its kind cannot stand (an army at sea, a fleet on
 * land, a fleet on a coast the province lacks or without a coast where the
 * province has several), a unit or centre owner of no power, an owned province
 * that is no centre, a dislodged unit outside a retreat phase, and, after an
 * adjustment phase, a power with more units than centres. Empty when the
 * position is possible.
 */
export function positionProblems(config: VariantConfig, position: Position, options: PositionCheckOptions = {}): string[] {
  const f = factsOf(config);
  const problems: string[] = [];
  const seen = new Map<string, Unit>();
  const known = (power: string): boolean => f.powers.has(power) || power === NEUTRAL_POWER;
  for (const u of position.units) {
    const province = u.at.split('/')[0]!;
    const other = seen.get(province);
    if (other) problems.push(`two units in ${province}: ${describe(other)} and ${describe(u)}`);
    else seen.set(province, u);
    const where = placeProblem(f, u);
    if (where) problems.push(`${describe(u)} ${where}`);
    if (!known(u.power)) problems.push(`${describe(u)} belongs to no power of the variant`);
  }
  for (const d of position.dislodged) {
    const where = placeProblem(f, d);
    if (where) problems.push(`dislodged ${describe(d)} ${where}`);
  }
  if (position.dislodged.length > 0 && position.phase.kind !== 'retreat') {
    problems.push(`${position.dislodged.length} dislodged unit(s) in a ${position.phase.kind} phase`);
  }
  for (const [centre, owner] of Object.entries(position.owners)) {
    if (!f.supply.has(centre)) problems.push(`${centre} is owned by ${owner} but is no supply centre`);
    if (!known(owner)) problems.push(`${centre} is owned by '${owner}', which is no power of the variant`);
  }
  if (options.after === 'adjustment') {
    const centres = new Map<string, number>();
    for (const owner of Object.values(position.owners)) centres.set(owner, (centres.get(owner) ?? 0) + 1);
    const units = new Map<string, number>();
    for (const u of position.units) units.set(u.power, (units.get(u.power) ?? 0) + 1);
    for (const [power, n] of units) {
      if (power === NEUTRAL_POWER) {
        // Neutral units are rebuilt only on centres no power owns (the engine may record them as owned by `neutral`).
        const free = f.supply.size - Object.values(position.owners).filter((o) => o !== NEUTRAL_POWER).length;
        if (n > free) problems.push(`after the adjustments there are ${n} neutral units but only ${free} unowned centres`);
        continue;
      }
      const c = centres.get(power) ?? 0;
      if (n > c) problems.push(`after the adjustments ${power} has ${n} units but ${c} centre(s)`);
    }
  }
  return problems;
}
