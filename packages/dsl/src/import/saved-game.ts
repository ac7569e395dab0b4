/**
 * importSavedGame: a saved game of the Python engine `diplomacy` (its JSON
 * "saved game" format) as a `.dipgame` text in our game language.
 *
 * The record is a list of phases; each has the position before its orders
 * (`state`), the orders per power and the result labels per unit. The game file
 * gets a header (variant classic, edition 2000, the rule lines the record's
 * rules call for), then every played phase in order with its orders in our
 * canonical notation and, as expectations, the units, dislodged units and
 * centre owners the record shows at the start of the next phase. Press
 * messages are left out. The last phase of a record is the game's current
 * phase (no result yet), so it gives the last expectations and is not written.
 *
 * Pure: no I/O, never throws. Bad input gives diagnostics with the JSON path of
 * the bad value (`$.phases[3].orders.FRANCE[1]`); the text is written as far as
 * the input allows.
 */
import { convertLocation, convertOrder, type RecordPhaseType } from './orders.js';
import type { Order, UnitKind } from '@dipforge/engine';
import { ADJUDICATION_RULES, NEUTRAL_RULES, STANDARD_CENTRES, STANDARD_POWERS, STANDARD_START } from './standard.js';
import { boundedMessage, echo, quoted } from '@dipforge/engine/config';

export interface ImportDiagnostic {
  severity: 'error' | 'warning';
  /** JSON path of the value concerned, e.g. `$.phases[3].orders.FRANCE[1]`. */
  path: string;
  message: string;
  /** The importer itself failed (a bug in dipforge, not in the record): `dipforge import` exits 3. */
  internal?: true;
}

export interface ImportOptions {
  /** Where the record comes from: one or more lines for the header comment. */
  origin?: string | readonly string[];
  /**
   * State `[succeeds]` / `[fails]` after orders where the record makes the result
   * certain (default true). Otherwise the file checks positions only.
   */
  results?: boolean;
}

export interface ImportSummary {
  /** The record's game id, if it has one. */
  gameId?: string;
  /** Phases in the record, the current (unplayed) one included. */
  recordPhases: number;
  /** Played phases, each written with its orders and expectations. */
  played: number;
  /** Retreat phases written though the record has none (see `importSavedGame`). */
  addedRetreats: number;
  /** Orders written. */
  orders: number;
  /** Order results stated (`[succeeds]` / `[fails]`). */
  results: number;
  /** Press messages left out. */
  messages: number;
  /** The record's first and last phase names (`S1901M`, `S1913R`). */
  first?: string;
  last?: string;
}

export interface ImportResult {
  /** The `.dipgame` text (as much as could be read when there are errors). */
  text: string;
  diagnostics: ImportDiagnostic[];
  summary: ImportSummary;
}

/** The edition whose rules are the Python engine's (see `docs/GAME-LANGUAGE.md`, `docs/RULES.md`). */
export const IMPORT_EDITION = '2000';

// ------------------------------------------------------------------ phases

type Season = 'spring' | 'fall' | 'winter';
type Kind = 'movement' | 'retreat' | 'adjustment';

const SEASONS: Record<string, Season> = { S: 'spring', F: 'fall', W: 'winter' };
const KINDS: Record<RecordPhaseType, Kind> = { M: 'movement', R: 'retreat', A: 'adjustment' };
/** The classic year: where each phase of the record sits in it. */
const YEAR_ORDER: Record<string, number> = { SM: 0, SR: 1, FM: 2, FR: 3, WA: 4 };

export interface RecordPhaseName {
  season: Season;
  year: number;
  type: RecordPhaseType;
  kind: Kind;
  /** Orders phases in time: year × 5 + the place in the year. */
  key: number;
}

/**
 * `S1901M` → spring 1901 movement. Undefined for a name that is no phase of
 * the classic year (`S1901A`, `X1901M`, `COMPLETED`).
 */
