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
 *
 * This file reads the record and reports what is wrong with it; the record as
 * read is record.ts, the game text written from it game-text.ts.
 */
import { convertLocation, convertOrder } from './orders.js';
import { ADJUDICATION_RULES, NEUTRAL_RULES, STANDARD_CENTRES, STANDARD_POWERS } from './standard.js';
import { boundedMessage, quoted } from '@dipforge/engine/config';
import { GameText } from './game-text.js';
import { describe, isObject, jsonPath, parsePhaseName, type Json, type RecOrder, type RecPhase, type RecState, type RecUnit } from './record.js';

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

export { IMPORT_EDITION } from './standard.js';
export { jsonPath, parsePhaseName, phaseWords, type RecordPhaseName } from './record.js';

export function importSavedGame(json: unknown, options: ImportOptions = {}): ImportResult {
  return new Importer(options).run(json);
}

class Importer {
  private readonly diagnostics: ImportDiagnostic[] = [];
  private readonly summary: ImportSummary = { recordPhases: 0, played: 0, addedRetreats: 0, orders: 0, results: 0, messages: 0 };

  constructor(private readonly options: ImportOptions) {}

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
    return new GameText(this.options, this.summary, (path, message) => this.warning(path, message)).write(rules, phases);
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
}
