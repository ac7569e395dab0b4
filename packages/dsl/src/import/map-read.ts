/**
 * Reading a map file of the Python engine `diplomacy` (its `.map` format) the
 * way that engine reads it: line by line, each directive changing the map read
 * so far (`USE` reads another file in place; `DROP`, `AMEND`, `-X` entries and
 * `UNITS` undo what came before). The result is that engine's own picture of
 * the map: places as written (letter case matters), terrain, adjacency lists as
 * written, place names and aliases, powers with homes, centres and units.
 *
 * Pure: files come through `read`, their real paths through `realPath`; never
 * throws. Every problem is a diagnostic with the file and the range of the
 * word concerned.
 */
import type { CodeName } from '../diagnostics/codes.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { LineIndex, Range } from '../text/range.js';
import type { RealPath } from '../workspace/host.js';
import { MapLines, type Word } from './map-lines.js';
import { echo, numberProblem, quoted, YEAR_FIELD, type NumberField } from '@dipforge/engine/config';

export type PyTerrain = 'WATER' | 'LAND' | 'COAST' | 'PORT' | 'SHUT';

export type { Word };

export interface PyPlaceName {
  /** The full name as written (`Spain (north coast)`). */
  name: string;
  /** The abbreviation as written (`spa/nc`). */
  abbrev: Word;
  aliases: Word[];
}

export interface PyPower {
  /** The engine's key: the name upper-cased without spaces or hyphens (`SOUTHAFRICA`). */
  key: string;
  /** The name as written (`SOUTH-AFRICA`). */
  written: Word;
  /** The word in brackets (`EASTERN`), without the letter after a colon. */
  adjective?: string;
  /** The letter after the colon (`(EASTERN:N)`), which the engine shows for the power. */
  letter?: Word;
}

export interface PyUnit {
  kind: 'A' | 'F';
  /** Upper case, with the coast if any (`STP/SC`). */
  at: string;
  word: Word;
}

/** A name used by a directive, checked once the whole map is read (places may come later). */
export interface PyReference {
  /** Upper case. */
  name: string;
  word: Word;
  role: 'home' | 'centre' | 'neutral' | 'drop';
  /** The power key of the line (for homes and centres). */
  power?: string;
}

export interface PyMap {
  /** Places (provinces and coasts) as written, in the order the engine keeps them. */
  locs: string[];
  /** Places in upper case, in the order of their first terrain line (the order to print them in). */
  declared: string[];
  /** Terrain per place as written. */
  locType: Map<string, { type: PyTerrain; word: Word }>;
  /** Adjacency list per place as written; entries as written. */
  locAbut: Map<string, Word[]>;
  /** Full names and aliases per upper-case abbreviation. */
  names: Map<string, PyPlaceName>;
  /** Powers in the order of their first line. */
  powers: PyPower[];
  /** Build sites per power key; `UNOWNED` holds every other centre (upper case). */
  homes: Map<string, string[]>;
  /** Starting centres of the powers that have OWNS or CENTERS lines. */
  centres: Map<string, string[]>;
  units: Map<string, PyUnit[]>;
  references: PyReference[];
  begin?: { season: string; year: number; kind: string; word: Word };
  victory?: { counts: number[]; word: Word };
  rules: Word[];
  dummies: Word[];
  /** The files read, the first one first. */
  files: string[];
}

export interface MapReadOptions {
  /** The text of another map file (for USE and MAP), or undefined when it cannot be read. */
  read?: (path: string) => string | undefined;
  /**
   * Real paths (symbolic links followed): USE and MAP may only name files in
   * the first file's folder, and without this only the letters of the paths
   * are compared.
   */
  realPath?: RealPath;
}

/** A count of VICTORY: the centres needed to win (a rule value, so a whole number that is read exactly). */
const VICTORY_FIELD: NumberField = { what: 'a VICTORY count', min: 0, max: Number.MAX_SAFE_INTEGER, whole: true };

const TERRAINS = new Set(['WATER', 'LAND', 'COAST', 'PORT', 'SHUT']);
// The Python engine's year is fixed: these are its seasons.
const SEASONS: Record<string, string> = { SPRING: 'spring', FALL: 'fall', WINTER: 'winter' };
const KINDS: Record<string, string> = { MOVEMENT: 'movement', RETREATS: 'retreat', RETREAT: 'retreat', ADJUSTMENTS: 'adjustment', ADJUSTMENT: 'adjustment' };