export function parsePhaseName(name: string): RecordPhaseName | undefined {
  const m = /^([SFW])(\d{4})([MRA])$/.exec(name);
  if (!m) return undefined;
  const [, s, y, t] = m as unknown as [string, string, string, RecordPhaseType];
  const place = YEAR_ORDER[`${s}${t}`];
  if (place === undefined) return undefined;
  const year = Number(y);
  return { season: SEASONS[s] as Season, year, type: t, kind: KINDS[t], key: year * 5 + place };
}

/** `phase spring 1901 movement` without the keyword. */
export function phaseWords(p: { season: Season; year: number; kind: Kind }): string {
  return `${p.season} ${p.year} ${p.kind}`;
}

// ---------------------------------------------------------------- records

interface RecUnit {
  power: string;
  kind: UnitKind;
  /** Classic location, `stp/sc`. */
  at: string;
  dislodged: boolean;
}

interface RecState {
  units: RecUnit[];
  /** Power id → its centres. */
  centres: Map<string, string[]>;
}

interface RecOrder {
  /** The record's unit (`A PAR`), the key of its result labels; undefined for WAIVE or a unit without kind. */
  unitKey?: string;
  order: Order;
  text: string;
}

interface RecPhase {
  index: number;
  path: string;
  name: string;
  parsed?: RecordPhaseName;
  /** `COMPLETED`: the game is over; only its state counts. */
  completed: boolean;
  state?: RecState;
  /** Power id → its orders (played phases only). */
  orders: Map<string, RecOrder[]>;
  /** Unit key → result labels; undefined when the record has none usable. */
  labels?: Map<string, string[]>;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string "${echo(v)}"`;
  if (typeof v === 'number' && !Number.isFinite(v)) return 'a number too large to read';
  return `${typeof v === 'number' ? 'the number' : typeof v === 'boolean' ? 'the boolean' : typeof v} ${String(v)}`;
}

/** `$.phases` + 3 → `$.phases[3]`; `$.orders` + `FRANCE` → `$.orders.FRANCE`. */
export function jsonPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  // A key of the record can be megabytes long: the path shows it as messages show input.
  const shown = echo(key);
  return shown === key && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(shown)}]`;
}

function base(loc: string): string {
  const slash = loc.indexOf('/');
  return slash < 0 ? loc : loc.slice(0, slash);
}

function unitText(u: { kind: UnitKind; at: string }): string {
  return `${u.kind === 'army' ? 'A' : 'F'} ${u.at}`;
}

const POWER_IDS = Object.values(STANDARD_POWERS);

/** Labels that say a move, retreat, build or disband did not happen as ordered. */
const NOT_CARRIED_OUT = ['bounce', 'void', 'no convoy', 'dislodged', 'disrupted', 'disband'];

// ---------------------------------------------------------------- importer

export function importSavedGame(json: unknown, options: ImportOptions = {}): ImportResult {
  return new Importer(options).run(json);
}

class Importer {
  private readonly diagnostics: ImportDiagnostic[] = [];
  private readonly summary: ImportSummary = { recordPhases: 0, played: 0, addedRetreats: 0, orders: 0, results: 0, messages: 0 };
  private readonly stateResults: boolean;

  constructor(private readonly options: ImportOptions) {
    this.stateResults = options.results ?? true;
  }

  private error(path: string, message: string): void {
    this.diagnostics.push({ severity: 'error', path, message: boundedMessage(message) });
  }

  private warning(path: string, message: string): void {
    this.diagnostics.push({ severity: 'warning', path, message: boundedMessage(message) });
  }

  run(json: unknown): ImportResult {
    let text = '';
    try {
      text = this.read(json);
    } catch (e) {
      // A bug here, never the input's fault: reported instead of thrown, and marked as dipforge's own failure.
      const message = `internal error while importing: ${e instanceof Error ? e.message : String(e)}`;
      this.diagnostics.push({ severity: 'error', path: '$', message: boundedMessage(message), internal: true });
    }
    return { text, diagnostics: this.diagnostics, summary: this.summary };
  }

  // ---------------------------------------------------------------- reading

