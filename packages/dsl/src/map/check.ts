/**
 * The checker: turns a bound variant model into a resolved variant (provinces
 * with terrain and coasts, directed edges, powers with units and centres, rule
 * options), reporting every problem with its code and range. What it resolves is
 * exactly what the compiler emits, so the two cannot disagree.
 */
import { COORDINATE_FIELD, didYouMeanOf, NEUTRAL_POWER, numberProblem, quoted, rankSuggestions, YEAR_FIELD } from '@dipforge/engine/config';
import type { BoardConfig } from '@dipforge/engine/config';
import { Codes } from '../diagnostics/codes.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Range } from '../text/range.js';
import type * as A from './ast.js';
import { unknownWord } from './expected.js';
import type { Declared, VariantModel } from './bind.js';
import { resolveRules, type ResolvedRules, type RuleSetSource } from './rules.js';

export type Terrain = 'land' | 'sea' | 'coast';

export interface ResolvedCoast {
  id: string;
  name: string;
  names: Record<string, string[]>;
}

export interface ResolvedProvince {
  id: string;
  name: string;
  terrain: Terrain;
  supplyCentre: boolean;
  impassable: boolean;
  /** A coast province where a fleet may convoy, as in a sea. */
  archipelago: boolean;
  coasts: ResolvedCoast[];
  names: Record<string, string[]>;
  aliases: string[];
  at?: [number, number];
  decl: A.ProvinceDecl;
  file: string;
}

export interface ResolvedUnit {
  kind: 'army' | 'fleet';
  /** `prov` or `prov/coast`. */
  at: string;
}

export interface ResolvedPower {
  id: string;
  name: string;
  adjective?: string;
  colour?: string;
  names: Record<string, string[]>;
  aliases: string[];
  home: string[];
  /** Its home country, home centres first; absent when the power has no `country` item (the home centres stand for it). */
  country?: string[];
  units: ResolvedUnit[];
  centres: string[];
}

export interface ResolvedVariant {
  id: string;
  name: string;
  author?: string;
  version?: string;
  description?: string;
  start: { year: number; season: string; phase: 'movement' | 'retreat' | 'adjustment' };
  provinces: ResolvedProvince[];
  /** Directed edges `[from, to]` per unit kind, each end `prov` or `prov/coast`. */
  edges: { army: [string, string][]; fleet: [string, string][] };
  powers: ResolvedPower[];
  neutralCentres: string[];
  /** Units of no power at the start. */
  neutralUnits: ResolvedUnit[];
  rules: ResolvedRules;
  /** The author's artwork (`board "map.svg"`), read and checked (set by `checkBoard`). */
  board?: BoardConfig;
}

const PHASES = new Set(['movement', 'retreat', 'adjustment']);
/** The first word of an adjacency line. */
const ADJACENCY_KINDS = ['army', 'fleet', 'both'];
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-x(?:-[a-z\d]{1,8})+)?$/i;

export function checkVariant(model: VariantModel, editions: RuleSetSource[], diagnostics: Diagnostic[]): ResolvedVariant {
  return new Checker(model, diagnostics).run(editions);
}

type Owner = { kind: 'province' | 'power'; id: string };

class Checker {
  private readonly provinces = new Map<string, ResolvedProvince>();
  /** Every name a province can be called by (id, alias, display and localized names), lower-case. */
  private readonly provinceNames = new Map<string, Owner>();
  private readonly powerNames = new Map<string, Owner>();
  /**
   * Province pairs `a b` of adjacency lines whose unit kind is wrong (reported):
   * they may be edges of either kind, so the warnings that depend on the edges
   * (a province no unit reaches, an edge with no way back) take them as edges.
   */
  private readonly unsureEdges = new Set<string>();

  constructor(
    private readonly model: VariantModel,
    private readonly diagnostics: Diagnostic[],
  ) {}

  private report(name: keyof typeof Codes, file: string, range: Range, message: string, suggestions?: readonly string[]): void {
    this.diagnostics.push(diagnostic(name, file, range, message, suggestions));
  }