/** The province part of a place: `SPA/NC` → `SPA`. */
export function placeBase(place: string): string {
  const slash = place.indexOf('/');
  return slash < 0 ? place : place.slice(0, slash);
}

/** The engine's normal form of a power name: upper case, without spaces, hyphens, dots, colons, pluses or commas. */
export function powerKey(name: string): string {
  return name.toUpperCase().replace(/[\s.:\-+,]/g, '');
}

export function readPyMap(text: string, file: string, options: MapReadOptions = {}): { map: PyMap; diagnostics: Diagnostic[] } {
  const reader = new PyMapReader(options);
  reader.load(text, file);
  return { map: reader.map, diagnostics: reader.diagnostics };
}

class PyMapReader {
  readonly diagnostics: Diagnostic[] = [];
  readonly map: PyMap = {
    locs: [],
    declared: [],
    locType: new Map(),
    locAbut: new Map(),
    names: new Map(),
    powers: [],
    homes: new Map([['UNOWNED', []]]),
    centres: new Map(),
    units: new Map(),
    references: [],
    rules: [],
    dummies: [],
    files: [],
  };
  /** The power the lines below a power line belong to (undefined: none, or UNOWNED). */
  private power: string | undefined;
  private readonly inhabits = new Set<string>();
  /** The lines of the files being read, in reading order. */
  private readonly lines: MapLines;
  private readonly aliasOwner = new Map<string, string>();

  constructor(options: MapReadOptions) {
    this.lines = new MapLines(this.map.files, options.read, options.realPath, (code, word, message) => this.report(code, word, message));
  }

  private report(code: CodeName, word: { file: string; range: Range }, message: string): void {
    this.diagnostics.push(diagnostic(code, word.file, word.range, message));
  }

  /** Reads a map file and, where its USE and MAP lines say, the files they name (map-lines.ts). */
  load(text: string, file: string): void {
    this.lines.open(text, file);
    for (let l = this.lines.next(); l; l = this.lines.next()) this.line(l.raw, l.start, l.words, l.index, l.file);
  }

  private line(raw: string, start: number, words: Word[], index: LineIndex, file: string): void {
    const first = words[0] as Word;
    const up = first.text.toUpperCase();
    if (up === 'VICTORY') return this.victory(words);
    if (up === 'USE' || up === 'USES' || up === 'MAP') return this.use(words, file);
    if (up === 'BEGIN') return this.begin(words);
    if (up === 'RULE' || up === 'RULES') {
      for (const w of words.slice(1)) this.map.rules.push(w);
      return;
    }
    if (raw.includes('=')) return this.placeName(raw, start, index, file, first);
    if (up === 'OWNS' || up === 'CENTERS') return this.owns(words, up);
    if (up === 'INHABITS' || up === 'HOME' || up === 'HOMES') return this.inhabit(words, up);
    if (up === 'UNITS') {
      if (this.power === undefined) return this.report('mapNoCurrentPower', first, 'UNITS before any power line: it clears the units of the power above it');
      this.map.units.set(this.power, []);
      return;
    }
    if (up === 'A' || up === 'F') return this.unit(words, up);
    if (up === 'DUMMY' || up === 'DUMMIES') {
      if (words.length > 1) this.power = undefined;
      this.map.dummies.push(first);
      return;
    }
    if (up === 'DROP') {
      for (const w of words.slice(1)) this.drop(w);
      return;
    }
    if (words.length > 1 && (up === 'AMEND' || TERRAINS.has(up))) return this.terrain(words, up);
    if (up === 'UNPLAYED') return this.unplayed(words);
    return this.powerLine(words);
  }

  // ------------------------------------------------------------ directives

  private victory(words: Word[]): void {
    const counts = words.slice(1).map((w) => Number(w.text));
    const bad = words.slice(1).find((w) => !/^\d+$/.test(w.text));
    if (bad || counts.length === 0) {
      this.report('mapLineUnreadable', bad ?? (words[0] as Word), 'VICTORY takes one or more whole numbers: the centres needed to win, per year');
      return;
    }
    for (const w of words.slice(1)) {
      const why = numberProblem(w.text, VICTORY_FIELD);
      if (why) return this.report('mapLineUnreadable', w, why);
    }
    this.map.victory = { counts, word: words[0] as Word };
  }