  private read(json: unknown): string {
    if (!isObject(json)) {
      this.error('$', `expected a saved game (a JSON object with "map", "rules" and "phases"), got ${describe(json)}`);
      return '';
    }
    if (typeof json['id'] === 'string') this.summary.gameId = json['id'];
    this.readMap(json);
    const rules = this.readRules(json);
    const phases = this.readPhases(json);
    if (!phases) return '';
    return this.write(rules, phases);
  }

  private readMap(json: Json): void {
    const map = json['map'];
    if (map === undefined) {
      this.warning('$.map', 'no "map": taken to be "standard", the classic map');
      return;
    }
    if (typeof map !== 'string') this.error('$.map', `expected the map name, got ${describe(map)}`);
    else if (map !== 'standard') this.error('$.map', `map ${quoted(map)} cannot be imported: only 'standard' (our classic variant) can`);
  }

  /** The rule lines for the record's rules; warnings for rules whose effect is not carried over. */
  private readRules(json: Json): { lines: string[]; names: string[] } {
    const out = { lines: [] as string[], names: [] as string[] };
    const rules = json['rules'];
    if (rules === undefined) return out;
    if (!Array.isArray(rules)) {
      this.error('$.rules', `expected a list of rule names, got ${describe(rules)}`);
      return out;
    }
    rules.forEach((r: unknown, i) => {
      const path = jsonPath('$.rules', i);
      if (typeof r !== 'string') {
        this.error(path, `expected a rule name, got ${describe(r)}`);
        return;
      }
      out.names.push(r);
      const line = ADJUDICATION_RULES[r];
      if (line !== undefined) out.lines.push(`rule ${line}`);
      else if (!NEUTRAL_RULES.has(r)) this.warning(path, `rule ${quoted(r)} of the Python engine is not known here; the game is imported without it`);
    });
    return out;
  }

  private readPhases(json: Json): RecPhase[] | undefined {
    const list = json['phases'];
    if (!Array.isArray(list)) {
      this.error('$.phases', list === undefined ? 'no "phases": a saved game lists its phases' : `expected a list of phases, got ${describe(list)}`);
      return undefined;
    }
    this.summary.recordPhases = list.length;
    if (list.length === 0) {
      this.error('$.phases', 'the record has no phase');
      return undefined;
    }
    const phases: RecPhase[] = [];
    list.forEach((raw: unknown, index) => {
      const path = jsonPath('$.phases', index);
      const phase: RecPhase = { index, path, name: '', completed: false, orders: new Map() };
      phases.push(phase);
      if (!isObject(raw)) {
        this.error(path, `expected a phase (an object with "name", "state", "orders", "results"), got ${describe(raw)}`);
        return;
      }
      const played = index < list.length - 1;
      this.readName(phase, raw, index === list.length - 1);
      phase.state = this.readState(raw['state'], jsonPath(path, 'state'), phase);
      if (Array.isArray(raw['messages'])) this.summary.messages += raw['messages'].length;
      if (played) {
        // Orders are checked even under a bad phase name (read as movement orders then).
        this.readOrders(phase, raw['orders'], jsonPath(path, 'orders'));
        phase.labels = this.readLabels(raw['results'], jsonPath(path, 'results'));
      }
    });
    const first = phases[0];
    const last = phases[phases.length - 1];
    if (first?.name) this.summary.first = first.name;
    if (last?.name) this.summary.last = last.name;
    // Phases must follow each other in time.
    let previous: RecPhase | undefined;
    for (const p of phases) {
      if (!p.parsed) continue;
      if (previous?.parsed && p.parsed.key <= previous.parsed.key) {
        this.error(jsonPath(p.path, 'name'), `${p.name} does not come after ${previous.name}, the phase before it in the record`);
      }
      previous = p;
    }
    return phases;
  }

