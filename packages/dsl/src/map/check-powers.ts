/**
 * The powers checked and resolved: names, home centres, starting units and
 * centres, home countries; the neutral centres and neutral units, and the
 * neutral-units rule where it has nothing to act on.
 */
import { NEUTRAL_POWER, quoted } from '@dipforge/engine/config';
import type * as A from './ast.js';
import type { CheckState, Owner } from './check-state.js';
import { unknownWord } from './expected.js';
import type { ResolvedPower, ResolvedProvince, ResolvedUnit } from './resolved.js';
import type { ResolvedRules } from './rules.js';

/** Every power: its names, home centres, starting units and centres, then the home countries. */
export function checkPowers(st: CheckState): ResolvedPower[] {
  const homeOwner = new Map<string, string>();
  const centreOwner = new Map<string, string>();
  const unitAt = new Map<string, string>();
  const result: ResolvedPower[] = [];
  const countries: { decl: A.PowerDecl; file: string; power: ResolvedPower }[] = [];
  for (const { decl, file } of st.model.powers.values()) {
    if (!decl.id) continue;
    const id = decl.id.value;
    const owner: Owner = { kind: 'power', id };
    st.claim(st.powerNames, id, owner, file, decl.id.range, 'id');
    const { name, names, aliases } = st.claimNames(st.powerNames, owner, decl, file, capitalize(decl.id.text));
    for (const extra of decl.adjective.slice(1)) st.report('duplicateItem', file, extra.range, 'adjective is given more than once');
    for (const extra of decl.colour.slice(1)) st.report('duplicateItem', file, extra.range, 'colour is given more than once');

    const home: string[] = [];
    for (const h of decl.home) {
      const p = st.lookupProvince(h, file, isCentre);
      if (!p || home.includes(p.id)) continue;
      if (!p.supplyCentre) {
        st.report('homeNotSupplyCentre', file, h.range, `The home centre ${quoted(p.id)} is not a supply centre: add supply to the province`);
        continue;
      }
      const other = homeOwner.get(p.id);
      if (other) {
        st.report('homeOfTwoPowers', file, h.range, `${quoted(p.id)} is already a home centre of ${quoted(other)}`);
        continue;
      }
      homeOwner.set(p.id, id);
      home.push(p.id);
    }

    const units: ResolvedUnit[] = [];
    for (const u of decl.units) {
      const unit = startingUnit(st, u, file);
      if (!unit) continue;
      const province = unit.at.split('/')[0] as string;
      const other = unitAt.get(province);
      if (other) {
        st.report('twoUnitsInProvince', file, u.range, `${quoted(province)} already holds a unit of ${quoted(other)}`);
        continue;
      }
      unitAt.set(province, id);
      units.push(unit);
    }

    const centres: string[] = [];
    const claimed = decl.hasOwns ? decl.owns : decl.home;
    for (const c of claimed) {
      const p = decl.hasOwns ? st.lookupProvince(c, file, isCentre) : st.provinces.get(c.value);
      if (!p || centres.includes(p.id)) continue;
      if (!p.supplyCentre) {
        if (decl.hasOwns) st.report('ownedNotSupplyCentre', file, c.range, `${quoted(p.id)} is not a supply centre`);
        continue;
      }
      const other = centreOwner.get(p.id);
      if (other) {
        st.report('centreOwnedTwice', file, c.range, `${quoted(p.id)} is already owned by ${quoted(other)} at the start`);
        continue;
      }
      centreOwner.set(p.id, id);
      centres.push(p.id);
    }
    if (home.length === 0 && decl.home.length === 0) {
      st.report('noHomeCentres', file, decl.id.range, `The power ${quoted(id)} has no home centres, so it can never build`);
    }
    const power: ResolvedPower = {
      id,
      name,
      ...(decl.adjective[0] && st.filled(decl.adjective[0], file) ? { adjective: decl.adjective[0].value } : {}),
      ...(decl.colour[0] ? { colour: expandColour(decl.colour[0].value) } : {}),
      names,
      aliases,
      home,
      units,
      centres,
    };
    result.push(power);
    if (decl.country.length > 0) countries.push({ decl, file, power });
  }
  // Home countries come once every power's home centres are known: a home centre belongs to
  // its own power's country without being listed, so no other power may list it.
  const countryOwner = new Map(homeOwner);
  for (const { decl, file, power } of countries) homeCountry(st, decl, file, power, countryOwner, homeOwner);
  return result;
}

/** Resolves a power's `country` items into `power.country`: its home centres, then the listed provinces. */
function homeCountry(st: CheckState, decl: A.PowerDecl, file: string, power: ResolvedPower, countryOwner: Map<string, string>, homeOwner: Map<string, string>): void {
  const country = [...power.home];
  for (const c of decl.country) {
    const p = st.lookupProvince(c, file);
    if (!p || country.includes(p.id)) continue;
    if (p.impassable || p.terrain === 'sea') {
      const what = p.impassable ? 'impassable' : 'a sea';
      st.report('countryNotLand', file, c.range, `${quoted(p.id)} is ${what}: a home country is made of land and coastal provinces`);
      continue;
    }
    const other = countryOwner.get(p.id);
    if (other !== undefined && other !== power.id) {
      const why = homeOwner.get(p.id) === other ? `, as one of its home centres` : '';
      st.report('countryOfTwoPowers', file, c.range, `${quoted(p.id)} is already in the home country of ${quoted(other)}${why}`);
      continue;
    }
    countryOwner.set(p.id, power.id);
    country.push(p.id);
  }
  power.country = country;
}

