/**
 * The position a game file starts from: the variant's start, or the file's `position` section
 * (units, dislodged units, owners and standoffs of a phase), each entry checked against the map
 * (terrain, coasts, one unit a province, supply centres) with a diagnostic for each that is not.
 */
import { initialPosition, type DislodgedUnit, type Phase, type Position, type Unit } from '@dipforge/engine';
import type { VariantConfig } from '@dipforge/engine/config';
import type { CodeName } from '../diagnostics/codes.js';
import type { Range } from '../text/range.js';
import type * as G from './ast.js';
import type { ExpectationNames } from './expectations.js';

/** The names a position reads, as the game runner resolves them (with its diagnostics). */
export interface StartNames extends ExpectationNames {
  phaseOf(name: G.PhaseName | undefined): Phase | undefined;
  report(name: CodeName, range: Range, message: string): void;
}

function base(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}

export function startPosition(section: G.PositionSection | undefined, config: VariantConfig, names: StartNames): Position | undefined {
  if (!section) return initialPosition(config);
  const phase = names.phaseOf(section.phase);
  if (!phase) return undefined;
  const provinces = new Map(config.provinces.map((p) => [p.id, p]));
  const units: Unit[] = [];
  const dislodged: DislodgedUnit[] = [];
  const occupied = new Map<string, G.UnitItem>();
  const dislodgedAt = new Map<string, G.UnitItem>();

  const place = (power: string, item: G.UnitItem, taken: Map<string, G.UnitItem>): Unit | undefined => {
    if (!item.unitKind) return undefined;
    const at = names.location(item.location);
    if (!at) return undefined;
    const p = provinces.get(base(at));
    if (!p) return undefined;
    const coast = at.includes('/');
    if (item.unitKind === 'army' && p.terrain === 'sea') {
      names.report('unitOnImpossibleTerrain', item.range, `An army cannot stand in ${p.name}, a sea`);
      return undefined;
    }
    if (item.unitKind === 'fleet' && p.terrain === 'land') {
      names.report('unitOnImpossibleTerrain', item.range, `A fleet cannot stand in ${p.name}, an inland province`);
      return undefined;
    }
    if (item.unitKind === 'army' && coast) {
      names.report('armyOnCoast', item.location.range, `An army stands in ${p.name}, not on one of its coasts: write A ${p.id}`);
      return undefined;
    }
    if (item.unitKind === 'fleet' && !coast && (p.coasts?.length ?? 0) > 0) {
      names.report('unitWithoutCoast', item.location.range, `Which coast of ${p.name}? Write ${p.coasts!.map((c) => `${p.id}/${c.id}`).join(' or ')}`);
      return undefined;
    }
    const other = taken.get(p.id);
    if (other) {
      names.report('twoUnitsInProvince', item.range, `${p.name} already holds a unit in this position`);
      return undefined;
    }
    taken.set(p.id, item);
    return { power, kind: item.unitKind, at };
  };

  for (const stmt of section.units) {
    const power = stmt.power ? names.unitsPower(stmt.power) : undefined;
    for (const item of stmt.units) {
      const u = power ? place(power, item, occupied) : undefined;
      if (u) units.push(u);
    }
  }
  for (const stmt of section.dislodged) {
    if (phase.kind !== 'retreat') {
      names.report('misplacedStatement', stmt.range, 'Dislodged units belong to a position in a retreat phase');
      continue;
    }
    const power = stmt.power ? names.unitsPower(stmt.power) : undefined;
    for (const item of stmt.units) {
      const u = power ? place(power, item, dislodgedAt) : undefined;
      if (!u) continue;
      const d: DislodgedUnit = { ...u };
      if (item.from) {
        const from = names.province(item.from);
        if (from) d.from = from;
      }
      if (item.viaConvoy) d.byConvoy = true;
      dislodged.push(d);
    }
  }
  const owners: Record<string, string> = {};
  for (const stmt of section.owners) {
    const power = names.power(stmt.power);
    for (const t of stmt.provinces) {
      const id = names.province(t);
      if (!id || !power) continue;
      if (!provinces.get(id)?.supplyCentre) {
        names.report('ownedNotSupplyCentre', t.range, `${provinces.get(id)?.name ?? id} is no supply centre`);
        continue;
      }
      const was = owners[id];
      if (was !== undefined && was !== power) {
        names.report('centreOwnedTwice', t.range, `${provinces.get(id)?.name ?? id} is already owned by ${was}`);
        continue;
      }
      owners[id] = power;
    }
  }
  const standoffs: string[] = [];
  for (const stmt of section.standoffs) {
    if (phase.kind !== 'retreat') {
      names.report('misplacedStatement', stmt.range, 'Standoffs belong to a position in a retreat phase');
      continue;
    }
    for (const t of stmt.provinces) {
      const id = names.province(t);
      if (id && !standoffs.includes(id)) standoffs.push(id);
    }
  }
  // The fields in the adjudicator's order (phase last), as initialPosition builds them: one hidden class for every position.
  return { units, dislodged, owners, standoffs, phase };
}