  private readName(phase: RecPhase, raw: Json, isLast: boolean): void {
    const path = jsonPath(phase.path, 'name');
    const name = raw['name'];
    if (typeof name !== 'string') {
      this.error(path, name === undefined ? 'the phase has no "name"' : `expected a phase name such as "S1901M", got ${describe(name)}`);
      return;
    }
    phase.name = name;
    if (name === 'COMPLETED') {
      phase.completed = true;
      if (!isLast) this.error(path, 'COMPLETED (the game is over) can only be the last phase of a record');
      return;
    }
    const parsed = parsePhaseName(name);
    if (!parsed) {
      this.error(path, `${quoted(name)} is no phase of the classic year: expected S, F or W, the year, then M, R or A (S1901M, F1901R, W1901A)`);
      return;
    }
    phase.parsed = parsed;
  }

  private readState(raw: unknown, path: string, phase: RecPhase): RecState | undefined {
    if (!isObject(raw)) {
      this.error(path, raw === undefined ? 'the phase has no "state" (the position before its orders)' : `expected the position (an object with "units" and "centers"), got ${describe(raw)}`);
      return undefined;
    }
    if (typeof raw['name'] === 'string' && phase.name && raw['name'] !== phase.name) {
      this.warning(jsonPath(path, 'name'), `the state is named ${quoted(raw['name'])}, its phase ${phase.name}`);
    }
    let ok = true;
    const units: RecUnit[] = [];
    const unitsPath = jsonPath(path, 'units');
    const rawUnits = raw['units'];
    if (!isObject(rawUnits)) {
      this.error(unitsPath, rawUnits === undefined ? 'the position has no "units"' : `expected units per power, got ${describe(rawUnits)}`);
      ok = false;
    } else {
      for (const [name, list] of Object.entries(rawUnits)) {
        const p = jsonPath(unitsPath, name);
        const power = this.power(name, p);
        if (list === null) continue;
        if (!Array.isArray(list)) {
          this.error(p, `expected a list of units such as "A PAR", got ${describe(list)}`);
          ok = false;
          continue;
        }
        list.forEach((u: unknown, i) => {
          const unit = this.readUnit(u, jsonPath(p, i), power);
          if (unit) units.push(unit);
          else ok = false;
        });
      }
    }
    const centres = new Map<string, string[]>();
    const centresPath = jsonPath(path, 'centers');
    const rawCentres = raw['centers'];
    if (!isObject(rawCentres)) {
      this.error(centresPath, rawCentres === undefined ? 'the position has no "centers"' : `expected supply centres per power, got ${describe(rawCentres)}`);
      ok = false;
    } else {
      const ownerOf = new Map<string, string>();
      for (const [name, list] of Object.entries(rawCentres)) {
        const p = jsonPath(centresPath, name);
        const power = this.power(name, p);
        if (list === null) continue;
        if (!Array.isArray(list)) {
          this.error(p, `expected a list of supply centres such as "PAR", got ${describe(list)}`);
          ok = false;
          continue;
        }
        list.forEach((c: unknown, i) => {
          const cp = jsonPath(p, i);
          if (typeof c !== 'string') {
            this.error(cp, `expected a supply centre such as "PAR", got ${describe(c)}`);
            ok = false;
            return;
          }
          const loc = convertLocation(c);
          if (!loc.ok || loc.at.includes('/')) {
            this.error(cp, loc.ok ? `${quoted(c)}: a centre is a province, without a coast` : loc.message);
            ok = false;
            return;
          }
          if (!STANDARD_CENTRES.has(loc.at)) {
            this.error(cp, `${quoted(c)} is no supply centre`);
            ok = false;
            return;
          }
          const was = ownerOf.get(loc.at);
          if (was !== undefined && was !== power) {
            this.error(cp, `${quoted(c)} is already a centre of ${was}`);
            ok = false;
            return;
          }
          if (!power || was !== undefined) return;
          ownerOf.set(loc.at, power);
          centres.set(power, [...(centres.get(power) ?? []), loc.at]);
        });
      }
    }
    return ok ? { units, centres } : undefined;
  }