  private use(words: Word[], file: string): void {
    const first = words[0] as Word;
    if (first.text.toUpperCase() === 'MAP' && words.length !== 2) {
      this.report('mapLineUnreadable', first, 'MAP takes one map name');
      return;
    }
    if (words.length < 2) {
      this.report('mapLineUnreadable', first, `${first.text} takes the names of the map files to read`);
      return;
    }
    this.lines.use(words.slice(1), file);
  }

  private begin(words: Word[]): void {
    const [first, season, year, kind] = words as [Word, Word?, Word?, Word?];
    const s = season && SEASONS[season.text.toUpperCase()];
    const k = kind && KINDS[kind.text.toUpperCase()];
    if (words.length !== 4 || !s || !k || !year || !/^-?\d+$/.test(year.text)) {
      this.report('mapLineUnreadable', first, 'BEGIN takes a season, a year and a phase kind: BEGIN SPRING 1901 MOVEMENT');
      return;
    }
    const why = numberProblem(year.text, YEAR_FIELD);
    if (why) return this.report('mapLineUnreadable', year, why);
    this.map.begin = { season: s, year: Number(year.text), kind: k, word: first };
  }

  private placeName(raw: string, start: number, index: LineIndex, file: string, first: Word): void {
    const eq = raw.indexOf('=');
    const name = raw.slice(0, eq).trim();
    if (raw.indexOf('=', eq + 1) >= 0) {
      this.report('mapLineUnreadable', first, 'a place line has one "=": Full Name = abbreviation aliases…');
      return;
    }
    if (name.includes('->')) {
      this.report('mapLineUnreadable', first, `renaming a place ("old -> new") is not supported, by the Python engine either`);
      return;
    }
    const words: Word[] = [];
    for (const w of raw.slice(eq + 1).matchAll(/\S+/g)) {
      const from = start + eq + 1 + (w.index ?? 0);
      words.push({ text: w[0], file, range: index.range(from, from + w[0].length) });
    }
    const abbrev = words[0];
    if (!abbrev || name === '') {
      this.report('mapLineUnreadable', first, 'a place line names the place and gives its abbreviation: Full Name = abb aliases…');
      return;
    }
    if (!/^[A-Za-z0-9].*[A-Za-z0-9]$|^[A-Za-z0-9]$/.test(abbrev.text)) {
      this.report('mapLineUnreadable', abbrev, `${quoted(abbrev.text)} is no place abbreviation: it must begin and end with a letter or digit`);
      return;
    }
    const key = abbrev.text.toUpperCase();
    const upName = name.toUpperCase();
    for (const [other, known] of this.map.names) {
      if (known.name.toUpperCase() === upName && other !== key) {
        this.report('mapInconsistent', first, `the name ${quoted(name)} is already given to ${quoted(known.abbrev.text)}`);
        return;
      }
    }
    if (this.map.names.has(key)) {
      this.report('mapInconsistent', abbrev, `${quoted(abbrev.text)} already has a name line (${quoted((this.map.names.get(key) as PyPlaceName).name)})`);
      return;
    }
    const aliases: Word[] = [];
    for (const alias of words.slice(1)) {
      const normed = alias.text.toUpperCase();
      const owner = this.aliasOwner.get(normed);
      if (owner !== undefined && owner !== key) {
        this.report('mapInconsistent', alias, `the alias ${quoted(alias.text)} is already one of ${owner}`);
        continue;
      }
      this.aliasOwner.set(normed, key);
      aliases.push(alias);
    }
    this.map.names.set(key, { name, abbrev, aliases });
  }

  private needPower(first: Word): string | undefined {
    if (this.power === undefined) this.report('mapNoCurrentPower', first, `${echo(first.text.toUpperCase())} before any power line: it needs a power above it`);
    return this.power;
  }

  private owns(words: Word[], up: string): void {
    const power = this.needPower(words[0] as Word);
    if (power === undefined) return;
    const list = words.slice(1);
    for (const w of list) this.map.references.push({ name: w.text.toUpperCase(), word: w, role: 'centre', power });
    const names = list.map((w) => w.text.toUpperCase());
    const current = this.map.centres.get(power);
    if (up === 'CENTERS' || current === undefined) this.map.centres.set(power, names);
    else for (const n of names) if (!current.includes(n)) current.push(n);
  }