function startingUnit(st: CheckState, u: A.UnitSpec, file: string): ResolvedUnit | undefined {
  if (!u.unit || !u.at) return undefined;
  const k = u.unit.value;
  const kind = k === 'a' || k === 'army' ? 'army' : k === 'f' || k === 'fleet' ? 'fleet' : undefined;
  if (!kind) {
    const wrong = unknownWord('unit kind', u.unit.text, ['A', 'F', 'army', 'fleet'], 'A (army) or F (fleet)');
    st.report('unknownUnitKind', file, u.unit.range, wrong.message, wrong.suggestions);
    return undefined;
  }
  const p = st.lookupProvince(u.at.province, file, (q) => standsIn(kind, q));
  if (!p) return undefined;
  if (p.impassable || (kind === 'army' && p.terrain === 'sea') || (kind === 'fleet' && p.terrain === 'land')) {
    const where = p.impassable ? 'impassable' : p.terrain === 'sea' ? 'a sea' : 'landlocked';
    st.report('unitOnImpossibleTerrain', file, u.range, `A${kind === 'army' ? 'n army' : ' fleet'} cannot stand in ${quoted(p.id)}, which is ${where}`);
    return undefined;
  }
  if (kind === 'army') {
    if (u.at.coast) {
      st.report('armyOnCoast', file, u.at.coast.range, 'An army stands on the whole province, not on a coast');
      return undefined;
    }
    return { kind, at: p.id };
  }
  if (u.at.coast) return st.lookupCoast(p, u.at.coast, file) ? { kind, at: `${p.id}/${u.at.coast.value}` } : undefined;
  if (p.coasts.length > 0) {
    const list = p.coasts.map((c) => `${p.id}/${c.id}`).join(' or ');
    st.report('unitWithoutCoast', file, u.at.range, `A fleet in ${quoted(p.id)} stands on a coast: write ${list}`);
    return undefined;
  }
  return { kind, at: p.id };
}

/** The `neutral units` of every declaration, on provinces no power's unit stands on. */
export function checkNeutralUnits(st: CheckState, powers: ResolvedPower[]): ResolvedUnit[] {
  const taken = new Map<string, string>();
  for (const p of powers) for (const u of p.units) taken.set(u.at.split('/')[0]!, quoted(p.id));
  const out: ResolvedUnit[] = [];
  for (const { decl, file } of st.model.neutral) {
    for (const spec of decl.units) {
      const unit = startingUnit(st, spec, file);
      if (!unit) continue;
      const province = unit.at.split('/')[0]!;
      const other = taken.get(province);
      if (other) {
        st.report('twoUnitsInProvince', file, spec.range, `${quoted(province)} already holds a unit of ${other}`);
        continue;
      }
      taken.set(province, 'neutral');
      out.push(unit);
    }
  }
  if (out.length > 0) {
    for (const { decl, file } of st.model.powers.values()) {
      if (decl.id?.value === NEUTRAL_POWER) {
        st.report('neutralPowerName', file, decl.id.range, `Neutral units go by the name ${quoted(NEUTRAL_POWER)}, so no power may have it: rename the power`);
      }
    }
  }
  return out;
}

/** `neutral-units hold-and-rebuild` builds only where the variant has neutral units to build. */
export function neutralRules(st: CheckState, neutralUnits: readonly ResolvedUnit[], rules: ResolvedRules): void {
  if (neutralUnits.length > 0 || rules.options['neutral-units'] !== 'hold-and-rebuild') return;
  const at = rules.origins.get('neutral-units');
  if (at) st.report('neutralUnitsWithoutEffect', at.file, at.line ?? at.range, 'neutral-units hold-and-rebuild has no effect: the variant has no neutral units (declare them with neutral units A …)');
}

/** The supply centres no power owns at the start; a `neutral centres` item that is no centre, or is owned, reported. */
export function checkNeutralCentres(st: CheckState, powers: ResolvedPower[]): string[] {
  const owned = new Map<string, string>();
  for (const p of powers) for (const c of p.centres) owned.set(c, p.id);
  for (const { decl, file } of st.model.neutral) {
    for (const c of decl.centres) {
      const p = st.lookupProvince(c, file, isCentre);
      if (!p) continue;
      if (!p.supplyCentre) st.report('neutralNotSupplyCentre', file, c.range, `${quoted(p.id)} is not a supply centre`);
      else if (owned.has(p.id)) st.report('neutralCentreOwned', file, c.range, `${quoted(p.id)} is owned by ${quoted(owned.get(p.id) ?? '')} at the start`);
    }
  }
  return [...st.provinces.values()].filter((p) => p.supplyCentre && !owned.has(p.id)).map((p) => p.id);
}

/** A supply centre: what a home, owned or neutral centre must be. */
function isCentre(p: ResolvedProvince): boolean {
  return p.supplyCentre;
}

/** Whether a unit of `kind` may stand in the province. */
function standsIn(kind: 'army' | 'fleet', p: ResolvedProvince): boolean {
  return !p.impassable && (kind === 'army' ? p.terrain !== 'sea' : p.terrain !== 'land');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function expandColour(c: string): string {
  return c.length === 4 ? `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}` : c;
}