  private power(name: string, path: string): string | undefined {
    const id = STANDARD_POWERS[name.toUpperCase()];
    if (id === undefined) this.error(path, `unknown power ${quoted(name)}: the standard map has ${Object.keys(STANDARD_POWERS).join(', ')}`);
    return id;
  }

  private readUnit(raw: unknown, path: string, power: string | undefined): RecUnit | undefined {
    if (typeof raw !== 'string') {
      this.error(path, `expected a unit such as "A PAR" or "*F STP/SC", got ${describe(raw)}`);
      return undefined;
    }
    const m = /^(\*?)\s*([AF])\s+(\S+)$/.exec(raw.trim().toUpperCase());
    if (!m) {
      this.error(path, `${quoted(raw)} is no unit: expected A or F and a place, as "A PAR" or "F STP/SC" ("*" first for a dislodged one)`);
      return undefined;
    }
    const loc = convertLocation(m[3] as string);
    if (!loc.ok) {
      this.error(path, loc.message);
      return undefined;
    }
    if (!power) return undefined;
    return { power, kind: m[2] === 'A' ? 'army' : 'fleet', at: loc.at, dislodged: m[1] === '*' };
  }

  private readOrders(phase: RecPhase, raw: unknown, path: string): void {
    if (!isObject(raw)) {
      this.error(path, raw === undefined ? 'the phase has no "orders"' : `expected orders per power, got ${describe(raw)}`);
      return;
    }
    const type = phase.parsed?.type ?? 'M';
    for (const [name, list] of Object.entries(raw)) {
      const p = jsonPath(path, name);
      const power = this.power(name, p);
      if (list === null || list === undefined) continue; // the power sent no orders
      if (!Array.isArray(list)) {
        this.error(p, `expected a list of orders, got ${describe(list)}`);
        continue;
      }
      if (!power) continue;
      const out = phase.orders.get(power) ?? [];
      phase.orders.set(power, out);
      list.forEach((o: unknown, i) => {
        const op = jsonPath(p, i);
        if (typeof o !== 'string') {
          this.error(op, `expected an order such as "A PAR - BUR", got ${describe(o)}`);
          return;
        }
        const converted = convertOrder(o, power, type);
        if (!converted.ok) {
          this.error(op, `cannot convert the order ${quoted(o)}: ${converted.message}`);
          return;
        }
        const words = o.trim().toUpperCase().split(/\s+/);
        const rec: RecOrder = { order: converted.order, text: converted.text };
        if ((words[0] === 'A' || words[0] === 'F') && words[1] !== undefined) rec.unitKey = `${words[0]} ${words[1]}`;
        out.push(rec);
      });
    }
  }

  /** Result labels per unit; undefined (with a warning) when the record's are not usable. */
  private readLabels(raw: unknown, path: string): Map<string, string[]> | undefined {
    if (raw === undefined) return undefined;
    if (!isObject(raw)) {
      this.warning(path, `expected result labels per unit, got ${describe(raw)}; no order results are stated for this phase`);
      return undefined;
    }
    const out = new Map<string, string[]>();
    for (const [unit, labels] of Object.entries(raw)) {
      const list = labels === null ? [] : typeof labels === 'string' ? [labels] : labels;
      if (!Array.isArray(list) || list.some((l) => typeof l !== 'string')) {
        this.warning(jsonPath(path, unit), `expected a list of result labels, got ${describe(labels)}; no order results are stated for this phase`);
        return undefined;
      }
      out.set(
        unit.trim().toUpperCase().replace(/\s+/g, ' '),
        (list as string[]).map((l) => l.trim().toLowerCase()).filter((l) => l.length > 0),
      );
    }
    return out;
  }

  // ---------------------------------------------------------------- writing