  private inhabit(words: Word[], up: string): void {
    const power = this.needPower(words[0] as Word);
    if (power === undefined) return;
    const reinit = up !== 'INHABITS' || !this.inhabits.has(power);
    this.inhabits.add(power);
    this.addHomes(power, words.slice(1), reinit);
  }

  private unit(words: Word[], up: 'A' | 'F'): void {
    const power = this.needPower(words[0] as Word);
    if (power === undefined) return;
    const where = words[1];
    if (!where || words.length !== 2) {
      this.report('mapLineUnreadable', words[0] as Word, 'a unit line is A or F and one place: A PAR, F STP/SC');
      return;
    }
    const at = where.text.toUpperCase();
    // A unit line replaces whatever unit stood in that province before, whoever's it was.
    for (const list of this.map.units.values()) {
      for (let i = list.length - 1; i >= 0; i--) if (placeBase((list[i] as PyUnit).at) === placeBase(at)) list.splice(i, 1);
    }
    const list = this.map.units.get(power) ?? [];
    list.push({ kind: up, at, word: where });
    this.map.units.set(power, list);
  }

  private terrain(words: Word[], up: string): void {
    const subject = words[1] as Word;
    const place = subject.text;
    const other = swapCase(place);
    const m = this.map;
    if (other !== place && m.locs.includes(other)) {
      // The same place written in the other letter case replaces it (and, in upper case, its coasts).
      m.locs.splice(m.locs.indexOf(other), 1);
      if (up === 'AMEND') {
        const t = m.locType.get(other);
        if (t) m.locType.set(place, t);
        m.locAbut.set(place, m.locAbut.get(other) ?? []);
      }
      m.locType.delete(other);
      m.locAbut.delete(other);
      if (place === place.toUpperCase()) for (const loc of [...m.locs]) if (loc.toUpperCase().startsWith(`${place.toUpperCase()}/`)) this.dropPlace(loc.toUpperCase());
    }
    if (m.locs.includes(place)) m.locs.splice(m.locs.indexOf(place), 1);
    m.locs.push(place);
    if (!m.declared.includes(place.toUpperCase())) m.declared.push(place.toUpperCase());
    if (up !== 'AMEND') {
      m.locType.set(place, { type: up as PyTerrain, word: words[0] as Word });
      if (words.length > 2) m.locAbut.set(place, []);
    } else if (!m.locType.has(place)) {
      this.report('mapInconsistent', subject, `AMEND of ${place}, which has no terrain line before it`);
      m.locs.splice(m.locs.indexOf(place), 1);
      return;
    }
    if (words.length > 2 && (words[2] as Word).text.toUpperCase() !== 'ABUTS') {
      this.report('mapLineUnreadable', words[2] as Word, `expected ABUTS after the place: ${up} ${place} ABUTS …`);
      return;
    }
    const list = m.locAbut.get(place) ?? [];
    m.locAbut.set(place, list);
    for (const dest of words.slice(3)) {
      if (dest.text.startsWith('-')) {
        const gone = dest.text.slice(1).toUpperCase();
        for (let i = list.length - 1; i >= 0; i--) if ((list[i] as Word).text.toUpperCase().startsWith(gone)) list.splice(i, 1);
        continue;
      }
      list.push(dest);
    }
  }

  private drop(word: Word): void {
    this.map.references.push({ name: word.text.toUpperCase(), word, role: 'drop' });
    this.dropPlace(word.text.toUpperCase());
  }

  /** Removes a place, its coasts and every mention of them. */
  private dropPlace(place: string): void {
    const m = this.map;
    // The engine drops by prefix; a place and its coasts is what a map means, so the match is exact.
    const gone = (loc: string) => loc.toUpperCase() === place || loc.toUpperCase().startsWith(`${place}/`);
    m.locs = m.locs.filter((l) => !gone(l));
    for (const key of [...m.names.keys()]) if (gone(key)) m.names.delete(key);
    for (const [power, list] of m.homes) m.homes.set(power, list.filter((h) => h !== place));
    for (const [power, list] of m.units) m.units.set(power, list.filter((u) => placeBase(u.at) !== placeBase(place)));
    for (const [power, list] of m.centres) m.centres.set(power, list.filter((c) => !gone(c)));
    for (const [site, list] of [...m.locAbut]) {
      if (gone(site)) m.locAbut.delete(site);
      else m.locAbut.set(site, list.filter((w) => !gone(w.text)));
    }
    for (const loc of [...m.locType.keys()]) if (gone(loc)) m.locType.delete(loc);
  }

