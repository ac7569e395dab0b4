/**
 * From the Python engine's picture of a map (`PyMap`) to the facts our variant
 * language holds: provinces with terrain and named coasts, directed army and
 * fleet moves, powers with home centres, starting centres and units, neutral
 * centres, the start, the victory count and the map's rules.
 *
 * The moves are the ones that engine allows, derived by its own rule for an
 * adjacency list written in mixed case: an entry `XXX` serves armies and
 * fleets, `xxx` armies only, `Xxx` fleets only; an army never goes to water or
 * to a coast, a fleet never to land, a fleet never stands on a province whose
 * terrain line names it in lower case (the body of a split-coast province) nor
 * moves to a place it only knows in lower case; and an entry naming a coast
 * (`BUL/EC`) also opens the province (`BUL`) to armies. Nothing reaches or
 * leaves an impassable (`SHUT`) place.
 *
 * Pure; what cannot be expressed becomes a diagnostic.
 */
import type { CodeName } from '../diagnostics/codes.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Range } from '../text/range.js';
import { placeBase, type PyMap, type PyTerrain, type Word } from './map-read.js';
import { echo, quoted } from '@dipforge/engine/config';

export type Terrain = 'land' | 'sea' | 'coast';

export interface ImportedProvince {
  id: string;
  name: string;
  terrain: Terrain;
  supply: boolean;
  impassable: boolean;
  /** PORT: a coastal province whose fleet may convoy, as in a sea. */
  port: boolean;
  coasts: { id: string; name: string }[];
  aliases: string[];
  /** Aliases of several words (`gulf+of+lyons` → `gulf of lyons`), given as more English names. */
  phrases: string[];
}

export interface ImportedPower {
  id: string;
  name: string;
  adjective?: string;
  home: string[];
  /** Starting centres; undefined when they are the home centres. */
  owns?: string[];
  /** `A par`, `F stp/sc`. */
  units: string[];
}

export interface ImportedMap {
  provinces: ImportedProvince[];
  /** Directed moves between province ids. */
  army: [string, string][];
  /** Directed moves between locations (`spa/nc`, `mao`). */
  fleet: [string, string][];
  powers: ImportedPower[];
  neutral: string[];
  start?: { year: number; season: string; kind: string };
  /** Centres to win: the map's VICTORY, else more than half the centres. */
  victory: number;
  /** True when the map gives no VICTORY line. */
  victoryByDefault: boolean;
  buildAnywhere: boolean;
}

/** Letters, digits and `_`, with inner `-`: what our language takes as a name. */
const IDENT = /^[\p{L}_][\p{L}\p{M}\p{Nd}_]*(?:-[\p{L}\p{M}\p{Nd}_]+)*$/u;

/** Python map rules that are facts of play here. */
const RULE_BUILD_ANY = 'BUILD_ANY';

export function deriveMap(py: PyMap, diagnostics: Diagnostic[]): ImportedMap {
  return new Deriver(py, diagnostics).run();
}

class Deriver {
  private readonly known = new Set<string>();

  constructor(
    private readonly py: PyMap,
    private readonly diagnostics: Diagnostic[],
  ) {
    for (const loc of py.locs) this.known.add(loc.toUpperCase());
  }

  private report(code: CodeName, at: { file: string; range: Range }, message: string): void {
    this.diagnostics.push(diagnostic(code, at.file, at.range, message));
  }

  /** The terrain of a place, whichever letter case its terrain line used. */
  private type(place: string): PyTerrain | undefined {
    const t = this.py.locType.get(place) ?? this.py.locType.get(place.toLowerCase());
    if (t) return t.type;
    for (const [loc, info] of this.py.locType) if (loc.toUpperCase() === place) return info.type;
    return undefined;
  }

  /** The adjacency list of a place (upper case asked), as the engine finds it. */
  private abutList(place: string): Word[] {
    return this.py.locAbut.get(place) ?? this.py.locAbut.get(place.toLowerCase()) ?? [];
  }

  private armyMayStand(place: string): boolean {
    const t = this.type(place);
    return !place.includes('/') && (t === 'LAND' || t === 'COAST' || t === 'PORT');
  }

  /** Fleets never stand on a place whose adjacency line names it in lower case: the body of a split-coast province. */
  private fleetMayStand(place: string): boolean {
    const t = this.type(place);
    return (t === 'WATER' || t === 'COAST' || t === 'PORT') && !this.py.locAbut.has(place.toLowerCase());
  }