  private write(rules: { lines: string[]; names: string[] }, phases: RecPhase[]): string {
    const out: string[] = [];
    const last = phases[phases.length - 1] as RecPhase;
    const played = phases.slice(0, -1).filter((p) => p.parsed !== undefined);
    this.summary.played = played.length;

    // Header comment.
    const id = this.summary.gameId !== undefined ? `game ${this.summary.gameId}, ` : '';
    out.push(`// Imported by \`dipforge import\` from a saved game of the Python engine diplomacy (${id}map standard).`);
    const origin = this.options.origin === undefined ? [] : typeof this.options.origin === 'string' ? [this.options.origin] : this.options.origin;
    for (const line of origin) for (const l of line.split(/\r?\n/)) out.push(`// ${l}`.trimEnd());
    const span = this.summary.first && this.summary.last ? ` (${this.summary.first}–${this.summary.last})` : '';
    const n = this.summary.recordPhases;
    out.push(`// The record has ${n} phase${n === 1 ? '' : 's'}${span}: ${played.length} played, written below in order.`);
    if (last.name) {
      out.push(
        last.completed
          ? '// Its last phase, COMPLETED, is the end of the game: its position is the last expectation.'
          : `// Its last phase, ${last.name}, is the game's current phase, not yet played: its position is the`,
      );
      if (!last.completed) out.push('// last expectation, and its orders (if any) are left out.');
    }
    out.push('// Orders are the players\' as recorded, those the Python engine found invalid included; after');
    out.push('// each phase come the units, dislodged units and centre owners the record shows next.');
    if (this.summary.messages > 0) out.push(`// Press: ${this.summary.messages} message${this.summary.messages === 1 ? '' : 's'} left out.`);
    out.push(`// Edition ${IMPORT_EDITION}, the Python engine's rules (DATC v2.4 choices): an army ordered \`via convoy\``);
    out.push('// with no convoy moves by land, as the Python engine does.');
    if (rules.names.length > 0) out.push(`// The record's rules: ${rules.names.join(', ')}.`);
    out.push('variant classic');
    out.push(`edition ${IMPORT_EDITION}`);
    for (const line of rules.lines) out.push(line);

    // Starting position, when it is not the classic start.
    const first = phases[0] as RecPhase;
    if (first.parsed && first.state && !isStandardStart(first.parsed, first.state)) {
      out.push('');
      for (const line of this.positionBlock(first.parsed, first.state)) out.push(line);
    }

    for (let i = 0; i < phases.length - 1; i++) {
      const phase = phases[i] as RecPhase;
      if (!phase.parsed) continue;
      const next = phases[i + 1] as RecPhase;
      // Line by line, not push(...block): a phase of the record may hold more orders than a call takes arguments.
      out.push('');
      for (const line of this.phaseBlock(phase, next)) out.push(line);
    }
    return `${out.join('\n')}\n`;
  }

  private positionBlock(name: RecordPhaseName, state: RecState): string[] {
    const out = [`position ${phaseWords(name)}`];
    for (const power of POWER_IDS) {
      const units = sortedUnits(state.units.filter((u) => u.power === power && !u.dislodged));
      if (units.length > 0) out.push(`  ${power}: ${units.join(', ')}`);
    }
    for (const power of POWER_IDS) {
      const units = sortedUnits(state.units.filter((u) => u.power === power && u.dislodged));
      if (units.length > 0) out.push(`  dislodged ${power}: ${units.join(', ')}`);
    }
    if (name.kind !== 'retreat' && state.units.some((u) => u.dislodged)) {
      this.warning('$.phases[0].state.units', 'dislodged units outside a retreat phase are left out of the position');
    }
    for (const power of POWER_IDS) {
      const centres = [...(state.centres.get(power) ?? [])].sort();
      if (centres.length > 0) out.push(`  owners ${power}: ${centres.join(', ')}`);
    }
    return out;
  }