  private unplayed(words: Word[]): void {
    const first = words[0] as Word;
    let goners: string[] = [];
    const rest = words.slice(1);
    const known = () => this.map.powers.map((p) => p.key);
    if (rest.length === 0) {
      if (this.power === undefined) this.report('mapNoCurrentPower', first, 'UNPLAYED without names before any power line');
      else goners = [this.power];
    } else if ((rest[0] as Word).text.toUpperCase() !== 'ALL') {
      goners = rest.map((w) => powerKey(w.text));
      for (const w of rest) if (!known().includes(powerKey(w.text))) this.report('mapInconsistent', w, `UNPLAYED ${echo(w.text)}: no such power`);
    } else if (rest.length === 1) {
      goners = known();
    } else if ((rest[1] as Word).text.toUpperCase() !== 'EXCEPT' || rest.length === 2) {
      this.report('mapLineUnreadable', first, 'UNPLAYED ALL EXCEPT takes the powers to keep');
    } else {
      const keep = rest.slice(2).map((w) => powerKey(w.text));
      goners = known().filter((k) => !keep.includes(k));
    }
    const m = this.map;
    for (const goner of goners) {
      m.powers = m.powers.filter((p) => p.key !== goner);
      m.homes.delete(goner);
      m.centres.delete(goner);
      m.units.delete(goner);
      this.inhabits.delete(goner);
    }
    this.power = undefined;
  }

  private powerLine(words: Word[]): void {
    const first = words[0] as Word;
    let up = first.text.toUpperCase();
    if (up === 'NEUTRAL') up = 'UNOWNED';
    let rest = words.slice(1);
    if (rest.length > 1 && (rest[0] as Word).text === '->') {
      this.report('mapLineUnreadable', rest[0] as Word, 'renaming a power ("OLD -> NEW") is not supported, by the Python engine either');
      return;
    }
    if (up === 'UNOWNED') {
      this.power = undefined;
      this.addHomes('UNOWNED', rest, false);
      return;
    }
    const key = powerKey(up);
    if (key === '') {
      this.report('mapLineUnreadable', first, `${quoted(first.text)} is no power name`);
      return;
    }
    this.power = key;
    let power = this.map.powers.find((p) => p.key === key);
    if (!power) {
      power = { key, written: first };
      this.map.powers.push(power);
    }
    const bracket = rest[0];
    if (bracket && bracket.text.startsWith('(')) {
      const inner = bracket.text.replace(/^\(/, '').replace(/\)$/, '');
      const colon = inner.indexOf(':');
      const adjective = colon < 0 ? inner : inner.slice(0, colon);
      if (adjective !== '') power.adjective = adjective;
      if (colon >= 0) power.letter = bracket;
      rest = rest.slice(1);
    }
    const reinit = this.inhabits.has(key);
    this.inhabits.delete(key);
    this.addHomes(key, rest, reinit);
  }

  /** Homes of a power (or UNOWNED centres); `-X` removes one. Every home is also a centre. */
  private addHomes(power: string, words: Word[], reinit: boolean): void {
    const m = this.map;
    if (reinit || !m.homes.has(power)) m.homes.set(power, []);
    const list = m.homes.get(power) as string[];
    const unowned = m.homes.get('UNOWNED') as string[];
    for (const w of words) {
      const remove = w.text.startsWith('-');
      const home = w.text.replace(/^-+/, '').toUpperCase();
      if (home === '') continue;
      this.map.references.push({ name: home, word: w, role: power === 'UNOWNED' ? 'neutral' : 'home', power });
      const at = list.indexOf(home);
      if (at >= 0) list.splice(at, 1);
      if (power !== 'UNOWNED') unowned.push(home);
      if (!remove) list.push(home);
    }
  }
}

function swapCase(s: string): string {
  let out = '';
  for (const c of s) {
    const lower = c.toLowerCase();
    out += c === lower ? c.toUpperCase() : lower;
  }
  return out;
}