  /** The engine's move test: may a unit of this kind at `from` move to `to` (both upper case)? */
  private mayMove(kind: 'A' | 'F', from: string, to: string): boolean {
    if (kind === 'A' ? !this.armyMayStand(from) : !this.fleetMayStand(from)) return false;
    if (kind === 'A' && to.includes('/')) return false;
    const entry = this.abutList(from).find((w) => {
      const up = w.text.toUpperCase();
      return to === up || to === placeBase(up);
    });
    if (!entry) return false;
    const toType = this.type(to);
    if (toType === undefined || toType === 'SHUT') return false;
    const written = entry.text;
    if (kind === 'F') {
      const firstUp = written.charAt(0) === written.charAt(0).toUpperCase();
      return toType !== 'LAND' && firstUp && this.py.locType.has(to);
    }
    return toType !== 'WATER' && written !== titleCase(written);
  }

  run(): ImportedMap {
    const py = this.py;
    this.checkReferences();
    const scs = this.centres();
    const provinces = this.provinces(scs);
    const { army, fleet } = this.moves();
    const { powers, owned } = this.powers(scs);
    const neutral = [...scs].filter((c) => !owned.has(c)).map((c) => c.toLowerCase());
    const victoryLine = py.victory;
    if (victoryLine && victoryLine.counts.length > 1) {
      this.report('mapNotExpressible', victoryLine.word, `VICTORY ${victoryLine.counts.join(' ')}: a count that changes with the year cannot be expressed yet; the first year's count (${victoryLine.counts[0]}) is used throughout`);
    }
    let buildAnywhere = false;
    for (const rule of py.rules) {
      if (rule.text.toUpperCase() === RULE_BUILD_ANY) buildAnywhere = true;
      else this.report('mapNotExpressible', rule, `rule ${echo(rule.text.toUpperCase())} of the Python engine has no counterpart among our rule options; left out`);
    }
    for (const d of py.dummies) this.report('mapNotExpressible', d, 'powers without players (DUMMY) are a matter of the game, not of the map; left out');
    for (const p of py.powers) {
      if (p.letter) this.report('mapLeftOut', p.letter, `the power letter in ${echo(p.letter.text)} (how the Python engine abbreviates ${echo(p.written.text)}) is left out`);
    }
    return {
      provinces,
      army,
      fleet,
      powers,
      neutral,
      ...(py.begin ? { start: { year: py.begin.year, season: py.begin.season, kind: py.begin.kind } } : {}),
      victory: victoryLine ? (victoryLine.counts[0] as number) : Math.floor(scs.size / 2) + 1,
      victoryByDefault: !victoryLine,
      buildAnywhere,
    };
  }

  private checkReferences(): void {
    for (const ref of this.py.references) {
      if (ref.role === 'drop') continue;
      if (!this.known.has(ref.name)) this.report('mapUnknownPlace', ref.word, `${echo(ref.word.text.replace(/^-+/, ''))} is no place of the map (no terrain line declares it)`);
    }
    for (const [place, list] of this.py.locAbut) {
      if (!this.py.locs.includes(place)) continue;
      for (const w of list) {
        const up = w.text.toUpperCase();
        if (!this.known.has(up) && !this.known.has(placeBase(up))) this.report('mapUnknownPlace', w, `${echo(w.text)} in the adjacency of ${echo(place)} is no place of the map`);
      }
    }
  }

  /** Every supply centre (upper case): homes of the powers, the unowned ones, the starting centres. */
  private centres(): Set<string> {
    const out = new Set<string>();
    for (const list of this.py.homes.values()) for (const c of list) if (this.known.has(c)) out.add(c);
    for (const list of this.py.centres.values()) for (const c of list) if (this.known.has(c)) out.add(c);
    for (const c of [...out]) {
      if (c.includes('/')) {
        out.delete(c);
        out.add(placeBase(c));
      }
    }
    return out;
  }