  private phaseBlock(phase: RecPhase, next: RecPhase): string[] {
    const name = phase.parsed as RecordPhaseName;
    const out = [`phase ${phaseWords(name)}`];
    for (const power of POWER_IDS) {
      const orders = phase.orders.get(power) ?? [];
      if (orders.length === 0) continue;
      out.push(`  ${power}:`);
      for (const o of orders) {
        const result = this.certainResult(phase, next, o);
        if (result) this.summary.results++;
        this.summary.orders++;
        out.push(`    ${o.text}${result ? ` [${result}]` : ''}`);
      }
    }
    const after = next.state;
    if (!after || !phase.state) return out;

    const dislodged = name.kind === 'movement' ? this.dislodgedBy(phase, next) : undefined;
    const nextIsItsRetreat =
      next.parsed !== undefined && next.parsed.kind === 'retreat' && next.parsed.year === name.year && next.parsed.season === name.season;
    // After a movement the game goes on to its retreat phase, even an empty one; centres change
    // owner after the fall retreats. When the record has no retreat phase (nothing to retreat, or
    // the dislodged units had nowhere to go and were disbanded at once), it is written here with
    // no orders, so that the owners the record shows next are checked after it.
    const addRetreat = name.kind === 'movement' && !nextIsItsRetreat && ((dislodged?.length ?? 0) > 0 || name.season === 'fall');

    out.push('', 'expect');
    for (const line of unitLines(after)) out.push(line);
    if (dislodged) {
      for (const power of POWER_IDS) {
        const units = sortedUnits(dislodged.filter((u) => u.power === power));
        if (units.length > 0) out.push(`  dislodged ${power}: ${units.join(', ')}`);
      }
    }
    if (addRetreat) {
      this.summary.addedRetreats++;
      out.push(
        '',
        (dislodged?.length ?? 0) > 0
          ? '// Not in the record: the dislodged units had nowhere to go (the Python engine disbands them at once).'
          : '// Not in the record: nothing to retreat. Centres change owner after it.',
      );
      out.push(`phase ${phaseWords({ season: name.season, year: name.year, kind: 'retreat' })}`, '', 'expect', ...unitLines(after));
    }
    for (const line of ownerLines(after)) out.push(line);
    return out;
  }

  /**
   * The units a movement phase dislodged: those the record labels `dislodged`,
   * with those its next phase shows dislodged (`*A TRI`). Undefined when the
   * record has no result labels (those with nowhere to retreat would be missing).
   */
  private dislodgedBy(phase: RecPhase, next: RecPhase): RecUnit[] | undefined {
    const labels = phase.labels;
    const start = phase.state;
    if (!labels || !start) return undefined;
    const found = new Map<string, RecUnit>();
    for (const [key, list] of labels) {
      if (!list.includes('dislodged')) continue;
      const m = /^[AF] (\S+)$/.exec(key);
      const loc = m ? convertLocation(m[1] as string) : undefined;
      const unit = loc?.ok ? start.units.find((u) => !u.dislodged && base(u.at) === base(loc.at)) : undefined;
      if (!unit) {
        this.warning(jsonPath(jsonPath(phase.path, 'results'), key), `${quoted(key)} is labelled dislodged, but no such unit stands there; the dislodged units of ${phase.name} are not checked`);
        return undefined;
      }
      found.set(base(unit.at), unit);
    }
    const sameSeason = next.parsed?.kind === 'retreat' && next.parsed.year === phase.parsed?.year && next.parsed.season === phase.parsed?.season;
    if (sameSeason && next.state) {
      for (const u of next.state.units) if (u.dislodged && !found.has(base(u.at))) found.set(base(u.at), u);
    }
    return [...found.values()];
  }