  run(editions: RuleSetSource[]): ResolvedVariant {
    for (const p of this.model.provinces.values()) this.province(p);
    const edges = this.adjacency();
    const powers = this.powers();
    const neutralCentres = this.neutral(powers);
    const neutralUnits = this.neutralUnits(powers);
    const header = this.header();
    const rules = resolveRules(this.model, editions, this.diagnostics);
    this.warnings(edges, powers, rules);
    this.neutralRules(neutralUnits, rules);
    return { ...header, provinces: [...this.provinces.values()], edges, powers, neutralCentres, neutralUnits, rules };
  }

  // ---- variant header -------------------------------------------------------

  private header(): Pick<ResolvedVariant, 'id' | 'name' | 'author' | 'version' | 'description' | 'start'> {
    const v = this.model.variant;
    const start: ResolvedVariant['start'] = { year: 1901, season: 'spring', phase: 'movement' };
    if (!v) {
      const id = this.model.entry.split(/[\\/]/).pop()?.replace(/\.dipmap$/, '') ?? 'variant';
      return { id: id.toLowerCase(), name: id, start };
    }
    const d = v.decl;
    const single = (list: A.StringLit[], what: string): string | undefined => {
      for (const extra of list.slice(1)) this.report('duplicateItem', v.file, extra.range, `${what} is given more than once`);
      return list[0]?.value;
    };
    for (const extra of d.start.slice(1)) this.report('duplicateItem', v.file, extra.range, 'start is given more than once');
    const s = d.start[0];
    if (s) {
      if (s.year) {
        const why = numberProblem(s.year.text, YEAR_FIELD);
        if (why) this.report('invalidValue', v.file, s.year.range, sentence(why));
        else start.year = s.year.value;
      }
      if (s.season) start.season = s.season.value;
      if (s.phase) {
        if (PHASES.has(s.phase.value)) start.phase = s.phase.value as ResolvedVariant['start']['phase'];
        else {
          const wrong = unknownWord('phase', s.phase.text, [...PHASES]);
          this.report('invalidValue', v.file, s.phase.range, wrong.message, wrong.suggestions);
        }
      }
    }
    const id = d.id?.value ?? 'variant';
    const author = single(d.author, 'author');
    const version = single(d.version, 'version');
    const description = single(d.description, 'description');
    return {
      id,
      name: (d.title && this.filled(d.title, v.file)) ?? d.id?.text ?? id,
      ...(author !== undefined ? { author } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(description !== undefined ? { description } : {}),
      start,
    };
  }

  // ---- names ---------------------------------------------------------------

  /** The string's value, or undefined (reported) when it is empty or only spaces. */
  private filled(s: A.StringLit, file: string): string | undefined {
    if (s.value.trim() !== '') return s.value;
    this.report('invalidValue', file, s.range, 'A name cannot be empty');
    return undefined;
  }

  private claim(index: Map<string, Owner>, name: string, owner: Owner, file: string, range: Range, what: string): void {
    const key = name.toLowerCase();
    const existing = index.get(key);
    if (!existing) {
      index.set(key, owner);
      return;
    }
    if (existing.id === owner.id) return; // the same name twice for one thing is harmless
    this.report('duplicateName', file, range, `The ${what} ${quoted(name)} already names the ${existing.kind} ${quoted(existing.id)}`);
  }

  private localized(items: A.NameItem[], file: string, onName: (value: A.StringLit) => void): Record<string, string[]> {
    const names: Record<string, string[]> = {};
    for (const item of items) {
      if (!item.lang) continue;
      const tag = item.lang.text;
      if (!LANGUAGE_TAG.test(tag)) {
        this.report('unknownLanguageTag', file, item.lang.range, `${quoted(tag)} is not a language tag (such as zh, ja, fi, zh-Hant)`);
        continue;
      }
      const list = (names[tag] ??= []);
      for (const v of item.values) {
        if (this.filled(v, file) === undefined) continue;
        if (!list.includes(v.value)) list.push(v.value);
        onName(v);
      }
    }
    return names;
  }

  /** Claims a declaration's display name, localized names and aliases in its name space. */
  private claimNames(
    index: Map<string, Owner>,
    owner: Owner,
    decl: { title?: A.StringLit; names: A.NameItem[]; aliases: A.Ident[] },
    file: string,
    fallbackName: string,
  ): { name: string; names: Record<string, string[]>; aliases: string[] } {
    const title = decl.title && this.filled(decl.title, file);
    const name = title ?? fallbackName;
    if (decl.title && title) this.claim(index, name, owner, file, decl.title.range, 'name');
    const names = this.localized(decl.names, file, (v) => this.claim(index, v.value, owner, file, v.range, 'name'));
    const aliases: string[] = [];
    for (const a of decl.aliases) {
      this.claim(index, a.value, owner, file, a.range, 'alias');
      if (!aliases.includes(a.value) && a.value !== owner.id) aliases.push(a.value);
    }
    return { name, names, aliases };
  }

  // ---- provinces -----------------------------------------------------------

  private province({ decl, file }: Declared<A.ProvinceDecl>): void {
    if (!decl.id) return;
    const id = decl.id.value;
    const owner: Owner = { kind: 'province', id };
    this.claim(this.provinceNames, id, owner, file, decl.id.range, 'id');

    let terrain: Terrain | undefined;
    let supply = false;
    let impassable = false;
    let archipelago: A.FlagWord | undefined;
    for (const f of decl.flags) {
      if (f.flag === 'archipelago') {
        archipelago = f;
      } else if (f.flag === 'supply') {
        if (supply) this.report('duplicateItem', file, f.range, 'supply is given more than once');
        supply = true;
      } else if (f.flag === 'impassable') {
        impassable = true;
      } else if (terrain) {
        this.report('duplicateItem', file, f.range, `The terrain is already ${terrain}`);
      } else {
        terrain = f.flag;
      }
    }
    if (impassable && supply) this.report('impassableSupplyCentre', file, decl.id.range, `The impassable province ${quoted(id)} cannot be a supply centre`);
    // A wrong word among the flags (reported by the parser) may stand for any flag the province does
    // not give: the checks that depend on one run as if it gave the one that passes them (a coast's
    // terrain, where armies and fleets both go; a supply centre), so the slip costs one diagnostic.
    const unsure = decl.wrongFlags.length > 0;
    if (unsure && !impassable) supply = true;
    if (!terrain) terrain = decl.coasts.length > 0 || unsure ? 'coast' : 'land';
    if (archipelago && terrain !== 'coast') {
      this.report('archipelagoNotCoast', file, archipelago.range, `${quoted(id)} is ${terrain}: only a coast province, where armies and fleets both stand, can be an archipelago`);
    }

    const coasts: ResolvedCoast[] = [];
    for (const c of decl.coasts) {
      if (!c.id) continue;
      if (terrain !== 'coast') {
        this.report('coastsOnNonCoastal', file, c.range, `Only a coastal province has coasts; ${quoted(id)} is ${terrain}`);
        continue;
      }
      if (coasts.some((k) => k.id === c.id?.value)) {
        this.report('duplicateId', file, c.id.range, `The coast ${quoted(c.id.text)} of ${quoted(id)} is already declared`);
        continue;
      }
      const title = c.title && this.filled(c.title, file);
      coasts.push({ id: c.id.value, name: title ?? c.id.text, names: this.localized(c.names, file, () => undefined) });
    }
    if (coasts.length === 1) {
      // Kept, a lone coast would make every plain fleet reference an error too: drop it.
      const only = decl.coasts.find((c) => c.id?.value === coasts[0]?.id);
      this.report('duplicateItem', file, only?.range ?? decl.id.range, 'A province with named coasts has at least two; leave out the coast for a single-coast province');
      coasts.length = 0;
    }

    const { name: title, names, aliases } = this.claimNames(this.provinceNames, owner, decl, file, decl.id.text);
    for (const extra of decl.at.slice(1)) this.report('duplicateItem', file, extra.range, 'at is given more than once');
    const at0 = decl.at[0];
    let at: [number, number] | undefined = at0?.x && at0.y ? [at0.x.value, at0.y.value] : undefined;
    for (const n of at0 ? [at0.x, at0.y] : []) {
      const why = n ? numberProblem(n.text, COORDINATE_FIELD) : undefined;
      if (!n || !why) continue;
      this.report('invalidValue', file, n.range, sentence(why));
      at = undefined;
    }

    this.provinces.set(id, {
      id,
      name: title,
      terrain,
      supplyCentre: supply,
      impassable,
      archipelago: archipelago !== undefined && terrain === 'coast',
      coasts,
      names,
      aliases,
      ...(at ? { at } : {}),
      decl,
      file,
    });
  }

  /**
   * Resolves a province reference, reporting an unknown one with suggestions;
   * `fits` says which provinces fit the place (a supply centre for a home centre), suggested first.
   */
  private lookupProvince(ident: A.Ident, file: string, fits?: (p: ResolvedProvince) => boolean): ResolvedProvince | undefined {
    const found = this.provinces.get(ident.value);
    if (found) return found;
    // Any name of a province will do (an alias such as `mid`, a localized name).
    const owner = this.provinceNames.get(ident.value);
    if (owner) return this.provinces.get(owner.id);
    const candidates = [...this.provinces.values()].map((p) => ({ item: p.id, text: p.id, fits: fits?.(p) ?? false }));
    const near = rankSuggestions(ident.value, candidates).map((s) => s.item);
    this.report('unknownProvince', file, ident.range, `Unknown province ${quoted(ident.text)}${didYouMeanOf(near)}`, near);
    return undefined;
  }

  private lookupCoast(province: ResolvedProvince, coast: A.Ident, file: string): boolean {
    if (province.coasts.length === 0) {
      this.report('coastOnProvinceWithoutCoasts', file, coast.range, `${quoted(province.id)} has no named coasts`);
      return false;
    }
    if (province.coasts.some((c) => c.id === coast.value)) return true;
    const list = province.coasts.map((c) => c.id).join(', ');
    this.report('unknownCoast', file, coast.range, `${quoted(province.id)} has no coast ${quoted(coast.text)} (its coasts: ${list})`);
    return false;
  }

  // ---- adjacency -----------------------------------------------------------

  /** Resolves one end of an edge for a unit kind; undefined (and reported) if impossible. */
  private edgeEnd(loc: A.Location, kind: 'army' | 'fleet', file: string): string | undefined {
    const p = this.lookupProvince(loc.province, file);
    if (!p) return undefined;
    if (p.impassable) {
      this.report('adjacencyToImpassable', file, loc.range, `${quoted(p.id)} is impassable: nothing moves to or from it`);
      return undefined;
    }
    if (kind === 'army') {
      if (p.terrain === 'sea') {
        this.report('armyIntoSea', file, loc.range, `An army cannot enter the sea province ${quoted(p.id)}`);
        return undefined;
      }
      if (loc.coast) {
        this.report('armyOnCoast', file, loc.coast.range, 'An army adjacency names no coast: armies stand on the whole province');
        return undefined;
      }
      return p.id;
    }
    if (p.terrain === 'land') {
      this.report('fleetIntoLand', file, loc.range, `A fleet cannot enter the landlocked province ${quoted(p.id)}`);
      return undefined;
    }
    if (loc.coast) return this.lookupCoast(p, loc.coast, file) ? `${p.id}/${loc.coast.value}` : undefined;
    if (p.coasts.length > 0) {
      const list = p.coasts.map((c) => `${p.id}/${c.id}`).join(' or ');
      this.report('missingCoast', file, loc.province.range, `Fleets reach ${quoted(p.id)} by a named coast: write ${list}`);
      return undefined;
    }
    return p.id;
  }

  private lineKinds(line: A.AdjacencyLine, file: string): ('army' | 'fleet')[] {
    switch (line.unit?.value) {
      case 'army':
      case 'a':
        return ['army'];
      case 'fleet':
      case 'f':
        return ['fleet'];
      case 'both':
        return ['army', 'fleet'];
      default:
        if (line.unit) {
          const wrong = unknownWord('unit kind', line.unit.text, ADJACENCY_KINDS);
          this.report('unknownUnitKind', file, line.unit.range, wrong.message, wrong.suggestions);
        }
        return [];
    }
  }

  private adjacency(): ResolvedVariant['edges'] {
    const edges = { army: new Map<string, { oneWay: boolean; file: string; range: Range }>(), fleet: new Map<string, { oneWay: boolean; file: string; range: Range }>() };
    // Each removed edge, with whether some declared edge matched it (else it is reported).
    const removed = new Map<string, { used: boolean; file: string; range: Range }>();
    for (const { decl, file } of this.model.removedAdjacency) {
      for (const kind of this.lineKinds(decl, file)) {
        const from = decl.from && this.edgeEnd(decl.from, kind, file);
        for (const t of decl.to) {
          const to = this.edgeEnd(t, kind, file);
          if (!from || !to) continue;
          const entry = { used: false, file, range: t.range };
          removed.set(`${kind} ${from} ${to}`, entry);
          if (!decl.oneWay) removed.set(`${kind} ${to} ${from}`, entry);
        }
      }
    }
    for (const { decl, file, inherited } of this.model.adjacency) {
      const kinds = this.lineKinds(decl, file);
      if (kinds.length === 0) this.unsure(decl);
      for (const kind of kinds) {
        // Adjacencies of a base variant that touch a removed province are dropped with it
        // (only those: the line's other targets stay).
        if (inherited && decl.from && this.isRemoved(decl.from)) continue;
        const from = decl.from && this.edgeEnd(decl.from, kind, file);
        for (const t of decl.to) {
          if (inherited && this.isRemoved(t)) continue;
          const to = this.edgeEnd(t, kind, file);
          if (!from || !to) continue;
          if (from.split('/')[0] === to.split('/')[0]) {
            this.report('selfAdjacency', file, t.range, `${quoted(from)} cannot be adjacent to its own province`);
            continue;
          }
          // Returns whether the edge was a duplicate; `quiet` keeps the way back of a
          // duplicate two-way line from reporting the same line a second time.
          const add = (a: string, b: string, oneWay: boolean, quiet = false): boolean => {
            const key = `${a} ${b}`;
            const removal = removed.get(`${kind} ${key}`);
            if (removal) {
              removal.used = true;
              return false;
            }
            const existing = edges[kind].get(key);
            if (existing && !existing.oneWay && !oneWay) {
              if (!quiet) this.report('duplicateAdjacency', file, t.range, `The ${kind} adjacency ${a}–${b} is already declared`);
              return true;
            }
            if (!existing) edges[kind].set(key, { oneWay, file, range: t.range });
            else if (!oneWay) existing.oneWay = false;
            return false;
          };
          const duplicate = add(from, to, decl.oneWay);
          if (!decl.oneWay) add(to, from, false, duplicate);
        }
      }
    }
    for (const r of new Set(removed.values())) {
      if (!r.used) this.report('removeUnknown', r.file, r.range, 'The base variant declares no such adjacency');
    }
    // A one-way edge whose reverse was never declared is worth a warning: it is rare on purpose.
    for (const kind of ['army', 'fleet'] as const) {
      for (const [key, e] of edges[kind]) {
        if (!e.oneWay) continue;
        const [a, b] = key.split(' ') as [string, string];
        if (!edges[kind].has(`${b} ${a}`) && !this.unsureEdges.has(`${province(b)} ${province(a)}`)) this.report('oneWayAdjacency', e.file, e.range, `A ${kind} can move ${a} → ${b} but not back`);
      }
    }
    const list = (m: Map<string, unknown>): [string, string][] => [...m.keys()].map((k) => k.split(' ') as [string, string]);
    return { army: list(edges.army), fleet: list(edges.fleet) };
  }

  /** Keeps the province pairs of a line whose kind is wrong (`unsureEdges`), without reporting its names again. */
  private unsure(line: A.AdjacencyLine): void {
    const id = (loc: A.Location): string | undefined => this.provinces.get(loc.province.value)?.id ?? this.provinceNames.get(loc.province.value)?.id;
    const from = line.from && id(line.from);
    if (!from) return;
    for (const t of line.to) {
      const to = id(t);
      if (!to) continue;
      this.unsureEdges.add(`${from} ${to}`);
      if (!line.oneWay) this.unsureEdges.add(`${to} ${from}`);
    }
  }

  private isRemoved(loc: A.Location): boolean {
    // Only relevant when the model came from extends: a province that a `remove`
    // dropped is in no table, but the checker must not report the base's lines as unknown.
    return this.model.removedProvinces.has(loc.province.value);
  }

  // ---- powers --------------------------------------------------------------

  private powers(): ResolvedPower[] {
    const homeOwner = new Map<string, string>();
    const centreOwner = new Map<string, string>();
    const unitAt = new Map<string, string>();
    const result: ResolvedPower[] = [];
    const countries: { decl: A.PowerDecl; file: string; power: ResolvedPower }[] = [];
    for (const { decl, file } of this.model.powers.values()) {
      if (!decl.id) continue;
      const id = decl.id.value;
      const owner: Owner = { kind: 'power', id };
      this.claim(this.powerNames, id, owner, file, decl.id.range, 'id');
      const { name, names, aliases } = this.claimNames(this.powerNames, owner, decl, file, capitalize(decl.id.text));
      for (const extra of decl.adjective.slice(1)) this.report('duplicateItem', file, extra.range, 'adjective is given more than once');
      for (const extra of decl.colour.slice(1)) this.report('duplicateItem', file, extra.range, 'colour is given more than once');

      const home: string[] = [];
      for (const h of decl.home) {
        const p = this.lookupProvince(h, file, isCentre);
        if (!p || home.includes(p.id)) continue;
        if (!p.supplyCentre) {
          this.report('homeNotSupplyCentre', file, h.range, `The home centre ${quoted(p.id)} is not a supply centre: add supply to the province`);
          continue;
        }
        const other = homeOwner.get(p.id);
        if (other) {
          this.report('homeOfTwoPowers', file, h.range, `${quoted(p.id)} is already a home centre of ${quoted(other)}`);
          continue;
        }
        homeOwner.set(p.id, id);
        home.push(p.id);
      }

      const units: ResolvedUnit[] = [];
      for (const u of decl.units) {
        const unit = this.unit(u, file);
        if (!unit) continue;
        const province = unit.at.split('/')[0] as string;
        const other = unitAt.get(province);
        if (other) {
          this.report('twoUnitsInProvince', file, u.range, `${quoted(province)} already holds a unit of ${quoted(other)}`);
          continue;
        }
        unitAt.set(province, id);
        units.push(unit);
      }

      const centres: string[] = [];
      const claimed = decl.hasOwns ? decl.owns : decl.home;
      for (const c of claimed) {
        const p = decl.hasOwns ? this.lookupProvince(c, file, isCentre) : this.provinces.get(c.value);
        if (!p || centres.includes(p.id)) continue;
        if (!p.supplyCentre) {
          if (decl.hasOwns) this.report('ownedNotSupplyCentre', file, c.range, `${quoted(p.id)} is not a supply centre`);
          continue;
        }
        const other = centreOwner.get(p.id);
        if (other) {
          this.report('centreOwnedTwice', file, c.range, `${quoted(p.id)} is already owned by ${quoted(other)} at the start`);
          continue;
        }
        centreOwner.set(p.id, id);
        centres.push(p.id);
      }
      if (home.length === 0 && decl.home.length === 0) {
        this.report('noHomeCentres', file, decl.id.range, `The power ${quoted(id)} has no home centres, so it can never build`);
      }
      const power: ResolvedPower = {
        id,
        name,
        ...(decl.adjective[0] && this.filled(decl.adjective[0], file) ? { adjective: decl.adjective[0].value } : {}),
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
    for (const { decl, file, power } of countries) this.country(decl, file, power, countryOwner, homeOwner);
    return result;
  }

  /** Resolves a power's `country` items into `power.country`: its home centres, then the listed provinces. */
  private country(decl: A.PowerDecl, file: string, power: ResolvedPower, countryOwner: Map<string, string>, homeOwner: Map<string, string>): void {
    const country = [...power.home];
    for (const c of decl.country) {
      const p = this.lookupProvince(c, file);
      if (!p || country.includes(p.id)) continue;
      if (p.impassable || p.terrain === 'sea') {
        const what = p.impassable ? 'impassable' : 'a sea';
        this.report('countryNotLand', file, c.range, `${quoted(p.id)} is ${what}: a home country is made of land and coastal provinces`);
        continue;
      }
      const other = countryOwner.get(p.id);
      if (other !== undefined && other !== power.id) {
        const why = homeOwner.get(p.id) === other ? `, as one of its home centres` : '';
        this.report('countryOfTwoPowers', file, c.range, `${quoted(p.id)} is already in the home country of ${quoted(other)}${why}`);
        continue;
      }
      countryOwner.set(p.id, power.id);
      country.push(p.id);
    }
    power.country = country;
  }

  private unit(u: A.UnitSpec, file: string): ResolvedUnit | undefined {
    if (!u.unit || !u.at) return undefined;
    const k = u.unit.value;
    const kind = k === 'a' || k === 'army' ? 'army' : k === 'f' || k === 'fleet' ? 'fleet' : undefined;
    if (!kind) {
      const wrong = unknownWord('unit kind', u.unit.text, ['A', 'F', 'army', 'fleet'], 'A (army) or F (fleet)');
      this.report('unknownUnitKind', file, u.unit.range, wrong.message, wrong.suggestions);
      return undefined;
    }
    const p = this.lookupProvince(u.at.province, file, (q) => standsIn(kind, q));
    if (!p) return undefined;
    if (p.impassable || (kind === 'army' && p.terrain === 'sea') || (kind === 'fleet' && p.terrain === 'land')) {
      const where = p.impassable ? 'impassable' : p.terrain === 'sea' ? 'a sea' : 'landlocked';
      this.report('unitOnImpossibleTerrain', file, u.range, `A${kind === 'army' ? 'n army' : ' fleet'} cannot stand in ${quoted(p.id)}, which is ${where}`);
      return undefined;
    }
    if (kind === 'army') {
      if (u.at.coast) {
        this.report('armyOnCoast', file, u.at.coast.range, 'An army stands on the whole province, not on a coast');
        return undefined;
      }
      return { kind, at: p.id };
    }
    if (u.at.coast) return this.lookupCoast(p, u.at.coast, file) ? { kind, at: `${p.id}/${u.at.coast.value}` } : undefined;
    if (p.coasts.length > 0) {
      const list = p.coasts.map((c) => `${p.id}/${c.id}`).join(' or ');
      this.report('unitWithoutCoast', file, u.at.range, `A fleet in ${quoted(p.id)} stands on a coast: write ${list}`);
      return undefined;
    }
    return { kind, at: p.id };
  }

  /** The `neutral units` of every declaration, on provinces no power's unit stands on. */
  private neutralUnits(powers: ResolvedPower[]): ResolvedUnit[] {
    const taken = new Map<string, string>();
    for (const p of powers) for (const u of p.units) taken.set(u.at.split('/')[0]!, quoted(p.id));
    const out: ResolvedUnit[] = [];
    for (const { decl, file } of this.model.neutral) {
      for (const spec of decl.units) {
        const unit = this.unit(spec, file);
        if (!unit) continue;
        const province = unit.at.split('/')[0]!;
        const other = taken.get(province);
        if (other) {
          this.report('twoUnitsInProvince', file, spec.range, `${quoted(province)} already holds a unit of ${other}`);
          continue;
        }
        taken.set(province, 'neutral');
        out.push(unit);
      }
    }
    if (out.length > 0) {
      for (const { decl, file } of this.model.powers.values()) {
        if (decl.id?.value === NEUTRAL_POWER) {
          this.report('neutralPowerName', file, decl.id.range, `Neutral units go by the name ${quoted(NEUTRAL_POWER)}, so no power may have it: rename the power`);
        }
      }
    }
    return out;
  }

  /** `neutral-units hold-and-rebuild` builds only where the variant has neutral units to build. */
  private neutralRules(neutralUnits: readonly ResolvedUnit[], rules: ResolvedRules): void {
    if (neutralUnits.length > 0 || rules.options['neutral-units'] !== 'hold-and-rebuild') return;
    const at = rules.origins.get('neutral-units');
    if (at) this.report('neutralUnitsWithoutEffect', at.file, at.line ?? at.range, 'neutral-units hold-and-rebuild has no effect: the variant has no neutral units (declare them with neutral units A …)');
  }

  private neutral(powers: ResolvedPower[]): string[] {
    const owned = new Map<string, string>();
    for (const p of powers) for (const c of p.centres) owned.set(c, p.id);
    for (const { decl, file } of this.model.neutral) {
      for (const c of decl.centres) {
        const p = this.lookupProvince(c, file, isCentre);
        if (!p) continue;
        if (!p.supplyCentre) this.report('neutralNotSupplyCentre', file, c.range, `${quoted(p.id)} is not a supply centre`);
        else if (owned.has(p.id)) this.report('neutralCentreOwned', file, c.range, `${quoted(p.id)} is owned by ${quoted(owned.get(p.id) ?? '')} at the start`);
      }
    }
    return [...this.provinces.values()].filter((p) => p.supplyCentre && !owned.has(p.id)).map((p) => p.id);
  }

  // ---- whole-variant warnings ------------------------------------------------

  private warnings(edges: ResolvedVariant['edges'], powers: ResolvedPower[], rules: ResolvedRules): void {
    const entry = this.model.variant?.file ?? this.model.entry;
    const entryRange = this.model.variant?.decl.id?.range ?? { start: { offset: 0, line: 0, column: 0 }, end: { offset: 0, line: 0, column: 0 } };
    if (this.provinces.size === 0 && this.model.variant) this.report('noProvinces', entry, entryRange, 'The variant declares no provinces');
    if (powers.length === 0 && this.model.variant) this.report('noPowers', entry, entryRange, 'The variant declares no powers');

    // Reachability: from every starting unit and home centre, over the edges of both kinds.
    const next = new Map<string, string[]>();
    const unsure = [...this.unsureEdges].map((key) => key.split(' ') as [string, string]);
    for (const [a, b] of [...edges.army, ...edges.fleet, ...unsure]) {
      const from = a.split('/')[0] as string;
      const to = b.split('/')[0] as string;
      let list = next.get(from);
      if (!list) next.set(from, (list = []));
      list.push(to);
    }
    const seeds = powers.flatMap((p) => [...p.home, ...p.units.map((u) => u.at.split('/')[0] as string)]);
    if (seeds.length > 0) {
      const seen = new Set(seeds);
      const queue = [...seeds];
      while (queue.length > 0) {
        const p = queue.pop() as string;
        for (const q of next.get(p) ?? []) if (!seen.has(q)) (seen.add(q), queue.push(q));
      }
      for (const p of this.provinces.values()) {
        if (p.impassable || seen.has(p.id) || !p.decl.id) continue;
        this.report('unreachableProvince', p.file, p.decl.id.range, `No unit can ever reach ${quoted(p.id)} from the starting position`);
      }
    }

    const centres = [...this.provinces.values()].filter((p) => p.supplyCentre).length;
    const threshold = rules.victoryCentres;
    if (threshold && typeof threshold.value === 'number' && threshold.value > centres) {
      this.report('victoryAboveCentres', threshold.file, threshold.range, `A solo needs ${threshold.value} centres but the map has only ${centres}`);
    }
  }
}

/** The province of an edge's end (`stp/nc` → `stp`). */
function province(end: string): string {
  return end.split('/')[0] as string;
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

/** A message of the engine's (`a year is a whole number, …`) as a diagnostic's sentence, with a capital. */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