  private provinces(scs: Set<string>): ImportedProvince[] {
    const py = this.py;
    const out: ImportedProvince[] = [];
    const byId = new Map<string, ImportedProvince>();
    const taken = new Map<string, string>();
    const rank = (loc: string) => py.declared.indexOf(loc.toUpperCase());
    const inOrder = [...py.locs].sort((a, b) => rank(a) - rank(b));
    for (const loc of inOrder) {
      const up = loc.toUpperCase();
      if (up.includes('/')) continue;
      const info = py.locType.get(loc);
      if (!info) continue;
      const named = py.names.get(up);
      if (!named) this.report('mapNoFullName', info.word, `${loc} has no full-name line ("Name = ${up.toLowerCase()}"); its abbreviation is its name`);
      const id = up.toLowerCase();
      const p: ImportedProvince = {
        id,
        name: named?.name ?? up,
        terrain: info.type === 'WATER' ? 'sea' : info.type === 'LAND' || info.type === 'SHUT' ? 'land' : 'coast',
        supply: scs.has(up),
        impassable: info.type === 'SHUT',
        port: info.type === 'PORT',
        coasts: [],
        aliases: [],
        phrases: [],
      };
      if (p.impassable && p.supply) this.report('mapInconsistent', info.word, `${loc} is impassable (SHUT) and a supply centre`);
      for (const key of nameKeys(p)) taken.set(key, id);
      out.push(p);
      byId.set(id, p);
    }
    for (const loc of inOrder) {
      const up = loc.toUpperCase();
      if (!up.includes('/')) continue;
      const info = py.locType.get(loc);
      if (!info) continue;
      const province = byId.get(placeBase(up).toLowerCase());
      if (!province) {
        this.report('mapInconsistent', info.word, `${loc} is a coast of ${placeBase(up)}, which has no terrain line`);
        continue;
      }
      if (province.terrain !== 'coast') {
        this.report('mapInconsistent', info.word, `${loc} is a coast of ${placeBase(up)}, which is not coastal (${py.locType.get(placeBase(loc))?.type ?? 'no terrain'})`);
        continue;
      }
      const coastId = up.slice(up.indexOf('/') + 1).toLowerCase();
      if (!IDENT.test(coastId)) {
        this.report('mapNotExpressible', info.word, `the coast id ${quoted(coastId)} is no name of our language; the coast is left out`);
        continue;
      }
      if (this.fleetMayStand(placeBase(up))) {
        this.report('mapNotExpressible', info.word, `fleets may stand on ${placeBase(up)} itself and on its coasts, which our language cannot express: a province with coasts has only its coasts; the province's own fleet moves are left out`);
      }
      const full = py.names.get(up)?.name;
      province.coasts.push({ id: coastId, name: coastName(full, coastId) });
    }
    // Aliases last, so that none takes a name that a province's own id or name has.
    for (const p of out) {
      const named = py.names.get(p.id.toUpperCase());
      for (const alias of named?.aliases ?? []) {
        const text = alias.text;
        if (text.endsWith('?')) {
          this.report('mapLeftOut', alias, `the ambiguous alias ${quoted(text)} is left out`);
          continue;
        }
        if (/[/(]/.test(text)) continue; // a spelling of a coast: orders write coasts their own way
        const lower = text.toLowerCase();
        if (lower === p.id || p.aliases.includes(lower)) continue;
        const phrase = text.includes('+') ? text.split('+').filter(Boolean).join(' ') : undefined;
        if (phrase === undefined && !IDENT.test(lower)) {
          this.report('mapLeftOut', alias, `the alias ${quoted(text)} is no name of our language (letters, digits, _ and inner -); left out`);
          continue;
        }
        const key = nameKey(phrase ?? lower);
        const holder = taken.get(key);
        if (holder !== undefined) {
          if (holder !== p.id) this.report('mapLeftOut', alias, `the alias ${quoted(text)} of ${p.id} reads like a name of ${holder}; left out`);
          continue;
        }
        taken.set(key, p.id);
        if (phrase !== undefined) p.phrases.push(phrase);
        else p.aliases.push(lower);
      }
    }
    for (const [key, named] of py.names) {
      if (!this.known.has(key)) this.report('mapLeftOut', named.abbrev, `${quoted(named.name)} = ${echo(named.abbrev.text)} names no place with a terrain line; left out`);
    }
    return out;
  }

  private moves(): { army: [string, string][]; fleet: [string, string][] } {
    const army: [string, string][] = [];
    const fleet: [string, string][] = [];
    const seenA = new Set<string>();
    const seenF = new Set<string>();
    for (const loc of this.py.locs) {
      const from = loc.toUpperCase();
      const targets = new Set<string>();
      for (const w of this.abutList(from)) {
        const up = w.text.toUpperCase();
        targets.add(up);
        targets.add(placeBase(up));
      }
      for (const to of targets) {
        if (to === from) continue;
        if (!this.known.has(to)) continue;
        if (placeBase(to) === placeBase(from)) continue;
        if (!to.includes('/') && this.mayMove('A', from, to)) {
          const key = `${from}>${to}`;
          if (!seenA.has(key)) {
            seenA.add(key);
            army.push([from.toLowerCase(), to.toLowerCase()]);
          }
        }
        if (this.mayMove('F', from, to) && !this.hasCoasts(from, to)) {
          const key = `${from}>${to}`;
          if (!seenF.has(key)) {
            seenF.add(key);
            fleet.push([from.toLowerCase(), to.toLowerCase()]);
          }
        }
      }
    }
    return { army, fleet };
  }

  /** A fleet move from or to the body of a province that has coasts: our language has no such move. */
  private hasCoasts(from: string, to: string): boolean {
    const coasted = (p: string) => !p.includes('/') && this.py.locs.some((l) => l.toUpperCase().startsWith(`${p}/`));
    return coasted(from) || coasted(to);
  }

  private powers(scs: Set<string>): { powers: ImportedPower[]; owned: Set<string> } {
    const py = this.py;
    const owned = new Set<string>();
    const homeOf = new Map<string, string>();
    const powers: ImportedPower[] = [];
    const ids = new Set<string>();
    for (const p of py.powers) {
      let id = p.written.text.toLowerCase().replace(/[^\p{L}\p{Nd}_-]+/gu, '-').replace(/^-+|-+$/g, '').replace(/-{2,}/g, '-');
      if (!IDENT.test(id)) id = `power-${id}`.replace(/-+$/, '');
      if (ids.has(id)) {
        this.report('mapInconsistent', p.written, `two powers read as ${quoted(id)}`);
        continue;
      }
      ids.add(id);
      const home: string[] = [];
      for (const h of py.homes.get(p.key) ?? []) {
        if (!this.known.has(h)) continue;
        const base = placeBase(h);
        const other = homeOf.get(base);
        if (other !== undefined) {
          const word = py.references.findLast((r) => r.role === 'home' && r.name === h && r.power === p.key);
          if (word) this.report('mapNotExpressible', word.word, `${base} is a home centre of ${other} and of ${echo(p.written.text)}; our language gives a home centre to one power, so it stays ${other}'s`);
          continue;
        }
        homeOf.set(base, p.written.text);
        home.push(base.toLowerCase());
      }
      const ownsLine = py.centres.get(p.key);
      const startCentres = (ownsLine ?? py.homes.get(p.key) ?? []).filter((c) => this.known.has(c)).map(placeBase);
      const centres: string[] = [];
      for (const c of startCentres) {
        if (!scs.has(c)) continue;
        if (owned.has(c)) {
          const ref = py.references.findLast((r) => r.name === c && r.power === p.key && (r.role === 'centre' || r.role === 'home'));
          this.report('mapInconsistent', ref?.word ?? p.written, `${c} is a starting centre of two powers`);
          continue;
        }
        owned.add(c);
        centres.push(c.toLowerCase());
      }
      const units: string[] = [];
      for (const u of py.units.get(p.key) ?? []) {
        if (!this.known.has(u.at)) {
          this.report('mapUnknownPlace', u.word, `${echo(u.word.text)} is no place of the map`);
          continue;
        }
        const ok = u.kind === 'A' ? this.armyMayStand(u.at) : this.fleetMayStand(u.at) && !this.hasCoasts(u.at, u.at);
        if (!ok) {
          this.report('mapInvalidUnit', u.word, `${u.kind === 'A' ? 'an army' : 'a fleet'} cannot stand on ${echo(u.word.text)}${u.kind === 'F' && this.hasCoasts(u.at, u.at) ? ' (name one of its coasts)' : ''}`);
          continue;
        }
        units.push(`${u.kind} ${u.at.toLowerCase()}`);
      }
      const sameAsHome = centres.length === home.length && centres.every((c) => home.includes(c));
      powers.push({
        id,
        name: displayName(p.written.text),
        ...(p.adjective ? { adjective: displayName(p.adjective, true) } : {}),
        home,
        ...(sameAsHome ? {} : { owns: centres }),
        units,
      });
    }
    return { powers, owned };
  }
}

/** `SOUTH-AFRICA` → `South Africa`; an adjective keeps its hyphens (`South-African`). */
export function displayName(written: string, keepHyphens = false): string {
  const words = (keepHyphens ? written : written.replace(/[-+_]+/g, ' ')).split(/\s+/).filter(Boolean);
  return words.map((w) => w.split('-').map(titleWord).join('-')).join(' ');
}

function titleWord(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
}

/** Python's `str.title()` for the words the map format uses. */
function titleCase(s: string): string {
  return s.replace(/[A-Za-z]+/g, (w) => titleWord(w));
}

/** `Spain (north coast)` → `North Coast`; without brackets, the coast id in capitals. */
function coastName(full: string | undefined, id: string): string {
  const m = full ? /\(([^)]+)\)\s*$/.exec(full) : null;
  if (m) return displayName(m[1] as string);
  return id.toUpperCase();
}

/** A name as orders might write it, for telling two provinces' names apart. */
function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{Nd}]+/gu, '');
}

function nameKeys(p: ImportedProvince): string[] {
  return [nameKey(p.id), nameKey(p.name)];
}