  /**
   * `succeeds` or `fails` where the record leaves no doubt: its label says so
   * and the positions before and after agree. Supports, convoys, holds, orders
   * the Python engine voided and convoyed moves that found no convoy get none:
   * which of `fails` and `illegal` our adjudicator gives them depends on rules
   * the labels do not show (and older records label some supports differently).
   */
  private certainResult(phase: RecPhase, next: RecPhase, o: RecOrder): 'succeeds' | 'fails' | undefined {
    if (!this.stateResults || o.unitKey === undefined) return undefined;
    const labels = phase.labels?.get(o.unitKey);
    const before = phase.state;
    const after = next.state;
    if (!labels || !before || !after) return undefined;
    const order = o.order;
    const standing = (state: RecState, loc: string): RecUnit | undefined => state.units.find((u) => !u.dislodged && base(u.at) === base(loc));
    const dislodgedAt = (state: RecState, loc: string): RecUnit | undefined => state.units.find((u) => u.dislodged && base(u.at) === base(loc));
    const same = (u: RecUnit | undefined, kind: UnitKind | undefined): boolean => u !== undefined && u.power === order.power && u.kind === kind;
    const clean = !labels.some((l) => NOT_CARRIED_OUT.includes(l));
    switch (order.type) {
      case 'move': {
        if (phase.parsed?.kind !== 'movement' || !same(standing(before, order.unit.at), order.unit.kind)) return undefined;
        const arrived = same(standing(after, order.to), order.unit.kind);
        const wasThere = same(standing(before, order.to), order.unit.kind);
        if (clean && arrived && !wasThere) return 'succeeds';
        if (labels.includes('bounce') && !arrived) return 'fails';
        return undefined;
      }
      case 'retreat': {
        if (phase.parsed?.kind !== 'retreat' || !same(dislodgedAt(before, order.unit.at), order.unit.kind)) return undefined;
        const arrived = same(standing(after, order.to), order.unit.kind) && !same(standing(before, order.to), order.unit.kind);
        if (clean && arrived) return 'succeeds';
        if (labels.includes('bounce') && !same(standing(after, order.to), order.unit.kind)) return 'fails';
        return undefined;
      }
      case 'disband': {
        if (labels.includes('void')) return undefined;
        if (phase.parsed?.kind === 'retreat') return same(dislodgedAt(before, order.unit.at), order.unit.kind) ? 'succeeds' : undefined;
        if (phase.parsed?.kind !== 'adjustment') return undefined;
        const u = standing(before, order.unit.at);
        if (!same(u, order.unit.kind) || !u) return undefined;
        return after.units.some((x) => !x.dislodged && x.at === u.at && x.power === u.power && x.kind === u.kind) ? undefined : 'succeeds';
      }
      case 'build': {
        if (phase.parsed?.kind !== 'adjustment' || labels.includes('void') || order.kind === undefined) return undefined;
        if (standing(before, order.at)) return undefined;
        const u = standing(after, order.at);
        return u && u.power === order.power && u.kind === order.kind && u.at === order.at ? 'succeeds' : undefined;
      }
      default:
        return undefined;
    }
  }
}

function sortedUnits(units: readonly RecUnit[]): string[] {
  return [...units].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map(unitText);
}

/** `units POWER: …` for every power with units (the others must have none), or `units none`. */
function unitLines(state: RecState): string[] {
  const out: string[] = [];
  for (const power of POWER_IDS) {
    const units = sortedUnits(state.units.filter((u) => u.power === power && !u.dislodged));
    if (units.length > 0) out.push(`  units ${power}: ${units.join(', ')}`);
  }
  return out.length > 0 ? out : ['  units none'];
}

/** `owners POWER: …` for every power, `owners POWER:` for one with none (so every power is checked). */
function ownerLines(state: RecState): string[] {
  return POWER_IDS.map((power) => {
    const centres = [...(state.centres.get(power) ?? [])].sort();
    return `  owners ${power}:${centres.length > 0 ? ` ${centres.join(', ')}` : ''}`;
  });
}

function isStandardStart(name: RecordPhaseName, state: RecState): boolean {
  if (name.kind !== 'movement' || name.season !== 'spring' || name.year !== 1901) return false;
  const key = (list: readonly string[]): string => [...list].sort().join(',');
  for (const power of POWER_IDS) {
    const start = STANDARD_START[power] as { units: readonly string[]; centres: readonly string[] };
    const units = state.units.filter((u) => u.power === power).map((u) => (u.dislodged ? `*${unitText(u)}` : unitText(u)));
    if (key(units) !== key(start.units)) return false;
    if (key(state.centres.get(power) ?? []) !== key(start.centres)) return false;
  }
  return true;
}
